import { renderToStaticMarkup } from "react-dom/server";
import { adminLinkHeaders } from "~/components/shell/admin-link-document.server";
import { serverResources } from "~/i18n.server";
import type { Language } from "~/i18n";

/**
 * The face verification window's pass-through document (spec 001 §4 "Face flow" 1): it goes on to the
 * provider's page by meta refresh (a form post's redirect to another origin is blocked by the CSP
 * form-action), or shows the server's message when the URL could not be fetched. Same headers as the
 * management-centre link's document (never stored, no referrer, not framed).
 */
export function faceWindowDocument(
  view: { locale: Language; url?: string; message?: string },
  { status = 200, secure }: { status?: number; secure: boolean },
): Response {
  const text = serverResources[view.locale].agreement.face;
  const page = (
    <html lang={view.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {view.url ? <meta httpEquiv="refresh" content={`0;url=${view.url}`} /> : null}
        <title>{text.verifyTitle}</title>
      </head>
      <body>
        {view.url ? (
          <p>
            <a href={view.url} rel="noreferrer" data-testid="face-window-open">
              {text.open}
            </a>
          </p>
        ) : (
          <p role="alert">{view.message || text.errors.submitFailed}</p>
        )}
      </body>
    </html>
  );
  const headers = adminLinkHeaders(new Headers({ "Content-Type": "text/html; charset=utf-8" }), secure);
  headers.set("Content-Security-Policy", "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
  return new Response(`<!DOCTYPE html>${renderToStaticMarkup(page)}`, { status, headers });
}
