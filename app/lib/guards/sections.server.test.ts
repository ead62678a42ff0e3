import { describe, expect, it, vi } from "vitest";
import { getPortal, type Portal } from "~/lib/portal.server";
import { idOf, loadSection, loadSectionItem, requireSectionAccess, sectionCacheControl } from "~/lib/guards/sections.server";
import { CourseCardSchema, CourseSchema } from "~/services/content-schemas.server";
import { courseListHref, courseQueryOf } from "~/forms/course-query";

process.env.UPSTREAM_URL ??= "http://127.0.0.1:4000";

// The loaders' portal is built from the request by getPortal; here it is the fake one of each test.
vi.mock("~/lib/portal.server", async (original) => ({ ...(await original<typeof import("~/lib/portal.server")>()), getPortal: vi.fn() }));

let domainSeq = 0;
function portalWith(redirectLogin: number, loggedIn: boolean, url = "http://127.0.0.1:3000/course/list?courseName=Py%20thon") {
  const call = vi.fn(async () => ({
    homePageTemplateRsp: null,
    headCfRsp: { headTemplateId: 1, headTemplateName: "", redirectLogin, headTheme: "" },
    themeColor: "",
  }));
  const portal = {
    request: new Request(url),
    upstream: { call, ctx: { domain: `sections-${++domainSeq}.test`, schoolId: 1 } },
    token: loggedIn ? "t0k3n" : undefined,
    userId: loggedIn ? 1001 : undefined,
  } as unknown as Portal;
  return { portal, call };
}

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("requireSectionAccess (spec 000 section 1: redirectLogin)", () => {
  it("sends a visitor to login with the page (path and query) as backUrl when redirectLogin is 1", async () => {
    const { portal } = portalWith(1, false);
    const res = await thrown(requireSectionAccess(portal, "course"));
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent("/course/list?courseName=Py%20thon")}`);
  });

  it("lets a visitor browse when redirectLogin is 0", async () => {
    const { portal, call } = portalWith(0, false);
    await expect(requireSectionAccess(portal, "news")).resolves.toBeUndefined();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it.each(["home", "course", "package", "openCourse", "qa", "news", "teacher", "group", "vip", "apply"] as const)(
    "forces login on the listed section %s (spec 000 section 6)",
    async (section) => {
      const res = await thrown(requireSectionAccess(portalWith(1, false).portal, section));
      expect((res as Response).status).toBe(302);
    },
  );

  it.each(["voice", "custom", "trainingPlan", "app"] as const)("never forces login on %s, and reads no config for it", async (section) => {
    const { portal, call } = portalWith(1, false);
    await expect(requireSectionAccess(portal, section)).resolves.toBeUndefined();
    expect(call).not.toHaveBeenCalled();
  });

  it("never stops a logged-in user, without reading the config", async () => {
    const { portal, call } = portalWith(1, true);
    await expect(requireSectionAccess(portal, "teacher")).resolves.toBeUndefined();
    expect(call).not.toHaveBeenCalled();
  });
});

describe("Cache-Control of public pages (decision 008)", () => {
  it("is private and revalidated for visitors, not stored for logged-in users", () => {
    expect(sectionCacheControl(portalWith(0, false).portal)).toBe("private, max-age=0, must-revalidate");
    expect(sectionCacheControl(portalWith(0, true).portal)).toBe("private, no-store");
  });
});

describe("ids and the course list address", () => {
  it.each([
    ["5001", 5001],
    ["0", undefined],
    ["-1", undefined],
    ["1e3", undefined],
    ["", undefined],
    [null, undefined],
    ["12345678901234567", undefined],
  ])("idOf(%j) = %j", (v, n) => {
    expect(idOf(v)).toBe(n);
  });

  it("reads filters and drops unknown values", () => {
    const q = courseQueryOf(new URL("http://x/course/list?categoryId=4&priceType=gratis&sort=priceAsc&page=2&courseName=%20Python%20"));
    expect(q).toEqual({ categoryId: 4, priceType: "all", sort: "priceAsc", courseName: "Python", page: 2 });
    expect(courseQueryOf(new URL("http://x/course/list?page=-3&categoryId=abc")).page).toBe(1);
    expect(courseQueryOf(new URL(`http://x/course/list?courseName=${"课".repeat(80)}`)).courseName).toHaveLength(50);
  });

  it("builds links that keep the other filters and reset the page", () => {
    const q = courseQueryOf(new URL("http://x/course/list?courseName=会计&sort=hot&page=3"));
    expect(courseListHref(q, { categoryId: 2 })).toBe(`/course/list?courseName=${encodeURIComponent("会计")}&categoryId=2&sort=hot`);
    expect(courseListHref(q, { page: 4 })).toBe(`/course/list?courseName=${encodeURIComponent("会计")}&sort=hot&page=4`);
    expect(courseListHref(courseQueryOf(new URL("http://x/course/list")), {})).toBe("/course/list");
  });
});

