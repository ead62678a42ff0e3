import { describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, setCookie, usePortal, text, type Client, type Page } from "../portal";

/**
 * The login journeys as a browser without JavaScript walks them (issue 22: the `no-js` Playwright
 * re-runs of tests/e2e/login.test.ts, moved here): the page's own forms read and submitted by the
 * form-walker, the redirects followed with the cookie jar. What needs a browser stays there: the browser
 * refusing empty fields before any post, the captcha challenge page, the DingTalk dialog's size.
 */

const PASSWORD = "Passw0rd!";
const ctx = usePortal();

const userName = (page: Page) => text(byTestId(page.html, "user-name") ?? "");
const errorFor = (page: Page, name: string) => text(element(page.html, `[data-error-for="${name}"]`) ?? "");
const inputNamed = (page: Page, name: string) => elements(page.html, "input").find((i) => attr(i, "name") === name);

async function passwordLogin(browser: Client, path: string, account: string, password = PASSWORD): Promise<Page> {
  const page = await browser.get(path);
  return page.form({ field: "password" }).fill({ 账号: account, 密码: password }).submit({ button: "登录" });
}

describe("password login (spec 000 sections 2.6, 5, 8), without JavaScript", () => {
  it("success goes to backUrl with schoolId and companyMessageReach, a new session and CSRF cookie; the visitor's practice is synced", async () => {
    const browser = ctx.portal.client();
    const login = await browser.get("/join/login?backUrl=%2Fcourse%2Flist%3Fx%3D1");
    const before = browser.cookies.get("portal_session");
    const landed = await login.form({ field: "password" }).fill({ 账号: "  student01 ", 密码: PASSWORD }).submit({ button: "登录" });
    const url = new URL(landed.url, "http://portal");
    expect(url.pathname).toBe("/course/list");
    expect(url.searchParams.get("x")).toBe("1");
    expect(url.searchParams.get("schoolId")).toBe("1");
    expect(url.searchParams.get("companyMessageReach")).toBe("ok");
    expect(browser.cookies.get("portal_session")).toBeDefined();
    expect(browser.cookies.get("portal_session")).not.toBe(before);
    for (const value of browser.cookies.values()) expect(decodeURIComponent(value)).not.toContain(PASSWORD);
    expect(userName(await browser.get("/home/index"))).toBe("张同学");
    expect((await ctx.portal.calls()).some((c) => c.path === "/question/v1/exercise/unlogin/sync")).toBe(true);
  });

  it("wrong password keeps the account, never the password, message next to the password", async () => {
    const page = await passwordLogin(ctx.portal.client(), "/join/login", "student01", "wrong-password");
    expect(errorFor(page, "password")).toBe("账号或密码错误");
    expect(attr(inputNamed(page, "account"), "value")).toBe("student01");
    expect(attr(inputNamed(page, "password"), "value") ?? "").toBe("");
    expect(page.html).not.toContain("wrong-password");
  });

  it("the upstream's messages by code travel with the login page's data, not with every page's (decision 075)", async () => {
    // `balanceShort` (账户余额不足): one of the codes; the login page's forms may answer any of them in the browser
    const browser = ctx.portal.client();
    expect((await browser.get("/join/login")).html).toContain("账户余额不足");
    await browser.signIn(ctx.portal, "13800000001");
    for (const path of ["/home/index", "/personal/course/lessons", "/course/list"]) {
      const page = await browser.get(path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).not.toContain("账户余额不足");
      expect(page.html, path).not.toContain("balanceShort");
    }
  });

  it("remember me keeps the account for this host (an HttpOnly cookie), after a logout too", async () => {
    const browser = ctx.portal.client();
    const login = await browser.get("/join/login");
    const home = await login.form({ field: "password" }).fill({ 账号: "student01", 密码: PASSWORD, 记住我: true }).submit({ button: "登录" });
    expect(home.url).toMatch(/^\/home\/index/);
    expect(browser.cookies.get("rememberAccount")).toBeDefined();
    // the user menu's log-out button (a POST form), as the e2e's logOut presses it
    const loggedOut = await home.form({ button: "退出登录" }).submit({ button: "退出登录" });
    expect(loggedOut.url).toMatch(/^\/home\/index/);
    expect(browser.cookies.get("portal_session") ?? "").not.toBe("");
    const again = await browser.get("/join/login");
    expect(again.form({ field: "password" }).value("account")).toBe("student01");
  });

  it("the rememberAccount cookie is HttpOnly", async () => {
    const browser = ctx.portal.client();
    const login = await browser.get("/join/login");
    const form = login.form({ field: "password" }).fill({ 账号: "student01", 密码: PASSWORD, 记住我: true });
    const { url, entries } = form.request({ button: "登录" });
    const res = await browser.post(url.pathname + url.search, Object.fromEntries(entries.map(([k, v]) => [k, String(v)])));
    expect(setCookie(res, "rememberAccount")).toMatch(/;\s*HttpOnly/i);
  });

  it("forced password change lands on the account settings page with its warning", async () => {
    const page = await passwordLogin(ctx.portal.client(), "/join/login", "student02");
    expect(page.url).toMatch(/^\/personal\/setting\/account$/);
    expect(text(byTestId(page.html, "forced-password-warning") ?? "")).toBe("根据要求，请先修改密码后再继续操作");
    expect(page.html).toMatch(/<label[^>]*>原密码/);
  });
});

