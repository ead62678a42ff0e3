import { randomBytes, randomUUID } from "node:crypto";
import zlib from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/env.server";
import { localeOf } from "~/i18n.server";
import { csrf } from "~/lib/security/csrf.server";
import { wapTarget } from "~/lib/guards/guards.server";
import { getLoadContext, timingsOf } from "~/lib/context.server";
import { clientIdCookie } from "~/lib/state/session.server";
import { tenantOf } from "~/lib/http/tenant.server";
import { metrics } from "~/lib/http/metrics.server";
import { sendsServerTiming } from "~/lib/http/server-timing.server";
import { onProcessReset } from "~/lib/state/process-state.server";
import { holdsStylesheet } from "~/lib/http/inline-css.server";

/**
 * The visitor page cache (decision 041, issue 11 "server cost per page"): a public section page
 * (decision 009: its loader says `private, max-age=0, must-revalidate`, the visitor's Cache-Control from
 * `sectionCacheControl`) rendered for a visitor is kept for a few seconds per origin, address and
 * language, as a template whose only per-request parts are the CSP nonce and the visitor's CSRF token.
 * A later visitor of the same origin, address and language gets the template with a fresh nonce, their
 * own CSRF token and, when they had none, the same clientId and CSRF cookies a full render would set:
 * no route matching, loaders, React render or serialisation (about 85% of a visitor view's CPU).
 *
 * Never used for anyone whose page can differ: a request carrying a cookie the portal keeps private
 * state in (the session: users, a chosen school, a flash notice; kept forms; remembered account;
 * third-party login state); a phone the company may send to its mobile site; a sign-in link. Never
 * stored: a response that is not a 200 HTML page of a public section, that sets a cookie other than
 * the two rebuilt here, that varies on a header, or whose render made any upstream call of its own
 * (everything must come from the config and visitor content caches: a call is either this visitor's
 * own data, e.g. the question bank's unfinished exercises by clientId, a cold cache, or a failure).
 */
type Handler = (request: Request, loadContext?: AppLoadContext) => Promise<Response>;

/** What `sectionCacheControl` says for a visitor's public section page (decision 009). */
export const PUBLIC_SECTION_CACHE_CONTROL = "private, max-age=0, must-revalidate";
/** Cookies in which the portal keeps a visitor's private state: such a request is always rendered. */
export const PRIVATE_COOKIES = ["portal_session", "keep", "rememberAccount", "third_state"].flatMap((n) => [n, `__Host-${n}`]);
/** Cookies a page view may set that the cache rebuilds per request (clientId, CSRF token). */
export const REBUILT_COOKIES = ["clientId", "csrf"].flatMap((n) => [n, `__Host-${n}`]);
/** At most this long, and never longer than the visitor content it was drawn from (CONTENT_TTL_S). */
export const PAGE_TTL_MAX_S = 5;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_PAGE_BYTES = 1024 * 1024;
/** Sign-in links (`code`, `token`) and language switches answer with a redirect or a cookie. */
const UNCACHED_PARAMS = ["code", "token", "lng"];

type Slot = "nonce" | "csrf";
type Template = {
  status: number;
  headers: Array<[string, string]>;
  parts: string[];
  slots: Slot[];
  bytes: number;
  storedAt: number;
  /** the parts as UTF-8 and each compressed once (raw deflate ending in a sync flush): see `gzipOf` */
  raw: Buffer[];
  deflated: Buffer[];
};

const entries = new Map<string, Template>();
let totalBytes = 0;
onProcessReset(() => {
  entries.clear();
  totalBytes = 0;
});

function ttlMs(): number {
  return Math.min(env().CONTENT_TTL_S, PAGE_TTL_MAX_S) * 1000;
}

function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header.split(";").map((part) => part.slice(0, Math.max(part.indexOf("="), 0)).trim());
}

