import { describe, expect, it } from "vitest";
import { byTestId, element, text, usePortal } from "../portal";

/**
 * The once-drawn company-wide parts with the config cache on, as in production (decision 093): a view reuses the
 * drawing of the configuration it was served from, and a changed configuration, once the cache has loaded it, is
 * drawn anew (the drawings are kept per configuration object: a reloaded answer is a new object). The page is still
 * the page drawn whole (tests/unit/pages/config-parts.test.ts compares every template with the cache off).
 */
const ctx = usePortal({ env: { CONFIG_TTL_S: "30" } });
type EntryModule = { resetProcessState: () => void };

const footerText = (html: string) => text(element(html, "footer") ?? "");

describe("the once-drawn parts follow the cached configuration", () => {
  it("a view draws from the configuration it was served from; a reloaded configuration is drawn anew", async () => {
    const visitor = ctx.portal.client();
    const first = (await visitor.get("/home/index")).html;
    expect(footerText(first)).toContain("京ICP备12345678号");
    expect(byTestId(first, "side-fold")).toBeDefined();

    // the company changes its footer: the cache serves the configuration it has (and so its drawing) until it reloads
    await ctx.portal.config(1, { footInfo: { icpNo: "京ICP备99999999号" } });
    expect(footerText((await visitor.get("/home/index")).html)).toContain("京ICP备12345678号");

    // the cache forgotten (as when its entry expires and is loaded again): the new answer, a new drawing
    (ctx.build.entry.module as unknown as EntryModule).resetProcessState();
    const reloaded = (await visitor.get("/home/index")).html;
    expect(footerText(reloaded)).toContain("京ICP备99999999号");
    expect(footerText(reloaded)).not.toContain("京ICP备12345678号");

    // and in the other language, from the same configuration objects: the English words, the company's own text
    const english = (await visitor.get("/home/index?lng=en")).html;
    expect(footerText(english)).toContain("京ICP备99999999号");
    expect(element(element(english, "footer") ?? "", "nav")).toContain('aria-label="Footer');
  });
});
