import { describe, expect, it } from "vitest";
import { loginRedirect, mobileRedirect } from "~/services/guards.server";
import { loginHref, safeRedirect } from "~/services/redirect";

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

describe("mobileRedirect", () => {
  const iphone = { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" };
  it("sends a phone on a public page to the mobile site, not a desktop or a personal page", () => {
    expect(mobileRedirect(at("/course/list", iphone), "/wap")?.headers.get("Location")).toBe("/wap");
    expect(mobileRedirect(at("/course/list"), "/wap")).toBeNull();
    expect(mobileRedirect(at("/personal/setting/account", iphone), "/wap")).toBeNull();
    expect(mobileRedirect(at("/course/list", iphone), "")).toBeNull();
  });
});
