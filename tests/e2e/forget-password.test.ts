import type { TestInfo } from "@playwright/test";
import { expect, expectBrowserRefuses, test, hydrated, ready } from "./support";

// Seed users forget01 / forget02: one per project, so the portal's 60 s per-mobile SMS limit never couples runs.
const mobileFor = (testInfo: TestInfo) => (testInfo.project.name === "js" ? "13800000006" : "13800000007");

/** Hydrated: the page's scripts have taken over (the untagged tests run with JavaScript only). */

/** In a test run by both projects (@nojs): hydrated with JavaScript; without it, no router at all. */

test.describe("forgot password by phone (/login/forget?method=phone)", () => {
  test("the login page's link, mobile → SMS code → new password, then login with the new password", async ({ page, sandbox }) => {
    const MOBILE = "13800000006"; // forget01; without JavaScript: tests/unit/pages/forget-password-nojs.test.ts
    await page.goto("/join/login");
    await hydrated(page);
    await page.getByRole("link", { name: "忘记密码？" }).click();
    await page.waitForURL(/\/login\/forget\?method=phone/);
    await expect(page.getByRole("heading", { name: "找回密码", level: 1 })).toBeVisible();
    await page.getByLabel("手机号").fill(MOBILE);
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
    await expect(page.getByTestId("send-code")).toBeDisabled();
    const sms = await sandbox.sms(MOBILE);
    expect(sms.type).toBe("forget");
    await expect(page.getByLabel("手机号")).toHaveValue(MOBILE);
    await page.getByLabel("验证码").fill(sms.code);
    await page.getByLabel("新密码", { exact: true }).fill("NewPass123");
    await page.getByLabel("确认新密码").fill("NewPass123");
    await page.getByRole("button", { name: "重置密码" }).click();
    await page.waitForURL(/\/join\/login/);
    await expect(page.locator('[data-notice="passwordReset"]')).toHaveText("密码已重置，请使用新密码登录");
    await page.getByLabel("账号").fill(MOBILE);
    await page.getByLabel("密码", { exact: true }).fill("NewPass123");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/schoolId=1/);
    await page.goto("/home/index");
    await expect(page.getByTestId("user-name")).toHaveText("周同学");
  });

  test("messages in English, tied to their fields; the passwords are never kept", { tag: "@nojs" }, async ({ page, sandbox: _sandbox }, testInfo) => {
    const MOBILE = mobileFor(testInfo);
    await page.goto("/login/forget?method=phone&lng=en");
    await ready(page, testInfo);
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Mobile number").fill("12345");
    await page.getByRole("button", { name: "Get code" }).click();
    await expect(page.locator('[data-error-for="mobile"]')).toHaveText("Please enter the correct mobile number.");
    await expect(page.getByLabel("Mobile number")).toHaveAttribute("aria-describedby", /-error$/);
    await page.getByLabel("Mobile number").fill(MOBILE);
    const reset = () => page.getByRole("button", { name: "Reset password" }).click();
    if (testInfo.project.name === "no-js") {
      // decision 023: without JavaScript the browser checks the required fields before posting
      await expectBrowserRefuses(page, reset, ["smsCode", "password", "confirmPassword"]);
      await page.getByLabel("Verification code").fill("000000");
    } else {
      await reset();
      await expect(page.locator('[data-error-for="smsCode"]')).toHaveText("SMS verification code cannot be empty.");
      await expect(page.locator('[data-error-for="password"]')).toHaveText("The password cannot be empty.");
      await page.getByLabel("Verification code").fill("000000");
      await page.getByLabel("New password", { exact: true }).fill("abc");
      await page.getByLabel("Confirm new password").fill("abd");
      await reset();
      await expect(page.locator('[data-error-for="password"]')).toHaveText("The password must be 6-20 characters.");
    }
    await page.getByLabel("New password", { exact: true }).fill("Secret-999");
    await page.getByLabel("Confirm new password").fill("Secret-998");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.locator('[data-error-for="confirmPassword"]')).toHaveText("The two passwords do not match.");
    await page.getByLabel("New password", { exact: true }).fill("Secret-999");
    await page.getByLabel("Confirm new password").fill("Secret-999");
    await page.getByRole("button", { name: "Reset password" }).click();
    // a wrong code: the server's message, next to the code; both passwords emptied, never in the page
    await expect(page.locator('[data-error-for="smsCode"]')).toHaveText("The verification code is wrong or has expired.");
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Confirm new password")).toHaveValue("");
    expect(await page.content()).not.toContain("Secret-999");
  });

  test("an unregistered mobile gets the server's message at send time", async ({ page, sandbox: _sandbox }) => {
    await page.goto("/login/forget?method=phone");
    await hydrated(page);
    await page.getByLabel("手机号").fill("13912345678");
    await page.getByTestId("send-code").click();
    await expect(page.locator('[data-error-for="mobile"]')).toHaveText("该手机号未注册");
  });
});
