import { describe, expect, it } from "vitest";
import { attr, type Client, type Form, type Page, usePortal } from "../portal";
import { errorFor, testText } from "./nojs";

/**
 * A form's default button is its main action (decision 085). Enter in a field clicks the form's default
 * button, its first submit button in tree order (HTML's implicit submission, with or without JavaScript); the
 * form-walker's `submit()` without a button is that press. Where a second action comes first (send the SMS code,
 * load the next level, cancel, the previous question, remove an item) the form starts with the kit's hidden
 * `DefaultSubmit` carrying the main action's name and value. Here: every such form of the portal, its default
 * button read from the page as served. The browser's own Enter: tests/e2e/enter-key.test.ts.
 */

const ctx = usePortal();

/** Every form of the page (the form-walker's view). */
function forms(page: Page): Form[] {
  const all: Form[] = [];
  for (let i = 0; ; i++) {
    try {
      all.push(page.form(i));
    } catch {
      return all;
    }
  }
}

/** The default button of a form: its name, value, and whether it is the kit's hidden default. */
function defaultOf(form: Form) {
  const first = form.buttons()[0];
  return first
    ? {
        name: first.name,
        value: first.value,
        noValidate: attr(first.html, "formnovalidate") !== undefined,
        hidden: attr(first.html, "data-default-submit") !== undefined,
      }
    : undefined;
}

/** No form of the page has a default button that skips validation (a send-code, refresh or cancel button). */
function expectValidatingDefaults(page: Page) {
  for (const form of forms(page)) {
    const first = defaultOf(form);
    if (first) expect(first.noValidate, `${page.url} form ${attr(form.html, "id") ?? ""}: default ${first.name}=${first.value}`).toBe(false);
  }
}

/** The form's default button posts the main action (`intent=value`) and is the kit's hidden one. */
function expectDefault(form: Form, name: string, value: string) {
  expect(defaultOf(form)).toEqual({ name, value, noValidate: false, hidden: true });
}

async function signedIn(account: string, path: string): Promise<{ browser: Client; page: Page }> {
  const browser = ctx.portal.client();
  const page = await browser.signIn(ctx.portal, account, path);
  return { browser, page };
}

describe("Enter submits the main action (decision 085)", () => {
  it("register: Enter in a field registers (the agreement's message), no code sent", async () => {
    const page = await ctx.portal.client().get("/join/register?lng=en");
    expectValidatingDefaults(page);
    const form = page.form({ button: "Register" });
    expectDefault(form, "intent", "register");
    const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const before = (await ctx.portal.calls("sendSmsCode")).length;
    const answered = await form.fill({ Username: `u${mobile}`, "Mobile number": mobile, "Verification code": "123456", Password: "S3cret-pass" }).submit();
    expect(errorFor(answered, "agreement")).toBe("Please agree to the user agreement.");
    expect(testText(answered, "code-sent")).toBe("");
    expect(await ctx.portal.calls("sendSmsCode")).toHaveLength(before);
  });

  it("login by SMS and forgot password: Enter signs in / resets", async () => {
    const login = await ctx.portal.client().get("/join/login?mode=sms");
    expectValidatingDefaults(login);
    expectDefault(login.form({ button: "send-code" }), "intent", "sms");
    // the password mode has no second action: its submit is first, no hidden default
    const password = await ctx.portal.client().get("/join/login");
    expect(defaultOf(password.form({ field: "account" }))).toMatchObject({ value: "password", hidden: false });
    const forget = await ctx.portal.client().get("/login/forget?method=phone");
    expectValidatingDefaults(forget);
    expectDefault(forget.form({ button: "send-code" }), "intent", "reset");
  });

  it("account settings: Enter binds the mobile / sets the password by SMS", async () => {
    const { page } = await signedIn("13800000014", "/personal/setting/account");
    expectValidatingDefaults(page);
    expectDefault(page.form("#account-mobile"), "intent", "bindMobile");
    expectDefault(page.form("#account-password-sms"), "intent", "passwordBySms");
  });

  it("personal information, complete information, face information: Enter saves", async () => {
    const { browser, page } = await signedIn("agr2614", "/info/personal?backUrl=%2Fhome%2Findex");
    expectValidatingDefaults(page);
    expectDefault(page.form("#personal-info"), "intent", "save");
    const complete = await browser.get("/info/complete?scene=3&backUrl=%2Fhome%2Findex");
    expectValidatingDefaults(complete);
    expectDefault(complete.form({ button: "complete-submit" }), "intent", "save");
    const face = await (await signedIn("agr2610", "/face/check?backUrl=%2Fclass%2Fenter%2F5003%2F103%2F1")).page;
    expectValidatingDefaults(face);
    expectDefault(face.form({ button: "face-submit" }), "intent", "info");
  });

  it("the dynamic fields' forms (personal data, certificate): Enter saves, never 'load the next level'", async () => {
    const { page } = await signedIn("13800000001", "/personal/setting/data");
    expectValidatingDefaults(page);
    for (const form of forms(page).filter((f) => attr(f.html, "data-validate") === "server")) expectDefault(form, "intent", "save");
    const certificate = (await signedIn("13700003606", "/certificate/create/9103")).page;
    expectValidatingDefaults(certificate);
    expect(defaultOf(certificate.form({ field: "df_cert_real_name" }))).toMatchObject({ name: "", hidden: true });
  });

  it("the cart: Enter on an item checks out, never removes the first item", async () => {
    await ctx.portal.sandbox.control("POST", "/cart", { account: "13800000001", count: 2 });
    const { page } = await signedIn("13800000001", "/shoppingcart");
    expectDefault(page.form({ field: "cartId" }), "intent", "checkout");
  });

  it("a practice question: Enter saves the answer (as on the exam paper), never 'previous'", async () => {
    const browser = ctx.portal.client();
    const overview = await browser.get("/lib/subject/overview/201");
    // the first paper's start form, posted as a browser does (its one button)
    const doing = await forms(overview)
      .find((f) => f.buttons().some((b) => b.value === "paper"))!
      .submit();
    const question = doing.form({ field: "questionId" });
    expectDefault(question, "intent", "save");
  });
});
