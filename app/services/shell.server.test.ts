import { describe, expect, it } from "vitest";
import { analyticsSrc } from "~/lib/security/third-party-scripts";
import { passwordRedirect } from "~/lib/guards/guards.server";
import { configUrl, displayName, menuHref, personalLinks, scriptUrl, shortName, toPath } from "./shell.server";

const user = { nickName: "", mobile: "", username: "", email: "" };

describe("shell rules of spec 000 section 2.2", () => {
  it("display name: nickname, else mobile, else username cut to 12, else email", () => {
    expect(displayName({ ...user, nickName: "小张", mobile: "13800000001" })).toBe("小张");
    expect(displayName({ ...user, mobile: "13800000001", username: "student01" })).toBe("13800000001");
    expect(displayName({ ...user, username: "averyveryverylongname" })).toBe("averyveryver");
    expect(displayName({ ...user, email: "a@b.c" })).toBe("a@b.c");
  });

  it("short company name is cut to 8 characters", () => {
    expect(shortName("云朵职业教育在线学院")).toBe("云朵职业教育在线");
    expect(shortName("短名")).toBe("短名");
  });

  const menu = { id: 7, menuName: "x", urlType: "LINK_DEFAULT", pageHeadType: "SYS_PAGE_HEAD_OTHER", openType: "self", children: [] };
  it("menu links: http as given, /s/pc/#/x as the path /x (issue 25), variable links through /linkVariableRedirect", () => {
    expect(menuHref({ ...menu, menuUrl: "https://example.com/a" })).toEqual({ href: "https://example.com/a", external: true });
    expect(menuHref({ ...menu, menuUrl: "/s/pc/#/course/list" })).toEqual({ href: "/course/list", external: false });
    expect(menuHref({ ...menu, menuUrl: "/s/pc/#/personal/course?parentId=-1" })).toEqual({ href: "/personal/course?parentId=-1", external: false });
    // HashRoutes' rules: a hash that would leave the site stays as given (the script ignores it too)
    expect(menuHref({ ...menu, menuUrl: "/s/pc/#//evil.example" })).toEqual({ href: "/s/pc/#//evil.example", external: false });
    expect(menuHref({ ...menu, menuUrl: "/s/pc/#/\\evil.example" })).toEqual({ href: "/s/pc/#/\\evil.example", external: false });
    expect(menuHref({ ...menu, menuUrl: "x", urlType: "LINK_VARIABLE" })).toEqual({ href: "/linkVariableRedirect/7", external: false });
    expect(menuHref({ ...menu, menuUrl: "#/news" })).toEqual({ href: "/news", external: false });
    expect(menuHref({ ...menu, menuUrl: "javascript:http" })).toEqual({ href: "#", external: true });
  });
});

describe("config values the shell puts in the page", () => {
  it("a link equal to 'http://' is ignored; only http(s) URLs pass", () => {
    expect(configUrl("http://")).toBe("");
    expect(configUrl("javascript:alert(1)")).toBe("");
    expect(configUrl(" https://weibo.com/x ")).toBe("https://weibo.com/x");
  });
  it("third-party chat scripts only from https URLs, never config text as code", () => {
    expect(scriptUrl("alert(1)")).toBe("");
    expect(scriptUrl("http://im.example/w.js")).toBe("");
    expect(scriptUrl("https://im.example/w.js?id=1")).toBe("https://im.example/w.js?id=1");
  });
  it("personal links: the configured personal URL or the default, with ?parentId=-1", () => {
    expect(personalLinks("").courseCentre).toBe("/personal/course/lessons?parentId=-1");
    expect(personalLinks("/s/pc/#/personal/course/plan").courseCentre).toBe("/personal/course/plan?parentId=-1");
    expect(personalLinks("").settings).toBe("/personal/setting/data?parentId=-1");
    expect(toPath("https://x.example/#/a")).toBe("");
  });
  it("analytics by statType with the key URL-encoded", () => {
    expect(analyticsSrc("baidu", "a&b")).toBe("https://hm.baidu.com/hm.js?a%26b");
    expect(analyticsSrc("other", "x")).toBeNull();
  });
});

describe("global rules (spec 000 sections 4 and 6)", () => {
  const req = (path: string, ua = "Mozilla/5.0 (X11; Linux x86_64)") => new Request(`http://localhost${path}`, { headers: { "User-Agent": ua } });
  it("a forced password change sends every page but the account page, logout and the token upgrade to the account page", () => {
    const forced = { changePassword: true };
    expect(passwordRedirect(req("/home/index"), forced)?.headers.get("Location")).toBe("/personal/setting/account");
    expect(passwordRedirect(req("/personal/course/lessons.data"), forced)?.headers.get("Location")).toBe("/personal/setting/account");
    expect(passwordRedirect(req("/personal/setting/account"), forced)).toBeNull();
    expect(passwordRedirect(req("/logout"), forced)).toBeNull();
    expect(passwordRedirect(req("/upgrade/token"), forced)).toBeNull();
    expect(passwordRedirect(req("/home/index"), { changePassword: false })).toBeNull();
    expect(passwordRedirect(req("/home/index"), null)).toBeNull();
  });
});
