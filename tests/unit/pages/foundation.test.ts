import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, h1, hrefOf, setCookie, startTestPortal, UPSTREAM_TIMEOUT_FOR_FAULTS, text, type TestPortal } from "../portal";

/**
 * Session bootstrap, error mapping and the security baseline (spec 000 sections 4 and 8) as the server
 * answers them (moved down from tests/e2e/foundation.test.ts; the log-out with JavaScript stays there, the
 * production server's cross-site refusal is tests/unit/serve.test.ts).
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal({ env: UPSTREAM_TIMEOUT_FOR_FAULTS });
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

const alert = (html: string) => text(element(html, '[role="alert"]') ?? "");
const userName = (html: string) => text(byTestId(html, "user-name") ?? "");

describe("session bootstrap (spec 000 section 4)", () => {
  it("a code in the address becomes a session and the address is cleaned", async () => {
    const browser = portal.client();
    const code = await portal.ssoCode("13800000001");
    const first = await browser.fetch(`/home/index?from=app&code=${code}`);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/home/index?from=app");
    const session = setCookie(first, "portal_session");
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(setCookie(first, "clientId")).toBeDefined();
    const page = await browser.get(first.headers.get("Location") ?? "");
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(code);
    expect(userName(page.html)).toBe("张同学");
    expect((await portal.calls()).some((c) => c.path === "/saas-business/sso/onlischool/sign/token")).toBe(true);
    // The session holds the token: a new page view is still signed in, without any code.
    expect(userName((await browser.get("/home/index")).html)).toBe("张同学");
  });

  it("the anonymous client id cookie lives 730 days", async () => {
    const response = await portal.client().fetch("/home/index");
    const clientId = setCookie(response, "clientId");
    expect(clientId).toContain(`Max-Age=${730 * 24 * 60 * 60}`);
    expect(clientId).toContain("HttpOnly");
  });

  it("an invalid code leaves a visitor with a message and a clean address", async () => {
    const page = await portal.client().get("/home/index?code=not-a-real-code");
    expect(page.url).toBe("/home/index");
    expect(alert(page.html)).toContain("登录链接无效或已过期");
    expect(hrefOf(page.html, "登录")).toMatch(/^\/join\/login/);
    expect(byTestId(page.html, "user-name")).toBeUndefined();
  });

  it("a visitor browses the home page with the demo school's data, no redirect", async () => {
    const page = await portal.client().get("/home/index");
    expect(page.status).toBe(200);
    expect(page.redirectedFrom).toEqual([]);
    expect(h1(page.html)).toContain("云朵");
    expect(elements(element(page.html, '[aria-label="主导航"]') ?? "", "a").length).toBeGreaterThan(0);
    expect(page.headers.get("Server-Timing")).toContain('upstream;desc="GET /external/api/v1/company/getBaseInfo"');
  });
});

describe("error mapping (spec 000 section 8)", () => {
  it("401: the token is upgraded through /upgrade/token and the visitor returns to the page", async () => {
    const browser = portal.client();
    await browser.signIn(portal);
    await portal.sandbox.control("POST", "/tokens/expire", { account: "13800000001" });
    await portal.clearCalls();
    const page = await browser.get("/course/list?courseName=java");
    expect((await portal.calls()).map((c) => c.path)).toContain("/external/api/v1/usersfront/getTokenBackLogin");
    expect(page.redirectedFrom.some((u) => u.startsWith("/upgrade/token"))).toBe(true);
    expect(page.url).toBe("/course/list?courseName=java");
    expect(userName((await browser.get("/home/index")).html)).toBe("张同学");
  });

  it("401 with no way to upgrade: the upgrade page offers login with the callback, or browsing on as a visitor", async () => {
    const browser = portal.client();
    await browser.signIn(portal);
    await portal.sandbox.control("POST", "/tokens/expire", { account: "13800000001" });
    await portal.fault({ path: "getTokenBackLogin", code: "0", message: "expired" });
    const page = await browser.get("/home/index?tab=1");
    expect(page.url).toBe(`/upgrade/token?callback=${encodeURIComponent("/home/index?tab=1")}`);
    expect(h1(page.html)).toBe("登录已过期");
    expect(hrefOf(page.html, "重新登录")).toBe(`/join/login?backUrl=${encodeURIComponent("/home/index?tab=1")}`);
    const visitor = await browser.get(hrefOf(page.html, "以游客身份继续浏览") ?? "missing");
    expect(visitor.url).toBe("/home/index?tab=1");
    expect(hrefOf(visitor.html, "重新登录")).toBeUndefined();
    expect(hrefOf(visitor.html, "登录")).toMatch(/^\/join\/login/);
    expect(byTestId(visitor.html, "user-name")).toBeUndefined();
  });

  it("409: forced offline with the spec's message, in zh and en", async () => {
    const browser = portal.client();
    await browser.signIn(portal);
    await portal.fault({ path: "getCurrentUser", status: 409, times: 1 });
    const page = await browser.get("/home/index");
    expect(alert(page.html)).toBe("您的账号已在其他地方登录，已被强制下线");
    expect(hrefOf(page.html, "登录")).toMatch(/^\/join\/login/);
    expect((await portal.calls()).map((c) => c.path)).toContain("/saas-business/v1/front/login/loginoutNew");

    await browser.get("/home/index?lng=en"); // the language choice persists in a cookie
    await browser.signIn(portal);
    await portal.fault({ path: "getCurrentUser", status: 409, times: 1 });
    expect(alert((await browser.get("/home/index")).html)).toBe("Your account has logged in elsewhere and was forced offline.");
  });

  it("an upstream outage is a branded 502 page, never a stack trace", async () => {
    await portal.fault({ path: "getBaseInfo", status: 500 });
    const page = await portal.client().get("/home/index");
    expect(page.status).toBe(502);
    expect(elements(page.html, "h1").map(text)).toContain("出错了");
    expect(alert(page.html)).toBe("暂时无法连接学校服务器，请稍后再试。");
    expect(hrefOf(page.html, "返回首页")).toBeDefined();
    expect(page.html).not.toMatch(/at .*\(.*:\d+:\d+\)/);
  });

  it("the upstream's permission refusal (code 120050001) is a 403 page, and a 403 to the page's .data (issue 36 §4)", async () => {
    // a refusal is not an upstream failure: 403 as every other refusal, never the 502 of an outage
    await portal.fault({ path: "getBaseInfo", code: "120050001", message: "没有权限", times: 1 });
    const page = await portal.client().get("/home/index");
    expect(page.status).toBe(403);
    expect(alert(page.html)).toBe("请求未能完成：没有权限");
    await portal.fault({ path: "getBaseInfo", code: "120050001", message: "没有权限", times: 1 });
    expect((await portal.client().fetch("/home/index.data")).status).toBe(403);
    // any other business refusal the page did not expect stays the 502 it was
    await portal.fault({ path: "getBaseInfo", code: "0", message: "系统繁忙", times: 1 });
    expect((await portal.client().get("/home/index")).status).toBe(502);
  });

  it("a broken body is a 502 page", async () => {
    await portal.fault({ path: "querySysMenuHeadAndFoot", malformed: "truncated" });
    const page = await portal.client().get("/home/index");
    expect(page.status).toBe(502);
    expect(alert(page.html)).toBe("学校服务器返回了无法识别的数据，请稍后再试。");
  });

  it("an upstream that does not answer in time is a 504 page", async () => {
    await portal.fault({ path: "getBaseInfo", latencyMs: 6_000 });
    const page = await portal.client().get("/home/index");
    expect(page.status).toBe(504);
    expect(alert(page.html)).toBe("学校服务器响应超时，请稍后再试。");
  });

  it("550 stores the interception data and opens /errorPage, which shows it (spec 000 section 8)", async () => {
    await portal.fault({ path: "getBaseInfo", status: 550, message: "该域名已被拦截", times: 1 });
    const page = await portal.client().get("/home/index?x=1");
    expect(page.redirectedFrom).toEqual(["/home/index?x=1"]);
    expect(page.url).toMatch(/^\/errorPage\?blocked=[0-9a-f-]{36}$/);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(alert(page.html)).toBe("访问被拦截：该域名已被拦截");
    expect(attr(byTestId(page.html, "blocked-retry"), "href")).toBe("/home/index?x=1");
    // an unknown or expired id is the plain error page
    expect(alert((await portal.client().get("/errorPage?blocked=00000000-0000-0000-0000-000000000000")).html)).toBe("抱歉，页面加载出现问题，请稍后重试。");
  });

  it("550 on the error page itself is shown in place (no redirect loop)", async () => {
    await portal.fault({ path: "getBaseInfo", status: 550, message: "该域名已被拦截" });
    const page = await portal.client().get("/home/index");
    expect(page.url).toMatch(/^\/errorPage\?blocked=/);
    expect(page.status).toBe(550);
    expect(alert(page.html)).toBe("访问被拦截：该域名已被拦截");
  });

  it("403 waf: the firewall's page is offered in its own sandboxed document", async () => {
    await portal.fault({ path: "getBaseInfo", status: 403, headers: { action: "waf" }, body: "<html><body><p>请完成滑块验证</p></body></html>", times: 1 });
    const browser = portal.client();
    const page = await browser.get("/home/index");
    expect(page.status).toBe(403);
    const check = await browser.fetch(hrefOf(page.html, "打开安全验证页面") ?? "missing");
    expect(check.status).toBe(200);
    expect(check.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await check.text()).toContain("请完成滑块验证");
  });
});

describe("security baseline", () => {
  it("pages carry the security headers and a CSP nonce on every script", async () => {
    const page = await portal.client().get("/home/index");
    const csp = page.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const inline = elements(page.html, "script").filter((s) => attr(s, "src") === undefined);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(attr(script, "nonce")).toBe(nonce);
  });

  it("logging out without JavaScript is a CSRF-protected form post (the user menu's form)", async () => {
    const browser = portal.client();
    await browser.signIn(portal);
    const page = await browser.get("/home/index");
    await portal.clearCalls();
    const form = elements(byTestId(page.html, "user-menu") ?? "", "form").find((f) => attr(f, "action") === "/logout");
    expect(attr(form, "method")).toBe("post");
    const csrf = attr(
      elements(form ?? "", "input").find((i) => attr(i, "name") === "csrf"),
      "value",
    );
    expect(csrf).toBeTruthy();
    // a forged token (a post without a cross-site header: the production server lets it reach the app) is
    // refused, to the page and to its .data, before any upstream call; the user stays signed in
    for (const path of ["/logout", "/logout.data"]) expect((await browser.post(path, { csrf: "forged" })).status, path).toBe(403);
    expect(await portal.calls()).toEqual([]);
    expect(userName((await browser.get("/home/index")).html)).toBe("张同学");
    await portal.clearCalls();
    const out = await browser.submit("/logout", { csrf: csrf! });
    expect(out.url).toBe("/home/index");
    expect(alert(out.html)).toBe("您已退出登录");
    expect(hrefOf(out.html, "登录")).toMatch(/^\/join\/login/);
    expect(byTestId(out.html, "user-name")).toBeUndefined();
    expect((await portal.calls()).map((c) => c.path)).toContain("/saas-business/v1/front/login/loginoutNew");
  });

  it("health and readiness", async () => {
    const browser = portal.client();
    expect((await browser.fetch("/healthz")).status).toBe(200);
    expect((await browser.fetch("/readyz")).status).toBe(200);
    await portal.fault({ path: "domains", latencyMs: 6_000 });
    expect((await browser.fetch("/readyz")).status).toBe(503);
  });
});

describe("the offline page (spec 000 section 4)", () => {
  it("clears the session of our own navigation, not of a link from elsewhere", async () => {
    const browser = portal.client();
    await browser.signIn(portal);
    const crossSite = await browser.fetch("/redirect/online?u=localhost", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(200);
    expect(await crossSite.text()).toContain("您已下线");
    expect(userName((await browser.get("/home/index")).html)).toBe("张同学");
    // typed in the address bar (Sec-Fetch-Site: none): the session ends
    const own = await browser.get("/redirect/online?u=localhost&lng=en", { headers: { "Sec-Fetch-Site": "none" } });
    expect(h1(own.html)).toBe("You are offline");
    expect(alert(own.html)).toContain("Your account has logged in elsewhere and was forced offline.");
    expect(byTestId(own.html, "user-name")).toBeUndefined();
    expect(byTestId((await browser.get("/home/index")).html, "user-name")).toBeUndefined();
  });
});

describe("presence without JavaScript (spec 000 section 4; the no-JS run of tests/e2e/realtime.test.ts)", () => {
  it("a logged-in page works and opens no socket: the presence socket is the page script's, never the server's", async () => {
    const browser = portal.client();
    const page = await browser.signIn(portal);
    expect(page.status).toBe(200);
    expect(userName(page.html)).toBe("张同学");
    const status = await portal.sandbox.control<{ presence: { connected: number[] } }>("GET", "/realtime");
    expect(status.presence.connected).toEqual([]);
  });
});
