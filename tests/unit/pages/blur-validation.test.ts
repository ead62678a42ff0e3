import { describe, expect, it } from "vitest";
import { blurValidationEntries } from "~/components/form/blur-validation-post";
import { attr, usePortal, type Client, type Page } from "../portal";

/**
 * The blur validation's post (decisions 060, 082) as the browser's fetcher sends it: the form's fields as
 * `new FormData(form)` reads them (no button pressed), the form's validating submit button's `intent`
 * (`blurValidationEntries`, the hook's own code) and conform's validate intent, to the action's single-fetch
 * address (`<action>.data`). A form whose schema is a union on `intent` answers the field errors of its
 * submit's branch, not an error on `intent` (register) nor another form's (account settings: no intent is
 * the password change). Seed user student02 (this file's own sandbox).
 */
const ctx = usePortal();

/** What the hook posts when `field` is left, and the answer (single fetch's turbo-stream, read as text). */
async function blurPost(browser: Client, page: Page, which: Parameters<Page["form"]>[0], values: Record<string, string>, field: string) {
  const form = page.form(which).fill(values);
  const { url, entries } = form.request({ button: null });
  const buttons = form.buttons().map((b) => ({ name: b.name, value: b.value, formNoValidate: attr(b.html, "formnovalidate") !== undefined }));
  const body = new URLSearchParams(blurValidationEntries(entries, buttons, field).map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
  const response = await browser.post(`${url.pathname.replace(/\/$/, "")}.data${url.search}`, Object.fromEntries(body));
  return { status: response.status, body: await response.text() };
}

describe("the blur validation's post carries the form's submit intent", () => {
  it("register (a union on intent, the register branch's intent required): the mobile and username errors (not only an error on intent)", async () => {
    const browser = ctx.portal.client();
    const page = await browser.get("/join/register?lng=en");
    await ctx.portal.clearCalls();
    const answer = await blurPost(browser, page, { button: "Register" }, { Username: "1abc", "Mobile number": "123" }, "mobile");
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('"mobileFormat"');
    expect(answer.body).toContain('"usernameLetter"');
    // nothing checked, sent or registered upstream: a validate post does nothing else
    const calls = (await ctx.portal.calls()).map((c) => `${c.method} ${c.path}`);
    expect(calls.filter((c) => c.startsWith("POST") || /checkAccount|register\/register|sms/i.test(c))).toEqual([]);
  });

  it("account settings (a union on intent, no intent is the password change): the email form's error, not the password form's", async () => {
    const browser = ctx.portal.client();
    await browser.signIn(ctx.portal, "student02");
    const page = await browser.get("/personal/setting/account?lng=en");
    const answer = await blurPost(browser, page, { field: "email" }, { email: "not-an-email" }, "email");
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('"emailFormat"');
    expect(answer.body).not.toContain('"oldPassword"');
    expect(answer.body).not.toContain('"passwordRequired"');
  });
});
