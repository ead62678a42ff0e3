import { describe, expect, it } from "vitest";
import { element, formBrowser, text, usePortal } from "./portal";
import { linkHref, testText } from "./pages/nojs";

// Issue 13 "Session expiry without losing work" (decision 021) through the built server's request handler
// against the in-process sandbox, as a browser without JavaScript: a personal form posted after the
// session ended (logged out elsewhere: the guard; the token expired: the upstream's 401 during the action)
// keeps its typed values; after login the page shows them once, with the notice; nothing is saved until
// the person submits again.

const DATA = "/personal/setting/data";
const ACCOUNT = "/personal/setting/account";

const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });

const browser = () => formBrowser(ctx);
type Browser = ReturnType<typeof browser>;

async function loggedIn(account = "student01") {
  const b = browser();
  await b.logIn(account);
  return b;
}
const calls = (filter = "") => ctx.sandbox.control<{ path: string }[]>("GET", `/requests${filter}`);
const decode = (s: string) =>
  s
    .replace(/\0/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? decode(/value="([^"]*)"/.exec(tag)?.[1] ?? "") : undefined;
}
const NOTICE = 'data-testid="kept-notice"';

/** The base section as typed: values unlike the stored ones. */
const typedBase: [string, string][] = [
  ["section", "base"],
  ["intent", "save"],
  ["df_name", "李新名"],
  ["df_sex", "FEMALE"],
  ["df_birthday", "1999-01-02"],
  ["df_identity_type_code", "ID_PASSPORT"],
  ["df_identity_id", "E12345678"],
  ["df_education_code", ""],
];

async function logOutElsewhere(b: Browser) {
  // the same browser's other tab logs out (the CSRF cookie stays, the session is cleared)
  expect((await b.post("/logout", [])).status).toBe(302);
}

describe("a personal form posted after the session ended (decision 021)", () => {
  it("logged out: the guard keeps the typed values and sends to login with the page as backUrl; after login the form is filled once, with the notice", async () => {
    const b = await loggedIn();
    const before = await b.page(DATA);
    const stored = inputValue(before, "df_name");
    expect(stored).not.toBe("李新名");
    await logOutElsewhere(b);
    await ctx.sandbox.control("DELETE", "/requests");
    const res = await b.post(DATA, [...typedBase, ["password", "Passw0rd!"]]);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent(DATA)}`);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/(^|\n)keep=[^;]+;.*HttpOnly/i);
    expect(setCookie).not.toContain("李新名");
    expect(res.headers.get("Location")).not.toMatch(/df_name|%E6%9D%8E/);
    // nothing reached the upstream: the guard answered before any call
    expect(await calls("?path=save")).toEqual([]);

    await b.logIn("student01");
    const html = await b.page(DATA);
    expect(html).toContain(NOTICE);
    expect(inputValue(html, "df_name")).toBe("李新名");
    expect(inputValue(html, "df_birthday")).toBe("1999-01-02");
    expect(inputValue(html, "df_identity_id")).toBe("E12345678");
    expect(html).toMatch(/<input[^>]*(value="FEMALE"[^>]*checked|checked[^>]*value="FEMALE")/);
    expect(html).not.toContain("Passw0rd!");
    // never submitted automatically
    expect(await calls("?path=save")).toEqual([]);
    // taken once: the next visit shows the stored values, no notice
    const again = await b.page(DATA);
    expect(again).not.toContain(NOTICE);
    expect(inputValue(again, "df_name")).toBe(stored);
  });

  it("token expired during the action: the 401 keeps the values; after the renewal the form is filled with the notice, and submitting saves it", async () => {
    const b = await loggedIn();
    await b.page(DATA);
    await ctx.sandbox.control("POST", "/tokens/expire", { account: "student01" });
    await ctx.sandbox.control("DELETE", "/requests");
    const res = await b.post(DATA, typedBase);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/upgrade/token?callback=${encodeURIComponent(DATA)}`);
    expect(res.headers.getSetCookie().some((c) => /^keep=/.test(c))).toBe(true);
    // the back-login code renews the token and returns to the page
    const upgrade = await b.get(res.headers.get("Location")!);
    expect(upgrade.status).toBe(302);
    expect(upgrade.headers.get("Location")).toBe(DATA);
    const html = await b.page(DATA);
    expect(html).toContain(NOTICE);
    expect(inputValue(html, "df_name")).toBe("李新名");
    // submitted again by the person: saved
    const saved = await b.post(DATA, typedBase);
    expect(saved.status).toBe(200);
    const after = await saved.text();
    expect(after).not.toContain(NOTICE);
    expect(after).toContain("保存成功");
    expect(inputValue(await b.page(DATA), "df_name")).toBe("李新名");
    expect((await calls("?path=save%2Fbase%2Finfo")).length).toBe(1);
  });

  it("token and back-login code gone: login, then the same page filled in (an SMS code typed in the account page is not kept)", async () => {
    const b = await loggedIn();
    await b.page(ACCOUNT);
    await ctx.sandbox.control("POST", "/tokens/expire", { account: "student01", backCodes: true });
    const res = await b.post(ACCOUNT, [
      ["intent", "bindEmail"],
      ["email", "kept@example.com"],
    ]);
    expect(res.status).toBe(302);
    const upgrade = await b.get(res.headers.get("Location")!);
    expect(upgrade.status).toBe(200); // "log in again" page: the renewal failed
    expect(await upgrade.text()).toContain(`/join/login?backUrl=${encodeURIComponent(ACCOUNT)}`);
    await b.logIn("student01");
    const html = await b.page(ACCOUNT);
    expect(html).toContain(NOTICE);
    expect(inputValue(html, "email")).toBe("kept@example.com");
    // nothing bound yet
    expect(html).toContain('data-testid="info-email">');
    expect(html).not.toContain('data-testid="info-email">kept@example.com<');
  });

  it("the bind-mobile form comes back with its mobile but never its SMS code; a password form keeps nothing", async () => {
    const b = await loggedIn();
    await b.page(ACCOUNT);
    await logOutElsewhere(b);
    const res = await b.post(ACCOUNT, [
      ["intent", "bindMobile"],
      ["mobile", "13912345678"],
      ["smsCode", "246810"],
    ]);
    expect(res.status).toBe(302);
    await b.logIn("student01");
    let html = await b.page(ACCOUNT);
    expect(html).toContain(NOTICE);
    expect(inputValue(html, "mobile")).toBe("13912345678");
    expect(html).not.toContain("246810");

    await logOutElsewhere(b);
    const pw = await b.post(ACCOUNT, [
      ["intent", "password"],
      ["oldPassword", "Passw0rd!"],
      ["newPassword", "Secret99!"],
      ["confirmPassword", "Secret99!"],
    ]);
    expect(pw.status).toBe(302);
    expect(pw.headers.getSetCookie().some((c) => /^keep=/.test(c))).toBe(false);
    await b.logIn("student01");
    html = await b.page(ACCOUNT);
    expect(html).not.toContain(NOTICE);
    expect(html).not.toContain("Secret99!");
  });

  it("another browser of the same user, or another user on this browser, does not get the values", async () => {
    const b = await loggedIn();
    await b.page(DATA);
    await logOutElsewhere(b);
    expect((await b.post(DATA, typedBase)).status).toBe(302);
    // another browser, same user
    const other = await loggedIn("student01");
    const html = await other.page(DATA);
    expect(html).not.toContain(NOTICE);
    expect(html).not.toContain("李新名");
    // this browser, kept by a known user, then another user logs in here
    const c = await loggedIn("student01");
    await c.page(DATA);
    await ctx.sandbox.control("POST", "/tokens/expire", { account: "student01", backCodes: true });
    expect((await c.post(DATA, typedBase)).status).toBe(302);
    await c.logIn("member01");
    const theirs = await c.page(DATA);
    expect(theirs).not.toContain(NOTICE);
    expect(theirs).not.toContain("李新名");
  });
});

