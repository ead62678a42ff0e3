import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { configPartHtml, configPartsDrawn } from "~/components/shell/config-parts.server";

/** decision 093: a company-wide part's HTML is drawn once per configuration objects, part and language. */
describe("configPartHtml", () => {
  const list = (text: string) => createElement("ul", null, createElement("li", null, text, " ", "b"));
  const draw = (text: string) => list.bind(null, text);

  it("draws with React's renderer (text separators as in a streamed page) and reuses the drawing for the same objects and key", () => {
    const menus = { id: 1 };
    const site = { id: 2 };
    const before = configPartsDrawn();
    const first = configPartHtml([menus, site], "nav\0zh", draw("a"));
    expect(first).toBe("<ul><li>a<!-- --> <!-- -->b</li></ul>");
    // the same objects and key: the first drawing, whatever the draw function would give now
    expect(configPartHtml([menus, site], "nav\0zh", draw("changed"))).toBe(first);
    expect(configPartsDrawn() - before).toBe(1);
  });

  it("draws again for another language or part, another object (a reloaded answer) or another set of objects", () => {
    const menus = { id: 1 };
    const site = { id: 2 };
    const before = configPartsDrawn();
    configPartHtml([menus, site], "nav\0zh", draw("zh"));
    expect(configPartHtml([menus, site], "nav\0en", draw("en"))).toContain(">en<");
    expect(configPartHtml([menus, site], "footer\0zh", draw("footer"))).toContain(">footer<");
    expect(configPartHtml([menus, { id: 2 }], "nav\0zh", draw("new site"))).toContain(">new site<");
    expect(configPartHtml([{ id: 1 }, site], "nav\0zh", draw("new menus"))).toContain(">new menus<");
    expect(configPartHtml([menus], "nav\0zh", draw("fewer"))).toContain(">fewer<");
    expect(configPartsDrawn() - before).toBe(6);
    // and each kept apart: the first again without a drawing
    expect(configPartHtml([menus, site], "nav\0zh", draw("x"))).toContain(">zh<");
    expect(configPartsDrawn() - before).toBe(6);
  });
});
