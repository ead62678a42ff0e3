/**
 * Page tests without a browser (docs/decisions/016-test-pyramid.md): the built portal (`build/index.js`,
 * made fresh by tests/unit/build.global.ts) driven through the Remix request handler in this process,
 * in front of an in-process sandbox. No port, no child process, no route file names: a test speaks
 * HTTP paths, exactly as a browser would.
 *
 *   const portal = await startTestPortal();        // beforeAll
 *   await portal.sandbox.control("POST", "/reset"); // beforeEach
 *   const visitor = portal.client();                // a browser's cookie jar
 *   const page = await visitor.get("/course/list");  // follows redirects like page.goto
 *   expect(h1(page.html)).toBe("课程中心");
 *
 * The environment is the e2e portal's (tests/e2e/servers.ts): no config or content cache (tests change
 * the sandbox and expect to see it at once), 2 s upstream timeout, no login rate limits.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startTestSandbox, type TestSandbox } from "./sandbox";

/** The portal's address as the tests' browser sees it (company 1 is the sandbox's 127.0.0.1 domain too). */
export const ORIGIN = "http://127.0.0.1:3000";

export type UpstreamCall = { method: string; path: string; query: Record<string, string> };

export type Page = {
  status: number;
  headers: Headers;
  /** The final address (path + query) after redirects. */
  url: string;
  /** The addresses that redirected here, first first (empty when the first answer was the page). */
  redirectedFrom: string[];
  html: string;
  /**
   * One of the page's forms as a browser without JavaScript reads it (see `Form`): by `"#id"`, by
   * attributes (`{ action: "/x", method: "post" }`; the keys `button` and `field` pick the form that has
   * a submit button whose text, name or test id contains that, or a control with that name), or by index; the first by default.
   */
  form(which?: FormWhich): Form;
};

export type TestPortal = {
  sandbox: TestSandbox;
  /** The loaded server build (its routes, entry module). */
  build: ServerBuild;
  /** One request through the portal as scripts/serve.mjs runs it (cross-site refusal, then Remix); no cookies kept. */
  handle(request: Request): Promise<Response>;
  /** A new browser: its own cookie jar (`offsite`: it follows redirects to another site, see `Client`). */
  client(options?: ClientOptions): Client;
  /** The upstream calls the sandbox received (its request log), optionally only those to `pathPart`. */
  calls(pathPart?: string): Promise<UpstreamCall[]>;
  clearCalls(): Promise<void>;
  /** Sandbox control shortcuts, as tests/e2e/support.ts has them. */
  reset(): Promise<void>;
  config(companyId: number, patch: Record<string, unknown>): Promise<void>;
  fault(fault: Record<string, unknown>): Promise<void>;
  ssoCode(account: string): Promise<string>;
  close(): Promise<void>;
};

const PORTAL_ENV: Record<string, string> = {
  NODE_ENV: "production",
  // 10 s, as the e2e portal: on a loaded machine (load 20+, three vitest workers beside tsc and the build)
  // a 2 s budget turned ordinary pages into 504s. Only the files whose faults delay an answer past the
  // budget (form-failure, foundation) pass 5000 (`UPSTREAM_TIMEOUT_FOR_FAULTS`), so those time out at once.
  UPSTREAM_TIMEOUT_MS: "10000",
  SESSION_SECRET: "vitest-portal-session-secret-0123456789",
  CONFIG_TTL_S: "0",
  CONTENT_TTL_S: "0",
  LOG_REQUESTS: "0",
  RATE_LIMIT_LOGIN_PER_IP: "100000",
  RATE_LIMIT_SMS_PER_IP: "100000",
  RATE_LIMIT_LOGIN_PER_ACCOUNT: "100000",
  // the operators' Server-Timing (issue 36 §4: off for the public by default), which page tests read for the
  // calls a page made; tests/unit/pages/server-timing.test.ts checks the default
  SERVER_TIMING: "1",
};

/** For the files whose faults delay an upstream answer past the portal's budget (a 6 s latency fault): 5 s, not 2, so their ordinary pages still answer on a loaded machine (a 2 s budget turned a GET into a 504 in session 8's full run). */
export const UPSTREAM_TIMEOUT_FOR_FAULTS = { UPSTREAM_TIMEOUT_MS: "5000" };

type Handler = (request: Request) => Promise<Response>;

/**
 * What the portals of one worker process share, on `globalThis` (a file that shares its worker, decision 065,
 * may evaluate this module again): the build copies loaded (one per environment, `?portal=N` being a new
 * module for node; see `buildFor`), the environment as it was before a portal changed it (so that each file
 * starts from it), and ONE sandbox (decision 073): started by the worker's first portal and reset for each
 * next one instead of a new sandbox per file (about 1.2 CPU-s a file). It is never closed in-process: the
 * worker's end takes it, and its temporary files with it (sandbox/src/cleanup.ts).
 */
