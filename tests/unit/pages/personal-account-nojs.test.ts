import { describe, expect, it } from "vitest";
import { attr, elements, usePortal } from "../portal";
import { testText } from "./nojs";

/**
 * The account settings and messages pages (issue 13; spec 001 §7) as a browser without JavaScript walks
 * them: the `no-js` re-runs of tests/e2e/personal-account.test.ts, moved here (issue 22).
 */

const ctx = usePortal();

const sms = (mobile: string) => ctx.portal.sandbox.control<{ code: string; type: string }>("GET", `/sms?mobile=${mobile}`);

describe("account settings /personal/setting/account, without JavaScript", () => {
  it("binds a mobile with the SMS code", async () => {
    const mobile = "13911112002";
    const page = await ctx.portal.client().signIn(ctx.portal, "13800000001", "/personal/setting/account");
    expect(testText(page, "info-mobile")).toBe("13800000001");
    const sent = await page.form("#account-mobile").fill({ 手机号码: mobile }).submit({ button: "send-code" });
    expect(testText(sent, "code-sent")).not.toBe("");
    const { code } = await sms(mobile);
    // a wrong code first: the upstream's message, the mobile kept
    const wrong = await sent
      .form("#account-mobile")
      .fill({ 验证码: code === "000000" ? "111111" : "000000" })
      .submit({ button: "bind-mobile" });
    expect(wrong.form("#account-mobile").html).toContain("验证码错误或已过期");
    expect(wrong.form("#account-mobile").value("手机号码")).toBe(mobile);
    const bound = await wrong.form("#account-mobile").fill({ 验证码: code }).submit({ button: "bind-mobile" });
    expect(testText(bound, "account-done")).toBe("手机号已绑定");
    expect(testText(bound, "info-mobile")).toBe(mobile);
  });

  it("changes the password with the STU_UPDATE_PWD code", async () => {
    const mobile = "13800000014";
    const browser = ctx.portal.client();
    const page = await browser.signIn(ctx.portal, mobile, "/personal/setting/account");
    const sent = await page.form("#account-password-sms").submit({ button: "send-code" });
    expect(testText(sent, "code-sent")).not.toBe("");
    const { code, type } = await sms(mobile);
    expect(type).toBe("STU_UPDATE_PWD");
    const changed = await sent
      .form("#account-password-sms")
      .fill({ 验证码: code, 设置新密码: "NewPass1!", 再次输入新密码: "NewPass1!" })
      .submit({ button: "change-password-sms" });
    expect(changed.url).toMatch(/^\/home\/index$/);
    // the new password is the account's password: the change by the current one now takes it
    const settings = await browser.get("/personal/setting/account");
    const again = await settings
      .form({ button: "change-password" })
      .fill({ 原密码: "NewPass1!", 新密码: "NewPass2!", 确认新密码: "NewPass2!" })
      .submit({ button: "change-password" });
    expect(again.url).toMatch(/^\/home\/index$/);
  });
});

describe("messages /personal/message/detailslist, without JavaScript", () => {
  it("reads and deletes a message; the header's unread dot follows", async () => {
    let page = await ctx.portal.client().signIn(ctx.portal, "13800000001", "/personal/message/detailslist");
    expect(testText(page, "message-count")).toBe("共 5 条消息，3 条未读");
    expect(testText(page, "unread-dot") !== "" || page.html.includes('data-testid="unread-dot"')).toBe(true);
    for (let left = 3; left > 0; left--) {
      page = await page.form({ button: "标为已读" }).submit({ button: /标为已读/ });
      expect(testText(page, "message-count")).toBe(`共 5 条消息，${left - 1} 条未读`);
    }
    expect(page.html).not.toContain('data-testid="unread-dot"');
    const id = attr(elements(page.html, '[data-testid="message"]')[0], "data-message-id");
    page = await page.form({ button: "删除" }).submit({ button: /^删除/ });
    expect(testText(page, "message-count")).toBe("共 4 条消息，0 条未读");
    expect(page.html).not.toContain(`data-message-id="${id}"`);
  });
});
