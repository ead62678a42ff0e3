import path from "node:path";
import url from "node:url";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepCookies } from "./portal";
import { startTestSandbox, type TestSandbox } from "./sandbox";

// Decision 041 (issue 11, server cost per page): the visitor page cache in front of the built handler, as
// scripts/serve.mjs applies it. A user never gets a visitor's page; language, domain and school give their
// own pages; a response that sets a cookie other than the two rebuilt per visitor is never kept.

process.env.CONFIG_TTL_S = "30";
process.env.CONTENT_TTL_S = "30";
// a hit says so in Server-Timing, the operators' header (issue 36 §4: off for the public by default)
process.env.SERVER_TIMING = "1";
const root = path.resolve(__dirname, "../..");
let sandbox: TestSandbox;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  process.env.UPSTREAM_URL = sandbox.url;
  const build = (await import(/* @vite-ignore */ url.pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
  const { createRequestHandler } = await import("@remix-run/node");
  const { withVisitorPageCache, getLoadContext } = build.entry.module as unknown as {
    withVisitorPageCache: (h: (r: Request, c?: AppLoadContext) => Promise<Response>) => (r: Request, c?: AppLoadContext) => Promise<Response>;
    getLoadContext: (r: Request, init?: { clientIp?: string }) => AppLoadContext;
  };
  const remix = createRequestHandler(build, "production");
  const cached = withVisitorPageCache((request, context) => remix(request, context));
  handle = (request) => cached(request, getLoadContext(request));
}, 180_000);
afterAll(() => sandbox?.close());

type Jar = Map<string, string>;
async function get(pathname: string, { jar, host = "localhost:3000", headers = {} }: { jar?: Jar; host?: string; headers?: Record<string, string> } = {}) {
  const h = new Headers(headers);
  if (jar?.size) h.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
  const res = await handle(new Request(`http://${host}${pathname}`, { headers: h, redirect: "manual" }));
  if (jar) keepCookies(jar, res);
  const html = await res.text();
  // the body is kept once it has been read whole: give the copy a turn
  await new Promise((r) => setTimeout(r, 20));
  return { res, html, hit: (res.headers.get("Server-Timing") ?? "").includes("pagecache") };
}
const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
const tokenOf = (html: string) => /"csrfToken\\",\\"([^"\\]+)\\"/.exec(html)?.[1];
const cookieNames = (res: Response) => res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf("=")));

