import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, elements, startTestPortal, type Client, type TestPortal } from "../portal";

/**
 * Decision 023 for the studying dialogs (issue 14 part C, merged after the decision): the face info form, the
 * personal information form, the agreement's agree box and the complete-information dialog are served without
 * `novalidate`, marked `data-validate="server"` (use-form's getFormProps), with their schema's constraints from
 * the loader (without JavaScript the browser checks them; no zod in the browser: page-weight.test.ts).
 * Seed: sandbox README 'Agreements…' (users 26xx, mobile 1370000 + id).
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

async function signedIn(mobile: string): Promise<Client> {
  const browser = portal.client();
  await browser.signIn(portal, mobile);
  return browser;
}

async function formOf(browser: Client, path: string, id: string): Promise<string> {
  const page = await browser.get(path);
  expect(page.status, path).toBe(200);
  const form = elements(page.html, "form").find((f) => attr(f, "id") === id);
  if (!form) throw new Error(`no form #${id} on ${path}`);
  expect(attr(form, "novalidate")).toBeUndefined();
  expect(attr(form, "data-validate")).toBe("server");
  return form;
}

const control = (form: string, name: string) => [...elements(form, "input"), ...elements(form, "select")].find((i) => attr(i, "name") === name) ?? "";
const required = /\srequired(=""|\s|>|\/)/;

describe("study dialogs: constraints from the loader, checked by the browser without JavaScript", () => {
  it("face info (status 2): name and ID number required, the name's pattern", async () => {
    const form = await formOf(await signedIn("13700002610"), "/face/check?backUrl=%2Fpersonal%2Fcourse%2Flessons", "face-info");
    expect(control(form, "name")).toMatch(required);
    expect(attr(control(form, "name"), "pattern")).toBeTruthy();
    expect(control(form, "identityId")).toMatch(required);
  });

  it("personal information: the deficient fields required", async () => {
    const form = await formOf(
      await signedIn("13700002604"),
      "/info/personal?backUrl=%2Fpersonal%2Fcourse%2Flessons&targetId=5005&targetType=0",
      "personal-info",
    );
    const names = [...elements(form, "input"), ...elements(form, "select")].filter((i) => required.test(i)).map((i) => attr(i, "name"));
    expect(names.length).toBeGreaterThan(0);
  });

  it("the agreement's agree box is required", async () => {
    const browser = await signedIn("13800000001");
    // student01's agreement on 5005 is pending: the lesson entry chain sends them to it
    const entry = await browser.fetch("/class/enter/5005/105/105043");
    const to = entry.headers.get("Location") ?? "";
    expect(to).toMatch(/^\/agreement\/edit\//);
    const form = await formOf(browser, to, "agreement-sign");
    expect(control(form, "agree")).toMatch(required);
  });

  it("complete information (scene 3): the custom fields required", async () => {
    const form = await formOf(await signedIn("13700002606"), "/info/complete?scene=3&backUrl=%2Fpersonal%2Fcourse%2Flessons", "complete-info");
    expect([...elements(form, "input"), ...elements(form, "select")].some((i) => required.test(i))).toBe(true);
  });
});
