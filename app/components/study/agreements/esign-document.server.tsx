import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { securityHeaders } from "~/lib/security/headers.server";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

/** The one script of the document: submit the provider's form at once (hash-listed in its CSP). */
const AUTO_SUBMIT = `document.getElementById("esign").submit();`;
const AUTO_SUBMIT_HASH = createHash("sha256").update(AUTO_SUBMIT).digest("base64");

/**
 * The hand-over to the e-sign provider (spec 001 §4 "Agreement signing" 2: a post to the form action that
 * prepareAgreement returns). The portal's pages may only post to themselves (CSP `form-action 'self'`), so
 * this small document carries its own CSP naming the provider's origin: with JavaScript its hash-listed
 * one-line script posts the form at once; without, the student presses the button. React escapes every value.
 */
export function esignDocument(form: { action: string; params: Record<string, string> }, text: { title: string; go: string }, secure: boolean): Response {
  const page = (
    <html lang="zh">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{text.title}</title>
      </head>
      <body style={{ fontFamily: "sans-serif", maxWidth: "32rem", margin: "3rem auto" }}>
        <form id="esign" method="post" action={form.action}>
          {Object.entries(form.params).map(([name, value]) => (
            <HiddenInput key={name} name={name} value={value} />
          ))}
          <Button variant="bare" type="submit" data-testid="esign-continue">
            {text.go}
          </Button>
        </form>
        <script dangerouslySetInnerHTML={{ __html: AUTO_SUBMIT }} />
      </body>
    </html>
  );
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  securityHeaders(headers, { secure });
  headers.set(
    "Content-Security-Policy",
    `default-src 'none'; script-src 'sha256-${AUTO_SUBMIT_HASH}'; style-src 'unsafe-inline'; base-uri 'none'; form-action ${new URL(form.action).origin}; frame-ancestors 'none'`,
  );
  headers.set("Referrer-Policy", "no-referrer");
  return new Response(`<!DOCTYPE html>${renderToStaticMarkup(page)}`, { headers });
}
