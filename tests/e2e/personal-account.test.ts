import { expectAccessible } from "./axe";
import { expect, signInWithCode, test } from "./support";

// Issue 13: the account settings and messages pages (spec 001 §7), with JavaScript (without it:
// tests/unit/pages/personal-account-nojs.test.ts). The portal's per-mobile SMS limits live in the portal
// process: these journeys use their own mobiles, and no other test file sends a code to them (the
// forgot-password journeys once shared forget01/02 and a run that put both within 60 s got the resend refusal). axe on a loaded machine can take a while: 60 s per test.
test.describe.configure({ timeout: 60_000 });

test.describe("account settings /personal/setting/account", () => {
  test("binds a mobile with the SMS code", async ({ page, sandbox }) => {
    const mobile = "13911112001";
    await signInWithCode(page, sandbox, "13800000001", "/personal/setting/account");
    await expect(page.getByTestId("info-mobile")).toHaveText("13800000001");
    const form = page.locator("#account-mobile");
    await form.getByLabel("手机号码").fill(mobile);
    await form.getByTestId("send-code").click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
    const { code } = await sandbox.sms(mobile);
    // a wrong code first: the upstream's message, the mobile kept
    await page
      .locator("#account-mobile")
      .getByLabel("验证码", { exact: true })
      .fill(code === "000000" ? "111111" : "000000");
    await page.locator("#account-mobile").getByTestId("bind-mobile").click();
    await expect(page.locator("#account-mobile")).toContainText("验证码错误或已过期");
    await expect(page.locator("#account-mobile").getByLabel("手机号码")).toHaveValue(mobile);
    await page.locator("#account-mobile").getByLabel("验证码", { exact: true }).fill(code);
    await page.locator("#account-mobile").getByTestId("bind-mobile").click();
    await expect(page.getByTestId("account-done")).toHaveText("手机号已绑定");
    await expect(page.getByTestId("info-mobile")).toHaveText(mobile);
    await expectAccessible(page, { name: "account settings", include: "[data-testid=account-settings]", every: true, hard: true });
  });

  test("changes the password with the STU_UPDATE_PWD code", async ({ page, sandbox }) => {
    const mobile = "13800000013"; // account01
    await signInWithCode(page, sandbox, mobile, "/personal/setting/account");
    const form = page.locator("#account-password-sms");
    await form.getByTestId("send-code").click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
    const { code, type } = await sandbox.sms(mobile);
    expect(type).toBe("STU_UPDATE_PWD");
    await page.locator("#account-password-sms").getByLabel("验证码", { exact: true }).fill(code);
    await page.getByLabel("设置新密码").fill("NewPass1!");
    await page.getByLabel("再次输入新密码").fill("NewPass1!");
    await page.getByTestId("change-password-sms").click();
    await expect(page).toHaveURL(/\/home\/index$/);
    // the new password is the account's password: the change by the current one now takes it
    await page.goto("/personal/setting/account");
    await page.getByLabel("原密码").fill("NewPass1!");
    await page.getByLabel("新密码", { exact: true }).fill("NewPass2!");
    await page.getByLabel("确认新密码").fill("NewPass2!");
    await page.getByTestId("change-password").click();
    await expect(page).toHaveURL(/\/home\/index$/);
  });
});

test.describe("messages /personal/message/detailslist", () => {
  test("reads and deletes a message; the header's unread dot follows", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13800000001", "/personal/message/detailslist");
    await expect(page.getByTestId("message-count")).toHaveText("共 5 条消息，3 条未读");
    await expect(page.getByTestId("unread-dot")).toBeVisible();
    for (let left = 3; left > 0; left--) {
      await page
        .locator('[data-testid=message][data-read="0"]')
        .first()
        .getByRole("button", { name: /标为已读/ })
        .click();
      await expect(page.getByTestId("message-count")).toHaveText(`共 5 条消息，${left - 1} 条未读`);
    }
    await expect(page.getByTestId("unread-dot")).toHaveCount(0);
    const first = page.getByTestId("message").first();
    const id = await first.getAttribute("data-message-id");
    await first.getByRole("button", { name: /^删除/ }).click();
    await expect(page.getByTestId("message-count")).toHaveText("共 4 条消息，0 条未读");
    await expect(page.locator(`[data-message-id="${id}"]`)).toHaveCount(0);
    await expectAccessible(page, { name: "messages", include: "[data-testid=messages-page]", every: true, hard: true });
  });
});
