import { data, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import { env } from "~/env.server";
import { createSwrCache } from "~/lib/http/cache.server";
import { metrics } from "~/lib/http/metrics.server";
import { exchange, type UpstreamAnswer } from "~/lib/http/upstream-transport.server";
import { loginHref, safeRedirect } from "~/lib/security/redirect";
import { store } from "~/lib/state/store.server";
import { UPSTREAM_FAILURE_KINDS, type UpstreamErrorKind, type UpstreamOutcome } from "~/lib/http/upstream-kinds";

/** Constants of spec 000 section 7 and 9. */
export const UPSTREAM_BASE_PATH = "/s/api";
export const UPSTREAM_TIMEOUT_MS = 60_000;
export const APP_VERSION = "8.1.3";
export const PLATFORM = "pc";

export type { UpstreamErrorKind };

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly path: string;
  readonly status?: number;
  readonly code?: string;
  readonly upstreamMessage?: string;
  readonly body?: string;
  /** The envelope's `data` of a business answer (e.g. the face step's url, loginToken, orderNo). */
  readonly data?: unknown;
  constructor(
    kind: UpstreamErrorKind,
    path: string,
    details: { status?: number; code?: string; upstreamMessage?: string; body?: string; data?: unknown; cause?: unknown } = {},
  ) {
    super(`upstream ${kind} on ${path}${details.code ? ` (code ${details.code})` : ""}${details.status ? ` (HTTP ${details.status})` : ""}`, {
      cause: details.cause,
    });
    this.name = "UpstreamError";
    this.kind = kind;
    this.path = path;
    this.status = details.status;
    this.code = details.code;
    this.upstreamMessage = details.upstreamMessage;
    this.body = details.body;
    this.data = details.data;
  }
}

/** Kinds a "logged only" call (cart, learn data) swallows: everything but the session errors. */
export const SOFT_FAILURES: UpstreamErrorKind[] = ["business", "captcha", "timeout", "unavailable", "bad-response", "blocked"];

/** Every failure kind: for background calls whose failure only means "not now" (no redirect, no error page). */
export const ALL_FAILURES: UpstreamErrorKind[] = [...UPSTREAM_FAILURE_KINDS];

/** One upstream call of a request, or (with `cache`) an answer the visitor content cache gave instead. */
/** One call of a request: `start` is when it started (performance.now()), for the waterfall in Server-Timing. */
export type UpstreamTiming = { method: string; path: string; ms: number; outcome: string; cache?: "hit" | "stale"; start?: number };

/** What a request function needs to know about the request it serves. Built once per request. */
export type UpstreamContext = {
  /** The portal request, for its abort signal and its path (401 callback). */
  request: Request;
  /** Host name without port, sent as `domain`; the upstream resolves the company from it. */
  domain: string;
  token?: string;
  companyId?: number | string;
  schoolId: number | string;
  systemOs: string;
  /** Upstream calls made for this request, for Server-Timing and the request log. */
  timings: UpstreamTiming[];
  /**
   * Clears the session and returns the Set-Cookie header that persists it: `token` drops the expired
   * token but keeps the back-login code for /upgrade/token; `all` forgets the user.
   */
  clearSession: (mode: "token" | "all", notice?: string) => Promise<string>;
  /** When the session's token was last renewed by /upgrade/token (ms since epoch): one upgrade per navigation. */
  upgradedAt?: number;
  /**
   * A solved captcha challenge: this request retries the navigation or form that met code 600, and every
   * call it makes carries `ticket` and `randstr` (decision 013).
   */
  captcha?: { ticket: string; randstr: string };
  /**
   * A create under way (`oneCreate`, decision 095): its calls are not tied to the request's abort signal, so
   * a second tap that makes the browser drop the first post does not cut a create the upstream may have made.
   */
  outlivesRequest?: boolean;
  /** Parks this request and answers the redirect to the captcha challenge (code 600 nobody expected). */
  challenge?: () => Promise<Response>;
  /** Keeps a personal form's typed values for after the login (decision 021); its Set-Cookie, if any. */
  keepPosted?: () => Promise<string | undefined>;
  /**
   * A request the page sends in the background (a beacon or keepalive report, `requireValidPost`'s
   * `background`): its failures are bare statuses that never touch the session (decision 071).
   */
  background?: boolean;
};

