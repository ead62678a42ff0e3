import { describe, expect, it } from "vitest";
import { attr, element, h1, usePortal, text, type Page } from "../portal";
import { errorFor, inputNamed, linkHref, testText } from "./nojs";

/**
 * Forgot password by phone (/login/forget?method=phone) as a browser without JavaScript walks it: the
 * `no-js` re-runs of tests/e2e/forget-password.test.ts, moved here (issue 22). The browser's own refusal
 * of the empty required fields stays there (@nojs, decision 023).
 */

const ctx = usePortal();

const sms = (mobile: string) => ctx.portal.sandbox.control<{ code: string; type: string }>("GET", `/sms?mobile=${mobile}`);
const form = (page: Page) => page.form({ field: "confirmPassword" });

describe("forgot password by phone, without JavaScript", () => {
  it("the login page's link, mobile → SMS code → new password, then login with the new password", async () => {
    const MOBILE = "13800000007";
    const browser = ctx.portal.client();
    const login = await browser.get("/join/login");
    const page = await browser.get(linkHref(login, "忘记密码？") ?? `no link in ${login.status} ${login.url}`);
    expect(page.url).toMatch(/^\/login\/forget\?method=phone/);
    expect(h1(page.html)).toBe("找回密码");
    const sent = await form(page).fill({ 手机号: MOBILE }).submit({ button: "send-code" });
    expect(testText(sent, "code-sent")).not.toBe("");
    const code = await sms(MOBILE);
    expect(code.type).toBe("forget");
    expect(form(sent).value("mobile")).toBe(MOBILE);
    const done = await form(sent).fill({ 验证码: code.code, 新密码: "NewPass123", 确认新密码: "NewPass123" }).submit({ button: "重置密码" });
    expect(done.url).toMatch(/^\/join\/login/);
    expect(text(element(done.html, '[data-notice="passwordReset"]') ?? "")).toBe("密码已重置，请使用新密码登录");
    const landed = await done.form({ field: "password" }).fill({ 账号: MOBILE, 密码: "NewPass123" }).submit({ button: "登录" });
    expect(landed.url).toMatch(/schoolId=1/);
    expect(testText(await browser.get("/home/index"), "user-name")).toBe("吴同学");
  });

  it("messages in English, tied to their fields; the passwords are never kept", async () => {
    const page = await ctx.portal.client().get("/login/forget?method=phone&lng=en");
    expect(h1(page.html)).toBe("Reset your password");
    const wrong = await form(page).fill({ "Mobile number": "12345" }).submit({ button: "Get code" });
    expect(errorFor(wrong, "mobile")).toBe("Please enter the correct mobile number.");
    expect(attr(inputNamed(wrong, "mobile"), "aria-describedby")).toMatch(/-error$/);
    const mismatch = await form(wrong)
      .fill({ "Mobile number": "13800000007", "Verification code": "000000", "New password": "Secret-999", "Confirm new password": "Secret-998" })
      .submit({ button: "Reset password" });
    expect(errorFor(mismatch, "confirmPassword")).toBe("The two passwords do not match.");
    const wrongCode = await form(mismatch).fill({ "New password": "Secret-999", "Confirm new password": "Secret-999" }).submit({ button: "Reset password" });
    // a wrong code: the server's message, next to the code; both passwords emptied, never in the page
    expect(errorFor(wrongCode, "smsCode")).toBe("The verification code is wrong or has expired.");
    expect(attr(inputNamed(wrongCode, "password"), "value") ?? "").toBe("");
    expect(attr(inputNamed(wrongCode, "confirmPassword"), "value") ?? "").toBe("");
    expect(wrongCode.html).not.toContain("Secret-999");
  });

  it("an unregistered mobile gets the server's message at send time", async () => {
    const page = await ctx.portal.client().get("/login/forget?method=phone");
    const refused = await form(page).fill({ 手机号: "13912345678" }).submit({ button: "send-code" });
    expect(errorFor(refused, "mobile")).toBe("该手机号未注册");
  });
});