type WorkerShared = {
  portals: number;
  envBefore: Map<string, string | undefined>;
  sandbox?: Promise<TestSandbox>;
  /** The build copies loaded in this worker, one per environment (decision 084). */
  builds: Map<string, Promise<PortalBuild>>;
};
const shared: WorkerShared = ((globalThis as { __portalTestShared?: WorkerShared }).__portalTestShared ??= {
  portals: 0,
  envBefore: new Map(),
  builds: new Map(),
});

type PortalBuild = ServerBuild & {
  entry: {
    module: {
      crossSiteReason?: (request: Request) => string | undefined;
      getLoadContext: (request: Request, init: { clientIp?: string }) => AppLoadContext;
      resetProcessState?: () => void;
    };
  };
};

/**
 * The worker's copy of the build for this environment (decision 084): loaded once (`?portal=N`, a new module
 * for node) by the first file with that environment; a later file with the same environment gets it back
 * with its in-process state forgotten (`resetProcessState`: caches, counters, limits, the memory store,
 * metrics; app/lib/state/process-state.server.ts), as a new copy would find it, without paying the copy's
 * load and first compile again (about 1.7 CPU-s a file). The environment is read once by the build, so a
 * file with other variables gets a copy of its own.
 */
async function buildFor(env: Record<string, string>): Promise<PortalBuild> {
  const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1)));
  const loaded = shared.builds.get(key)?.catch(() => undefined);
  const build = await loaded;
  const reset = build?.entry.module.resetProcessState;
  if (reset) {
    reset();
    return build;
  }
  const buildUrl = `${pathToFileURL(path.resolve(__dirname, "../../build/index.js")).href}?portal=${++shared.portals}`;
  const loading = import(/* @vite-ignore */ buildUrl) as Promise<PortalBuild>;
  shared.builds.set(key, loading);
  return loading;
}

/** The worker's sandbox, started once (a failed start is tried again by the next portal). */
async function workerSandbox(): Promise<TestSandbox> {
  if (!shared.sandbox) {
    shared.sandbox = startTestSandbox();
    shared.sandbox.catch(() => {
      shared.sandbox = undefined;
    });
  }
  const sandbox = await shared.sandbox;
  // what the last file left (faults held, the request log, the data): as a new sandbox would be
  await sandbox.control("POST", "/reset");
  return sandbox;
}

/**
 * Loads the built portal against the worker's sandbox (see `shared`), reset. One per test file (beforeAll,
 * or usePortal). `env`: variables over PORTAL_ENV (e.g. CONFIG_TTL_S for a test about the config cache).
 * The portal is warm: one page was asked before (its first request loads its modules and the school's
 * config, which on a loaded machine outlasted the upstream budget and the first test's page came back
 * without its data), then the sandbox reset again, so a test counting upstream calls starts from none.
 */
export async function startTestPortal(options: { env?: Record<string, string> } = {}): Promise<TestPortal> {
  const sandbox = await workerSandbox();
  // The portal reads its environment once, when loaded: set it before, over what the last portal of this
  // worker found (vitest's `pages` project runs several files in one process, decision 065).
  const { envBefore } = shared;
  for (const [key, value] of envBefore) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const env = { ...PORTAL_ENV, ...options.env, UPSTREAM_URL: sandbox.url };
  for (const key of Object.keys(env)) if (!envBefore.has(key)) envBefore.set(key, process.env[key]);
  Object.assign(process.env, env);
  // the worker's copy for this environment, its state forgotten (`buildFor`); node_modules are shared
  // (vitest.config.ts has it external: node imports it, not vite's transform)
  const build = await buildFor(env);
  const remix = createRequestHandler(build, "production");
  const { crossSiteReason, getLoadContext } = build.entry.module;
  // What scripts/serve.mjs puts in front of Remix: the cross-site refusal, and the request's context (decision 053).
  const handler: Handler = async (request) => {
    if (!["GET", "HEAD", "OPTIONS"].includes(request.method) && crossSiteReason?.(request)) {
      return new Response("Forbidden: this request did not come from this site.\n", { status: 403 });
    }
    return remix(request, getLoadContext(request, { clientIp: "127.0.0.1" }));
  };
  await (await new Client(handler).fetch("/home/index")).text(); // read whole: a cancelled stream is an error in the log
  await sandbox.control("POST", "/reset");
  const calls = async (pathPart?: string) => {
    const all = await sandbox.control<UpstreamCall[]>("GET", "/requests");
    return pathPart ? all.filter((c) => c.path.includes(pathPart)) : all;
  };
  return {
    sandbox,
    build,
    handle: handler,
    client: (options) => new Client(handler, options),
    calls,
    clearCalls: () => sandbox.control("DELETE", "/requests"),
    reset: () => sandbox.control("POST", "/reset"),
    config: (companyId, patch) => sandbox.control("PATCH", `/companies/${companyId}/config`, patch),
    fault: (fault) => sandbox.control("POST", "/faults", fault),
    ssoCode: async (account) => (await sandbox.control<{ code: string }>("POST", "/sso/code", { account })).code,
    // the worker's sandbox stays for the next file; what this file left (a held fault's calls) is let go
    close: async () => {
      await sandbox.control("POST", "/reset");
    },
  };
}