type Query = Record<string, string | number | boolean | null | undefined>;

export type CallOptions<S extends z.ZodType> = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Service prefix plus path, e.g. `/saas-business/v1/front/login/config`. */
  path: string;
  query?: Query;
  body?: unknown;
  schema: S;
  /** `none`: never send the token (company-wide config that is cached per domain). */
  auth?: "send" | "none";
  /** Error kinds the caller handles itself; every other kind becomes a Response (redirect or error page). */
  expect?: UpstreamErrorKind[];
  /** `null`: not tied to the portal request (background refresh after the response was sent). */
  signal?: AbortSignal | null;
  timeoutMs?: number;
  /**
   * `visitor`: public content that is the same for every visitor of a domain and school (catalogue,
   * news, ...). A GET sent WITHOUT a token is answered from the visitor content cache (CONTENT_TTL_S,
   * stale-while-revalidate); a call that sends a token never reads or fills it. Answers are frozen
   * either way: they may be shared between requests (decision 011).
   */
  cache?: "visitor";
  /**
   * The call makes an order or takes money (decision 042): when it fails without an answer the portal can
   * trust (timeout, 5xx, unreadable), it may have gone through upstream, and the form says so.
   */
  charges?: boolean;
};

export type Upstream = {
  call<S extends z.ZodType>(options: CallOptions<S>): Promise<z.infer<S>>;
  ctx: UpstreamContext;
};

const Envelope = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  message: z.string().nullish(),
  data: z.unknown().optional(),
});

export function buildUrl(path: string, query: Query | undefined, domain: string): string {
  const url = new URL(env().UPSTREAM_URL + UPSTREAM_BASE_PATH + path);
  const params = new URLSearchParams(url.search);
  if (!params.has("domain")) params.set("domain", domain);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  url.search = params.toString();
  return url.toString();
}

export function upstreamHeaders(ctx: UpstreamContext, sendToken: boolean): Record<string, string> {
  return {
    Accept: "application/json",
    Memory: "1",
    Authorization: sendToken && ctx.token ? ctx.token : "",
    schoolId: String(ctx.schoolId),
    companyId: ctx.companyId === undefined ? "" : String(ctx.companyId),
    system_os: ctx.systemOs,
    platform: PLATFORM,
    app_version: APP_VERSION,
  };
}

/** THE request function: every upstream call of the portal passes here. */
export function createUpstream(ctx: UpstreamContext): Upstream {
  async function call<S extends z.ZodType>(options: CallOptions<S>): Promise<z.infer<S>> {
    try {
      if (options.cache !== "visitor") return await send(ctx, options);
      if (visitorCacheable(ctx, options)) return await cachedForVisitors(ctx, options);
      return deepFreeze(await send(ctx, options));
    } catch (error) {
      if (error instanceof UpstreamError && !(options.expect ?? []).includes(error.kind)) {
        throw await toResponse(error, ctx, { charges: options.charges });
      }
      throw error;
    }
  }
  const upstream: Upstream = { call, ctx };
  return upstream;
}

/**
 * One call's abort signal: its timeout, or the visitor leaving (the request's signal). What
 * `AbortSignal.any([AbortSignal.timeout(ms), request.signal])` gives, made with one controller, one timer and
 * one listener that are released when the answer is read: ~8 µs instead of ~57 µs a call on Node 20, whose
 * `AbortSignal.any` also keeps every combined signal tracked by the request's signal until it is collected
 * (decision 083; a view makes 6-10 calls).
 */
function callAbort(timeoutMs: number, requestSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("The upstream call timed out", "TimeoutError"));
  }, timeoutMs);
  timer.unref();
  const onLeave = () => controller.abort(requestSignal?.reason);
  if (requestSignal?.aborted) onLeave();
  else requestSignal?.addEventListener("abort", onLeave, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release() {
      clearTimeout(timer);
      requestSignal?.removeEventListener("abort", onLeave);
    },
  };
}

