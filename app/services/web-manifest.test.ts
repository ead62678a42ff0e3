import { describe, expect, it } from "vitest";
import { GENERATED_ICON_PATH, generatedIconSvg, manifestIcons, webManifest, type ManifestSite } from "~/services/web-manifest";

const site: ManifestSite = {
  title: "云朵课堂 · 学习中心",
  companyName: "云朵教育科技有限公司",
  shortName: "云朵课堂",
  icon: "https://static.example/company/1/favicon.ico",
  logo: "https://static.example/company/1/logo.png",
  logoType: "image",
  themeColor: "#13c2c2",
};

describe("web app manifest (issue 37 §1)", () => {
  it("names the school, starts at the home page, standalone over the whole site, in the school's colour", () => {
    const m = webManifest(site);
    expect(m).toMatchObject({
      name: "云朵课堂 · 学习中心",
      short_name: "云朵课堂",
      start_url: "/home/index",
      scope: "/",
      display: "standalone",
      theme_color: "#13c2c2",
    });
  });

  it("icons: the logo image, the favicon, then always the generated one (also maskable)", () => {
    expect(manifestIcons(site).map((i) => [i.src, i.type, i.purpose])).toEqual([
      ["https://static.example/company/1/logo.png", "image/png", undefined],
      ["https://static.example/company/1/favicon.ico", "image/x-icon", undefined],
      [GENERATED_ICON_PATH, "image/svg+xml", "any"],
      [GENERATED_ICON_PATH, "image/svg+xml", "maskable"],
    ]);
  });

  it("a school without icons or with a word logo still has an icon; a name falls back to the company's", () => {
    const bare = { ...site, icon: "", logo: "", logoType: "word" as const, title: "", shortName: "" };
    const m = webManifest(bare);
    expect(m.icons.map((i) => i.src)).toEqual([GENERATED_ICON_PATH, GENERATED_ICON_PATH]);
    expect(m.name).toBe("云朵教育科技有限公司");
    expect(m.short_name).toBe("云朵教育科技有限公司");
  });

  it("the generated icon draws the first character on the theme colour, escaped", () => {
    const svg = generatedIconSvg({ shortName: "<b>x", companyName: "", themeColor: "#f5222d" });
    expect(svg).toContain('fill="#f5222d"');
    expect(svg).toContain(">&lt;</text>");
    expect(generatedIconSvg({ shortName: "", companyName: "", themeColor: "red;x" })).toContain('fill="#008AFF"');
  });
});
