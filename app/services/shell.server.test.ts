import { describe, expect, it } from "vitest";
import { displayName, menuHref, shortName } from "./shell.server";

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
  it("menu links: http and /s/pc/# as given, variable links through /linkVariableRedirect", () => {
    expect(menuHref({ ...menu, menuUrl: "https://example.com/a" })).toEqual({ href: "https://example.com/a", external: true });
    expect(menuHref({ ...menu, menuUrl: "/s/pc/#/course/list" })).toEqual({ href: "/s/pc/#/course/list", external: false });
    expect(menuHref({ ...menu, menuUrl: "x", urlType: "LINK_VARIABLE" })).toEqual({ href: "/linkVariableRedirect/7", external: false });
    expect(menuHref({ ...menu, menuUrl: "#/news" })).toEqual({ href: "/news", external: false });
    expect(menuHref({ ...menu, menuUrl: "javascript:http" })).toEqual({ href: "#", external: true });
  });
});
