import { expect, signInWithCode, test, logOut } from "./support";

test.describe("session bootstrap (spec 000 section 4)", () => {
  test("a code in the address becomes a session and the address is cleaned", async ({ page, sandbox }) => {
    const code = await sandbox.ssoCode("13800000001");
    const response = await page.goto(`/home/index?from=app&code=${code}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).search).toBe("?from=app");
    expect(page.url()).not.toContain(code);
    await expect(page.getByTestId("user-name")).toHaveText("张同学");
    const calls = await sandbox.calls();
    expect(calls.some((c) => c.path === "/saas-business/sso/onlischool/sign/token")).toBe(true);
    // The session holds the token: a new page view is still signed in, without any code.
    await page.goto("/home/index");
    await expect(page.getByTestId("user-name")).toHaveText("张同学");
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "portal_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(cookies.find((c) => c.name === "clientId")).toBeDefined();
  });

  test("the anonymous client id cookie lives 730 days", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.get("/home/index");
    const setCookies = (await response.headersArray()).filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
    const clientId = setCookies.find((c) => c.startsWith("clientId="));
    expect(clientId).toContain(`Max-Age=${730 * 24 * 60 * 60}`);
    expect(clientId).toContain("HttpOnly");
    await request.dispose();
  });

  test("an invalid code leaves a visitor with a message and a clean address", async ({ page, baseURL }) => {
    await page.goto("/home/index?code=not-a-real-code");
    expect(page.url()).toBe(`${baseURL}/home/index`);
    await expect(page.getByRole("alert")).toContainText("登录链接无效或已过期");
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
  });

  test("a visitor browses the home page with the demo school's data, no redirect", async ({ page }) => {
    const response = await page.goto("/home/index");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("云朵");
    await expect(page.getByRole("navigation", { name: "主导航" }).getByRole("link").first()).toBeVisible();
    const timing = (await response?.allHeaders())?.["server-timing"] ?? "";
    expect(timing).toContain("upstream;desc=\"GET /external/api/v1/company/getBaseInfo\"");
  });
});

test.describe("error mapping (spec 000 section 8)", () => {
  test("401: the token is upgraded through /upgrade/token and the visitor returns to the page", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox);
    await sandbox.expireTokens("13800000001");
    await sandbox.clearCalls();
    await page.goto("/course/list?courseName=java");
    const paths = (await sandbox.calls()).map((c) => c.path);
    expect(paths).toContain("/external/api/v1/usersfront/getTokenBackLogin");
    await page.goto("/home/index");
    await expect(page.getByTestId("user-name")).toHaveText("张同学");
  });

  test("401 with no way to upgrade: the upgrade page offers login with the callback", async ({ page, sandbox, baseURL }) => {
    await signInWithCode(page, sandbox);
    await sandbox.expireTokens("13800000001");
    await sandbox.fault({ path: "getTokenBackLogin", code: "0", message: "expired" });
    await page.goto("/home/index?tab=1");
    expect(page.url()).toBe(`${baseURL}/upgrade/token?callback=${encodeURIComponent("/home/index?tab=1")}`);
    await expect(page.getByRole("heading", { name: "登录已过期" })).toBeVisible();
    await expect(page.getByRole("link", { name: "重新登录" })).toHaveAttribute(
      "href",
      `/join/login?backUrl=${encodeURIComponent("/home/index?tab=1")}`,
    );
    await page.getByRole("link", { name: "以游客身份继续浏览" }).click();
    await expect(page).toHaveURL(/\/home\/index\?tab=1$/);
    // with JavaScript the address changes a moment before the home page replaces the upgrade page
    await expect(page.getByRole("link", { name: "重新登录" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "登录", exact: true })).toBeVisible();
  });

  test("409: forced offline with the spec's message, in zh and en", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox);
    await sandbox.fault({ path: "getCurrentUser", status: 409, times: 1 });
    await page.goto("/home/index");
    await expect(page.getByRole("alert")).toHaveText("您的账号已在其他地方登录，已被强制下线");
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
    expect((await sandbox.calls()).map((c) => c.path)).toContain("/saas-business/v1/front/login/loginoutNew");

    await page.goto("/home/index?lng=en"); // the language choice persists in a cookie
    await signInWithCode(page, sandbox);
    await sandbox.fault({ path: "getCurrentUser", status: 409, times: 1 });
    await page.goto("/home/index");
    await expect(page.getByRole("alert")).toHaveText("Your account has logged in elsewhere and was forced offline.");
  });

  test("an upstream outage is a branded 502 page, never a stack trace", async ({ page, sandbox }) => {
    await sandbox.fault({ path: "getBaseInfo", status: 500 });
    const response = await page.goto("/home/index");
    expect(response?.status()).toBe(502);
    await expect(page.getByRole("heading", { name: "出错了" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("暂时无法连接学校服务器，请稍后再试。");
    await expect(page.getByRole("link", { name: "返回首页" })).toBeVisible();
    expect(await page.content()).not.toMatch(/at .*\(.*:\d+:\d+\)/);
  });

  test("a broken body is a 502 page", async ({ page, sandbox }) => {
    await sandbox.fault({ path: "querySysMenuHeadAndFoot", malformed: "truncated" });
    const response = await page.goto("/home/index");
    expect(response?.status()).toBe(502);
    await expect(page.getByRole("alert")).toHaveText("学校服务器返回了无法识别的数据，请稍后再试。");
  });

  test("an upstream that does not answer in time is a 504 page", async ({ page, sandbox }) => {
    await sandbox.fault({ path: "getBaseInfo", latencyMs: 3_000 });
    const response = await page.goto("/home/index");
    expect(response?.status()).toBe(504);
    await expect(page.getByRole("alert")).toHaveText("学校服务器响应超时，请稍后再试。");
  });

  test("550 shows the server's message", async ({ page, sandbox }) => {
    await sandbox.fault({ path: "getBaseInfo", status: 550, message: "该域名已被拦截" });
    const response = await page.goto("/home/index");
    expect(response?.status()).toBe(550);
    await expect(page.getByRole("alert")).toHaveText("访问被拦截：该域名已被拦截");
  });

  test("403 waf: the firewall's page is offered in its own sandboxed document", async ({ page, sandbox, context }) => {
    await sandbox.fault({ path: "getBaseInfo", status: 403, headers: { action: "waf" }, body: "<html><body><p>请完成滑块验证</p></body></html>", times: 1 });
    const response = await page.goto("/home/index");
    expect(response?.status()).toBe(403);
    const link = page.getByRole("link", { name: "打开安全验证页面" });
    const href = await link.getAttribute("href");
    const check = await context.request.get(href ?? "");
    expect(check.headers()["content-security-policy"]).toContain("sandbox");
    expect(await check.text()).toContain("请完成滑块验证");
  });
});

test.describe("security baseline", () => {
  test("a cross-site POST gets 403 and makes no upstream call", async ({ playwright, sandbox, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await sandbox.clearCalls();
    const attempts: Array<Record<string, string>> = [{ Origin: "http://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, {}];
    for (const headers of attempts) {
      const response = await request.post("/logout", { headers, form: { csrf: "forged" }, maxRedirects: 0 });
      expect(response.status()).toBe(403);
      const data = await request.post("/logout.data", { headers, form: { csrf: "forged" }, maxRedirects: 0 });
      expect(data.status()).toBe(403);
    }
    expect(await sandbox.calls()).toEqual([]);
    await request.dispose();
  });

  test("logging out is a CSRF-protected form post that works with or without JavaScript", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox);
    await sandbox.clearCalls();
    await logOut(page);
    await expect(page).toHaveURL(/\/home\/index$/);
    await expect(page.getByRole("alert")).toHaveText("您已退出登录");
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
    expect((await sandbox.calls()).map((c) => c.path)).toContain("/saas-business/v1/front/login/loginoutNew");
  });

  test("pages carry the security headers and a CSP nonce on every script", async ({ page }) => {
    const response = await page.goto("/home/index");
    const headers = (await response?.allHeaders()) ?? {};
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const inline = await page.locator("script:not([src])").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce || e.getAttribute("nonce")));
    for (const value of inline) expect(value).toBe(nonce);
  });

  test("health and readiness", async ({ request, sandbox }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    await sandbox.fault({ path: "domains", latencyMs: 3_000 });
    expect((await request.get("/readyz")).status()).toBe(503);
  });
});