/** The cache key of a request the cache may answer, or null when it must be rendered. */
async function keyOf(request: Request): Promise<string | null> {
  if (request.method !== "GET" || ttlMs() <= 0) return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || UNCACHED_PARAMS.some((p) => url.searchParams.has(p))) return null;
  if (cookieNames(request.headers.get("Cookie")).some((name) => PRIVATE_COOKIES.includes(name))) return null;
  if (wapTarget(request, env().WAP_URL) !== null) return null;
  // a first visit's page carries the stylesheet, a returning browser's links its cached file (decision 089)
  const css = holdsStylesheet(request) ? "link" : "inline";
  return `${tenantOf(request).origin} ${url.pathname}${url.search} ${await localeOf(request)} ${css}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The response as a template, or null when it must not be kept (see the module's comment). */
function templateOf(response: Response, body: string, request: Request, token: string | undefined, context: AppLoadContext): Template | null {
  const headers = response.headers;
  if (response.status !== 200 || headers.get("Cache-Control") !== PUBLIC_SECTION_CACHE_CONTROL) return null;
  if (!/^text\/html\b/.test(headers.get("Content-Type") ?? "")) return null;
  const vary = (headers.get("Vary") ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v && v !== "accept-encoding");
  if (vary.length) return null;
  // Only a page drawn wholly from the per-domain caches: a call made for this render (a visitor's own
  // data such as the question bank's unfinished exercises by clientId, or a cold cache's load) or a
  // failed one keeps it out; the next render, on warm caches, is kept.
  if (timingsOf(context).some((t) => t.outcome !== "ok" || !t.cache)) return null;
  const setCookies = headers.getSetCookie();
  if (setCookies.some((c) => !REBUILT_COOKIES.includes(c.slice(0, c.indexOf("=")).trim()))) return null;
  const nonce = /'nonce-([^']+)'/.exec(headers.get("Content-Security-Policy") ?? "")?.[1];
  if (!nonce || !token || token.length < 16 || body.length > MAX_PAGE_BYTES) return null;
  // the visitor's clientId is never part of a page; if one ever were, the page is not shared
  const clientId = [...setCookies, request.headers.get("Cookie") ?? ""].join(";").match(/(?:^|[;,\s])(?:__Host-)?clientId=([^;,\s]+)/)?.[1];
  if (clientId && body.includes(clientId)) return null;
  const parts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const m of body.matchAll(new RegExp(`${escapeRegExp(nonce)}|${escapeRegExp(token)}`, "g"))) {
    parts.push(body.slice(last, m.index));
    slots.push(m[0] === nonce ? "nonce" : "csrf");
    last = m.index + m[0].length;
  }
  parts.push(body.slice(last));
  if (!slots.includes("csrf") || !slots.includes("nonce")) return null;
  const kept: Array<[string, string]> = [];
  headers.forEach((value, name) => {
    if (name === "set-cookie" || name === "server-timing") return;
    kept.push([name, name === "content-security-policy" ? value.split(nonce).join("\0nonce\0") : value]);
  });
  const raw = parts.map((p) => Buffer.from(p, "utf8"));
  const deflated = raw.map((b) => zlib.deflateRawSync(b, { finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  const bytes = body.length * 2 + raw.reduce((n, b) => n + b.length, 0) + deflated.reduce((n, b) => n + b.length, 0);
  return { status: 200, headers: kept, parts, slots, bytes, storedAt: Date.now(), raw, deflated };
}

function store(key: string, template: Template) {
  const old = entries.get(key);
  if (old) totalBytes -= old.bytes;
  entries.delete(key);
  entries.set(key, template);
  totalBytes += template.bytes;
  for (const [oldest, t] of entries) {
    if (totalBytes <= MAX_BYTES) break;
    entries.delete(oldest);
    totalBytes -= t.bytes;
  }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A non-final stored deflate block (RFC 1951 3.2.4) holding `data` as is (up to 65 535 bytes). */
function storedBlock(data: Buffer): Buffer {
  const head = Buffer.from([0x00, data.length & 0xff, data.length >> 8, ~data.length & 0xff, (~data.length >> 8) & 0xff]);
  return Buffer.concat([head, data]);
}

/**
 * The page gzipped without compressing it again (compression was a third of a kept page's cost): each
 * part was deflated once when kept, ending byte-aligned with a sync flush and no final block, so the
 * parts and this visitor's values (stored blocks) follow each other in one deflate stream (RFC 1951),
 * closed by an empty final block; RFC 1952's trailer is the CRC-32 and size of the whole page.
 */
function gzipOf(template: Template, values: Buffer[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER, template.deflated[0]!];
  let crc = zlib.crc32(template.raw[0]!);
  let size = template.raw[0]!.length;
  for (let i = 0; i < values.length; i++) {
    chunks.push(storedBlock(values[i]!), template.deflated[i + 1]!);
    crc = zlib.crc32(template.raw[i + 1]!, zlib.crc32(values[i]!, crc));
    size += values[i]!.length + template.raw[i + 1]!.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** Whether the client takes gzip (`Accept-Encoding`, a q=0 refuses it). */
function acceptsGzip(request: Request): boolean {
  const header = request.headers.get("Accept-Encoding") ?? "";
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    return name === "gzip" && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** The kept page for this visitor: a fresh nonce, their CSRF token and the cookies a render would set. */
async function answer(template: Template, request: Request): Promise<Response> {
  const secure = tenantOf(request).secure;
  const nonce = randomBytes(16).toString("base64");
  const [token, csrfCookie] = await csrf(secure).commitToken(request);
  const values = { nonce, csrf: token };
  const headers = new Headers();
  let body: string | Uint8Array<ArrayBuffer>;
  if (acceptsGzip(request)) {
    const bytes = { nonce: Buffer.from(nonce), csrf: Buffer.from(token) };
    const gz = gzipOf(
      template,
      template.slots.map((slot) => bytes[slot]),
    );
    body = new Uint8Array(gz.buffer as ArrayBuffer, gz.byteOffset, gz.length);
    headers.set("Content-Encoding", "gzip");
  } else {
    body = template.parts[0]!;
    for (let i = 0; i < template.slots.length; i++) body += values[template.slots[i]!] + template.parts[i + 1]!;
  }
  for (const [name, value] of template.headers) headers.append(name, name === "content-security-policy" ? value.split("\0nonce\0").join(nonce) : value);
  const clientCookie = clientIdCookie(secure);
  const existing: unknown = await clientCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (!(typeof existing === "string" && /^[\w-]{8,64}$/.test(existing))) headers.append("Set-Cookie", await clientCookie.serialize(randomUUID()));
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  // the operators' header only (issue 36 §4), as a rendered page's
  if (sendsServerTiming(request)) headers.set("Server-Timing", 'pagecache;desc="hit"');
  // the answer depends on Accept-Encoding (gzip or not), as the compressed render's does
  if (!/\baccept-encoding\b/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Accept-Encoding");
  return new Response(body, { status: template.status, headers });
}

/** Reads the copy of a miss's body and keeps it when it may be kept; never delays the visitor's copy. */
async function keep(key: string, response: Response, copy: ReadableStream<Uint8Array>, request: Request, context: AppLoadContext) {
  try {
    const body = await new Response(copy).text();
    const fromRequest = await csrf(tenantOf(request).secure).getToken(request);
    const pair = response.headers
      .getSetCookie()
      .find((c) => /^(?:__Host-)?csrf=/.test(c))
      ?.split(";")[0];
    // the token the page was rendered with: the visitor's own, or the one its new cookie carries
    const token = pair ? await csrf(tenantOf(request).secure).getToken(new Headers({ Cookie: pair })) : fromRequest;
    const template = templateOf(response, body, request, token, context);
    if (template) store(key, template);
  } catch {
    // a body that failed to stream is simply not kept
  }
}

/**
 * Wraps Remix's request handler (scripts/serve.mjs applies it): answers a visitor's public section page
 * from the cache when it may, renders and keeps it otherwise.
 */
export function withVisitorPageCache(handler: Handler): Handler {
  return async (request, loadContext = getLoadContext(request)) => {
    const key = await keyOf(request).catch(() => null);
    if (key === null) return handler(request, loadContext);
    const hit = entries.get(key);
    if (hit && Date.now() - hit.storedAt < ttlMs()) {
      metrics().countCache("page", "hit");
      return answer(hit, request);
    }
    metrics().countCache("page", "miss");
    if (hit) {
      entries.delete(key);
      totalBytes -= hit.bytes;
    }
    const response = await handler(request, loadContext);
    if (response.status !== 200 || !response.body || response.headers.get("Cache-Control") !== PUBLIC_SECTION_CACHE_CONTROL) return response;
    const [mine, copy] = response.body.tee();
    void keep(key, response, copy, request, loadContext);
    return new Response(mine, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
