import type { AppLoadContext } from "@remix-run/node";
import type { PortalSession } from "~/lib/state/session.server";
import type { Tenant } from "~/lib/http/tenant.server";
import type { Upstream, UpstreamTiming } from "~/lib/http/upstream.server";

/**
 * The request context (issue 23 step 2, docs/decisions/053-request-context.md): one object per request,
 * made by `getLoadContext` before Remix runs (scripts/serve.mjs, the test harness), handed by Remix to every
 * loader and action of the request as `context`, and to the entry (Server-Timing, `private, no-store`).
 * Models: Hydrogen's skeleton `app/lib/context.ts` (`createAppLoadContext`, typed by augmenting
 * `AppLoadContext`) and epic-stack's `getLoadContext` in its Express server.
 *
 * What a request needs is built when it is first asked for, not here: the portal (session, tenant,
 * upstream client: `getPortal` in services/portal.server.ts) costs a cookie parse and maybe an upstream
 * call, and a static page, a page-cache hit or a refused post never needs it.
 */
export type RequestContext = {
  /** The visitor's address as scripts/serve.mjs resolved it (TRUST_PROXY); absent under a bare `remix-serve`. */
  clientIp?: string;
  /** The upstream calls made while serving this request (Server-Timing, the request log, the page cache). */
  timings: UpstreamTiming[];
  /** This request's portal, made by the first `getPortal` (services/portal.server.ts); read it through that. */
  portal?: Promise<Portal>;
  /** The refusal a post met (cross-site, CSRF, body): a later `getPortal` of the same request throws it again. */
  rejected?: unknown;
  /** The form `requireValidPost` read (decision 021: kept when the session is gone). */
  formData?: FormData;
  /** The text parts of a streamed upload (`requireValidUpload`): what a failed call hands back (decision 042). */
  uploadFields?: FormData;
  /** A report the page sends in the background (`requireValidPost`'s `background`): it never writes the session (decision 071). */
  background?: boolean;
};

declare module "@remix-run/node" {
  // Remix hands every loader and action this object as `context` (module augmentation, as Hydrogen's env.d.ts).
  // Partial: under a bare `remix-serve` (and in a test calling a loader with `{}`) it arrives empty, and
  // `requestContext` completes it; `getLoadContext` makes it whole.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface merge is how AppLoadContext is typed
  interface AppLoadContext extends Partial<RequestContext> {}
}

/** Everything a loader or action needs about the request it serves; built once per request (`getPortal`). */
export type Portal = {
  request: Request;
  tenant: Tenant;
  session: PortalSession;
  upstream: Upstream;
  schoolId: number;
  token?: string;
  userId?: number;
  clientId: string;
  /** Set-Cookie for a new clientId cookie, when the visitor had none. */
  clientIdSetCookie?: string;
  commitSession(): Promise<string>;
};

/**
 * The context of one request, for the server in front of Remix (scripts/serve.mjs `createApp`, the test
 * harness): `clientIp` is the address the server resolved from the socket and its trusted proxies.
 */
export function getLoadContext(_request: Request, init: { clientIp?: string } = {}): RequestContext {
  return { clientIp: init.clientIp, timings: [] };
}

/**
 * The request's context as the routes see it. A server that made none (`remix-serve`, whose Express
 * handler has no `getLoadContext` hook: Remix then gives each request a new `{}`), or a test that calls an
 * action with `{}`, gets that object completed in place on first use: it is this request's and no other's.
 */
export function requestContext(context: AppLoadContext): RequestContext {
  context.timings ??= [];
  return context as RequestContext;
}

/** The upstream calls made while serving this request (for Server-Timing and the request log). */
export function timingsOf(context: AppLoadContext | undefined): UpstreamTiming[] {
  return context?.timings ?? [];
}