export type ClientOptions = {
  userAgent?: string;
  host?: string;
  /**
   * Walk on as a browser does: follow this site's redirects to another site (the sandbox's pay, e-sign,
   * face pages) and a page's 0-second `<meta http-equiv="refresh">`. By default such a redirect, or the
   * refreshing page, is the page itself.
   */
  offsite?: boolean;
};

/** One browser: a cookie jar (path and domain ignored: one site), a user agent, same-origin requests. */
export class Client {
  readonly cookies = new Map<string, string>();
  readonly host: string;
  private readonly userAgent: string;

  constructor(
    private readonly handler: Handler,
    private readonly options: ClientOptions = {},
  ) {
    this.host = options.host ?? new URL(ORIGIN).host;
    this.userAgent = options.userAgent ?? "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
  }

  /** One request, no redirect followed. Non-GET requests are same-origin unless `headers` say otherwise. */
  async fetch(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
    // another site's address (the sandbox's provider pages: pay, e-sign, face, third-party login): a
    // real request to it, without this site's cookies
    const target = new URL(pathAndQuery, `http://${this.host}`);
    if (target.host !== this.host) return fetch(target, { ...init, method, redirect: "manual" });
    const headers = new Headers(init.headers);
    headers.set("Host", this.host);
    if (!headers.has("User-Agent")) headers.set("User-Agent", this.userAgent);
    if (this.cookies.size && !headers.has("Cookie")) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (method !== "GET" && method !== "HEAD" && !headers.has("Origin") && !headers.has("Sec-Fetch-Site")) {
      headers.set("Origin", `http://${this.host}`);
      headers.set("Sec-Fetch-Site", "same-origin");
    }
    const request = new Request(new URL(pathAndQuery, `http://${this.host}`), { ...init, method, headers, redirect: "manual" });
    const response = await this.handler(request);
    this.store(response);
    return response;
  }

  /** GET with redirects followed (same site only), as `page.goto` does; the final page's text. */
  async get(pathAndQuery: string, init: RequestInit = {}): Promise<Page> {
    return this.follow(await this.fetch(pathAndQuery, init), pathAndQuery, init.headers);
  }

  /** How this browser's pages name `url`: path and query on this site, the whole address on another. */
  address(url: URL): string {
    return url.host === this.host ? url.pathname + url.search : url.href;
  }

  /** A request with its redirects followed with GET, as a browser without JavaScript navigates. */
  async navigate(pathAndQuery: string, init: RequestInit = {}): Promise<Page> {
    return this.follow(await this.fetch(pathAndQuery, init), pathAndQuery);
  }

  /** A form post as the browser sends it (urlencoded, same-origin); redirects are not followed. */
  post(pathAndQuery: string, form: Record<string, string>, headers: HeadersInit = {}): Promise<Response> {
    return this.fetch(pathAndQuery, { method: "POST", body: new URLSearchParams(form), headers });
  }

  /** A form post, then the redirects followed with GET, as a browser without JavaScript does. */
  async submit(pathAndQuery: string, form: Record<string, string>, headers: HeadersInit = {}): Promise<Page> {
    return this.follow(await this.post(pathAndQuery, form, headers), pathAndQuery);
  }

