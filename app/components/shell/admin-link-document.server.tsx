import { renderToStaticMarkup } from "react-dom/server";
import { serverResources } from "~/i18n.server";
import type { Language } from "~/i18n";
import { securityHeaders } from "~/lib/security/headers.server";

/**
 * The two small documents the management-centre form post answers without JavaScript (no shell: the
 * tab only passes through). A 303 to the admin host cannot be used: the page's CSP `form-action 'self'`
 * also applies to the redirect of a form submission, and Chromium blocks it; a meta refresh is a new
 * navigation that form-action does not govern. React escapes the URL in both attributes.
 */
export function adminLinkDocument(
  view: { locale: Language; url: string } | { locale: Language; url?: undefined; message: string },
  { status = 200, secure }: { status?: number; secure: boolean },
): Response {
  const site = serverResources[view.locale].common.site;
  const page = (
    <html lang={view.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {view.url !== undefined ? <meta httpEquiv="refresh" content={`0;url=${view.url}`} /> : null}
        <title>{site.adminCentre}</title>
      </head>
      <body>
        {view.url !== undefined ? (
          <p>
            <a href={view.url} rel="noreferrer" data-testid="admin-open">
              {site.adminOpen}
            </a>
          </p>
        ) : (
          <>
            <p role="alert">{view.message || site.adminFailed}</p>
            <p>
              <a href="/home/index">{site.home}</a>
            </p>
          </>
        )}
      </body>
    </html>
  );
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  adminLinkHeaders(headers, secure);
  // Nothing to load, run, frame or submit: the document only navigates on.
  headers.set("Content-Security-Policy", "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
  return new Response(`<!DOCTYPE html>${renderToStaticMarkup(page)}`, { status, headers });
}

/** Every answer carrying the link: never stored, never sent on as a referrer, never framed. */
export function adminLinkHeaders(headers: Headers, secure: boolean): Headers {
  securityHeaders(headers, { secure });
  headers.set("Cache-Control", "no-store");
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("X-Frame-Options", "DENY");
  return headers;
}