describe("content schemas", () => {
  it("keeps only http(s) or site-path images and reads prices leniently", () => {
    const card = CourseCardSchema.parse({
      commodityId: "5001",
      courseId: 101,
      courseName: "课",
      cover: "javascript:alert(1)",
      price: "99.5",
      memberPrice: null,
      teachers: [{ id: 1, teacherName: "王", avatar: "//evil.example/a.png" }],
    });
    expect(card.cover).toBe("");
    expect(
      CourseSchema.parse({ commodityId: 1, courseId: 2, teachers: [{ id: 1, teacherName: "王", avatar: "//evil.example/a.png" }] }).teachers[0]?.avatar,
    ).toBe("");
    expect(card.price).toBe(99.5);
    expect(card.memberPrice).toBeNull();
    expect(card.commodityId).toBe(5001);
    expect(CourseCardSchema.parse({ commodityId: 1, courseId: 2, cover: "https://cdn.example/c.svg" }).cover).toBe("https://cdn.example/c.svg");
  });

  it("keeps of a course card only what the card draws (decision 090: the loader data of the pages of cards)", () => {
    const card = CourseCardSchema.parse({
      commodityId: 5001,
      courseId: 101,
      courseType: "course",
      courseName: "课",
      categoryId: 1,
      categoryName: "人力资源",
      cover: "/c.svg",
      price: 599,
      memberPrice: 479,
      originalPrice: 749,
      freeFlag: 0,
      studyCount: 3,
      lessonCount: 13,
      summary: "一句话",
      teachers: [{ id: 201, teacherName: "王", title: "讲师", avatar: "/t.svg" }],
      totalDurationS: 18180,
      validDays: 365,
      createTime: "2025-08-23 09:00:00",
      recommend: 1,
    });
    expect(card).toEqual({
      commodityId: 5001,
      courseName: "课",
      categoryName: "人力资源",
      cover: "/c.svg",
      price: 599,
      memberPrice: 479,
      originalPrice: 749,
      freeFlag: 0,
      studyCount: 3,
      lessonCount: 13,
      teachers: [{ teacherName: "王" }],
    });
  });
});

describe("loadSection / loadSectionItem (the loader round of every public section page)", () => {
  function args(portal: Portal, url = "http://127.0.0.1:3000/news") {
    vi.mocked(getPortal).mockResolvedValue(portal);
    return { request: new Request(url), context: {}, params: {} };
  }

  it("checks access, loads the page's data and sends the catalog texts of the visitor's language", async () => {
    const { portal } = portalWith(0, false);
    const load = vi.fn(async () => ["n1"]);
    const { portal: same, value, i18n } = await loadSection(args(portal, "http://127.0.0.1:3000/news?lng=en"), "news", load);
    expect(same).toBe(portal);
    expect(load).toHaveBeenCalledWith(portal);
    expect(value).toEqual(["n1"]);
    expect(i18n.locale).toBe("en");
    expect(Object.keys(i18n.bundles)).toEqual(["catalog"]);
  });

  it("sends a visitor to login when the school requires it (redirectLogin)", async () => {
    const { portal } = portalWith(1, false, "http://127.0.0.1:3000/news?page=2");
    const res = await thrown(loadSection(args(portal), "news", async () => []));
    expect((res as Response).headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent("/news?page=2")}`);
  });

  it("gets the item of a valid id", async () => {
    const { portal } = portalWith(0, false);
    const get = vi.fn(async (_upstream: unknown, id: number) => ({ id }));
    const { item } = await loadSectionItem(args(portal), "news", "601", get);
    expect(item).toEqual({ id: 601 });
    expect(get).toHaveBeenCalledWith(portal.upstream, 601);
  });

  it.each([["abc"], ["0"], [undefined]])("answers 404 without asking the upstream for the id %j", async (raw) => {
    const { portal } = portalWith(0, false);
    const get = vi.fn(async () => ({ id: 1 }));
    const res = await thrown(loadSectionItem(args(portal), "group", raw, get));
    expect(res).toMatchObject({ init: { status: 404 } });
    expect(get).not.toHaveBeenCalled();
  });

  it("answers 404 when the upstream has no such item", async () => {
    const { portal } = portalWith(0, true);
    const res = await thrown(loadSectionItem(args(portal), "teacher", "999", async () => null));
    expect(res).toMatchObject({ data: { kind: "notFound" }, init: { status: 404, headers: { "Cache-Control": "private, no-store" } } });
  });
});
