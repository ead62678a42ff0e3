import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, element, elements, startTestPortal, text, type Client, type TestPortal } from "../portal";

/**
 * Decision 023: forms validate on the server only. The served form has no `novalidate` (without
 * JavaScript the browser checks the constraints the loader sent), is marked `data-validate="server"`
 * (entry.client.tsx turns the browser's check off once the page's JavaScript runs), carries the schema's
 * constraints, and an empty or malformed post (a browser without constraint validation, a script) still
 * gets the server's messages next to the fields.
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

/** The `<form>` whose markup contains `marker` (a submit button's value, an id). */
function formWith(html: string, marker: string): string {
  const form = elements(html, "form").find((f) => f.includes(marker));
  if (!form) throw new Error(`no form with ${marker}`);
  return form;
}

function input(form: string, name: string): string {
  const found = elements(form, "input").find((i) => attr(i, "name") === name);
  if (!found) throw new Error(`no input ${name}`);
  return found;
}

/** The form's hidden inputs (csrf, backUrl ...), as a browser sends them. */
function hidden(form: string): Record<string, string> {
  return Object.fromEntries(
    elements(form, "input")
      .filter((i) => attr(i, "type") === "hidden")
      .map((i) => [attr(i, "name") ?? "", attr(i, "value") ?? ""]),
  );
}

function errorFor(html: string, name: string): string | undefined {
  const found = element(html, `[data-error-for="${name}"]`);
  return found === undefined ? undefined : text(found);
}

async function served(browser: Client, path: string, marker: string) {
  const page = await browser.get(path);
  expect(page.status).toBe(200);
  return formWith(page.html, marker);
}

describe("served forms: the browser's own check without JavaScript", () => {
  it("login: no novalidate, marked for the server, the schema's constraints on the inputs", async () => {
    const form = await served(portal.client(), "/join/login", 'value="password"');
    expect(attr(form, "novalidate")).toBeUndefined();
    expect(attr(form, "data-validate")).toBe("server");
    expect(input(form, "account")).toMatch(/\srequired(=""|\s|>|\/)/);
    expect(attr(input(form, "password"), "maxlength")).toBe("64");
  });

  it("register and forgot password: required fields, the mobile pattern, no novalidate", async () => {
    const register = await served(portal.client(), "/join/register", 'value="register"');
    expect(attr(register, "novalidate")).toBeUndefined();
    expect(attr(input(register, "mobile"), "pattern")).toContain("1[3-9]");
    expect(input(register, "password")).toMatch(/\srequired/);
    const forget = await served(portal.client(), "/login/forget?method=phone", 'value="reset"');
    expect(attr(forget, "novalidate")).toBeUndefined();
    expect(attr(forget, "data-validate")).toBe("server");
    expect(input(forget, "smsCode")).toMatch(/\srequired/);
    // the send-code button posts an incomplete form on purpose
    expect(element(forget, '[data-testid="send-code"]')).toMatch(/formnovalidate/i);
  });

  it("the account page's forms and the personal data sections", async () => {
    const browser = portal.client();
    await browser.signIn(portal, "13800000001", "/home/index");
    const account = await served(browser, "/personal/setting/account", 'id="account-password"');
    expect(attr(account, "novalidate")).toBeUndefined();
    expect(input(account, "oldPassword")).toMatch(/\srequired/);
    expect(attr(input(account, "newPassword"), "maxlength")).toBe("20");
    const data = await browser.get("/personal/setting/data");
    const contact = formWith(data.html, 'id="personal-data-contact"');
    expect(attr(contact, "novalidate")).toBeUndefined();
    expect(attr(contact, "data-validate")).toBe("server");
    expect(attr(input(contact, "df_qq"), "pattern")).toBeTruthy();
  });
});

describe("an empty post gets the server's messages", () => {
  it("login", async () => {
    const browser = portal.client();
    const form = await served(browser, "/join/login", 'value="password"');
    const page = await browser.submit("/join/login", { ...hidden(form), intent: "password", account: "", password: "" });
    expect(page.status).toBe(400);
    expect(errorFor(page.html, "account")).toBe("请输入账号");
    expect(errorFor(page.html, "password")).toBe("请输入密码");
  });

  it("register", async () => {
    const browser = portal.client();
    const form = await served(browser, "/join/register", 'value="register"');
    const page = await browser.submit("/join/register", { ...hidden(form), intent: "register" });
    expect(page.status).toBe(400);
    expect(errorFor(page.html, "username")).toBe("请输入用户名");
    expect(errorFor(page.html, "smsCode")).toBe("短信验证码不能为空！");
    expect(errorFor(page.html, "password")).toBe("密码不能为空！");
  });

  it("forgot password", async () => {
    const browser = portal.client();
    const form = await served(browser, "/login/forget?method=phone", 'value="reset"');
    const page = await browser.submit("/login/forget?method=phone", { ...hidden(form), intent: "reset", mobile: "13800000001" });
    expect(page.status).toBe(400);
    expect(errorFor(page.html, "smsCode")).toBe("短信验证码不能为空！");
    expect(errorFor(page.html, "password")).toBe("密码不能为空！");
  });
});
