import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { loginRedirect, mobileRedirect } from "~/lib/guards/guards.server";
import { loginHref, safeRedirect } from "~/lib/security/redirect";

const at = (path: string, headers: Record<string, string> = {}) => new Request(`http://portal.test${path}`, { headers });

describe("loginRedirect (spec 000 sections 1 and 6)", () => {
  it("comes back to the page asked for, query kept as written", () => {
    const res = loginRedirect(at("/course/list?courseName=Py%20thon&page=2"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/join/login?backUrl=%2Fcourse%2Flist%3FcourseName%3DPy%2520thon%26page%3D2");
  });

  it("drops Remix's data-request markers (single fetch .data, _routes, _data)", () => {
    expect(loginRedirect(at("/news.data?page=3&_routes=root%2Croutes%2Fnews")).headers.get("Location")).toBe(loginHref("/news?page=3"));
    expect(loginRedirect(at("/home/index?_data=root")).headers.get("Location")).toBe(loginHref("/home/index"));
    expect(loginRedirect(at("/_root.data")).headers.get("Location")).toBe(loginHref("/"));
  });

  it("builds a link the login page's safeRedirect accepts unchanged", () => {
    const href = loginHref("/course/detail/7?x=1", { third: "failed" });
    const backUrl = new URL(href, "http://portal.test").searchParams.get("backUrl");
    expect(href.startsWith("/join/login?third=failed&backUrl=")).toBe(true);
    expect(safeRedirect(backUrl)).toBe("/course/detail/7?x=1");
  });
});

// Issue 12 part 1, spec 000 sections 1 and 7.1: the mobile-site redirect. Phones are served here unless the
// operator names a mobile site (WAP_URL) AND the company's pc.wap.redirect is on; path and query kept.
describe("mobileRedirect (env WAP_URL x company pc.wap.redirect x user agent)", () => {
  const UA = {
    iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
    wechat:
      "Mozilla/5.0 (Linux; Android 13; V2154A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
    desktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
    ipad: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1",
    googlebot:
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    baiduspider:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 9_1 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13B143 Safari/601.1 (compatible; Baiduspider-render/2.0; +http://www.baidu.com/search/spider.html)",
  };
  const phone = (path: string, ua = UA.iphone, method = "GET") => new Request(`http://portal.test${path}`, { method, headers: { "User-Agent": ua } });
  const on = async () => true;
  const off = async () => false;
  const location = async (request: Request, wapUrl: string | undefined, companyOn = on) =>
    (await mobileRedirect(request, wapUrl, companyOn))?.headers.get("Location") ?? null;

  it("default (no WAP_URL): every phone is served here, whatever the company's switch; the switch is not even read", async () => {
    let asked = 0;
    const counting = async () => ((asked += 1), true);
    for (const ua of [UA.iphone, UA.android, UA.wechat]) {
      expect(await location(phone("/course/detail/5001", ua), undefined, counting)).toBeNull();
      expect(await location(phone("/home/index", ua), "", counting)).toBeNull();
    }
    expect(asked).toBe(0);
  });

  it("WAP_URL set and pc.wap.redirect on: iPhone, Android and WeChat go to the mobile site, path and query kept", async () => {
    for (const ua of [UA.iphone, UA.android, UA.wechat]) {
      expect(await location(phone("/course/detail/5001?from=share&x=%E4%B8%AD", ua), "https://m.school.example")).toBe(
        "https://m.school.example/course/detail/5001?from=share&x=%E4%B8%AD",
      );
    }
    expect(await location(phone("/"), "https://m.school.example/s/")).toBe("https://m.school.example/s/");
    expect(await location(phone("/news?page=2"), "/wap")).toBe("/wap/news?page=2");
    expect(await location(phone("/home/index/bj"), "http://portal.test/wap")).toBe("http://portal.test/wap/home/index/bj");
  });

  it("WAP_URL set but pc.wap.redirect off: the phone is served here", async () => {
    expect(await location(phone("/course/list"), "https://m.school.example", off)).toBeNull();
  });

  it("Remix data requests keep the page's path and query, without the data markers", async () => {
    expect(await location(phone("/course/list.data?page=2&_routes=root"), "https://m.school.example")).toBe("https://m.school.example/course/list?page=2");
  });

  it("desktops, tablets and crawlers (a phone crawler too) are never redirected", async () => {
    for (const ua of [UA.desktop, UA.ipad, UA.googlebot, UA.baiduspider, ""]) {
      expect(await location(phone("/course/list", ua), "https://m.school.example")).toBeNull();
    }
  });

  it("only the public pages of spec 000 section 2.1 and only GET/HEAD: personal pages, login, posts stay", async () => {
    expect(await location(phone("/personal/setting/account"), "https://m.school.example")).toBeNull();
    expect(await location(phone("/join/login?backUrl=%2F"), "https://m.school.example")).toBeNull();
    expect(await location(phone("/course/list", UA.iphone, "POST"), "https://m.school.example")).toBeNull();
    expect(await location(phone("/course/list", UA.iphone, "HEAD"), "https://m.school.example")).toBe("https://m.school.example/course/list");
  });

  it("no loop: a mobile site on this host is not redirected to itself", async () => {
    expect(await location(phone("/wap"), "/wap")).toBeNull();
    expect(await location(phone("/wap/course/list"), "/wap")).toBeNull();
    expect(await location(phone("/course/list"), "/")).toBeNull();
    expect(await location(phone("/course/list"), "http://portal.test")).toBeNull();
    // a path that merely starts like the mobile site's is still a public page of this portal
    expect(await location(phone("/news"), "/ne")).toBe("/ne/news");
  });
});

describe("WAP_URL (env.server.ts)", () => {
  const base = { UPSTREAM_URL: "http://127.0.0.1:4000", SESSION_SECRET: "0123456789abcdef" };
  it("is off by default and with 0; accepts a path or an http(s) URL; refuses anything else", () => {
    expect(parseEnv(base).WAP_URL).toBeUndefined();
    expect(parseEnv({ ...base, WAP_URL: "0" }).WAP_URL).toBeUndefined();
    expect(parseEnv({ ...base, WAP_URL: "/wap" }).WAP_URL).toBe("/wap");
    expect(parseEnv({ ...base, WAP_URL: "https://m.school.example/s" }).WAP_URL).toBe("https://m.school.example/s");
    for (const bad of ["wap", "//evil.example", "javascript:alert(1)", "https://m.example/?x=1"]) {
      expect(() => parseEnv({ ...base, WAP_URL: bad }), bad).toThrow(/WAP_URL/);
    }
  });
});
