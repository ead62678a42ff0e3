import { expect, signInWithCode, test, logOut } from "./support";

/*
 * The security journey a browser makes with JavaScript: logging out from the user dropdown (a
 * CSRF-protected form). Without JavaScript the same form's post, a forged token refused, session
 * bootstrap, error mapping, security headers and health checks: tests/unit/pages/foundation.test.ts; the
 * production server refusing cross-site posts before the app: tests/unit/serve.test.ts (issue 22).
 */

test.describe("security baseline", () => {
  test("logging out is a CSRF-protected form post from the user dropdown", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox);
    await sandbox.clearCalls();
    await logOut(page);
    await expect(page).toHaveURL(/\/home\/index$/);
    await expect(page.getByRole("alert")).toHaveText("您已退出登录");
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
    expect((await sandbox.calls()).map((c) => c.path)).toContain("/saas-business/v1/front/login/loginoutNew");
  });
});
