import type { Page, TestInfo } from "@playwright/test";
import { expect, signInWithCode, test, type Sandbox } from "./support";

// Spec 000 section 2.2: the staff member's management-centre button, its link fetched on demand by a
// form post (app/routes/admin-link.tsx).

const STAFF = "13800000009";
const ADMIN_URL = /\/__sandbox\/admin\?company=1$/;
const ADMIN_CALL = "/saas-business/v1/front/admin/link";

async function ready(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "js") await page.waitForFunction(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter);
  else expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
}

async function adminCalls(sandbox: Sandbox) {
  return (await sandbox.calls()).filter((call) => call.path === ADMIN_CALL).length;
}

async function csrfOf(page: Page) {
  return page.locator('input[name="csrf"]').first().inputValue();
}

test.describe("management centre (spec 000 section 2.2)", () => {
  test("staff: a form post to a new tab that lands on the management centre", async ({ page, sandbox, context }, testInfo) => {
    await signInWithCode(page, sandbox, STAFF);
    await ready(page, testInfo);
    const button = page.getByRole("button", { name: "管理中心" });
    const form = page.locator("form", { has: button });
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/admin-link");
    await expect(form).toHaveAttribute("target", "_blank");
    await expect(form.locator('input[name="csrf"]')).toHaveCount(1);
    await sandbox.clearCalls();
    const [tab] = await Promise.all([context.waitForEvent("page"), button.click()]);
    await tab.waitForURL(ADMIN_URL);
    await expect(tab.getByRole("heading", { name: "管理中心" })).toBeVisible();
    // The admin cannot reach back into the portal's tab.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL(/\/home\/index$/);
    await expect(page.getByRole("button", { name: "管理中心" })).toBeEnabled();
    expect(await adminCalls(sandbox)).toBe(1);
  });

  test("the button's name is translated", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, STAFF);
    await page.goto("/home/index?lng=en");
    await expect(page.getByRole("button", { name: "Management centre" })).toBeVisible();
  });

  test("without JavaScript the post answers a page that moves on by meta refresh, with a link as fallback", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, STAFF);
    const csrf = await csrfOf(page);
    const res = await page.request.post("/admin-link", { form: { csrf }, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers["content-type"]).toContain("text/html");
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["content-security-policy"]).toContain("default-src 'none'");
    const html = await res.text();
    const url = html.match(/<meta http-equiv="refresh" content="0;url=([^"]+)"/)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/admin\?company=1$/);
    expect(html).toContain(`<a href="${url}" rel="noreferrer" data-testid="admin-open">打开管理中心</a>`);
    expect(html).not.toContain("<script");
    // English visitors get the English fallback link.
    await page.goto("/home/index?lng=en");
    const en = await page.request.post("/admin-link", { form: { csrf: await csrfOf(page) }, maxRedirects: 0 });
    expect(await en.text()).toContain(">Open the management centre</a>");
  });

  test("with JavaScript the button shows the loading state until the link is there", async ({ page, sandbox, context }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "the loading state is drawn by the script; the no-JS post is the first test");
    await signInWithCode(page, sandbox, STAFF);
    await ready(page, testInfo);
    await sandbox.fault({ path: "front/admin/link", latencyMs: 1_200, times: 1 });
    const button = page.getByTestId("admin-button");
    const [tab] = await Promise.all([context.waitForEvent("page"), button.click()]);
    await expect(button).toHaveText("加载中…");
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(button).toBeDisabled();
    await tab.waitForURL(ADMIN_URL);
    await expect(button).toHaveText("管理中心");
    await expect(button).toHaveAttribute("aria-busy", "false");
    await expect(button).toBeEnabled();
    expect(await adminCalls(sandbox)).toBe(1);
  });

  for (const failure of [
    { name: "the upstream's refusal shows its message", fault: { code: "0", message: "管理权限已停用" }, text: "管理权限已停用" },
    { name: "a 5xx shows the generic message", fault: { status: 500 }, text: "获取管理中心地址失败" },
  ]) {
    test(`failure: ${failure.name}`, async ({ page, sandbox, context }, testInfo) => {
      await signInWithCode(page, sandbox, STAFF);
      await ready(page, testInfo);
      await sandbox.fault({ path: "front/admin/link", ...failure.fault, times: 1 });
      const [tab] = await Promise.all([context.waitForEvent("page"), page.getByTestId("admin-button").click()]);
      if (testInfo.project.name === "js") {
        // The tab opened at the click is closed again: none stays open on nothing.
        await expect(page.getByRole("alert").filter({ hasText: failure.text })).toBeVisible();
        await expect.poll(() => context.pages().length).toBe(1);
        expect(tab.isClosed()).toBe(true);
        await expect(page.getByTestId("admin-button")).toBeEnabled();
      } else {
        // Without JavaScript the new tab is the small failure page, with a way back.
        await expect(tab.getByRole("alert")).toHaveText(failure.text);
        await expect(tab.getByRole("link", { name: "首页" })).toHaveAttribute("href", "/home/index");
      }
    });
  }

  test("a lapsed token is renewed through the upgrade page first (spec 000 section 2.1)", async ({ page, sandbox, context }, testInfo) => {
    await signInWithCode(page, sandbox, STAFF);
    await ready(page, testInfo);
    await sandbox.expireTokens(STAFF);
    const upgrade = context.waitForEvent("request", (request) => request.url().endsWith("/upgrade/token?callback=%2Fadmin-link"));
    const [tab] = await Promise.all([context.waitForEvent("page"), page.getByTestId("admin-button").click()]);
    await upgrade;
    // The renewal ends with a GET of /admin-link, which goes home: one more click opens the centre.
    const renewed = testInfo.project.name === "js" ? page : tab;
    await renewed.waitForURL(/\/home\/index$/);
    await expect(renewed.getByTestId("user-name")).toHaveText("赵老师");
    if (testInfo.project.name === "js") {
      await expect.poll(() => context.pages().length).toBe(1);
      await expect(page.getByRole("alert").filter({ hasText: "获取管理中心地址失败" })).toHaveCount(0);
    }
    expect((await sandbox.calls()).some((call) => call.path === "/external/api/v1/usersfront/getTokenBackLogin")).toBe(true);
  });

  test("a JSON failure keeps the upstream's status and message", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, STAFF);
    await sandbox.fault({ path: "front/admin/link", code: "0", message: "管理权限已停用", times: 1 });
    const res = await page.request.post("/admin-link", { form: { csrf: await csrfOf(page) }, headers: { Accept: "application/json" } });
    expect(res.status()).toBe(502);
    expect(await res.json()).toEqual({ message: "管理权限已停用" });
    const ok = await page.request.post("/admin-link", { form: { csrf: await csrfOf(page) }, headers: { Accept: "application/json" } });
    expect(await ok.json()).toEqual({ url: expect.stringMatching(ADMIN_URL) });
    expect(ok.headers()["cache-control"]).toBe("no-store");
  });

  test("a cross-site post or one without the CSRF token is refused before any upstream call", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, STAFF);
    const csrf = await csrfOf(page);
    await sandbox.clearCalls();
    const foreign = await page.request.post("/admin-link", { form: { csrf }, headers: { Origin: "http://evil.example" }, maxRedirects: 0 });
    expect(foreign.status()).toBe(403);
    const crossSite = await page.request.post("/admin-link", { form: { csrf }, headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
    expect(crossSite.status()).toBe(403);
    const noToken = await page.request.post("/admin-link", { form: { other: "1" }, maxRedirects: 0 });
    expect(noToken.status()).toBe(403);
    expect(await adminCalls(sandbox)).toBe(0);
  });

  test("a visitor's post is refused without an upstream call; a GET fetches nothing", async ({ page, sandbox }) => {
    await page.goto("/join/login");
    const csrf = await csrfOf(page);
    await sandbox.clearCalls();
    const json = await page.request.post("/admin-link", { form: { csrf }, headers: { Accept: "application/json" }, maxRedirects: 0 });
    expect(json.status()).toBe(401);
    const plain = await page.request.post("/admin-link", { form: { csrf }, maxRedirects: 0 });
    expect(plain.status()).toBe(303);
    expect(plain.headers()["location"]).toBe("/home/index");
    expect(await adminCalls(sandbox)).toBe(0);

    await signInWithCode(page, sandbox, STAFF);
    await sandbox.clearCalls();
    const get = await page.request.get("/admin-link", { maxRedirects: 0 });
    expect(get.status()).toBe(302);
    expect(get.headers()["location"]).toBe("/home/index");
    expect(await adminCalls(sandbox)).toBe(0);
  });
});
