import { describe, expect, it } from "vitest";
import { PERSONAL_ROUTE_ID, SCHOOL_ROUTE_ID } from "~/route-ids";
import { keepCookies, LOCAL_ORIGIN as ORIGIN, usePortal } from "./portal";

// The route tree (docs/decisions/014-route-tree.md) and the personal centre's frame, through the built
// server's own request handler against the in-process sandbox: what a browser would get, without one.

const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });

/** A browser: keeps cookies, does not follow redirects. */
function browser() {
  const jar = new Map<string, string>();
  return {
    async get(pathname: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (jar.size) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      const res = await ctx.handle(new Request(ORIGIN + pathname, { ...init, headers, redirect: "manual" }));
      keepCookies(jar, res);
      return res;
    },
  };
}

async function loggedIn(account: string) {
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
  const b = browser();
  const res = await b.get(`/home/index?token=${token}`);
  expect(res.status).toBe(302);
  return b;
}

const calls = (filter = "") => ctx.sandbox.control<{ path: string }[]>("GET", `/requests${filter}`);
const location = (res: Response) => res.headers.get("Location");
/** The personal menu's HTML (the header's user dropdown has personal links too). */
function menuOf(html: string): string {
  const start = html.indexOf('data-testid="personal-menu"');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</nav>", start));
}

describe("the route tree", () => {
  it("nests root → _school → personal → section → page (npx remix routes)", () => {
    const parent = (id: string) => ctx.build.routes[id]?.parentId;
    expect(parent(SCHOOL_ROUTE_ID)).toBe("root");
    expect(parent("routes/_school+/_catalogue+/_layout")).toBe(SCHOOL_ROUTE_ID);
    expect(parent("routes/_school+/_catalogue+/home.[index]")).toBe("routes/_school+/_catalogue+/_layout");
    expect(parent(PERSONAL_ROUTE_ID)).toBe(SCHOOL_ROUTE_ID);
    for (const section of ["course", "setting", "message", "order", "accountcenter"]) {
      expect(parent(`routes/_school+/personal+/${section}+/_layout`)).toBe(PERSONAL_ROUTE_ID);
      expect(parent(`routes/_school+/personal+/${section}+/_index`)).toBe(`routes/_school+/personal+/${section}+/_layout`);
    }
    expect(parent("routes/_school+/personal+/setting+/account")).toBe("routes/_school+/personal+/setting+/_layout");
    expect(parent("routes/_school+/personal+/$")).toBe(PERSONAL_ROUTE_ID);
    expect(parent("routes/healthz")).toBe("root");
  });
});

describe("the personal centre's login guard", () => {
  it("sends a visitor to login with the page as backUrl, before any call about the user", async () => {
    const visitor = browser();
    expect((await visitor.get("/home/index")).status).toBe(200); // warms the per-domain config cache
    await ctx.sandbox.control("DELETE", "/requests");
    const res = await visitor.get("/personal/course/lessons?parentId=-1");
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`/join/login?backUrl=${encodeURIComponent("/personal/course/lessons?parentId=-1")}`);
    expect(await calls()).toEqual([]);
  });

  it("guards every level: the layout, a section index, the catch-all, the account page and its action", async () => {
    const visitor = browser();
    for (const page of ["/personal", "/personal/order", "/personal/course/note", "/personal/no/such/page", "/personal/setting/account"]) {
      const res = await visitor.get(page);
      expect(res.status, page).toBe(302);
      expect(location(res), page).toBe(`/join/login?backUrl=${encodeURIComponent(page)}`);
    }
    // the action too: a valid form post of a visitor (CSRF token of the login page) goes to login
    const login = await (await visitor.get("/join/login")).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(login)?.[1];
    expect(csrf).toBeTruthy();
    const form = new URLSearchParams({ csrf: csrf!, oldPassword: "Passw0rd!", newPassword: "Passw0rd!2", confirmPassword: "Passw0rd!2" });
    const post = await visitor.get("/personal/setting/account", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: "localhost:3000" },
    });
    expect(post.status).toBe(302);
    expect(location(post)).toBe(`/join/login?backUrl=${encodeURIComponent("/personal/setting/account")}`);
    expect(await calls("?path=getCurrentUser|menu%2Fpermission|update%2Fpassword")).toEqual([]);
  });
});

