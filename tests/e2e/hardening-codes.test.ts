import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support";

// Issue 10 §2: an SMS code allows 5 wrong tries; then it is burned, even the right code is refused (429).
// Seed users hardening01 / hardening02: one per project, so the portal's per-mobile limits never couple runs.
const mobileFor = (testInfo: TestInfo) => (testInfo.project.name === "js" ? "13800000011" : "13800000012");

async function ready(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "js") await page.waitForFunction(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter);
  else expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
}

test.describe("SMS code guessing on /login/forget", { tag: "@nojs" }, () => {
  test("5 wrong codes burn the code; the 6th try, even with the right code, says to get a new one (429)", async ({ page, sandbox }, testInfo) => {
    const MOBILE = mobileFor(testInfo);
    await page.goto("/login/forget?method=phone&lng=en");
    await ready(page, testInfo);
    await page.getByLabel("Mobile number").fill(MOBILE);
    await page.getByRole("button", { name: "Get code" }).click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
    const { code } = await sandbox.sms(MOBILE);
    const wrong = code === "000000" ? "111111" : "000000";
    const codeError = page.locator('[data-error-for="smsCode"]');

    const attempt = async (smsCode: string) => {
      await page.getByLabel("Verification code").fill(smsCode);
      await page.getByLabel("New password", { exact: true }).fill("Guess-123");
      await page.getByLabel("Confirm new password").fill("Guess-123");
      const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login/forget"));
      await page.getByRole("button", { name: "Reset password" }).click();
      return answer;
    };

    for (let i = 1; i <= 4; i++) {
      expect((await attempt(wrong)).status()).toBe(400);
      // the upstream's code 120010007, in the page's language (decision 018)
      await expect(codeError).toHaveText("The verification code is wrong or has expired.");
    }
    expect((await attempt(wrong)).status()).toBe(400);
    await expect(codeError).toHaveText("Too many wrong codes: this code no longer works. Please get a new code.");

    // the portal refuses the 6th try itself: the right code never reaches the upstream
    await sandbox.clearCalls();
    const sixth = await attempt(code);
    expect(sixth.status()).toBe(429);
    expect(Number(await sixth.headerValue("Retry-After"))).toBeGreaterThanOrEqual(1);
    await expect(codeError).toContainText("Please get a new code.");
    await expect(page).toHaveURL(/\/login\/forget/);
    expect((await sandbox.calls()).filter((c) => c.path.includes("resetPassword"))).toHaveLength(0);
  });
});