  /** The CSRF token a page's forms carry (the token of this jar's CSRF cookie), from `path`. */
  async csrf(pathAndQuery = "/join/login"): Promise<string> {
    const { html } = await this.get(pathAndQuery);
    const token = /<input[^>]*name="csrf"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? /<input[^>]*value="([^"]+)"[^>]*name="csrf"/.exec(html)?.[1];
    if (!token) throw new Error(`no csrf input on ${pathAndQuery}`);
    return token;
  }

  /** Signs in the way another system links into the portal: a one-time code in the address. */
  async signIn(portal: Pick<TestPortal, "ssoCode">, account = "13800000001", pathAndQuery = "/home/index"): Promise<Page> {
    const code = await portal.ssoCode(account);
    return this.get(`${pathAndQuery}${pathAndQuery.includes("?") ? "&" : "?"}code=${code}`);
  }

  private async follow(response: Response, from: string, headers?: HeadersInit): Promise<Page> {
    const redirectedFrom: string[] = [];
    let url = from;
    for (let hops = 0; response.status >= 300 && response.status < 400 && response.headers.has("Location"); hops++) {
      if (hops === 10) throw new Error(`too many redirects from ${from}: ${redirectedFrom.join(" → ")}`);
      const here = new URL(url, `http://${this.host}`);
      const next = new URL(response.headers.get("Location") ?? "", here);
      // this site sending to another: the page is the redirect itself (a test opens the other site's
      // address with `get` when the journey goes there); another site's redirects are followed
      if (here.host === this.host && next.host !== this.host && !this.options.offsite) break;
      redirectedFrom.push(url);
      url = next.host === this.host ? next.pathname + next.search : next.href;
      await response.body?.cancel();
      response = await this.fetch(url, { headers });
    }
    const html = await response.text();
    const refresh = this.options.offsite ? /<meta[^>]*http-equiv="refresh"[^>]*content="0;\s*url=([^"]+)"/i.exec(html)?.[1] : undefined;
    if (refresh) {
      const next = new URL(decode(refresh), new URL(url, `http://${this.host}`));
      const page = await this.get(this.address(next));
      return { ...page, redirectedFrom: [...redirectedFrom, url, ...page.redirectedFrom] };
    }
    const page: Page = {
      status: response.status,
      headers: response.headers,
      url,
      redirectedFrom,
      html,
      form: (which) => new Form(this, page, which),
    };
    return page;
  }

  private store(response: Response) {
    keepCookies(this.cookies, response);
  }
}

/** Keeps a response's cookies as a browser does: an expired or emptied cookie is removed, not kept as `name=`. */
export function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const gone = attributes.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1] ?? "") < Date.now()));
    if (gone || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}

