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
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
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
};

export type TestPortal = {
  sandbox: TestSandbox;
  /** The loaded server build (its routes, entry module). */
  build: ServerBuild;
  /** One request through the portal as scripts/serve.mjs runs it (cross-site refusal, then Remix); no cookies kept. */
  handle(request: Request): Promise<Response>;
  /** A new browser: its own cookie jar. */
  client(options?: { userAgent?: string; host?: string }): Client;
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
  UPSTREAM_TIMEOUT_MS: "2000",
  SESSION_SECRET: "vitest-portal-session-secret-0123456789",
  CONFIG_TTL_S: "0",
  CONTENT_TTL_S: "0",
  LOG_REQUESTS: "0",
  RATE_LIMIT_LOGIN_PER_IP: "100000",
  RATE_LIMIT_SMS_PER_IP: "100000",
  RATE_LIMIT_LOGIN_PER_ACCOUNT: "100000",
};

type Handler = (request: Request) => Promise<Response>;

/**
 * Starts a sandbox and loads the built portal against it. One per test file (beforeAll, or usePortal).
 * `env`: variables over PORTAL_ENV (e.g. CONFIG_TTL_S for a test about the config cache).
 */
export async function startTestPortal(options: { env?: Record<string, string> } = {}): Promise<TestPortal> {
  const sandbox = await startTestSandbox();
  // The portal reads its environment once, at its first request: set it before any.
  Object.assign(process.env, PORTAL_ENV, options.env, { UPSTREAM_URL: sandbox.url });
  const buildPath = path.resolve(__dirname, "../../build/index.js");
  const build = (await import(/* @vite-ignore */ pathToFileURL(buildPath).href)) as ServerBuild & {
    entry: { module: { crossSiteReason?: (request: Request) => string | undefined } };
  };
  const remix = createRequestHandler(build, "production");
  const crossSiteReason = build.entry.module.crossSiteReason;
  // What scripts/serve.mjs puts in front of Remix: the cross-site refusal, and the client address.
  const handler: Handler = async (request) => {
    if (!["GET", "HEAD", "OPTIONS"].includes(request.method) && crossSiteReason?.(request)) {
      return new Response("Forbidden: this request did not come from this site.\n", { status: 403 });
    }
    return remix(request, { clientIp: "127.0.0.1" });
  };
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
    close: () => sandbox.close(),
  };
}

/** One browser: a cookie jar (path and domain ignored: one site), a user agent, same-origin requests. */
export class Client {
  readonly cookies = new Map<string, string>();
  private readonly host: string;
  private readonly userAgent: string;

  constructor(
    private readonly handler: Handler,
    options: { userAgent?: string; host?: string } = {},
  ) {
    this.host = options.host ?? new URL(ORIGIN).host;
    this.userAgent = options.userAgent ?? "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
  }

  /** One request, no redirect followed. Non-GET requests are same-origin unless `headers` say otherwise. */
  async fetch(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
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
      const next = new URL(response.headers.get("Location") ?? "", `http://${this.host}${url}`);
      if (next.host !== this.host) break; // another site: the page is the redirect itself
      redirectedFrom.push(url);
      url = next.pathname + next.search;
      await response.body?.cancel();
      response = await this.fetch(url, { headers });
    }
    return { status: response.status, headers: response.headers, url, redirectedFrom, html: await response.text() };
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
    .replace(/<\/?(?:address|article|aside|blockquote|br|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|section|summary|table|td|th|tr|ul)\b[^>]*>/gi, " ")
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
  });
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
