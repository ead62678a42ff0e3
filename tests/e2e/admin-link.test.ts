import { expect, signInWithCode, test, type Sandbox, ready } from "./support";

// Spec 000 section 2.2: the staff member's management-centre button, its link fetched on demand by a
// form post, as a person uses it (new tab, loading state, failures), with JavaScript. Without it (issue 22,
// decision 064) the form (post, target=_blank) and its walk to the centre are page tests
// (tests/unit/pages/fallbacks-nojs.test.ts); the post's answers (meta refresh page, JSON, refusals) and the failure and renewal pages
// the tab shows without JavaScript: tests/unit/pages/admin-link.test.ts (issue 22).

const STAFF = "13800000009";
const ADMIN_URL = /\/__sandbox\/admin\?company=1$/;
const ADMIN_CALL = "/saas-business/v1/front/admin/link";

async function adminCalls(sandbox: Sandbox) {
  return (await sandbox.calls()).filter((call) => call.path === ADMIN_CALL).length;
}

test.describe("management centre (spec 000 section 2.2)", () => {
  // One staff member, one sign-in, the button's five cases as steps (issue 22, decision 072: five tests that each
  // signed in and loaded the home page). Each step starts on the hydrated home page with no other tab open and
  // the sandbox's call log cleared.
  test("the management centre button: a form post to a new tab, the loading state, a lapsed token renewed, the failures", async ({
    page,
    sandbox,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signInWithCode(page, sandbox, STAFF);
    const start = async () => {
      await ready(page, testInfo);
      await expect.poll(() => context.pages().length).toBe(1);
      await sandbox.clearCalls();
    };

    // The browser opens the form's target=_blank post in a new tab, without an opener (the same form without
    // JavaScript: tests/unit/pages/fallbacks-nojs.test.ts).
    await test.step("staff: a form post to a new tab that lands on the management centre", async () => {
      await start();
      const button = page.getByRole("button", { name: "管理中心" });
      const form = page.locator("form", { has: button });
      await expect(form).toHaveAttribute("method", "post");
      await expect(form).toHaveAttribute("action", "/admin-link");
      await expect(form).toHaveAttribute("target", "_blank");
      await expect(form.locator('input[name="csrf"]')).toHaveCount(1);
      const [tab] = await Promise.all([context.waitForEvent("page"), button.click()]);
      await tab.waitForURL(ADMIN_URL);
      await expect(tab.getByRole("heading", { name: "管理中心" })).toBeVisible();
      // The admin cannot reach back into the portal's tab.
      expect(await tab.evaluate(() => window.opener)).toBeNull();
      await expect(page).toHaveURL(/\/home\/index$/);
      await expect(page.getByRole("button", { name: "管理中心" })).toBeEnabled();
      expect(await adminCalls(sandbox)).toBe(1);
      await tab.close();
    });

    // the loading state is drawn by the script: the js project only
    await test.step("with JavaScript the button shows the loading state until the link is there", async () => {
      await start();
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
      await tab.close();
    });

    await test.step("a lapsed token is renewed through the upgrade page first (spec 000 section 2.1)", async () => {
      await start();
      await sandbox.expireTokens(STAFF);
      const upgrade = context.waitForEvent("request", (request) => request.url().endsWith("/upgrade/token?callback=%2Fadmin-link"));
      // the tab opened at the click closes again when the post answers with the renewal
      await Promise.all([context.waitForEvent("page"), page.getByTestId("admin-button").click()]);
      await upgrade;
      // The renewal ends with a GET of /admin-link, which goes home: one more click opens the centre.
      await page.waitForURL(/\/home\/index$/);
      await expect(page.getByTestId("user-name")).toHaveText("赵老师");
      await expect.poll(() => context.pages().length).toBe(1);
      await expect(page.getByRole("alert").filter({ hasText: "获取管理中心地址失败" })).toHaveCount(0);
      expect((await sandbox.calls()).some((call) => call.path === "/external/api/v1/usersfront/getTokenBackLogin")).toBe(true);
    });

    for (const failure of [
      { name: "the upstream's refusal shows its message", fault: { code: "0", message: "管理权限已停用" }, text: "管理权限已停用" },
      { name: "a 5xx shows the generic message", fault: { status: 500 }, text: "获取管理中心地址失败" },
    ]) {
      await test.step(`failure: ${failure.name}`, async () => {
        await start();
        await expect(page.getByRole("alert").filter({ hasText: failure.text })).toHaveCount(0);
        await sandbox.fault({ path: "front/admin/link", ...failure.fault, times: 1 });
        const [tab] = await Promise.all([context.waitForEvent("page"), page.getByTestId("admin-button").click()]);
        // The tab opened at the click is closed again: none stays open on nothing.
        await expect(page.getByRole("alert").filter({ hasText: failure.text })).toBeVisible();
        await expect.poll(() => context.pages().length).toBe(1);
        expect(tab.isClosed()).toBe(true);
        await expect(page.getByTestId("admin-button")).toBeEnabled();
      });
    }
  });
});