/** Every Set-Cookie line of a response whose cookie is `name`. */
export function setCookie(response: { headers: Headers }, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

// ---- reading the HTML without a DOM -------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** The text of an HTML fragment as a reader sees it: tags, scripts, styles and comments removed, whitespace collapsed. */
export function text(html: string): string {
  const stripped = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    // block boundaries separate words; inline tags (span, a, strong, ...) do not
    .replace(
      /<\/?(?:address|article|aside|blockquote|br|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|section|summary|table|td|th|tr|ul)\b[^>]*>/gi,
      " ",
    )
    .replace(/<[^>]+>/g, "");
  return decode(stripped).replace(/\s+/g, " ").trim();
}

/**
 * The first element (outer HTML) whose opening tag matches `selector`: a tag name (`"h1"`), an
 * attribute (`'[data-testid="cart"]'`), or both (`'form[action="/shoppingcart"]'`). Nested elements of
 * the same tag are balanced. Undefined when there is none.
 */
export function element(html: string, selector: string): string | undefined {
  return elements(html, selector)[0];
}

/** Every element matching `selector` (see `element`), in document order. */
export function elements(html: string, selector: string): string[] {
  const m = /^([a-z][a-z0-9]*)?(?:\[([\w-]+)(?:="([^"]*)")?\])?$/i.exec(selector);
  if (!m) throw new Error(`unsupported selector ${selector}`);
  const [, tag, attrName, attrValue] = m;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const attr = attrName ? (attrValue === undefined ? `\\s${escape(attrName)}(?:=|\\s|>|/)` : `\\s${escape(attrName)}="${escape(attrValue)}"`) : "";
  const open = new RegExp(`<(${tag ? escape(tag) : "[a-z][a-z0-9]*"})\\b(?=[^>]*${attr})[^>]*>`, "gi");
  const found: string[] = [];
  for (let match = open.exec(html); match; match = open.exec(html)) {
    const name = (match[1] ?? "").toLowerCase();
    const start = match.index;
    if (/^(img|input|meta|link|br|hr|source)$/.test(name) || match[0].endsWith("/>")) {
      found.push(match[0]);
      continue;
    }
    const scan = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
    scan.lastIndex = start + match[0].length;
    let depth = 1;
    let end = html.length;
    for (let t = scan.exec(html); t; t = scan.exec(html)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        end = t.index + t[0].length;
        break;
      }
    }
    found.push(html.slice(start, end));
  }
  return found;
}

/** An attribute of the element's opening tag (decoded), or undefined. */
export function attr(elementHtml: string | undefined, name: string): string | undefined {
  const openTag = /^<[^>]*>/.exec(elementHtml ?? "")?.[0] ?? "";
  const m = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s>/])`, "i").exec(openTag);
  return m ? decode(m[1] ?? "") : undefined;
}

/** The text of the first `<h1>` (as `getByRole("heading", { level: 1 })` reads it). */
export function h1(html: string): string | undefined {
  const el = element(html, "h1");
  return el === undefined ? undefined : text(el);
}

/** The page's `<title>`. */
export function title(html: string): string | undefined {
  const el = element(html, "title");
  return el === undefined ? undefined : text(el);
}

/** The links of a fragment: their href and text (aria-label when they have no text). */
export function links(html: string | undefined): Array<{ href: string | undefined; text: string }> {
  return elements(html ?? "", "a").map((a) => ({ href: attr(a, "href"), text: text(a) || (attr(a, "aria-label") ?? "") }));
}

/** The href of the first link in `html` whose text is `name` (exactly, or matching a RegExp). */
export function hrefOf(html: string | undefined, name: string | RegExp): string | undefined {
  return links(html).find((l) => (typeof name === "string" ? l.text === name : name.test(l.text)))?.href;
}

/** The element with `data-testid="id"`. */
export function byTestId(html: string, id: string): string | undefined {
  return element(html, `[data-testid="${id}"]`);
}

/**
 * A test file's portal: started in beforeAll, closed in afterAll, its sandbox reset before each test.
 * The fields are there once beforeAll ran (inside tests and hooks).
 */
export function usePortal(options: { env?: Record<string, string> } = {}) {
  const ctx = {} as { portal: TestPortal; sandbox: TestSandbox; build: ServerBuild; handle: Handler };
  beforeAll(async () => {
    const portal = await startTestPortal(options);
    Object.assign(ctx, { portal, sandbox: portal.sandbox, build: portal.build, handle: portal.handle });
  }, 180_000);
  afterAll(() => ctx.portal?.close());
  beforeEach(() => ctx.portal.reset());
  return ctx;
}

/** The address the form browser speaks (the personal-centre tests' host; the sandbox maps it to company 1 too). */
export const LOCAL_ORIGIN = "http://localhost:3000";

/**
 * A browser for form-heavy tests, over a Client on LOCAL_ORIGIN: `page` (GET, expects 200, keeps the page's
 * CSRF token, returns the HTML; `stripTextSeparators` drops React's `<!-- -->` between text parts), `post`
 * (a form post with that token, or the one given; no redirect followed), `logIn` (as a sign-in link does),
 * `get` (one request, no redirect followed), `jar` (its cookies).
 */
export function formBrowser(ctx: { portal: TestPortal }, options: { stripTextSeparators?: boolean } = {}) {
  const client = ctx.portal.client({ host: new URL(LOCAL_ORIGIN).host });
  let csrf = "";
  return {
    jar: client.cookies,
    get: (pathname: string, init: RequestInit = {}) => client.fetch(pathname, init),
    /** GET the page (keeps its CSRF token) and return its HTML. */
    async page(pathname: string) {
      const res = await client.fetch(pathname);
      expect(res.status, pathname).toBe(200);
      const text = await res.text();
      const html = options.stripTextSeparators ? text.replace(/<!-- -->/g, "") : text;
      csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? csrf;
      return html;
    },
    post(pathname: string, fields: Record<string, string> | Array<[string, string]>, token = csrf) {
      const body = new URLSearchParams([["csrf", token], ...(Array.isArray(fields) ? fields : Object.entries(fields))]);
      return client.fetch(pathname, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: LOCAL_ORIGIN } });
    },
    /** Logs in as a sign-in link does (new session with token and back-login code, CSRF cookie renewed). */
    async logIn(account: string) {
      const code = await ctx.portal.ssoCode(account);
      expect((await client.fetch(`/home/index?code=${code}`)).status).toBe(302);
    },
  };
}

// ---- the form-walker: a form as a browser without JavaScript submits it ---------------------------

export type FormWhich = string | number | Record<string, string>;

/** A file for a file input: its name, type and bytes (a `File` works too). */
export type FileValue = File | { name: string; mimeType?: string; buffer: Uint8Array | string };

/** What `fill` sets: text, a checkbox's state, a radio's or select's value(s) (value or option text), files. */
export type FillValue = string | boolean | string[] | FileValue | FileValue[];

type Option = { value: string; text: string; selected: boolean; disabled: boolean };

/** One form-associated control with its current state (what the user changed through `fill`). */
export type Control = {
  tag: "input" | "select" | "textarea" | "button";
  /** input's type (lower case, "text" when missing or unknown), "submit"/"reset"/"button" for a button, "select-one"/"select-multiple", "textarea" */
  type: string;
  name: string;
  html: string;
  id: string | undefined;
  /** the labels' text (label[for=id] or a wrapping label) and aria-label */
  labels: string[];
  disabled: boolean;
  readOnly: boolean;
  value: string;
  checked: boolean;
  options: Option[];
  files: File[];
};

const TEXT_TYPES = new Set([
  "text",
  "search",
  "url",
  "tel",
  "email",
  "password",
  "date",
  "month",
  "week",
  "time",
  "datetime-local",
  "number",
  "range",
  "color",
  "hidden",
]);
const INPUT_TYPES = new Set([...TEXT_TYPES, "checkbox", "radio", "file", "submit", "image", "reset", "button"]);

/** The start and end offsets of every element of `tag` in `html` (the same tag nested is balanced). */
function ranges(html: string, tag: string): Array<{ start: number; end: number; html: string }> {
  const found: Array<{ start: number; end: number; html: string }> = [];
  let from = 0;
  for (const el of elements(html, tag)) {
    const start = html.indexOf(el, from);
    found.push({ start, end: start + el.length, html: el });
    from = start + 1;
  }
  return found;
}

/** Every control of the page in tree order, with its owner form's index (by nesting or its `form` attribute). */
function controlsOf(html: string, forms: Array<{ start: number; end: number; html: string }>): Array<Control & { owner: number | undefined }> {
  const disabledFieldsets = ranges(html, "fieldset").filter((f) => attr(f.html, "disabled") !== undefined);
  const labels = elements(html, "label");
  const controls: Array<Control & { owner: number | undefined }> = [];
  const open = /<(input|select|textarea|button)\b[^>]*>/gi;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const tag = (m[1] ?? "").toLowerCase() as Control["tag"];
    const start = m.index;
    let full = m[0];
    if (tag !== "input") {
      const close = html.toLowerCase().indexOf(`</${tag}>`, start + m[0].length);
      full = html.slice(start, close < 0 ? html.length : close + tag.length + 3);
      open.lastIndex = start + full.length;
    }
    const formId = attr(full, "form");
    const owner = formId !== undefined ? forms.findIndex((f) => attr(f.html, "id") === formId) : forms.findIndex((f) => f.start < start && start < f.end);
    const rawType = (attr(full, "type") ?? "").toLowerCase();
    const id = attr(full, "id");
    const inner = full.slice(m[0].length).replace(new RegExp(`</${tag}>$`, "i"), "");
    const options: Option[] = [];
    if (tag === "select") {
      for (const o of inner.matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/gi)) {
        const optionHtml = `<option${o[1]}>`;
        const optionText = text(o[2] ?? "");
        options.push({
          value: attr(optionHtml, "value") ?? optionText,
          text: optionText,
          selected: attr(optionHtml, "selected") !== undefined,
          disabled: attr(optionHtml, "disabled") !== undefined,
        });
      }
    }
    const multiple = attr(full, "multiple") !== undefined;
    if (tag === "select" && !multiple) {
      // a single select shows one option: the last one marked selected, else the first that is enabled
      const chosen = options.filter((o) => o.selected).pop() ?? options.find((o) => !o.disabled);
      for (const o of options) o.selected = o === chosen;
    }
    const type =
      tag === "input"
        ? INPUT_TYPES.has(rawType)
          ? rawType
          : "text"
        : tag === "button"
          ? ["reset", "button"].includes(rawType)
            ? rawType
            : "submit"
          : tag === "select"
            ? multiple
              ? "select-multiple"
              : "select-one"
            : "textarea";
    const defaultValue =
      tag === "textarea"
        ? decode(inner.replace(/^\r?\n/, ""))
        : type === "checkbox" || type === "radio"
          ? (attr(full, "value") ?? "on")
          : (attr(full, "value") ?? "");
    controls.push({
      tag,
      type,
      name: attr(full, "name") ?? "",
      html: full,
      id,
      labels: [
        ...labels.filter((l) => (id !== undefined && attr(l, "for") === id) || l.includes(m[0])).map((l) => text(l)),
        ...(attr(full, "aria-label") !== undefined ? [attr(full, "aria-label") ?? ""] : []),
      ],
      disabled: attr(full, "disabled") !== undefined || disabledFieldsets.some((f) => f.start < start && start < f.end),
      readOnly: attr(full, "readonly") !== undefined,
      value: defaultValue,
      checked: attr(full, "checked") !== undefined,
      options,
      files: [],
      owner: owner < 0 ? undefined : owner,
    });
  }
  return controls;
}

function toFile(file: FileValue): File {
  if (file instanceof File) return file;
  return new File([typeof file.buffer === "string" ? file.buffer : new Uint8Array(file.buffer)], file.name, {
    type: file.mimeType ?? "application/octet-stream",
  });
}

/** The names a submit button is known by: its name, text (or an input's value), aria-label, alt, test id. */
function buttonNames(control: Control): string[] {
  return [
    control.name,
    control.tag === "button" ? text(control.html) : control.value,
    ...["aria-label", "alt", "data-testid"].map((a) => attr(control.html, a) ?? ""),
  ].filter(Boolean);
}

function isSubmitButton(control: Control): boolean {
  return (control.tag === "button" && control.type === "submit") || (control.tag === "input" && (control.type === "submit" || control.type === "image"));
}

/**
 * A `<form>` of a page, read from its HTML as a browser without JavaScript reads it, then filled and
 * submitted: the action (resolved against the page's address; empty or missing is the page itself), the
 * method and enctype, every successful control with its current value (hidden inputs, checked boxes,
 * selected options, files) and the pressed button's name and value with its `formaction`, `formmethod`
 * and `formenctype`. Disabled controls (and those in a disabled fieldset) are not sent; `fill` refuses
 * what a person cannot change (a hidden, disabled or read-only control) or a name the form does not have.
 *
 *   const next = await page.form("#profile").fill({ name: "张三", agree: true }).submit({ button: "保存" });
 *
 * `submit` follows the redirects with the cookie jar and returns the page it lands on. The browser's own
 * constraint validation (required, pattern, …) is not applied: that is what the `@nojs` browser tests keep.
 */
export class Form {
  readonly html: string;
  readonly controls: Control[];

  constructor(
    private readonly browser: Client,
    private readonly page: Pick<Page, "html" | "url">,
    which: FormWhich = 0,
  ) {
    const forms = ranges(page.html, "form");
    const all = controlsOf(page.html, forms);
    const index = (() => {
      if (typeof which === "number") return which < forms.length ? which : -1;
      if (typeof which === "string") {
        if (!which.startsWith("#")) throw new Error(`form("${which}"): use "#id", an index or { attribute: value }`);
        return forms.findIndex((f) => attr(f.html, "id") === which.slice(1));
      }
      return forms.findIndex((f, i) =>
        Object.entries(which).every(([key, value]) => {
          const mine = all.filter((c) => c.owner === i);
          if (key === "button") return mine.some((c) => isSubmitButton(c) && buttonNames(c).some((n) => n.includes(value)));
          if (key === "field") return mine.some((c) => c.name === value);
          return (attr(f.html, key) ?? "").toLowerCase() === value.toLowerCase();
        }),
      );
    })();
    const form = forms[index];
    if (!form) throw new Error(`no form ${JSON.stringify(which)} on ${page.url} (it has ${forms.length})`);
    this.html = form.html;
    this.controls = all.filter((c) => c.owner === index).map(({ owner: _owner, ...control }) => control);
  }

  /** The controls a fill key names: by name, else by label text (exactly, else its start). */
  private named(key: string): Control[] {
    const byName = this.controls.filter((c) => c.name === key && !["submit", "image", "reset", "button"].includes(c.type));
    if (byName.length) return byName;
    const byLabel = this.controls.filter((c) => c.labels.includes(key));
    // a label with a link in it ("I agree to the <a>agreement</a>") is named by its start
    return byLabel.length ? byLabel : this.controls.filter((c) => c.labels.some((l) => l.startsWith(key)));
  }

  /** The current value of a control (by name or label): what `fill` set, or what the page rendered. */
  value(key: string): string | undefined {
    const c = this.named(key)[0];
    if (!c) return undefined;
    if (c.tag === "select") return c.options.find((o) => o.selected)?.value;
    return c.value;
  }

  /** Sets controls by name (or label text), as a person types, ticks, chooses and picks files. */
  fill(values: Record<string, FillValue>): this {
    for (const [key, value] of Object.entries(values)) {
      const controls = this.named(key);
      if (!controls.length) throw new Error(`the form has no control named or labelled "${key}": ${this.controls.map((c) => c.name).join(", ")}`);
      for (const c of controls) {
        if (c.disabled || c.readOnly || c.type === "hidden")
          throw new Error(`"${key}" is ${c.type === "hidden" ? "hidden" : c.disabled ? "disabled" : "read-only"}: a person cannot change it`);
      }
      const first = controls[0] as Control;
      if (first.type === "checkbox") {
        for (const c of controls)
          c.checked = typeof value === "boolean" ? value : (Array.isArray(value) ? (value as string[]) : [value as string]).includes(c.value);
      } else if (first.type === "radio" && value === true) {
        // a radio named by its label: checked, and the others of its group not
        for (const c of this.controls) if (c.type === "radio" && c.name === first.name) c.checked = c === first;
      } else if (first.type === "radio") {
        if (!controls.some((c) => c.value === value)) throw new Error(`no radio "${key}" with the value ${String(value)}`);
        for (const c of controls) c.checked = c.value === value;
      } else if (first.tag === "select") {
        const wanted = Array.isArray(value) ? (value as string[]) : [String(value)];
        const hits = first.options.filter((o) => wanted.includes(o.value) || wanted.includes(o.text));
        if (hits.length !== wanted.length)
          throw new Error(`select "${key}" has no option ${wanted.join(", ")}: ${first.options.map((o) => o.value).join(", ")}`);
        for (const o of first.options) o.selected = hits.includes(o);
      } else if (first.type === "file") {
        first.files = (Array.isArray(value) ? (value as FileValue[]) : [value as FileValue]).map(toFile);
      } else {
        if (typeof value !== "string") throw new Error(`"${key}" takes text`);
        first.value = value;
      }
    }
    return this;
  }

  /** The submit buttons of the form, in tree order. */
  buttons(): Control[] {
    return this.controls.filter(isSubmitButton);
  }

  /**
   * The request the browser would make: its method, resolved address, enctype and entries. `button` is
   * the pressed one (its text, value, aria-label or name); without it, the form's default (first) button;
   * `null`: no button, the entries as a script's `new FormData(form)` reads them.
   */
  request(options: { button?: string | RegExp | null } = {}): {
    method: "GET" | "POST";
    url: URL;
    enctype: string;
    entries: Array<[string, string | File]>;
    submitter: Control | undefined;
  } {
    const buttons = this.buttons();
    const wanted = options.button;
    const submitter =
      wanted === null
        ? undefined
        : wanted === undefined
          ? buttons[0]
          : buttons.find((b) => buttonNames(b).some((n) => (typeof wanted === "string" ? n === wanted : wanted.test(n))));
    if (wanted !== undefined && wanted !== null && !submitter)
      throw new Error(`no submit button ${String(wanted)} in the form: ${buttons.map((b) => buttonNames(b).join("/")).join(", ")}`);
    if (submitter?.disabled) throw new Error(`the button ${String(wanted)} is disabled`);
    const pick = (formAttr: string, buttonAttr: string) => (submitter ? attr(submitter.html, buttonAttr) : undefined) ?? attr(this.html, formAttr);
    const method = (pick("method", "formmethod") ?? "get").toLowerCase();
    if (method === "dialog") throw new Error("a dialog form closes its dialog: nothing is submitted");
    const action = pick("action", "formaction");
    const base = new URL(this.page.url, `http://${this.browser.host}`);
    const url = new URL(action ? action : base.href, base);
    const entries: Array<[string, string | File]> = [];
    for (const c of this.controls) {
      if (c.disabled || (!c.name && c.type !== "image")) continue;
      if (c.tag === "button" || ["submit", "image", "reset", "button"].includes(c.type)) {
        if (c !== submitter) continue;
        if (c.type === "image") {
          const prefix = c.name ? `${c.name}.` : "";
          entries.push([`${prefix}x`, "0"], [`${prefix}y`, "0"]);
        } else entries.push([c.name, c.value]);
        continue;
      }
      if ((c.type === "checkbox" || c.type === "radio") && !c.checked) continue;
      if (c.tag === "select") {
        for (const o of c.options) if (o.selected && !o.disabled) entries.push([c.name, o.value]);
        continue;
      }
      if (c.type === "file") {
        if (c.files.length) for (const f of c.files) entries.push([c.name, f]);
        else entries.push([c.name, new File([], "", { type: "application/octet-stream" })]);
        continue;
      }
      entries.push([c.name, c.value]);
    }
    const enctype = (pick("enctype", "formenctype") ?? "application/x-www-form-urlencoded").toLowerCase();
    return { method: method === "post" ? "POST" : "GET", url, enctype, entries, submitter };
  }

  /** Submits as the browser does, follows the redirects with the cookie jar, and returns the page it lands on. */
  submit(options: { button?: string | RegExp; headers?: HeadersInit } = {}): Promise<Page> {
    const { method, url, enctype, entries } = this.request(options);
    const urlencoded = () => new URLSearchParams(entries.map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
    if (method === "GET") {
      url.search = urlencoded().toString();
      return this.browser.get(this.browser.address(url), { headers: options.headers });
    }
    let body: BodyInit;
    const headers = new Headers(options.headers);
    if (enctype === "multipart/form-data") {
      const data = new FormData();
      for (const [k, v] of entries) data.append(k, v);
      body = data;
    } else if (enctype === "text/plain") {
      body = entries.map(([k, v]) => `${k}=${typeof v === "string" ? v : v.name}\r\n`).join("");
      headers.set("Content-Type", "text/plain;charset=UTF-8");
    } else body = urlencoded();
    return this.browser.navigate(this.browser.address(url), { method: "POST", body, headers });
  }
}