describe("SMS login, without JavaScript", () => {
  it("send, 'resend', early resend refused with 429, code from the sandbox, login", async () => {
    const mobile = "13800000003";
    const browser = ctx.portal.client();
    const page = await browser.get("/join/login?mode=sms");
    const wrong = await page.form({ field: "mobile" }).fill({ 手机号: "12345" }).submit({ button: "send-code" });
    expect(errorFor(wrong, "mobile")).toBe("请输入正确的手机号");
    const sent = await wrong.form({ field: "mobile" }).fill({ 手机号: mobile }).submit({ button: "send-code" });
    expect(byTestId(sent.html, "code-sent")).toBeDefined();
    // the code field has the focus (autofocus, the no-JS way)
    expect(attr(inputNamed(sent, "smsCode"), "autofocus")).toBeDefined();
    expect(text(byTestId(sent.html, "send-code") ?? "")).toBe("重新发送");
    const resend = await sent.form({ field: "mobile" }).submit({ button: "send-code" });
    expect(resend.status).toBe(429);
    expect(errorFor(resend, "mobile")).toMatch(/请 \d+ 秒后再试/);
    expect((await ctx.portal.calls()).filter((c) => c.path === "/saas-business/v1/front/login/checkLimitAndMobile")).toHaveLength(1);
    const { code } = await ctx.portal.sandbox.control<{ code: string }>("GET", `/sms?mobile=${mobile}`);
    const home = await resend.form({ field: "mobile" }).fill({ 验证码: code }).submit({ button: "登录" });
    expect(home.url).toMatch(/^\/home\/index/);
    expect(userName(home)).not.toBe("");
  });
});

describe("face step (code 120030002), without JavaScript", () => {
  it("the login post redirects to the face page (spec 000 section 8: a redirect, not a link); pass logs in through loginByFace", async () => {
    const browser = ctx.portal.client();
    const step = await passwordLogin(browser, "/join/login?backUrl=%2Fcourse%2Flist", "face01");
    // the post's redirect stays on the portal (CSP form-action 'self'); its document goes on at once
    expect(step.url).toBe("/join/face-step");
    expect(step.redirectedFrom).toEqual(["/join/login?backUrl=%2Fcourse%2Flist"]);
    const refresh = attr(element(step.html, 'meta[http-equiv="refresh"]'), "content") ?? "";
    expect(refresh).toMatch(/^0;url=http:\/\/[^/]+\/face\/verify\?/);
    // the address is used once: a reload of the step goes back to the login page
    expect((await browser.get("/join/face-step")).url).toMatch(/^\/join\/login\?.*face=failed/);

    const walker = ctx.portal.client({ offsite: true });
    const face = await passwordLogin(walker, "/join/login?backUrl=%2Fcourse%2Flist", "face01");
    expect(new URL(face.url, "http://x").pathname).toMatch(/\/face\/verify/);
    const landed = await face.form({ button: "Pass" }).submit({ button: /Pass/ });
    expect(landed.url).toMatch(/^\/course\/list/);
    expect((await ctx.portal.calls()).some((c) => c.path === "/saas-business/v1/front/login/loginByFace" && c.query.orderNo)).toBe(true);
    expect(userName(await walker.get("/home/index"))).toBe("孙同学");
  });
});