async function send<S extends z.ZodType>(ctx: UpstreamContext, options: CallOptions<S>): Promise<z.infer<S>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const query = ctx.captcha ? { ...options.query, ticket: ctx.captcha.ticket, randstr: ctx.captcha.randstr } : options.query;
  const url = buildUrl(options.path, query, ctx.domain);
  const headers = upstreamHeaders(ctx, options.auth !== "none");
  let payload: string | undefined;
  if (options.body instanceof URLSearchParams) {
    // form-encoded calls (spec 001 §7: insertProtocol)
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    payload = options.body.toString();
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(options.body);
  }
  const abort = callSignal(ctx, options);
  const { requestSignal } = abort;

  const started = performance.now();
  let outcome: UpstreamOutcome = "ok";
  try {
    let response: UpstreamAnswer;
    try {
      response = await exchange(url, { method, headers, body: payload, signal: abort.signal });
    } catch (cause) {
      if (abort.timedOut()) {
        throw new UpstreamError("timeout", options.path, { cause });
      }
      if (requestSignal?.aborted) throw cause; // the visitor went away: nothing to map
      throw new UpstreamError("unavailable", options.path, { cause });
    } finally {
      abort.release();
    }
    const { status, text } = response;
    if (status === 401) throw new UpstreamError("unauthorized", options.path, { status });
    if (status === 403) {
      const action = (response.header("action") ?? "").toLowerCase();
      if (action === "cc" || action === "waf") {
        throw new UpstreamError("intercepted", options.path, { status, body: text });
      }
      throw new UpstreamError("unauthorized", options.path, { status });
    }
    if (status === 409) throw new UpstreamError("conflict", options.path, { status });
    if (status === 550) {
      throw new UpstreamError("blocked", options.path, { status, upstreamMessage: messageOf(text) });
    }
    if (status < 200 || status >= 300) throw new UpstreamError("unavailable", options.path, { status });

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new UpstreamError("bad-response", options.path, { status, cause });
    }
    const envelope = Envelope.safeParse(json);
    if (!envelope.success) throw new UpstreamError("bad-response", options.path, { status, cause: envelope.error });
    const { code, message } = envelope.data;
    if (code === "600") {
      throw new UpstreamError("captcha", options.path, { code, upstreamMessage: message ?? undefined });
    }
    if (code !== "1") {
      throw new UpstreamError("business", options.path, { code, upstreamMessage: message ?? undefined, data: envelope.data.data });
    }
    const parsed = options.schema.safeParse(envelope.data.data ?? null);
    if (!parsed.success) {
      throw new UpstreamError("bad-response", options.path, { status, cause: parsed.error });
    }
    return parsed.data;
  } catch (error) {
    outcome = error instanceof UpstreamError ? error.kind : "aborted";
    throw error;
  } finally {
    recordCall(ctx, { method, path: options.path, outcome, started });
  }
}

/**
 * The signals of one call: its time-out (the caller's `timeoutMs`, never more than the upstream's
 * UPSTREAM_TIMEOUT_MS; the env's by default) and the request's abort signal (the caller's own `signal`
 * instead; `null`: not tied to the request). `signal` is both, for `fetch`; `timedOut()` says which fired;
 * `release()` once the answer is read (a streamed body left unreleased keeps both until it ends).
 */
export function callSignal(ctx: Pick<UpstreamContext, "request" | "outlivesRequest">, options: { timeoutMs?: number; signal?: AbortSignal | null }) {
  const requestSignal = options.signal === null || ctx.outlivesRequest ? undefined : (options.signal ?? ctx.request.signal);
  return { requestSignal, ...callAbort(Math.min(options.timeoutMs ?? env().UPSTREAM_TIMEOUT_MS, UPSTREAM_TIMEOUT_MS), requestSignal) };
}

/**
 * One call in the request's timings (Server-Timing) and the metrics. `path` is a path template or a fixed
 * label: ids in a path and the query (domain, codes) never become a label (decision 057), nor an outside
 * address (decision 082).
 */
export function recordCall(ctx: Pick<UpstreamContext, "timings">, call: { method: string; path: string; outcome: UpstreamOutcome; started: number }) {
  const ms = performance.now() - call.started;
  ctx.timings.push({ method: call.method, path: call.path, ms, outcome: call.outcome, start: call.started });
  metrics().observeUpstream({ method: call.method, path: call.path, outcome: call.outcome }, ms / 1000);
}

