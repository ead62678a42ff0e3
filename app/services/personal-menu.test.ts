import { describe, expect, it, vi } from "vitest";
import { entryOfPath, isPermitted, permittedMenu, type Permissions } from "./personal-menu";
import { firstEntryHref } from "./personal-menu.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { getPortal, type Portal } from "~/lib/portal.server";

process.env.UPSTREAM_URL ??= "http://127.0.0.1:4000";
vi.mock("~/lib/portal.server", async (original) => ({ ...(await original<typeof import("~/lib/portal.server")>()), getPortal: vi.fn() }));

const none: Permissions = { course: [], setting: [], message: [], order: [], accountcenter: [] };
const all: Permissions = {
  course: ["classTable", "lessons", "package", "plan", "collect", "note", "apply"],
  setting: ["account", "archives", "data", "avatar"],
  message: ["detailslist"],
  order: ["order", "agreement"],
  accountcenter: ["account", "member", "score"],
};

describe("the permitted menu (spec 001 section 2)", () => {
  it("keeps the permitted entries in menu order; the first one gives the route to open", () => {
    const menu = permittedMenu({ ...none, course: ["note", "lessons"], order: ["agreement"] });
    expect(menu.map((s) => s.section)).toEqual(["course", "setting", "order"]);
    expect(menu[0]!.entries.map((e) => e.code)).toEqual(["lessons", "note"]);
    expect(menu[0]!.href).toBe("/personal/course/lessons");
    expect(menu[2]!.href).toBe("/personal/order?OrderTabIndex=2");
    expect(firstEntryHref({ ...none, course: ["note", "lessons"] })).toBe("/personal/course/lessons");
    expect(firstEntryHref(all)).toBe("/personal/course/classTable");
    expect(firstEntryHref(all, "setting")).toBe("/personal/setting/account");
    expect(firstEntryHref(none, "message")).toBeNull();
  });

  it("a child entry needs its own code and its parent's; a parent without a permitted child is hidden", () => {
    expect(permittedMenu({ ...none, accountcenter: ["account", "member"] })[1]).toMatchObject({
      section: "accountcenter",
      href: "/personal/accountcenter/account/member",
    });
    expect(permittedMenu({ ...none, accountcenter: ["member", "score"] })[1]).toMatchObject({ href: "/personal/accountcenter/score" });
    expect(permittedMenu({ ...none, accountcenter: ["account"] }).map((s) => s.section)).toEqual(["setting"]);
    expect(isPermitted({ ...none, accountcenter: ["member"] }, "accountcenter.member")).toBe(false);
    expect(isPermitted({ ...none, accountcenter: ["account", "member"] }, "accountcenter.member")).toBe(true);
  });

  it("the account page is always permitted (a forced password change sends every page there)", () => {
    expect(isPermitted(none, "setting.account")).toBe(true);
    expect(permittedMenu(none)).toEqual([expect.objectContaining({ section: "setting", href: "/personal/setting/account" })]);
  });

  it("finds the entry of an address, the order tabs by query", () => {
    expect(entryOfPath("/personal/course/note")).toBe("course.note");
    expect(entryOfPath("/personal/course/note/12/")).toBe("course.note");
    expect(entryOfPath("/personal/accountcenter/account/member")).toBe("accountcenter.member");
    expect(entryOfPath("/personal/order", new URLSearchParams("OrderTabIndex=2"))).toBe("order.agreement");
    expect(entryOfPath("/personal/order", new URLSearchParams("parentId=-1"))).toBe("order.order");
    expect(entryOfPath("/personal/nothing")).toBeUndefined();
    expect(entryOfPath("/personal/course/notes")).toBeUndefined();
  });
});

describe("requireStudent (the one guard of the personal centre)", () => {
  function args(portal: Partial<Portal>, url = "http://localhost:3000/personal/course/note?parentId=-1") {
    const call = vi.fn();
    vi.mocked(getPortal).mockResolvedValue({ request: new Request(url), upstream: { call, ctx: {} }, ...portal } as unknown as Portal);
    return { call, args: { request: new Request(url), context: {} } };
  }

  it("sends a visitor to login with the page as backUrl and makes no upstream call", async () => {
    const { call, args: a } = args({});
    const res = await requireStudent(a, "course.note").catch((e: unknown) => e);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent("/personal/course/note?parentId=-1")}`);
    expect(call).not.toHaveBeenCalled();
  });

  it("refuses an entry the user is not permitted with 403, once per request for the codes", async () => {
    const { call, args: a } = args({ token: "t", userId: 1010 });
    call.mockResolvedValue({ ...none, course: ["lessons"] });
    await expect(requireStudent(a, "course.lessons")).resolves.toMatchObject({ userId: 1010 });
    const res = await requireStudent(a, "course.note").catch((e: unknown) => e);
    expect(res).toMatchObject({ data: { kind: "forbidden" }, init: { status: 403 } });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("requireStudentWith: the permission check and the page's calls in one round; not permitted is 403 whatever the page loaded", async () => {
    const { call, args: a } = args({ token: "t", userId: 1010 });
    let answerPermissions!: (p: Permissions) => void;
    call.mockReturnValueOnce(new Promise<Permissions>((resolve) => (answerPermissions = resolve)));
    const load = vi.fn(async () => "page data");
    const pending = requireStudentWith(a, "setting.data", load).catch((e: unknown) => e);
    // the page's load started while the permission call is still unanswered
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    answerPermissions({ ...none, setting: ["account"] });
    expect(await pending).toMatchObject({ data: { kind: "forbidden" }, init: { status: 403 } });

    const { call: call2, args: b } = args({ token: "t", userId: 1010 });
    call2.mockResolvedValue(all);
    await expect(requireStudentWith(b, "setting.data", async () => "page data")).resolves.toMatchObject({ loaded: "page data", portal: { userId: 1010 } });
    // a visitor: login, and the page's load never runs
    const { args: c } = args({});
    const never = vi.fn();
    expect(await requireStudentWith(c, "setting.data", never).catch((e: unknown) => e)).toBeInstanceOf(Response);
    expect(never).not.toHaveBeenCalled();
  });
});
