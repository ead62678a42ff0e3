import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import zhErrors from "~/locales/zh/errors.json";
import enErrors from "~/locales/en/errors.json";
import { startTestPortal, type TestPortal } from "../portal";

/**
 * Decision 040: no translation is bundled in the browser's JavaScript. The `errors` namespace comes
 * with the root loader's data in the page's language; when the root loader failed (no root data), the
 * page carries it as a JSON block the browser reads back, so the branded error page stays translated.
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

/** The `errors` namespace as the browser gets it: the upstream's messages by code are a namespace of their own (decision 075). */
const { upstream: _zhUpstream, ...zhErrorsSent } = zhErrors;
const { upstream: _enUpstream, ...enErrorsSent } = enErrors;

const block = (html: string) => /<script id="i18n-errors" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];

describe("the errors namespace in the page's language (decision 040)", () => {
  it("a page has it in the root data, the page's language only, and no separate block", async () => {
    const zh = (await portal.client().get("/home/index")).html;
    expect(zh).toContain(zhErrors.unavailable);
    expect(zh).not.toContain(enErrors.title);
    expect(block(zh)).toBeUndefined();

    const en = (await portal.client().get("/home/index?lng=en")).html;
    expect(en).toContain(enErrors.title);
    expect(en).not.toContain(zhErrors.unavailable);
    expect(block(en)).toBeUndefined();
  });

  it("when the root loader fails, the error page carries the language's errors as a JSON block", async () => {
    await portal.fault({ path: "getBaseInfo", status: 500 });
    const zh = await portal.client().get("/home/index");
    expect(zh.status).toBe(502);
    expect(JSON.parse(block(zh.html) ?? "null")).toEqual(zhErrorsSent);
    expect(zh.html).toContain(zhErrors.title);

    const en = await portal.client().get("/course/list?lng=en");
    expect(en.status).toBe(502);
    expect(JSON.parse(block(en.html) ?? "null")).toEqual(enErrorsSent);
    expect(en.html).toContain(enErrors.title);
  });
});