/* ---------- The visitor content cache (decision 011) ---------- */

/**
 * Entries of the visitor content cache (one per domain, school, company, path and query). A parsed
 * answer takes about its JSON size on the heap (a course page of 12 cards: 8 KB), so 1 000 entries are
 * ~8 MB, and 50 MB even if every one were a 50 KB article; the least recently loaded go first.
 */
export const CONTENT_CACHE_MAX_ENTRIES = 1_000;
/** A quiet key may serve one answer up to 10 x CONTENT_TTL_S old while it refreshes; older ones are reloaded first. */
const CONTENT_MAX_STALE_FACTOR = 10;

export const contentCache = createSwrCache({
  maxEntries: CONTENT_CACHE_MAX_ENTRIES,
  maxStaleFactor: CONTENT_MAX_STALE_FACTOR,
  name: "content",
});

/** Headers that never change a public answer (telemetry), left out of the key like the config cache does. */
const KEY_IGNORED_HEADERS = new Set(["Authorization", "system_os"]);

function visitorCacheable(ctx: UpstreamContext, options: CallOptions<z.ZodType>): boolean {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const sendsToken = options.auth !== "none" && Boolean(ctx.token);
  return method === "GET" && options.body === undefined && !sendsToken && !ctx.captcha && env().CONTENT_TTL_S > 0;
}

/**
 * Everything that is sent upstream except the token (never sent on a cached call) and telemetry: the
 * domain and the sorted query (from the URL), the path, and every other header (schoolId, companyId;
 * a language header added to `upstreamHeaders` later would enter the key by itself).
 */
