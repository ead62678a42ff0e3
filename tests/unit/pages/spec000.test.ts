import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, h1, hrefOf, startTestPortal, text, title, type Client, type Page, type TestPortal } from "../portal";

/**
 * Issue 12 parts 3 and 4 as the pages render them (moved down from tests/e2e/spec000.test.ts, issue 22):
 * upstream messages and titles in the page's language, central sign-on, #/teacherLoginIn, QR-code login
 * without JavaScript, back to the main school, the configuration calls of spec 000 section 7.1. The
 * browser keeps the hash address and the QR page's own revalidation with JavaScript.
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

const PASSWORD = "Passw0rd!";
const CENTRAL_LOGIN = "https://sso.yunduo.example/cas/login?service=portal";

const main = (html: string) => text(element(html, "main") ?? "");
const switcherSummary = (html: string) => text(element(byTestId(html, "school-switcher") ?? "", "summary") ?? "");

/**
 * What a browser without JavaScript posts when `button` (its text) of the form holding `field` is pressed:
 * the form's hidden inputs, the pressed button's name and value, and `values` typed in.
 */
function pressing(html: string, field: string, button: string, values: Record<string, string>) {
  const form = elements(html, "form").find((f) => f.includes(`name="${field}"`));
  if (!form) throw new Error(`no form with ${field}`);
  const fields: Record<string, string> = {};
  for (const input of elements(form, "input"))
    if (attr(input, "type") === "hidden" && attr(input, "name")) fields[attr(input, "name")!] = attr(input, "value") ?? "";
  const pressed = elements(form, "button").find((b) => text(b) === button);
  if (!pressed) throw new Error(`no button ${button} in the form with ${field}`);
  if (attr(pressed, "name")) fields[attr(pressed, "name")!] = attr(pressed, "value") ?? "";
  return { action: attr(pressed, "formaction") ?? attr(form, "action") ?? "", fields: { ...fields, ...values } };
}

/** Posts the login form of `page` (its address when the form has no action) with an account and password. */
async function passwordLogin(browser: Client, page: Page, account: string, password: string, submit = "登录"): Promise<Page> {
  const form = pressing(page.html, "password", submit, { account, password });
  return browser.submit(form.action || page.url, form.fields);
}

describe("upstream messages in the page's language (issue 12 part 3)", () => {
  it("a wrong password: the upstream's Chinese message in zh, the portal's translation of its code in en", async () => {
    const browser = portal.client();
    const zh = await passwordLogin(browser, await browser.get("/join/login"), "student01", "wrong-password");
    expect(text(element(zh.html, '[data-error-for="password"]') ?? "")).toBe("账号或密码错误");
    const en = await passwordLogin(browser, await browser.get("/join/login?lng=en"), "student01", "wrong-password", "Log in");
    expect(text(element(en.html, '[data-error-for="password"]') ?? "")).toBe("Wrong account or password.");
    // the upstream answered the same code and Chinese message both times
    expect((await portal.calls()).filter((c) => c.path === "/saas-business/v1/front/login/")).toHaveLength(2);
  });

  it("after an SMS code is sent, the form says the seconds left, not the server's clock time", async () => {
    const browser = portal.client();
    const page = await browser.get("/join/login?mode=sms");
    const send = pressing(page.html, "mobile", "获取验证码", { mobile: "13800000001" });
    const sent = await browser.submit(send.action || page.url, send.fields);
    expect(text(byTestId(sent.html, "code-sent") ?? "")).toMatch(/^验证码已发送，(60|59|58) 秒后可重新获取。$/);
  });
});

