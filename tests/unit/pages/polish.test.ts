import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, element, elements, h1, hrefOf, startTestPortal, text, title, type TestPortal } from "../portal";

/**
 * Issue 12 §2 "Feedback and polish" as the server renders it (the built handler against the sandbox).
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

const main = (html: string) => element(html, "main") ?? "";

describe("a page past the end of a paged list redirects to the last page", () => {
  // Seeded: 30 courses of 12 a page (3 pages), 15 news of 10 (2), 4 packages of 12 (1), Q&A on one page.
  const CASES: Array<{ from: string; to: string; item: RegExp }> = [
    { from: "/course/list?page=99&priceType=free&sort=new", to: "/course/list?", item: /href="\/course\/detail\// },
    { from: "/course/list?sort=hot&page=4", to: "/course/list?sort=hot&page=3", item: /href="\/course\/detail\// },
    { from: "/news?page=99", to: "/news?page=2", item: /href="\/newsdetails\// },
    { from: "/coursePackage/list?page=99", to: "/coursePackage/list", item: /href="\/coursePackage\/detail\// },
    { from: "/answerslist/0?page=99", to: "/answerslist/0", item: /href="\/response\// },
  ];
  for (const c of CASES) {
    it(c.from, async () => {
      const response = await portal.client().fetch(c.from);
      expect(response.status).toBe(302);
      const location = response.headers.get("Location") ?? "";
      expect(location.startsWith(c.to)).toBe(true);
      expect(location).not.toContain("page=99");
      const page = await portal.client().get(c.from);
      expect(page.status).toBe(200);
      expect(page.redirectedFrom).toEqual([c.from]);
      expect(main(page.html)).toMatch(c.item);
    });
  }

  it("the other query parameters are kept; the landed page is the last one with items", async () => {
    const response = await portal.client().fetch("/course/list?page=99&priceType=free&sort=new");
    const location = new URL(response.headers.get("Location") ?? "", "http://x");
    expect(location.searchParams.get("priceType")).toBe("free");
    expect(location.searchParams.get("sort")).toBe("new");
    const last = Number(location.searchParams.get("page") ?? "1");
    // the landed page has courses, and one page further would redirect again
    const next = await portal.client().fetch(`/course/list?priceType=free&sort=new&page=${last + 1}`);
    expect(next.status).toBe(302);
    const landed = await portal.client().fetch(`${location.pathname}${location.search}`);
    expect(landed.status).toBe(200);
  });

  it("a page within the list is not redirected; an empty search goes to its first page", async () => {
    expect((await portal.client().fetch("/course/list?page=3")).status).toBe(200);
    expect((await portal.client().fetch("/news?page=2")).status).toBe(200);
    const empty = await portal.client().fetch("/course/list?courseName=zzzz&page=5");
    expect(empty.status).toBe(302);
    expect(empty.headers.get("Location")).toBe("/course/list?courseName=zzzz");
  });
});

describe("the 404 and 405 pages say what happened and offer home and search", () => {
  it("404 in Chinese: words, no retry, a home link and a course search, inside the branded shell", async () => {
    const page = await portal.client().get("/no/such/page");
    expect(page.status).toBe(404);
    expect(h1(page.html)).toBe("页面不存在");
    const section = element(page.html, '[data-error-kind="notFound"]') ?? "";
    expect(text(section)).toContain("您访问的页面不存在，可能已被删除，或网址有误。");
    expect(text(section)).not.toContain("重试");
    expect(hrefOf(section, "返回首页")).toBe("/home/index");
    const search = element(section, 'form[role="search"]') ?? "";
    expect(attr(search, "action")).toBe("/course/list");
    expect(attr(search, "method")).toBe("get");
    expect(search).toContain('name="courseName"');
    // the shell: the company's header and footer
    expect(element(page.html, "header")).toBeDefined();
    expect(element(page.html, "footer")).toBeDefined();
  });

  it("404 in English", async () => {
    const page = await portal.client().get("/no/such/page?lng=en");
    expect(h1(page.html)).toBe("Page not found");
    const section = element(page.html, '[data-error-kind="notFound"]') ?? "";
    expect(text(section)).toContain("You can go back to the home page, or search for a course:");
    expect(hrefOf(section, "Back to the home page")).toBe("/home/index");
    expect(text(section)).not.toContain("Try again");
  });

  it("405 (a form posted to a page without one): words, home and search", async () => {
    const client = portal.client();
    const response = await client.fetch("/news", {
      method: "POST",
      body: new URLSearchParams({ a: "1" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(h1(html)).toBe("无法以这种方式打开此页面");
    const section = element(html, '[data-error-kind="methodNotAllowed"]') ?? "";
    expect(text(section)).toContain("此地址不接受刚才的请求");
    expect(hrefOf(section, "返回首页")).toBe("/home/index");
    expect(elements(section, 'form[role="search"]')).toHaveLength(1);
    expect(text(section)).not.toContain("重试");
  });

  it("a server error still offers to try again", async () => {
    await portal.fault({ path: "getBaseInfo", status: 500 });
    const page = await portal.client().get("/home/index");
    expect(page.status).toBe(502);
    expect(text(main(page.html) || page.html)).toContain("重试");
  });
});

describe("the home page", () => {
  it("says how many schools there are and links to all of them when it shows only some", async () => {
    const page = await portal.client().get("/home/index");
    const schools = element(page.html, 'section[aria-labelledby="schools-heading"]') ?? "";
    expect(text(schools)).toContain("共 21 所分校");
    expect(elements(schools, "li").length).toBeLessThan(21);
    expect(hrefOf(schools, "查看全部 21 所分校")).toBe("/home/choice");
    const en = await portal.client().get("/home/index?lng=en");
    expect(hrefOf(element(en.html, 'section[aria-labelledby="schools-heading"]'), "See all 21 schools")).toBe("/home/choice");
  });
});

describe("company 4 (no content of its own)", () => {
  const company4 = () => portal.client({ host: "company4.localhost:3000" });

  it("its tabs carry its own brand from its SEO data, never company 1's", async () => {
    for (const [path, expected] of [
      ["/home/index", "四海财会网校"],
      ["/course/list", "课程中心 - 四海财会网校"],
      ["/news", "资讯 - 四海财会网校"],
    ] as const) {
      const page = await company4().get(path);
      expect(title(page.html)).toBe(expected);
      expect(page.html).not.toContain("云朵在线学院");
    }
  });

  it("the home page says the course section is empty and shows no heading over blank space", async () => {
    const page = await company4().get("/home/index");
    const body = main(page.html);
    expect(element(body, '[data-testid="home-no-courses"]')).toBeDefined();
    expect(text(body)).toContain("本校暂无推荐课程。");
    expect(hrefOf(body, "查看全部课程")).toBeUndefined();
    // the other blocks are left out when they are empty
    for (const heading of ["课程套餐", "最新资讯", "名师团队"]) expect(elements(body, "h2").map(text)).not.toContain(heading);
    // company 1's home still lists its courses with the link
    const c1 = main((await portal.client().get("/home/index")).html);
    expect(element(c1, '[data-testid="home-no-courses"]')).toBeUndefined();
    expect(hrefOf(c1, "查看全部课程")).toBe("/course/list");
  });
});

describe("covers and avatars are generated pictures with the item's title or the person's initials", () => {
  const srcs = (html: string, kind: string) =>
    [...main(html).matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")).filter((s) => s.includes(`/__static/covers/${kind}-`));

  it("a course card's cover is an SVG that reads the course's title", async () => {
    const page = await portal.client().get("/course/list");
    const [src] = srcs(page.html, "course");
    expect(src).toMatch(/\/__static\/covers\/course-\d+\.svg$/);
    const card = elements(main(page.html), "li").find((li) => li.includes(src!)) ?? "";
    const courseName = text(element(card, "h3") ?? card).trim();
    const response = await fetch(src!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    const svg = await response.text();
    expect(svg.startsWith("<svg")).toBe(true);
    // the title, perhaps over two lines, and never the old "course 5001"
    expect(svg.replace(/<[^>]+>/g, "").replace(/…/g, "")).toContain(courseName.slice(0, 8));
    expect(svg).not.toMatch(/>course \d+</);
  });

  it("packages too; a teacher's avatar is their initial", async () => {
    const packages = await portal.client().get("/coursePackage/list");
    const [cover] = srcs(packages.html, "package");
    expect(await (await fetch(cover!)).text()).toContain("人力资源管理全能套餐");
    const teachers = await portal.client().get("/teachers");
    const [avatar] = srcs(teachers.html, "teacher");
    const svg = await (await fetch(avatar!)).text();
    expect(svg).toMatch(/<circle\b/);
    const initial = svg.match(/<text\b[^>]*>([^<]+)<\/text>/)?.[1];
    expect(initial).toHaveLength(1);
    expect(text(main(teachers.html))).toContain(initial!);
  });
});

describe("without JavaScript the submit buttons are plain submit buttons", () => {
  it("the login page's button posts the form, enabled, with its own label", async () => {
    const page = await portal.client().get("/join/login");
    const form = element(page.html, 'form[method="post"]') ?? "";
    const button = elements(form, "button").find((b) => text(b).trim() === "登录") ?? "";
    expect(attr(button, "type")).toBe("submit");
    expect(attr(button, "name")).toBe("intent");
    expect(button).not.toMatch(/\sdisabled(=|[\s>])/);
    expect(button).not.toContain("aria-busy");
  });
});
