import { expect, signInWithCode, test, logOut } from "./support";

/*
 * The security journeys a browser makes: logging out (a CSRF-protected form, with and without
 * JavaScript) and the production server refusing cross-site posts (scripts/serve.mjs). Session bootstrap,
 * error mapping, security headers and health checks: tests/unit/pages/foundation.test.ts.
 */

test.describe("security baseline", () => {
  // the production server's own check (scripts/serve.mjs) before Remix: a request, no JavaScript involved
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

  test("logging out is a CSRF-protected form post that works with or without JavaScript", { tag: "@nojs" }, async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox);
    await sandbox.clearCalls();
    await logOut(page);
    await expect(page).toHaveURL(/\/home\/index$/);
    await expect(page.getByRole("alert")).toHaveText("您已退出登录");
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
    expect((await sandbox.calls()).map((c) => c.path)).toContain("/saas-business/v1/front/login/loginoutNew");
  });
});