describe("face verification failure, without JavaScript", () => {
  // moved down from the @nojs run of tests/e2e/login-popup.test.ts (issue 22; the JavaScript run stays there)
  it("face=failed back on the login page is shown next to the form", async () => {
    const browser = ctx.portal.client({ offsite: true });
    const login = await browser.get("/join/login?backUrl=%2Fcourse%2Flist&lng=en");
    const face = await login.form({ field: "password" }).fill({ Account: "face01", Password: PASSWORD }).submit({ button: "Log in" });
    expect(new URL(face.url, "http://x").pathname).toMatch(/\/face\/verify/);
    const back = await face.form({ button: "Fail" }).submit({ button: /Fail/ });
    expect(back.url).toMatch(/^\/join\/login\?face=failed/);
    const alert = byTestId(back.html, "face-failed");
    expect(attr(alert, "role")).toBe("alert");
    expect(text(alert ?? "")).toBe("Face verification failed.");
    // the login form (named "Log in" by its heading) is described by that message
    const form = back.form({ field: "password" });
    const heading = element(back.html, `[id="${attr(form.html, "aria-labelledby")}"]`);
    expect(text(heading ?? "")).toBe("Log in");
    expect(attr(form.html, "aria-describedby")).toBe(attr(alert, "id"));
    // the visitor can try again from the same page
    expect(form.controls.find((c) => c.name === "account")?.labels).toContain("Account");
  });
});

describe("third-party login, without JavaScript", () => {
  it("a provider address without client id, redirect address, response type or scope: 'Missing parameters' (spec 000 section 5)", async () => {
    const browser = ctx.portal.client();
    const missing = JSON.stringify({
      code: "1",
      message: "",
      data: { url: `http://127.0.0.1:1/oauth/authorize?type=weixin&redirect_uri=x&response_type=code` },
    });
    await ctx.portal.fault({ path: "thirdLoginUrl", status: 200, body: missing, times: 1 });
    const login = await browser.get("/join/login?backUrl=%2Fcourse%2Flist&lng=en");
    const weixin = elements(login.html, "a").find((a) => attr(a, "data-third") === "weixin");
    const back = await browser.get(attr(weixin, "href") ?? "");
    expect(back.url).toMatch(/^\/join\/login\?third=missing/);
    expect(text(element(back.html, '[role="alert"]') ?? "")).toBe("Missing parameters");
  });

  it("five providers; the sandbox provider authorises and the portal makes a session", async () => {
    const browser = ctx.portal.client();
    const login = await browser.get("/join/login?backUrl=%2Fcourse%2Flist");
    const thirds = elements(login.html, "a").filter((a) => attr(a, "data-third") !== undefined);
    expect(thirds).toHaveLength(5);
    const weixin = await browser.get(
      attr(
        thirds.find((a) => attr(a, "data-third") === "weixin"),
        "href",
      ) ?? "",
    );
    const provider = await browser.get(weixin.headers.get("Location") ?? weixin.url);
    const landed = await provider.form({ button: "张同学" }).submit({ button: /张同学/ });
    expect(landed.url).toMatch(/^\/course\/list/);
    expect(userName(await browser.get("/home/index"))).toBe("张同学");
  });
});
