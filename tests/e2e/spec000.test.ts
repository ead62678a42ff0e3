import { expect, test, hydrated } from "./support";

// Issue 12 part 4 (the rest of spec 000) where a browser with JavaScript is needed: the QR-code page looking
// again by itself (a revalidation). The old hash address #/teacherLoginIn (the hash never reaches the server,
// the page's script reads it): tests/e2e/hardening-redirects.test.ts, with the other old hash links.
// What the pages render (languages, titles, central sign-on, #/teacherLoginIn, the QR pages without
// JavaScript, back to the main school, the config calls): tests/unit/pages/spec000.test.ts (issue 22).

test.describe("QR-code login (spec 000 section 2.6)", () => {
  test("the code waits, shows 'scanned', then the app's confirmation logs in and goes back", async ({ page, sandbox }) => {
    await page.goto("/join/login?backUrl=%2Fcourse%2Flist");
    await page.getByTestId("qr-login-link").click();
    await expect(page).toHaveURL(/\/join\/qrcode\?backUrl=%2Fcourse%2Flist$/);
    await hydrated(page);
    await expect(page.getByTestId("qr-login-code")).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
    await expect(page.getByTestId("qr-login-status")).toHaveText("请使用 App 扫描二维码登录");
    const scan = (confirm: boolean) => page.request.post(`${sandbox.url}/__sandbox/qrcode/scan`, { data: { account: "student01", confirm } });
    expect((await scan(false)).ok()).toBe(true);
    // the page looks again by itself (a revalidation every 3 s)
    await expect(page.getByTestId("qr-login-status")).toHaveText("已扫描，请在 App 中确认登录", { timeout: 8_000 });
    expect((await scan(true)).ok()).toBe(true);
    await page.waitForURL(/\/course\/list\?schoolId=1/, { timeout: 8_000 });
    await expect(page.getByTestId("user-menu")).toBeVisible();
  });

  test("an expired code offers a new one", async ({ page, sandbox }) => {
    await page.goto("/join/qrcode");
    await hydrated(page);
    await sandbox.reset(); // the sandbox forgets the code: it has expired
    // the page checks by itself every 3 s and may show the expired state first (its check link is then
    // gone): either way the page must say the code expired
    await page
      .getByTestId("qr-login-check")
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await expect(page.getByTestId("qr-login-status")).toHaveText("二维码已过期，请刷新");
    await page.getByRole("button", { name: "刷新二维码" }).click();
    await expect(page.getByTestId("qr-login-code")).toBeVisible();
    await expect(page).toHaveURL(/refresh=1/);
  });
});