describe("menus filtered by permission (spec 001 section 2)", () => {
  it("opens the first permitted entry: personal centre, sections, and the header's ?parentId=-1 links", async () => {
    const partial = await loggedIn("partial01");
    const expected: [string, string][] = [
      ["/personal", "/personal/course/lessons"],
      ["/personal/course?parentId=-1", "/personal/course/lessons?parentId=-1"],
      ["/personal/setting", "/personal/setting/account"],
      ["/personal/order", "/personal/order?OrderTabIndex=2"],
      ["/personal/accountcenter", "/personal/accountcenter/score"],
    ];
    for (const [from, to] of expected) expect(location(await partial.get(from)), from).toBe(to);
    const full = await loggedIn("student01");
    expect(location(await full.get("/personal"))).toBe("/personal/course/classTable");
    expect(location(await full.get("/personal/order"))).toBe("/personal/order?parentId=-1");
    expect(location(await full.get("/personal/accountcenter"))).toBe("/personal/accountcenter/account/member");
  });

  it("shows only the permitted entries, each linking its spec route", async () => {
    const partial = await loggedIn("partial01");
    const page = await (await partial.get("/personal/setting/account")).text();
    const html = menuOf(page);
    for (const href of ["/personal/course/lessons", "/personal/setting/data", "/personal/order?OrderTabIndex=2", "/personal/accountcenter/score"]) {
      expect(html).toContain(`href="${href.replace("&", "&amp;")}"`);
    }
    for (const href of [
      "/personal/course/classTable",
      "/personal/course/note",
      "/personal/setting/archives",
      "/personal/message/detailslist",
      "/personal/order?parentId=-1",
      "/personal/accountcenter/account/member",
    ]) {
      expect(html).not.toContain(`href="${href}"`);
    }
    expect(html).not.toContain('data-section="message"');
  });

  it("follows the codes the upstream holds for the user (POST /__sandbox/permissions)", async () => {
    await ctx.sandbox.control("POST", "/permissions", { account: "student01", permissions: { course: ["note"], setting: [] } });
    const user = await loggedIn("student01");
    expect(location(await user.get("/personal"))).toBe("/personal/course/note");
    expect((await user.get("/personal/course/classTable")).status).toBe(403);
    await ctx.sandbox.control("POST", "/permissions", { account: "student01", permissions: null });
    expect(location(await user.get("/personal"))).toBe("/personal/course/classTable");
  });

  it("asks the permission call once per page, in the same round as the user's data", async () => {
    const user = await loggedIn("student01");
    await ctx.sandbox.control("DELETE", "/requests");
    expect((await user.get("/personal/setting/account")).status).toBe(200);
    expect(await calls("?path=menu%2Fpermission")).toHaveLength(1);
  });
});