describe("visitor page cache (decision 041)", () => {
  it("a page whose render made an upstream call of its own is not kept: the question bank shows a visitor's own unfinished exercises (by clientId)", async () => {
    for (let i = 0; i < 3; i++) expect((await get("/lib/subject")).hit, `view ${i}`).toBe(false);
    // a cold cache's first render is not kept either; the next one, on warm caches, is
    expect((await get("/news?first=1")).hit).toBe(false);
    await get("/news?first=1");
    expect((await get("/news?first=1")).hit).toBe(true);
  });

  it("a cookieless visitor gets the kept page with a fresh nonce, a new CSRF token and the cookies a render sets", async () => {
    await get("/home/index"); // warms the config and content caches
    const first = await get("/home/index?pc=1");
    expect(first.hit).toBe(false);
    const second = await get("/home/index?pc=1");
    expect(second.hit).toBe(true);
    expect(second.res.status).toBe(200);
    expect(second.res.headers.get("Cache-Control")).toBe("private, max-age=0, must-revalidate");
    const nonce = nonceOf(second.html)!;
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(first.html));
    expect(second.res.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);
    expect(second.html).not.toContain(nonceOf(first.html)!);
    expect(tokenOf(second.html)).toBeTruthy();
    expect(tokenOf(second.html)).not.toBe(tokenOf(first.html));
    expect(cookieNames(second.res).sort()).toEqual(["clientId", "csrf"]);
    // the same page otherwise
    const strip = (html: string) => html.split(nonceOf(html)!).join("N").split(tokenOf(html)!).join("T");
    expect(strip(second.html)).toBe(strip(first.html));
  });

  it("gzips a kept page for a client that takes gzip without compressing it again: a valid gzip stream (CRC, size) of the same page", async () => {
    const zlib = await import("node:zlib");
    await get("/home/index?pc=4");
    const gz = await handle(new Request("http://localhost:3000/home/index?pc=4", { headers: { "Accept-Encoding": "gzip, deflate, br" } }));
    expect(gz.headers.get("Server-Timing")).toContain("pagecache");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gz.headers.get("Vary")).toMatch(/Accept-Encoding/i);
    const bytes = Buffer.from(await gz.arrayBuffer());
    expect(bytes.length).toBeLessThan(40_000);
    const html = zlib.gunzipSync(bytes).toString("utf8"); // throws on a bad CRC or size
    expect(gz.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonceOf(html)}'`);
    const plain = await get("/home/index?pc=4", { headers: { "Accept-Encoding": "gzip;q=0, identity" } });
    expect(plain.hit).toBe(true);
    expect(plain.res.headers.get("Content-Encoding")).toBeNull();
    const strip = (page: string) => page.split(nonceOf(page)!).join("N").split(tokenOf(page)!).join("T");
    expect(strip(html)).toBe(strip(plain.html));
  });

  it("the token in a kept page is the one its new cookie carries: a form posted with both passes the CSRF check", async () => {
    await get("/home/index?pc=2");
    const jar: Jar = new Map();
    const page = await get("/home/index?pc=2", { jar });
    expect(page.hit).toBe(true);
    const { csrf } = await import("~/lib/security/csrf.server");
    const form = new FormData();
    form.set("csrf", tokenOf(page.html)!);
    await expect(csrf(false).validate(form, new Headers({ Cookie: `csrf=${jar.get("csrf")}` }))).resolves.toBeUndefined();
  });

  it("a returning visitor keeps their own CSRF token and gets no new cookie", async () => {
    const jar: Jar = new Map();
    const first = await get("/home/index?pc=3", { jar });
    const token = tokenOf(first.html);
    const again = await get("/home/index?pc=3", { jar });
    expect(again.hit).toBe(true);
    expect(tokenOf(again.html)).toBe(token);
    expect(again.res.headers.getSetCookie()).toEqual([]);
  });

  it("a logged-in user never gets a visitor's kept page", async () => {
    await get("/home/index");
    expect((await get("/home/index")).hit).toBe(true);
    const jar: Jar = new Map();
    const { token } = await sandbox.control<{ token: string }>("POST", "/tokens", { account: "student01" });
    expect((await get(`/home/index?token=${token}`, { jar })).res.status).toBe(302);
    expect(jar.has("portal_session")).toBe(true);
    for (let i = 0; i < 2; i++) {
      const user = await get("/home/index", { jar });
      expect(user.hit).toBe(false);
      expect(user.res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(user.html).toContain("退出登录");
      expect(user.html).toMatch(/"userId\\",1001/);
    }
    // any session cookie (a visitor who chose a school, a flash notice) is rendered, never answered from the cache
    expect((await get("/home/index", { headers: { Cookie: "portal_session=anything" } })).hit).toBe(false);
  });

  it("another language, domain or address has its own page", async () => {
    const zh = await get("/course/list");
    await get("/course/list");
    const english: Jar = new Map();
    await get("/home/index?lng=en", { jar: english }); // the language switch sets the lng cookie
    expect(english.has("lng")).toBe(true);
    const en1 = await get("/course/list", { jar: english });
    expect(en1.hit).toBe(false);
    const en = await get("/course/list", { jar: english });
    expect(en.hit).toBe(true);
    expect(en.html).toContain('lang="en"');
    const zhAgain = await get("/course/list");
    expect(zhAgain.hit).toBe(true);
    expect(zhAgain.html).toContain('lang="zh"');
    expect(zh.html).toContain('lang="zh"');
    const other = await get("/course/list", { host: "127.0.0.1:3000" });
    expect(other.hit).toBe(false);
    expect((await get("/course/list?page=2")).hit).toBe(false);
  });

  it("a first visit's page (the CSS in it) and a returning browser's (the stylesheet linked) are kept apart (decision 089)", async () => {
    await get("/course/list?css=1");
    const first = await get("/course/list?css=1");
    expect(first.hit).toBe(true);
    expect(first.html).toContain('<style id="page-css">');
    const name = /portal_css=(tailwind-[\w-]+\.css)/.exec(first.html)?.[1];
    expect(name).toBeDefined();
    const returning = { headers: { Cookie: `portal_css=${name}` } };
    const linked = await get("/course/list?css=1", returning);
    expect(linked.hit).toBe(false);
    expect(linked.html).not.toContain('<style id="page-css">');
    expect(linked.html).toContain(`<link rel="stylesheet" href="/build/_assets/${name}"/>`);
    expect((await get("/course/list?css=1", returning)).hit).toBe(true);
    expect((await get("/course/list?css=1")).html).toContain('<style id="page-css">');
  });

  it("never keeps a response that sets another cookie (?lng=), a non-section page, or a render that met a failed call", async () => {
    for (let i = 0; i < 2; i++) {
      const switched = await get("/home/index?lng=en");
      expect(switched.hit).toBe(false);
      expect(cookieNames(switched.res)).toContain("lng");
    }
    await get("/join/login");
    expect((await get("/join/login")).hit).toBe(false);
    // company 2's first page view: the side bar's call fails (an optional part left out): not kept
    await sandbox.control("POST", "/faults", { path: "companyMarketSet/findMarket", status: 500 });
    const first = await get("/home/index", { host: "single.localhost:3000" });
    expect(first.res.status).toBe(200);
    expect((await get("/home/index", { host: "single.localhost:3000" })).hit).toBe(false);
  });
});

describe("every cookie of the portal is classified", () => {
  it("each cookie the app creates is private (never cached with it), rebuilt per visitor, or the language (in the key)", async () => {
    const fs = await import("node:fs");
    const { PRIVATE_COOKIES, REBUILT_COOKIES } = await import("~/lib/http/page-cache.server");
    const files = (fs.readdirSync(path.join(root, "app"), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f));
    const names = new Set<string>();
    for (const f of files) {
      const text = fs.readFileSync(path.join(root, "app", f), "utf8");
      for (const m of text.matchAll(/"__Host-([\w-]+)"|createCookie\(\s*"([\w-]+)"/g)) names.add(m[1] ?? m[2]!);
    }
    expect(names.size).toBeGreaterThanOrEqual(7);
    for (const name of names) expect([...PRIVATE_COOKIES, ...REBUILT_COOKIES, "lng"], name).toContain(name);
  });
});
