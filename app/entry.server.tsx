import { randomBytes } from "node:crypto";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { nulFree } from "~/lib/http/nul-free.server";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { RequestInfoContext } from "~/components/request-info";
import { siteOf } from "~/components/shell/use-shell";
import { env } from "~/env.server";
import { localeOf, rootResources } from "~/i18n.server";
import { timingsOf } from "~/lib/context.server";
import { checkSameOrigin, servedSignedIn } from "~/lib/portal.server";
import { pageScriptOrigins, securityHeaders } from "~/lib/security/headers.server";
import { tenantOf } from "~/lib/http/tenant.server";
import { cacheCssScript, inlineCssOf } from "~/lib/http/inline-css.server";
import { drawConfigPart } from "~/components/shell/config-parts.server";
import { HASH_ROUTES_SCRIPT } from "~/components/shell/hash-routes.server";
import { KEEP_PRESSES_SCRIPT } from "~/components/ui/keep-press.server";
import { SW_REGISTER_SCRIPT } from "~/sw/register-script.server";
import { serverTiming } from "~/lib/http/upstream.server";
import { sendsServerTiming } from "~/lib/http/server-timing.server";
import { VIEWER_HEADER, viewerKeyOf } from "~/lib/http/viewer-key.server";

// Checked once when the server loads the build: a bad environment stops it with a clear message.
env();

const ABORT_DELAY = 5_000;
/**
 * The head's one inline script: old hash links to their paths, the press keeper that makes the first tap count
 * (decision 096), then the service worker's registration after load (decision 098). One element, read back by
 * the browser (HashRoutes): a second element's component cost the exam paper's page budget its last bytes.
 */
const HEAD_SCRIPT = `${HASH_ROUTES_SCRIPT};${KEEP_PRESSES_SCRIPT};${SW_REGISTER_SCRIPT}`;
const PRIVATE_NO_STORE = "private, no-store";
export const streamTimeout = ABORT_DELAY;

/** The company-wide parts drawn once per configuration (decision 093); CONFIG_PARTS=0 draws them on every view. */
const configParts = () => (process.env.CONFIG_PARTS === "0" ? undefined : drawConfigPart);

/** The upstream calls of this view, for operators only (issue 36 §4: `sendsServerTiming`). */
function addServerTiming(headers: Headers, request: Request, context: AppLoadContext | undefined) {
  if (!sendsServerTiming(request)) return;
  const timings = timingsOf(context);
  if (timings.length > 0) headers.append("Server-Timing", serverTiming(timings));
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = randomBytes(16).toString("base64");
  const locale = await localeOf(request);
  const tenant = tenantOf(request);
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  // The loaders have run: was this view a signed-in student's? (issue 21 §6)
  const signedIn = await servedSignedIn(loadContext);
  // whose page this is, for the service worker's per-user offline pages (issue 37 §1)
  const viewer = signedIn ? await viewerKeyOf(loadContext) : null;
  // a first visit: the stylesheet in the page, no round trip before the first paint (decision 089)
  const cssText = inlineCssOf(request);
  const css = cssText === null ? null : { text: cssText, script: cacheCssScript(tenant.secure) };

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RequestInfoContext.Provider
        value={{
          nonce,
          locale,
          errors: rootResources[locale].errors,
          css,
          configPart: configParts(),
          hashRoutes: HEAD_SCRIPT,
        }}
      >
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </RequestInfoContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = nulFree(); // not a PassThrough: React 18.3 pads its chunks with 0x00 (nul-free.server.ts)
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Pages carry the visitor's own data and CSRF token: never stored by a shared cache; a signed-in
          // student's view is never stored at all, whatever its route said (one place, issue 21 §6).
          if (signedIn) responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
          if (viewer) responseHeaders.set(VIEWER_HEADER, viewer);
          else if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
          // script-src: the hosts of this company's configured scripts (analytics, chat, captcha), from the root loader's shell.
          const root = remixContext.staticHandlerContext.loaderData?.root as { shell?: unknown } | null | undefined;
          securityHeaders(responseHeaders, {
            nonce,
            secure: tenant.secure,
            development: env().NODE_ENV === "development",
            scriptOrigins: pageScriptOrigins(siteOf(root), { cloudCaptcha: env().CAPTCHA_PROVIDER === "cloud" }),
          });
          addServerTiming(responseHeaders, request, loadContext);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError(error, request);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) => {
  securityHeaders(response.headers, { secure: tenantOf(request).secure });
  if (await servedSignedIn(context)) response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  addServerTiming(response.headers, request, context);
  return response;
};

/**
 * For the Node server in front of the build (scripts/serve.mjs): the same-origin verdict on a
 * non-GET request before Remix sees it, so that a cross-site single-fetch POST gets 403 (Remix's own
 * check answers 500) and never reaches an action or the upstream.
 */
export function crossSiteReason(request: Request): string | undefined {
  return checkSameOrigin(request, tenantOf(request));
}

// For scripts/serve.mjs: the one client address / host / protocol function and the body cap (decision 012).
export { parseTrustProxy, resolveClient } from "~/lib/security/client-address.server";
export { capStream, DEFAULT_UPLOAD_BYTES, MULTIPART_MAX_BYTES, UPLOAD_DRAIN_BYTES } from "~/lib/security/body-limit.server";
// For scripts/serve.mjs and the test harness: the request's context, made once per request before Remix runs (decision 053).
export { getLoadContext } from "~/lib/context.server";
// For scripts/serve.mjs: the visitor page cache in front of Remix's handler (decision 041).
export { withVisitorPageCache } from "~/lib/http/page-cache.server";
// For scripts/serve.mjs: this process's Prometheus metrics (decision 057).
export { metrics as portalMetrics } from "~/lib/http/metrics.server";
// for the page-test harness only (tests/unit/portal.ts): the next test file finds the build as if just loaded
export { resetProcessState } from "~/lib/state/process-state.server";

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // Redirects and error pages thrown on purpose (the upstream error mapping, 403, 404) are not errors.
  if (error instanceof Response) return;
  if (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit") return;
  // The same thrown `data()` reaches here from a resource route (e.g. a refused POST /admin-link) as a route error response.
  if (isRouteErrorResponse(error)) return;
  logError(error, request);
}

function logError(error: unknown, request: Request) {
  const url = new URL(request.url);
  console.error(
    JSON.stringify({
      level: "error",
      msg: error instanceof Error ? error.message : String(error),
      path: url.pathname, // never the query: it may hold a sign-in code or token
      stack: error instanceof Error ? error.stack?.split("\n").slice(0, 6).join(" | ") : undefined,
    }),
  );
}