export function contentKey(ctx: UpstreamContext, path: string, query: Query | undefined): string {
  const url = new URL(buildUrl(path, query, ctx.domain));
  url.searchParams.sort();
  const headers = Object.entries(upstreamHeaders(ctx, false))
    .filter(([name]) => !KEY_IGNORED_HEADERS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name.toLowerCase()}=${value}`);
  return `${ctx.domain} GET ${url.pathname}?${url.searchParams.toString()} ${headers.join(";")}`;
}

async function cachedForVisitors<S extends z.ZodType>(ctx: UpstreamContext, options: CallOptions<S>): Promise<z.infer<S>> {
  const started = performance.now();
  let how = "hit" as "hit" | "stale" | "load";
  const value = await contentCache.get(contentKey(ctx, options.path, options.query), env().CONTENT_TTL_S * 1000, async (background) => {
    how = background ? "stale" : "load";
    // Not tied to this request: a load is shared by every visitor waiting for the same key, and a
    // background refresh outlives the response (its call is not this request's: own timings list).
    const answer = await send(background ? { ...ctx, timings: [] } : ctx, { ...options, signal: null });
    return deepFreeze(answer);
  });
  if (how !== "load") {
    ctx.timings.push({ method: "GET", path: options.path, ms: performance.now() - started, outcome: "ok", cache: how, start: started });
  }
  return value as z.infer<S>;
}

/** Freezes an answer in place (plain data from JSON): a shared answer must not be changed by one request. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function messageOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === "string" ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** The path and query the visitor asked for (single-fetch `.data` suffix and `_routes` removed). */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  if (pathname === "/_root") pathname = "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return pathname + (search ? `?${search}` : "");
}

/** The page path of a request (a single-fetch `.data` suffix removed). */
function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * A 401/403 within this time of a successful token upgrade is not upgraded again (decision 013): the
 * visitor goes to the login page, so a server that refuses every token cannot make a redirect loop.
 */
export const UPGRADE_WINDOW_MS = 60_000;

/** Shapes of the error data the branded error page renders. */
export type UpstreamErrorData =
  | { kind: "timeout" | "unavailable" | "bad-response"; message?: undefined; uncertain?: true }
  | { kind: "unauthorized" | "conflict"; message?: undefined }
  | { kind: "business" | "captcha" | "blocked"; message?: string }
  | { kind: "intercepted"; pageId: string };

const INTERCEPT_TTL_MS = 10 * 60_000;

/** Intercept pages live in THE store (decision 020): any instance can show a page another one stored. */
export async function storeInterceptPage(html: string): Promise<string> {
  const id = crypto.randomUUID();
  await store().put(`intercept:${id}`, html, INTERCEPT_TTL_MS);
  return id;
}

export async function readInterceptPage(id: string): Promise<string | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return store().read<string>(`intercept:${id}`);
}

/** What a 550 (host interception) left for `/errorPage` to show (spec 000 section 8): its message and where it happened. */
export type BlockedData = { message?: string; path: string };

/** Stores a 550's interception data in THE store; `/errorPage?blocked=<id>` reads it (any instance). */
export async function storeBlocked(value: BlockedData): Promise<string> {
  const id = crypto.randomUUID();
  await store().put(`blocked:${id}`, value, INTERCEPT_TTL_MS);
  return id;
}

export async function readBlocked(id: string): Promise<BlockedData | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return store().read<BlockedData>(`blocked:${id}`);
}

/** The error page's own path: a 550 met there is shown in place (no redirect loop). */
export const ERROR_PAGE_PATH = "/errorPage";

export const LogoutAnswer = z.looseObject({ loginSchoolPath: z.string().nullish() }).nullable();

/**
 * THE mapping of upstream errors (spec 000 section 8) to what the visitor gets. Everything a caller
 * did not `expect` ends here, as a redirect or a branded error page; never a stack trace.
 */
export async function toResponse(error: UpstreamError, ctx: UpstreamContext, call: { charges?: boolean } = {}): Promise<unknown> {
  if (ctx.background) return backgroundAnswer(error);
  // a call that makes an order or takes money may have gone through (decision 042)
  const uncertain = call.charges ? { uncertain: true as const } : {};
  switch (error.kind) {
    case "unauthorized": {
      // The upgrade page's own calls: redirecting would go to the upgrade page again (issue 10 part 5).
      if (pagePath(ctx.request) === "/upgrade/token") return errorPage({ kind: "unauthorized" }, 401);
      const callback = safeRedirect(currentPath(ctx.request));
      const headers = new Headers();
      const kept = await ctx.keepPosted?.();
      if (kept) headers.append("Set-Cookie", kept);
      // A token renewed moments ago is refused again: one upgrade per navigation, then the login page.
      if (ctx.upgradedAt !== undefined && Date.now() - ctx.upgradedAt < UPGRADE_WINDOW_MS) {
        headers.append("Set-Cookie", await ctx.clearSession("all"));
        return redirect(loginHref(callback), { headers });
      }
      headers.append("Set-Cookie", await ctx.clearSession("token"));
      return redirect(`/upgrade/token?callback=${encodeURIComponent(callback)}`, { headers });
    }
    case "conflict": {
      // Nobody to force offline (the session was cleared by the last 409): the error page, not another redirect.
      if (!ctx.token) return errorPage({ kind: "conflict" }, 409);
      let loginPath = "/home/index";
      try {
        const answer = await send(ctx, {
          method: "POST",
          path: "/saas-business/v1/front/login/loginoutNew",
          schema: LogoutAnswer,
          signal: null,
          timeoutMs: 5_000,
        });
        loginPath = safeRedirect(answer?.loginSchoolPath ?? loginPath);
      } catch {
        // best effort: the session is cleared locally whatever the upstream says
      }
      const cookie = await ctx.clearSession("all", "forcedOffline");
      return redirect(loginPath, { headers: { "Set-Cookie": cookie } });
    }
    case "intercepted":
      return errorPage({ kind: "intercepted", pageId: await storeInterceptPage(error.body ?? "") }, 403);
    case "blocked": {
      // Spec 000 section 8: a 550 stores the host-interception data and opens the error page, which shows it.
      if (pagePath(ctx.request) === ERROR_PAGE_PATH) return errorPage({ kind: "blocked", message: error.upstreamMessage }, 550);
      const id = await storeBlocked({ message: error.upstreamMessage, path: currentPath(ctx.request) });
      return redirect(`${ERROR_PAGE_PATH}?blocked=${id}`, 303);
    }
    case "captcha":
      // One challenge per navigation: a retry that carried a solved challenge and met 600 again ends here.
      if (ctx.challenge && !ctx.captcha && pagePath(ctx.request) !== "/captcha") return ctx.challenge();
      return errorPage({ kind: error.kind, message: error.upstreamMessage }, 502);
    case "business":
      // 403 for a permission refusal, 502 for any other refusal the page did not expect (failureStatus)
      return errorPage({ kind: error.kind, message: error.upstreamMessage }, failureStatus(error));
    // in an action these answers become the form's own (formAction, decision 042): same page, values kept
    case "timeout":
      return errorPage({ kind: "timeout", ...uncertain }, 504);
    case "unavailable":
    case "bad-response":
      logUpstreamFailure(error);
      return errorPage({ kind: error.kind, ...uncertain }, 502);
  }
}

/**
 * Business codes that are the upstream refusing this person, not failing (issue 36 §4): 120050001 "没有权限"
 * (`noPermission` in upstream-messages.server.ts and the sandbox's sandbox/src/messages.ts; the upstream answers
 * it, for one, to a student who is not staff asking for the management-centre link).
 */
export const PERMISSION_REFUSAL_CODES: ReadonlySet<string> = new Set(["120050001"]);

/**
 * The HTTP status of a failure, wherever it is answered: the error page (`toResponse`), a background request's
 * bare status, a route's own small answer (the management-centre link's JSON and page). A permission refusal
 * is a 403 like every other refusal (cross-site, CSRF, a menu entry not permitted), never the 502 of an
 * upstream that failed (issue 36 §4): a monitor counting 5xx must not page anyone for a student who clicked
 * where they may not go, and a client must not retry it.
 */
export function failureStatus(error: UpstreamError): number {
  if (error.kind === "business" && error.code !== undefined && PERMISSION_REFUSAL_CODES.has(error.code)) return 403;
  return FAILURE_STATUS[error.kind];
}

/** The status of each failure kind (a business refusal: see `failureStatus`); a background request answers it bare (decision 071). */
const FAILURE_STATUS: Record<UpstreamErrorKind, number> = {
  unauthorized: 401,
  conflict: 409,
  intercepted: 403,
  blocked: 550,
  captcha: 502,
  business: 502,
  timeout: 504,
  unavailable: 502,
  "bad-response": 502,
};

/**
 * A background request's failure (a beacon, a keepalive report; decision 071): a bare status, no body. Nobody
 * reads its answer, and it may arrive after the page is gone and another session has begun in the same
 * browser, so it never changes who is signed in: no Set-Cookie (a 401 does not drop the token, a 409 does
 * not log out), no redirect, no captcha challenge, no form kept. The next page request meets the same
 * refusal and applies spec 000 §8 there.
 */
function backgroundAnswer(error: UpstreamError): Response {
  if (error.kind === "unavailable" || error.kind === "bad-response") logUpstreamFailure(error);
  return new Response(null, { status: failureStatus(error), headers: { "Cache-Control": "no-store" } });
}

function errorPage(payload: UpstreamErrorData, status: number) {
  // A thrown `data()` reaches the nearest ErrorBoundary as a route error response.
  return data(payload, { status });
}

function logUpstreamFailure(error: UpstreamError) {
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  console.error(JSON.stringify({ level: "error", msg: error.message, kind: error.kind, path: error.path, cause }));
}

/**
 * `Server-Timing` value listing the upstream calls of a request (`upstream;...`, one per call) and the
 * answers the visitor content cache gave instead (`cache;desc="hit ..."` fresh, `"stale ..."` served while
 * a background refresh runs), so a count of `upstream;` entries stays the count of real calls.
 */
export function serverTiming(timings: UpstreamTiming[]): string {
  // `start` = ms after the request's first call started: calls of one parallel round all start near 0,
  // a call that waited for another starts at the other's `dur` (a waterfall to fix).
  const origin = Math.min(...timings.map((t) => t.start ?? Infinity));
  return timings
    .map((t) => {
      const desc = `${t.method} ${t.path.replace(/["\\]/g, "")}`;
      const start = t.start === undefined ? "" : `;start=${(t.start - origin).toFixed(1)}`;
      return t.cache ? `cache;desc="${t.cache} ${desc}";dur=${t.ms.toFixed(1)}${start}` : `upstream;desc="${desc}";dur=${t.ms.toFixed(1)}${start}`;
    })
    .join(", ");
}