// The `no-js` re-run of tests/e2e/personal-keep.test.ts (issue 22): the same journey through the page's own
// forms and links, as a browser without JavaScript walks them (the form-walker).
describe("without JavaScript (the no-js journey of tests/e2e/personal-keep.test.ts)", () => {
  it("token expired: the personal data typed survives the login, with the notice, then saves", async () => {
    const b = ctx.portal.client();
    const page = await b.signIn(ctx.portal, "13800000001", DATA);
    expect(page.url).toMatch(new RegExp(`${DATA}$`));
    const base = page.form("#personal-data-base").fill({ 姓名: "李新名", 证件号码: "E12345678" });
    // the session ends upstream (token and its renewal), then the person submits
    await ctx.sandbox.control("POST", "/tokens/expire", { account: "13800000001", backCodes: true });
    const upgrade = await base.submit({ button: "保存" });
    expect(upgrade.url).toMatch(/\/upgrade\/token\?callback=/);
    expect(upgrade.url).not.toContain("E12345678");
    const login = await b.get(linkHref(upgrade, "重新登录")!);
    expect(login.url).toMatch(/\/join\/login\?backUrl=/);
    const back = await login.form({ button: "登录" }).fill({ 账号: "student01", 密码: "Passw0rd!" }).submit({ button: "登录" });
    // back on the page (the login adds its own schoolId/companyMessageReach parameters)
    expect(back.url).toMatch(new RegExp(`${DATA}(\\?|$)`));
    expect(testText(back, "kept-notice")).toBe("登录已过期，您填写的内容已为您保留。请检查后重新提交（尚未保存）。");
    const kept = back.form("#personal-data-base");
    expect(kept.value("姓名")).toBe("李新名");
    expect(kept.value("证件号码")).toBe("E12345678");
    // never saved by itself: the person submits
    const saved = await kept.submit({ button: "保存" });
    expect(text(element(element(saved.html, 'form[id="personal-data-base"]') ?? "", '[role="status"]') ?? "")).toBe("保存成功");
    expect(saved.html).not.toContain(NOTICE);
    const again = await b.get(DATA);
    expect(again.form("#personal-data-base").value("姓名")).toBe("李新名");
    expect(again.html).not.toContain(NOTICE);
  });
});
