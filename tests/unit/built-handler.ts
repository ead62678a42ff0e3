// Test helper shared by the personal-centre page tests: the built server's own request handler against the
// in-process sandbox (build/ is made for production by tests/unit/build.global.ts), and a cookie jar that
// behaves as a browser's. For new page tests prefer tests/unit/portal.ts, which does this and more.
import path from "node:path";
import url from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startTestSandbox, type TestSandbox } from "./sandbox";

export const ORIGIN = "http://localhost:3000";
const root = path.resolve(__dirname, "../..");

/** Starts the sandbox and the built handler for the file's tests; the sandbox is reset before each test. */
export function useBuiltHandler() {
  const ctx = {} as { sandbox: TestSandbox; build: ServerBuild; handle: (request: Request) => Promise<Response> };
  const savedEnv = { ...process.env };
  process.env.CONFIG_TTL_S = "30";
  process.env.CONTENT_TTL_S = "0";
  beforeAll(async () => {
    ctx.sandbox = await startTestSandbox();
    process.env.UPSTREAM_URL = ctx.sandbox.url;
    const build = (ctx.build = (await import(/* @vite-ignore */ url.pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild);
    const { createRequestHandler } = await import("@remix-run/node");
    const handler = createRequestHandler(build, "production");
    ctx.handle = (request) => handler(request, {});
  }, 180_000);
  afterAll(async () => {
    await ctx.sandbox?.close();
    process.env = savedEnv;
  });
  beforeEach(() => ctx.sandbox.control("POST", "/reset"));
  return ctx;
}

/** Keeps a response's cookies as a browser does: an expired or emptied cookie is removed, not kept as `name=`. */
export function keepCookies(jar: Map<string, string>, res: Response): void {
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const i = pair!.indexOf("=");
    const [name, value] = [pair!.slice(0, i), pair!.slice(i + 1)];
    if (!value || /;\s*max-age=0\b/i.test(cookie) || /;\s*expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name);
    else jar.set(name, value);
  }
}

type Handler = { sandbox: TestSandbox; handle: (request: Request) => Promise<Response> };

/**
 * A browser against the built handler: its cookie jar, `page` (GET, expects 200, keeps the page's CSRF
 * token, returns the HTML; `stripTextSeparators` drops React's `<!-- -->` between text parts), `post` (a
 * form post with that token, or the one given), `logIn` (as a sign-in link does). One helper for the page
 * tests that used to carry a copy each.
 */
export function builtBrowser(ctx: Handler, options: { stripTextSeparators?: boolean } = {}) {
  const jar = new Map<string, string>();
  let csrf = "";
  const get = async (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await ctx.handle(new Request(ORIGIN + pathname, { ...init, headers, redirect: "manual" }));
    keepCookies(jar, res);
    return res;
  };
  return {
    jar,
    get,
    /** GET the page (keeps its CSRF token) and return its HTML. */
    async page(pathname: string) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(200);
      const text = await res.text();
      const html = options.stripTextSeparators ? text.replace(/<!-- -->/g, "") : text;
      csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? csrf;
      return html;
    },
    post(pathname: string, fields: Record<string, string> | Array<[string, string]>, token = csrf) {
      const body = new URLSearchParams([["csrf", token], ...(Array.isArray(fields) ? fields : Object.entries(fields))]);
      return get(pathname, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: "localhost:3000" } });
    },
    /** Logs in as a sign-in link does (new session with token and back-login code, CSRF cookie renewed). */
    async logIn(account: string) {
      const { code } = await ctx.sandbox.control<{ code: string }>("POST", "/sso/code", { account });
      expect((await get(`/home/index?code=${code}`)).status).toBe(302);
    },
  };
}
