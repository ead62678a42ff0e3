import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { byTestId, element, startTestPortal, type TestPortal } from "../portal";

/**
 * The company-wide parts drawn once per configuration (issue 24, decision 093): the footer, the side bar's buttons,
 * and the header's menus go into the page as HTML made by React's renderer apart from the
 * page. The page must be byte for byte the page drawn whole (CONFIG_PARTS=0): the browser hydrates that markup as
 * React's own, and a difference (a text separator, an attribute) would make React throw the server's page away.
 * The pages' per-request values (the CSP nonce, the CSRF token, the clock) are set aside before comparing.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());
afterEach(() => {
  delete process.env.CONFIG_PARTS;
});

const perRequest = (html: string) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/[A-Za-z0-9_-]{30,}\.[A-Za-z0-9_-]{30,}/g, "TOKEN")
    .replace(/\b1[0-9]{12}\b/g, "NOW");

/** The page with the parts drawn once per configuration, and drawn whole with the page. */
async function bothWays(path: string, signedIn: boolean): Promise<{ parts: string; whole: string }> {
  const browser = portal.client();
  if (signedIn) await browser.signIn(portal);
  process.env.CONFIG_PARTS = "0";
  const whole = (await browser.get(path)).html;
  delete process.env.CONFIG_PARTS;
  const parts = (await browser.get(path)).html;
  return { parts: perRequest(parts), whole: perRequest(whole) };
}

const CONFIGS: [string, Record<string, unknown>][] = [
  ["the seeded company (header 1, footer 1, side bar with every channel, app download)", {}],
  ["FESCO header and footer", { headTemplateName: "FESCO" }],
  ["header 2, footer 2, side bar labels (tempType 4)", { headTemplateId: 2, footInfo: { templateId: 2 }, tempType: 4 }],
  ["header 3, footer 3, side bar faces (tempType 2)", { headTemplateId: 3, footInfo: { templateId: 3 }, tempType: 2 }],
  ["footer 4", { footInfo: { templateId: 4 } }],
];

describe("a page with the company-wide parts drawn once is the page drawn whole", () => {
  for (const [name, config] of CONFIGS) {
    it(name, async () => {
      await portal.config(1, config);
      for (const [path, signedIn] of [
        ["/home/index", false],
        ["/course/list?lng=en", false],
        ["/course/list", true],
        ["/personal/course/lessons", true],
      ] as const) {
        const { parts, whole } = await bothWays(path, signedIn);
        // the parts are there (the comparison is not of pages without them)
        expect(element(parts, "footer"), path).toBeDefined();
        expect(byTestId(parts, "side-fold"), path).toBeDefined();
        expect(element(element(parts, "header") ?? "", "nav"), path).toBeDefined();
        expect(parts.length, path).toBeGreaterThan(20_000);
        expect(parts, `${name}: ${path}`).toBe(whole);
      }
    });
  }
});
