import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, element, elements, setCookie, startTestPortal, text, type Client, type TestPortal } from "../portal";

/**
 * The password login's outcomes as the server answers the form (spec 000 sections 2.6, 5, 8): where a
 * login goes, what a failure keeps, what a company's configuration shows. The journeys (typing, the
 * pop-up, SMS, captcha, face, third parties) stay in tests/e2e/login*.test.ts.
 */

const PASSWORD = "Passw0rd!";
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

/** Opens the login page at `path` and posts its password form as a browser without JavaScript does. */
async function logIn(browser: Client, path: string, fields: Record<string, string>) {
  const { html } = await browser.get(path);
  const form = elements(html, "form").find((f) => /name="intent" value="password"/.test(f)) ?? "";
  const hidden = Object.fromEntries(
    elements(form, "input")
      .filter((i) => attr(i, "type") === "hidden")
      .map((i) => [attr(i, "name") ?? "", attr(i, "value") ?? ""]),
  );
  return browser.post(attr(form, "action") ?? path, { ...hidden, intent: "password", ...fields });
}

describe("password login", () => {
  it("success goes to backUrl with schoolId and companyMessageReach, with a new session; the password is in no cookie", async () => {
    const browser = portal.client();
    await browser.get("/home/index");
    const before = browser.cookies.get("portal_session");
    const res = await logIn(browser, "/join/login?backUrl=%2Fcourse%2Flist%3Fx%3D1", { account: "  student01 ", password: PASSWORD });
    expect([302, 303]).toContain(res.status);
    const to = new URL(res.headers.get("Location") ?? "", "http://portal");
    expect(to.pathname).toBe("/course/list");
    expect(to.searchParams.get("x")).toBe("1");
    expect(to.searchParams.get("schoolId")).toBe("1");
    expect(to.searchParams.get("companyMessageReach")).toBe("ok");
    expect(browser.cookies.get("portal_session")).toBeDefined();
    expect(browser.cookies.get("portal_session")).not.toBe(before);
    for (const value of browser.cookies.values()) expect(decodeURIComponent(value)).not.toContain(PASSWORD);
    expect(text(element((await browser.get("/home/index")).html, '[data-testid="user-name"]') ?? "")).toBe("张同学");
  });

  it("a hostile backUrl is ignored", async () => {
    const res = await logIn(portal.client(), "/join/login?backUrl=%2F%2Fevil.example%2Fx", { account: "student01", password: PASSWORD });
    expect([302, 303]).toContain(res.status);
    const location = res.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/home\/index(\?|$)/);
    expect(location).not.toContain("evil.example");
  });

  it("forced password change: the login goes to the account settings page", async () => {
    const res = await logIn(portal.client(), "/join/login", { account: "student02", password: PASSWORD });
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("Location")).toMatch(/^\/personal\/setting\/account(\?|$)/);
  });

  it("wrong password: 400, the server's message next to the password, the account kept, never the password", async () => {
    const browser = portal.client();
    const res = await logIn(browser, "/join/login", { account: "student01", password: "wrong-password" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(text(element(html, '[data-error-for="password"]') ?? "")).toBe("账号或密码错误");
    expect(
      attr(
        elements(html, "input").find((i) => attr(i, "name") === "account"),
        "value",
      ),
    ).toBe("student01");
    expect(html).not.toContain("wrong-password");
    expect(setCookie(res, "portal_session") ?? "").not.toContain("wrong-password");
  });

  it("remember me is offered, except to company 4", async () => {
    expect((await portal.client().get("/join/login")).html).toContain('name="remember"');
    const company4 = await portal.client({ host: "company4.localhost:3000" }).get("/join/login");
    expect(company4.status).toBe(200);
    expect(element(company4.html, 'form[method="post"]')).toBeDefined();
    expect(company4.html).not.toContain('name="remember"');
  });
});

describe("stand-alone pages and flags", () => {
  it("useLoginPage 0: the stand-alone login page (the no-JS fallback, a direct address) keeps the full shell", async () => {
    const { html } = await portal.client().get("/join/login");
    expect(element(html, "header")).toBeDefined();
    expect(element(html, "footer")).toBeDefined();
    expect(element(html, "aside")).toBeDefined();
  });

  it("closeFlag 1: no register link, and the register page goes to login", async () => {
    const browser = portal.client();
    const open = await browser.get("/join/register");
    expect(open.url).toBe("/join/register");
    expect(elements((await browser.get("/join/login")).html, "a").some((a) => attr(a, "href")?.startsWith("/join/register"))).toBe(true);
    await portal.config(1, { closeFlag: 1 });
    const closed = await browser.get("/join/register");
    expect(closed.url).toMatch(/^\/join\/login(\?|$)/);
    expect(elements(closed.html, "a").filter((a) => attr(a, "href")?.startsWith("/join/register"))).toEqual([]);
  });
});