describe("English pages say the portal's own words (issue 12 part 3)", () => {
  it("tab titles in English; company content stays as written", async () => {
    const browser = portal.client();
    expect(title((await browser.get("/course/list?lng=en")).html)).toBe("Courses - 云朵在线学院 - 职业技能在线学习平台");
    expect(title((await browser.get("/news")).html)).toBe("News - 云朵在线学院 - 职业技能在线学习平台");
    expect(title((await browser.get("/news?lng=zh")).html)).toBe("资讯 - 云朵在线学院");
  });

  it("the error page in English: title and message translated", async () => {
    const browser = portal.client();
    const page = await browser.get("/errorPage?lng=en");
    expect(title(page.html)).toMatch(/^Something went wrong - /);
    expect(text(element(page.html, '[role="alert"]') ?? "")).toBe("Sorry, the page could not be loaded. Please try again later.");
    await portal.fault({ path: "home-config", status: 500 });
    const failed = await browser.get("/home/index");
    expect(failed.status).toBe(502);
    expect(main(failed.html)).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("a lifetime membership says so instead of 36500 days", async () => {
    const page = await portal.client().get("/vip?lng=en");
    expect(text(page.html)).toContain("Lifetime membership");
    expect(main(page.html)).not.toContain("36500");
  });
});

describe("central sign-on: the global login check (spec 000 section 4)", () => {
  it("company 5 sends login to its thirdLoginUrl; company 1 keeps its own login page", async () => {
    const sso = portal.client({ host: "sso.localhost:3000" });
    const login = await sso.fetch("/join/login?backUrl=%2Fcourse%2Flist");
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe(CENTRAL_LOGIN);
    expect((await portal.client().fetch("/join/login")).status).toBe(200);

    const home = await sso.get("/home/index");
    expect(hrefOf(byTestId(home.html, "visitor-links"), "登录")).toBe(CENTRAL_LOGIN);
    // its byGroup 'pc' config turns the language switch off
    expect(byTestId(home.html, "language-switch")).toBeUndefined();
  });
});

describe("#/teacherLoginIn (spec 000 section 2.1)", () => {
  it("a visitor logs in and comes back; a teacher gets the management centre", async () => {
    const browser = portal.client();
    const login = await browser.get("/teacherLoginIn");
    expect(login.url).toBe("/join/login?backUrl=%2FteacherLoginIn");
    const page = await passwordLogin(browser, login, "teacher01", PASSWORD);
    expect(page.url).toMatch(/^\/teacherLoginIn\?schoolId=1/);
    expect(h1(page.html)).toBe("教师登录");
    const entry = byTestId(page.html, "teacher-entry") ?? "";
    expect(text(entry)).toContain("赵老师老师，您好");
    expect(text(byTestId(entry, "admin-button") ?? "")).toBe("管理中心");
  });

  it("a student's account is not a teacher's (403)", async () => {
    const browser = portal.client();
    const page = await passwordLogin(browser, await browser.get("/join/login?backUrl=%2FteacherLoginIn"), "student01", PASSWORD);
    expect(page.url).toMatch(/^\/teacherLoginIn/);
    expect(text(byTestId(page.html, "teacher-refused") ?? "")).toBe("当前登录的账号不是教师账号。");
    expect((await browser.fetch("/teacherLoginIn")).status).toBe(403);
  });
});

describe("QR-code login without JavaScript (spec 000 section 2.6)", () => {
  const status = (html: string) => text(byTestId(html, "qr-login-status") ?? "");
  const scan = (confirm: boolean) => portal.sandbox.control("POST", "/qrcode/scan", { account: "student01", confirm });

  it("the code waits, shows 'scanned', then the app's confirmation logs in and goes back", async () => {
    const browser = portal.client();
    const login = await browser.get("/join/login?backUrl=%2Fcourse%2Flist");
    const page = await browser.get(attr(byTestId(login.html, "qr-login-link"), "href") ?? "missing");
    expect(page.url).toBe("/join/qrcode?backUrl=%2Fcourse%2Flist");
    expect(attr(byTestId(page.html, "qr-login-code"), "src")).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(status(page.html)).toBe("请使用 App 扫描二维码登录");
    // the page looks again by itself without JavaScript: a meta refresh to its own address
    const refresh = elements(element(page.html, "noscript") ?? "", "meta").find((m) => attr(m, "http-equiv")?.toLowerCase() === "refresh");
    const again = /url=(.+)$/.exec(attr(refresh, "content") ?? "")?.[1];
    expect(again).toBe(page.url);
    await scan(false);
    const scanned = await browser.get(again!);
    expect(status(scanned.html)).toBe("已扫描，请在 App 中确认登录");
    await scan(true);
    const done = await browser.get(attr(byTestId(scanned.html, "qr-login-check"), "href") ?? "missing");
    expect(done.url).toMatch(/^\/course\/list\?schoolId=1/);
    expect(byTestId(done.html, "user-menu")).toBeDefined();
  });

  it("an expired code offers a new one", async () => {
    const browser = portal.client();
    const page = await browser.get("/join/qrcode");
    await portal.reset(); // the sandbox forgets the code: it has expired
    const expired = await browser.get(attr(byTestId(page.html, "qr-login-check"), "href") ?? "missing");
    expect(status(expired.html)).toBe("二维码已过期，请刷新");
    // the refresh button: a GET form to /join/qrcode with its hidden fields
    const form = pressing(expired.html, "refresh", "刷新二维码", {});
    const fresh = await browser.get(`${form.action}?${new URLSearchParams(form.fields)}`);
    expect(byTestId(fresh.html, "qr-login-code")).toBeDefined();
    expect(fresh.url).toMatch(/refresh=1/);
  });
});

describe("back to the main school from a branch (spec 000 section 4)", () => {
  it("the switcher on a branch's home page", async () => {
    const browser = portal.client();
    const branch = await browser.get("/home/index/beijing");
    expect(switcherSummary(branch.html)).toContain("北京分校");
    const home = await browser.get(hrefOf(byTestId(branch.html, "school-switcher"), "云朵在线学院总校") ?? "missing");
    expect(home.url).toBe("/home/index");
    expect(switcherSummary(home.html)).toContain("云朵在线学院总校");
  });

  it("/home/choice", async () => {
    const browser = portal.client();
    await browser.get("/home/index/shanghai");
    const choice = await browser.get("/home/choice");
    expect(switcherSummary(choice.html)).toContain("上海分校");
    const home = await browser.get(hrefOf(element(choice.html, "main"), "云朵在线学院总校") ?? "missing");
    expect(home.url).toBe("/home/index");
    expect(switcherSummary(home.html)).toContain("云朵在线学院总校");
  });
});

describe("the configuration calls of spec 000 section 7.1 (issue 12 part 4)", () => {
  it("a page load makes them: visible in the sandbox's request log", async () => {
    await portal.clearCalls();
    const page = await portal.client().get("/home/index");
    const paths = new Set((await portal.calls()).map((c) => c.path));
    for (const path of [
      "/external/api/v1/share/getBaseInfo",
      "/saas-business/v1/company/config/getCompany",
      "/saas-business/v1/company/config/checkHideSppedTest",
      "/saas-business/v1/sys/config/1/pc.socket.pool.size",
      "/question/v1/config/byGroup/pc",
      "/saas-business/v1/user-center/getPersonConfig",
      "/saas-business/definePayOrderCart/config",
      "/saas-business/v1/front/register/getProvCityCountyFlag",
      "/saas-business/v1/front/register/openThirdlogin",
      "/saas-business/v1/front/login/checkGlobalLogin",
    ]) {
      expect(paths, path).toContain(path);
    }
    // the tab icon is the company's companyIco
    expect(attr(element(page.html, 'link[rel="icon"]'), "href")).toBe("https://static.yunduo.example/company/1/favicon.ico");
  });

  it("the Google tag is configured with the company's key", async () => {
    await portal.config(1, { baseInfo: { companyCodeInfo: { statKey: "G-TEST123", statType: "google" } } });
    const page = await portal.client().get("/home/index");
    expect(attr(element(page.html, 'script[data-stat="google"]'), "src")).toBe("https://www.googletagmanager.com/gtag/js?id=G-TEST123");
    expect(element(page.html, 'script[data-stat-config="google"]')).toContain('gtag("config","G-TEST123")');
  });
});
