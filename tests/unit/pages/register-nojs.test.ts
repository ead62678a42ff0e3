import { describe, expect, it } from "vitest";
import { attr, element, elements, usePortal, text, type Page } from "../portal";
import { errorFor, inputNamed, testText } from "./nojs";

/**
 * Registration (spec 000 sections 2.6, 4, 5) as a browser without JavaScript walks it: the `no-js`
 * re-runs of tests/e2e/register.test.ts, moved here (issue 22). The browser refusing empty and malformed
 * fields before any post stays there (@nojs, decision 023).
 */

const ctx = usePortal();

/** A fresh unregistered mobile per test (the portal's 60 s limit outlives a sandbox reset). */
const newMobile = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const smsCode = async (mobile: string) => (await ctx.portal.sandbox.control<{ code: string }>("GET", `/sms?mobile=${mobile}`)).code;
const hasLabel = (page: Page, label: string) => elements(page.html, "label").some((l) => text(l).startsWith(label));
const form = (page: Page) => page.form({ button: "Register" });

describe("register without JavaScript", () => {
  it("every field: the code sent, the region chosen with 'Load cities', then success and an automatic login", async () => {
    const browser = ctx.portal.client();
    const page = await browser.get("/join/register?lng=en&backUrl=%2Fcourse%2Flist");
    const mobile = newMobile();
    const username = `u${mobile}`;
    const sent = await form(page).fill({ Username: username, "Mobile number": mobile }).submit({ button: "send-code" });
    expect(testText(sent, "code-sent")).not.toBe("");
    const code = await smsCode(mobile);
    const cities = await form(sent).fill({ "Verification code": code, Province: "广东省" }).submit({ button: "Load cities" });
    const counties = await form(cities).fill({ City: "深圳市" }).submit({ button: "Load cities" });
    // the values typed before survive each re-render
    expect(form(counties).value("username")).toBe(username);
    const done = await form(counties).fill({ County: "南山区", Password: "S3cret-pass", "I have read and agree to the": true }).submit({ button: "Register" });
    expect(done.url).toMatch(/^\/course\/list/);
    expect(text(element(done.html, '[data-notice="registered"]') ?? "")).toBe("Registration successful.");
    expect(testText(done, "user-name")).toBe(username);
  });

  it("duplicate username and phone", async () => {
    const page = await ctx.portal.client().get("/join/register?lng=en");
    const bound = await form(page).fill({ "Mobile number": "13800000001" }).submit({ button: "send-code" });
    expect(errorFor(bound, "mobile")).toBe("Phone already bound.");
    const cities = await form(bound)
      .fill({ Username: "student01", "Mobile number": newMobile(), "Verification code": "123456", Province: "北京市" })
      .submit({ button: "Load cities" });
    const taken = await form(cities).fill({ City: "北京市", Password: "x", "I have read and agree to the": true }).submit({ button: "Register" });
    expect(errorFor(taken, "username")).toBe("Username already bound.");
    expect(attr(inputNamed(taken, "username"), "value")).toBe("student01");
    expect(attr(inputNamed(taken, "password"), "value") ?? "").toBe("");
  });

  it("before the code: the uniqueness checks of username and mobile with the slider's ticket and randstr (spec 000 section 5)", async () => {
    await ctx.portal.sandbox.control("PUT", "/captcha", { required: true });
    const browser = ctx.portal.client({ offsite: true });
    const page = await browser.get("/join/register?lng=en");
    const mobile = newMobile();
    // a taken username: the slider first, then the check refuses it and no code is sent
    const slider = await form(page).fill({ Username: "student01", "Mobile number": mobile }).submit({ button: "send-code" });
    const challenge = attr(element(element(slider.html, '[data-challenge="captcha"]') ?? "", "a"), "href") ?? "";
    expect(challenge).toMatch(/\/captcha\/challenge\?/);
    const sliderPage = await browser.get(challenge.replace(/&amp;/g, "&"));
    const answer = text(element(sliderPage.html, '[data-testid="captcha-answer"]') ?? "");
    const refused = await sliderPage.form(0).fill({ answer }).submit();
    expect(refused.url).toMatch(/^\/join\/register/);
    expect(errorFor(refused, "username")).toBe("Username already bound.");
    expect(await ctx.portal.calls("sendSmsCode")).toHaveLength(0);
    const checks = await ctx.portal.calls("register/checkAccount");
    const checked = checks[checks.length - 1];
    expect(checked?.query).toMatchObject({ username: "student01", mobile });
    expect(checked?.query.domain).toBeTruthy();
    expect(checked?.query.ticket).toBeTruthy();
    expect(checked?.query.randstr).toBeTruthy();
    // the first check, without the slider's answer, is what asked for the slider (code 600)
    expect(checks[0]?.query.ticket).toBeUndefined();
  });

  it("flags off: no username, no region, no agreement; mobile only", async () => {
    await ctx.portal.config(1, { usernameFlag: 0, provCityCountyFlag: 0, registerAgreementFlag: 0 });
    const browser = ctx.portal.client();
    const page = await browser.get("/join/register?lng=en");
    expect(hasLabel(page, "Username")).toBe(false);
    expect(hasLabel(page, "Province")).toBe(false);
    expect(hasLabel(page, "I have read and agree to the")).toBe(false);
    const mobile = newMobile();
    const sent = await form(page).fill({ "Mobile number": mobile }).submit({ button: "send-code" });
    expect(testText(sent, "code-sent")).not.toBe("");
    const done = await form(sent)
      .fill({ "Verification code": await smsCode(mobile), Password: "S3cret-pass" })
      .submit({ button: "Register" });
    expect(done.url).toMatch(/^\/home\/index/);
    expect(testText(done, "user-name")).toBe(mobile);
  });

  it("mobile off: username and password only", async () => {
    await ctx.portal.config(1, { mobileFlag: 0, provCityCountyFlag: 0 });
    const page = await ctx.portal.client().get("/join/register?lng=en");
    expect(hasLabel(page, "Mobile number")).toBe(false);
    expect(hasLabel(page, "Verification code")).toBe(false);
    const username = `user_${Math.floor(Math.random() * 1e6)}`;
    const refused = await form(page).fill({ Username: username, Password: "S3cret-pass" }).submit({ button: "Register" });
    expect(errorFor(refused, "agreement")).toBe("Please agree to the user agreement.");
    const done = await form(refused).fill({ Password: "S3cret-pass", "I have read and agree to the": true }).submit({ button: "Register" });
    expect(done.url).toMatch(/^\/home\/index/);
    expect(testText(done, "user-name")).toBe(username);
  });
});
