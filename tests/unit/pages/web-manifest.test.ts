import { describe, expect, it } from "vitest";
import { attr, element, usePortal } from "../portal";

/** Issue 37 §1: the school's installable app, its manifest built from the company's configuration. */
const ctx = usePortal();

describe("/manifest.webmanifest", () => {
  it("is linked from every page's head, with the theme colour", async () => {
    const { html } = await ctx.portal.client().get("/home/index");
    expect(attr(element(html, 'link[rel="manifest"]'), "href")).toBe("/manifest.webmanifest");
    expect(attr(element(html, 'meta[name="theme-color"]'), "content")).toBe("#008AFF");
  });

  it("gives the company's name, icon and colour, start_url /home/index, standalone, cached", async () => {
    await ctx.portal.config(1, { homeConfig: { themeColor: "#13c2c2" } });
    const res = await ctx.portal.client().get("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const m = JSON.parse(res.html) as Record<string, unknown> & { icons: { src: string }[] };
    expect(m).toMatchObject({ start_url: "/home/index", scope: "/", display: "standalone", theme_color: "#13c2c2" });
    expect(typeof m.name).toBe("string");
    expect(m.icons.map((i) => i.src)).toContain("https://static.yunduo.example/company/1/favicon.ico");
    expect(m.icons.map((i) => i.src)).toContain("/manifest-icon.svg");
  });

  it("the generated icon is an SVG in the theme colour", async () => {
    const res = await ctx.portal.client().get("/manifest-icon.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.html).toContain('fill="#008AFF"');
  });
});