describe("one parallel round per page", () => {
  it("root, school, personal layout and page start their upstream calls together (all sent while none is answered)", async () => {
    const user = await loggedIn("student01");
    await user.get("/personal/setting/account"); // warms the per-domain config cache
    const paths = async () => (await ctx.sandbox.control<{ path: string }[]>("GET", "/requests")).map((c) => c.path).sort();
    for (const page of ["/personal/setting/account", "/personal/course/lessons"]) {
      const round = [
        "/external/api/v1/usersfront/getCurrentUser",
        "/saas-business/definePayOrderCart/list",
        "/saas-business/v1/student/menu/permission",
        // the page's own call (account information, issue 13; my courses, issue 14) in the same round
        ...(page === "/personal/setting/account" ? ["/saas-business/v1/student/setting/get/account/info"] : []),
        "/course/v1/user/lately/learn/course",
        ...(page === "/personal/course/lessons" ? ["/course/v1/user/get/courses"] : []),
      ].sort();
      await ctx.sandbox.control("DELETE", "/requests");
      // every call waits unanswered (issue 22: an order of events, not milliseconds): a call made only after
      // another's answer would never be sent, and the log would never hold the whole round
      const hold = await ctx.sandbox.control<{ id: number }>("POST", "/faults", { path: ".", hold: true });
      const view = user.get(page);
      while ((await paths()).length < round.length) await new Promise((r) => setTimeout(r, 20));
      expect(await paths(), page).toEqual(round);
      await ctx.sandbox.control("DELETE", `/faults/${hold.id}`);
      expect((await view).status, page).toBe(200);
      expect(await paths(), page).toEqual(round); // nothing after the round either
    }
  });
});

describe("inside the frame: 403, 404, no-store", () => {
  it("refuses an entry the user may not see with a 403 page that keeps the menu and the shell", async () => {
    const partial = await loggedIn("partial01");
    for (const page of ["/personal/course/note", "/personal/course/classTable", "/personal/order?parentId=-1", "/personal/message"]) {
      const res = await partial.get(page);
      expect(res.status, page).toBe(403);
      expect(res.headers.get("Cache-Control"), page).toBe("private, no-store");
      const html = await res.text();
      expect(html).toContain('data-testid="personal-menu"');
      expect(html).toContain('data-error-kind="forbidden"');
      expect(html).toContain("您没有查看此页面的权限。");
      expect(html).toContain("shell-header");
    }
  });

  it("answers an unknown personal address with the 404 inside the frame", async () => {
    const user = await loggedIn("student01");
    const res = await user.get("/personal/course/lessons/nothing?x=1");
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain('data-testid="personal-menu"');
    expect(html).toContain('data-error-kind="notFound"');
    expect(html).toContain("个人中心没有这个页面。");
  });

  it("sends Cache-Control private, no-store on a page that sets none itself (inherited from the layout)", async () => {
    const user = await loggedIn("student01");
    const res = await user.get("/personal/setting/account");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('data-entry="setting.account"');
  });

  it("shows the branded error page inside the school shell when the menu's own call fails", async () => {
    const user = await loggedIn("student01");
    await ctx.sandbox.control("POST", "/faults", { path: "menu/permission", status: 500 });
    const res = await user.get("/personal/setting/account");
    expect(res.status).toBe(502);
    const html = await res.text();
    expect(html).toContain("shell-header");
    expect(html).not.toContain('data-testid="personal-menu"'); // the menu itself failed: the error page alone
  });
});

describe("the school layout", () => {
  it("renders its failure inside the company shell: header and footer stay", async () => {
    const user = await loggedIn("student01");
    await ctx.sandbox.control("POST", "/faults", { path: "getCurrentUser", status: 500 });
    const res = await user.get("/home/index");
    expect(res.status).toBe(502);
    const html = await res.text();
    expect(html).toContain("shell-header");
    expect(html).toContain("<footer");
    expect(html).toContain("data-error-kind=");
    expect(html).not.toContain("张同学"); // the user's half is missing, not invented
  });

  it("shows the logged-in header as before: the user dropdown and cart badge come from the school loader", async () => {
    const user = await loggedIn("student01");
    const html = await (await user.get("/home/index")).text();
    expect(html).toContain("张同学");
    expect(html).toContain('data-testid="school-switcher"');
  });

  it("sends a forced password change to the account page from every page but that one", async () => {
    const forced = await loggedIn("student02");
    expect(location(await forced.get("/course/list"))).toBe("/personal/setting/account");
    expect(location(await forced.get("/personal"))).toBe("/personal/setting/account");
    const res = await forced.get("/personal/setting/account");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-testid="forced-password-warning"');
  });
});
