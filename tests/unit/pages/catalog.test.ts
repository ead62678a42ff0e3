import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, h1, hrefOf, links, startTestPortal, text, title, type TestPortal } from "../portal";

/**
 * The visitor's portal (issue 6) as the server renders it: the public sections from the sandbox's
 * seeded content, their 404s and guards, the redirectLogin flag (moved down from tests/e2e/catalog.test.ts;
 * the browser journeys stay there).
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

const cards = (html: string) => elements(element(html, "main") ?? "", "li").filter((li) => /href="\/course\/detail\//.test(li));

const ROUTES: Array<{ path: string; heading: string; text: string }> = [
  { path: "/coursePackage/list", heading: "课程套餐", text: "人力资源管理全能套餐" },
  { path: "/coursePackage/detail/301", heading: "人力资源管理全能套餐", text: "套餐包含 5 门课程" },
  { path: "/openCourse", heading: "公开课", text: "初级会计备考经验分享会" },
  { path: "/news", heading: "新闻资讯", text: "云朵在线学院荣获“年度优秀在线教育品牌”" },
  { path: "/newsdetails/603", heading: "云朵在线学院荣获“年度优秀在线教育品牌”", text: "云朵在线学院教务处" },
  { path: "/answerslist/0", heading: "学习问答", text: "人力资源规划的第一步是什么？" },
  { path: "/response/704", heading: "Python 列表和元组有什么区别？", text: "什么时候应该用元组而不是列表？" },
  { path: "/teachers", heading: "名师团队", text: "十五年企业人力资源管理经验" },
  { path: "/teachersdetail?id=204", heading: "陈思远", text: "Java 核心技术与 Spring Boot" },
  { path: "/group", heading: "学习小组", text: "Python 学习小组" },
  { path: "/groupdetail?id=803", heading: "Python 学习小组", text: "本周学习打卡" },
  { path: "/vip", heading: "会员中心", text: "年度会员" },
  { path: "/apply", heading: "考试报名", text: "2025 年下半年中学教师资格笔试报名" },
  { path: "/applydetail/1002", heading: "2025 年下半年中学教师资格笔试报名", text: "年满 18 周岁，具有完全民事行为能力" },
  { path: "/StudentsVoice", heading: "学员心声", text: "一次通过三级考试" },
  { path: "/custom", heading: "关于云朵在线学院", text: "客服电话 400-800-1234" },
  { path: "/trainingPlan", heading: "培养计划", text: "新入职 HR 成长计划" },
  { path: "/trainingPlan/list", heading: "培养计划列表", text: "工程项目管理人才计划" },
  { path: "/trainingPlan/detail?id=1303", heading: "数据分析转型计划", text: "第一阶段 · 打好基础" },
  { path: "/appload", heading: "App 下载", text: "扫码下载 App" },
  { path: "/errorPage", heading: "页面出错了", text: "抱歉，页面加载出现问题，请稍后重试。" },
  { path: "/course/detail/5001/101/contents", heading: "人力资源管理师（三级）精讲班", text: "第四章 真题演练与总结" },
];

describe("every public section renders its seeded content", () => {
  for (const r of ROUTES) {
    it(r.path, async () => {
      const page = await portal.client().get(r.path);
      expect(page.status).toBe(200);
      expect(page.redirectedFrom).toEqual([]);
      // React 18.3's Node renderer padded its 2 KB buffer with 0x00 when a Chinese character did not fit
      expect(page.html).not.toContain("\u0000");
      expect(page.headers.get("Cache-Control")).toBe("private, max-age=0, must-revalidate");
      expect(h1(page.html)).toBe(r.heading);
      expect(text(element(page.html, "main") ?? "")).toContain(r.text);
      expect(title(page.html)).toMatch(/云朵在线学院/);
    });
  }

  for (const path of [
    "/coursePackage/detail/999",
    "/newsdetails/1",
    "/response/1",
    "/teachersdetail?id=1",
    "/teachersdetail",
    "/groupdetail?id=1",
    "/applydetail/1",
    "/trainingPlan/detail?id=1",
  ]) {
    it(`unknown ids are a 404 inside the shell: ${path}`, async () => {
      const page = await portal.client().get(path);
      expect(page.status).toBe(404);
      expect(element(page.html, '[data-error-kind="notFound"]')).toBeDefined();
      expect(element(page.html, "footer")).toBeDefined();
      expect(element(page.html, "header")).toBeDefined();
    });
  }

  it("the app download page draws its QR codes on the server (112 px school code)", async () => {
    const { html } = await portal.client().get("/appload");
    const school = elements(html, "img").find((img) => attr(img, "alt") === "网校二维码");
    expect(attr(school, "width")).toBe("112");
    const app = elements(html, "img").find((img) => attr(img, "alt") === "App 下载二维码");
    expect(attr(app, "src")).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(hrefOf(html, "iPhone 版下载")).toBe("https://apps.apple.com/cn/app/id1234567890");
  });
});

// Issue 26 "times that agree" (decisions 061, 077): the news and sign-up pages printed the upstream's string as
// it came (seconds, a slice of it); now every time goes through the one formatter, in the school's zone (the
// company's, Asia/Shanghai here), `HH:mm` today and `YYYY-MM-DD HH:mm` on another day. The seed's news are
// published at 09:00 Beijing time and its exams start at 10:00, on days other than today (sandbox catalog/seed.ts).
describe("news and sign-up times in the school's zone (issue 26)", () => {
  const mainText = (html: string) => text(element(html, "main") ?? "");
  const noSeconds = (html: string) => expect(mainText(html)).not.toMatch(/\d\d:\d\d:\d\d/);

  it("news: the list and the article print the day and the time, 09:00 Beijing, no seconds", async () => {
    const visitor = portal.client();
    const list = await visitor.get("/news");
    expect(mainText(list.html).match(/· \d{4}-\d\d-\d\d 09:00 ·/g)).toHaveLength(10);
    noSeconds(list.html);
    const article = await visitor.get("/newsdetails/603");
    expect(mainText(article.html)).toMatch(/云朵在线学院教务处 · \d{4}-\d\d-\d\d 09:00 ·/);
    noSeconds(article.html);
  });

  it("sign-up: the list and the item print the exam's day and time and the sign-up period's days", async () => {
    const visitor = portal.client();
    const list = await visitor.get("/apply");
    const exams = mainText(list.html).match(/考试时间：\d{4}-\d\d-\d\d 10:00，/g) ?? [];
    expect(exams.length).toBeGreaterThanOrEqual(4);
    expect(mainText(list.html).match(/报名时间：\d{4}-\d\d-\d\d 至 \d{4}-\d\d-\d\d/g)).toHaveLength(exams.length);
    noSeconds(list.html);
    const item = await visitor.get("/applydetail/1002");
    expect(mainText(item.html)).toMatch(/考试时间\s*\d{4}-\d\d-\d\d 10:00/);
    expect(mainText(item.html)).toMatch(/\d{4}-\d\d-\d\d 09:00 – \d{4}-\d\d-\d\d 09:00/);
    noSeconds(item.html);
  });
});

// The no-JS run of tests/e2e/catalog.test.ts's visitor journey (issue 22): links followed, the header's
// search form submitted by the form-walker, every document a 200.
describe("the visitor journey without JavaScript", () => {
  const headings = (html: string) => ["h1", "h2", "h3", "h4"].flatMap((h) => elements(html, h)).map(text);
  const linkMatching = (html: string, name: RegExp) => links(html).find((l) => name.test(l.text))?.href;

  it("home → course list → search → detail → contents → news → news detail → teachers", async () => {
    const visitor = portal.client();
    const seen: number[] = [];
    const go = async (href: string | undefined) => {
      const page = await visitor.get(href ?? "missing");
      seen.push(page.status);
      return page;
    };
    const home = await go("/home/index");
    expect(headings(home.html)).toEqual(expect.arrayContaining(["推荐课程", "最新资讯"]));
    expect(linkMatching(home.html, /人力资源管理师（三级）精讲班/)).toBeDefined();

    const list = await go(hrefOf(home.html, "查看全部课程"));
    expect(list.url).toBe("/course/list");
    expect(h1(list.html)).toBe("课程中心");
    expect(text(list.html)).toContain("共 36 门课程");
    // main li a[href^='/course/detail/']
    const cardLinks = elements(element(list.html, "main") ?? "", "li")
      .flatMap((li) => links(li))
      .filter((l) => l.href?.startsWith("/course/detail/"));
    expect(cardLinks).toHaveLength(12);

    // the header search box submits GET /course/list?courseName=...
    const header = elements(list.html, "form").findIndex((_, i) => list.form(i).controls.some((c) => c.labels.includes("搜索课程")));
    expect(header, "the header's search form (labelled 搜索课程)").toBeGreaterThanOrEqual(0);
    const found = await list.form(header).fill({ 搜索课程: "Python" }).submit();
    seen.push(found.status);
    expect(found.url).toBe("/course/list?courseName=Python");
    expect(h1(found.html)).toBe("“Python”的搜索结果");
    expect(text(found.html)).toContain("共 1 门课程");

    const detail = await go(linkMatching(found.html, /Python 编程从入门到实践/));
    expect(detail.url).toBe("/course/detail/5019");
    expect(h1(detail.html)).toBe("Python 编程从入门到实践");
    const main = text(element(detail.html, "main") ?? "");
    expect(main).toContain("价格：¥699");
    expect(main).toContain("会员价 ¥559");
    expect(hrefOf(detail.html, "陈思远")).toBeDefined();
    expect(headings(detail.html)).toContain("第一章 课程导学与考情分析");
    expect(hrefOf(detail.html, "立即购买")).toBe("/payment/order?commodityId=5019");

    const contents = await go(hrefOf(detail.html, "查看完整目录"));
    expect(contents.url).toBe("/course/detail/5019/119/contents");
    expect(text(contents.html)).toContain("Python 编程从入门到实践：基础概念");

    const news = await go("/news");
    expect(h1(news.html)).toBe("新闻资讯");
    const article = await go(hrefOf(news.html, "初级会计职称考试成绩查询入口开通"));
    expect(article.url).toBe("/newsdetails/602");
    expect(h1(article.html)).toBe("初级会计职称考试成绩查询入口开通");
    expect(text(article.html)).toContain("初级会计职称考试成绩已公布，考生可登录官方网站查询。");

    const teachers = await go("/teachers");
    expect(h1(teachers.html)).toBe("名师团队");
    expect(hrefOf(teachers.html, "王丽华")).toBeDefined();
    expect(text(teachers.html)).toContain("高级人力资源管理师");

    expect(seen.length).toBeGreaterThanOrEqual(7);
    expect(seen.every((s) => s === 200)).toBe(true);
  });
});

describe("redirectLogin", () => {
  it("1 guards the sections of spec 000 section 6, with the query kept in backUrl; 0 lets the visitor browse", async () => {
    const visitor = portal.client();
    expect((await visitor.fetch("/course/list?courseName=Python")).status).toBe(200);
    await portal.config(1, { homeConfig: { headCfRsp: { redirectLogin: 1 } } });
    for (const path of ["/home/index", "/course/list?courseName=Python", "/news", "/teachers", "/vip", "/course/detail/5019"]) {
      const res = await visitor.fetch(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe(`/join/login?backUrl=${encodeURIComponent(path)}`);
    }
    // not in that list (the one rule of decision 014): open to visitors whatever redirectLogin says
    for (const path of ["/trainingPlan/list", "/appload", "/StudentsVoice"]) {
      expect((await visitor.fetch(path)).status, path).toBe(200);
    }
  });
});

describe("course list", () => {
  it("category, free filter, price sort and the second page are links", async () => {
    const visitor = portal.client();
    let page = await visitor.get("/course/list");
    expect(text(page.html)).toContain("共 36 门课程");
    expect(cards(page.html)).toHaveLength(12);

    page = await visitor.get(hrefOf(element(page.html, '[aria-label="课程分类"]'), "IT 编程") ?? "missing");
    expect(page.url).toMatch(/categoryId=4/);
    expect(text(page.html)).toContain("共 6 门课程");
    page = await visitor.get(hrefOf(element(page.html, '[aria-label="价格"]'), "免费") ?? "missing");
    expect(page.url).toMatch(/categoryId=4&priceType=free/);
    expect(text(page.html)).toContain("共 1 门课程");
    // the one course left is the free one, and its card says so as its price
    const [card, ...others] = cards(page.html);
    expect(others).toEqual([]);
    expect(text(element(card ?? "", "h3") ?? "")).toBe("前端开发：HTML、CSS 与 JavaScript");
    expect(elements(card ?? "", "span").map(text)).toContain("免费");

    page = await visitor.get("/course/list?sort=priceDesc");
    expect(text(element(page.html, "h3") ?? "")).toBe("雅思 7 分冲刺班");
    const pager = element(page.html, '[aria-label="分页"]');
    expect(text(pager ?? "")).toContain("第 1/3 页，共 36 条");
    page = await visitor.get(hrefOf(pager, "下一页") ?? "missing");
    expect(page.url).toMatch(/sort=priceDesc&page=2/);
    expect(text(element(element(page.html, '[aria-label="分页"]') ?? "", '[aria-current="page"]') ?? "")).toBe("2");
  });

  it("a search without results says so", async () => {
    const { html } = await portal.client().get("/course/list?courseName=%E9%87%8F%E5%AD%90%E5%8A%9B%E5%AD%A6");
    expect(text(element(html, '[role="status"]') ?? "")).toBe("没有找到与“量子力学”相关的课程，换个关键词试试");
    expect(cards(html)).toEqual([]);
  });

  it("images have a size and lazy loading below the fold", async () => {
    const { html } = await portal.client().get("/course/list");
    const imgs = elements(element(html, "main") ?? "", "img");
    expect(imgs.length).toBeGreaterThan(8);
    for (const img of imgs) {
      expect(attr(img, "width")).toMatch(/^\d+$/);
      expect(attr(img, "height")).toMatch(/^\d+$/);
    }
    expect(attr(imgs[0], "loading")).toBe("eager");
    expect(attr(imgs.at(-1), "loading")).toBe("lazy");
  });
});

describe("course detail", () => {
  it("free course: start studying, no add to cart", async () => {
    const { html } = await portal.client().get("/course/detail/5004");
    expect(h1(html)).toBe("劳动法律法规精讲");
    expect(elements(element(html, "main") ?? "", "span").map(text)).toContain("免费");
    expect(hrefOf(html, "开始学习")).toBe("/course/detail/5004/104/contents");
    expect(elements(html, "button").map(text)).not.toContain("加入购物车");
  });

  it("paid course: price, member price, teacher, chapters, buy link", async () => {
    const { html } = await portal.client().get("/course/detail/5019");
    expect(h1(html)).toBe("Python 编程从入门到实践");
    const main = text(element(html, "main") ?? "");
    expect(main).toContain("价格：¥699");
    expect(main).toContain("会员价 ¥559");
    expect(main).toContain("第一章 课程导学与考情分析");
    expect(hrefOf(html, "陈思远")).toBeDefined();
    expect(hrefOf(html, "立即购买")).toBe("/payment/order?commodityId=5019");
  });

  it("unknown id: 404 in the shell; missing id: the spec message", async () => {
    const visitor = portal.client();
    const missing = await visitor.get("/course/detail/9999");
    expect(missing.status).toBe(404);
    expect(element(missing.html, '[data-error-kind="notFound"]')).toBeDefined();
    expect(element(missing.html, "header")).toBeDefined();

    const empty = await visitor.get("/course/detail/0/0/contents");
    expect(empty.status).toBe(400);
    expect(text(element(empty.html, '[role="alert"]') ?? "")).toBe("加载数据出错，课程id不能为空");
    const bare = await visitor.get("/course/detail");
    expect(text(element(bare.html, '[role="alert"]') ?? "")).toBe("加载数据出错，课程id不能为空");
    expect((await visitor.get("/course/detail/5004/999/contents")).status).toBe(404);
  });

  it("paid course: add to cart is a form with the CSRF token; English texts", async () => {
    const { html } = await portal.client().get("/course/detail/5008?lng=en");
    expect(h1(html)).toBe("中级会计实务精讲班");
    expect(text(element(html, "main") ?? "")).toContain("Member price ¥1264");
    const form = element(html, 'form[action="/shoppingcart"]');
    expect(attr(form, "method")).toBe("post");
    expect(elements(form ?? "", "input").filter((i) => attr(i, "name") === "csrf")).toHaveLength(1);
    expect(
      attr(
        elements(form ?? "", "input").find((i) => attr(i, "name") === "commodityId"),
        "value",
      ),
    ).toBe("5008");
    expect(elements(form ?? "", "button").map(text)).toContain("Add to cart");
    expect(title(html)).toBe("中级会计实务精讲班 - 云朵在线学院 - 职业技能在线学习平台");
  });
});

describe("logged-in student", () => {
  it("home shows continue learning, which enters the lesson where the student stopped (issue 14); pages are private, no-store", async () => {
    const student = portal.client();
    const home = await student.signIn(portal, "13800000001", "/home/index");
    const box = byTestId(home.html, "continue-learning");
    expect(text(box ?? "")).toContain("人力资源管理师（三级）精讲班");
    expect(text(box ?? "")).toContain("知识体系梳理");
    // lately/learn/course: course 5001, chapter 2, lesson 2 (sandbox/src/study/progress.ts), its video page (decision 069)
    expect(hrefOf(box, "继续学习")).toBe("/class/type/video/page?commodityId=5001&courseId=101&lessonId=101022");
    const next = await student.get(`/course/list?courseName=${encodeURIComponent("人力资源管理师（三级）精讲班")}`);
    expect(h1(next.html)).toBe("“人力资源管理师（三级）精讲班”的搜索结果");
    const found = cards(next.html);
    expect(found).toHaveLength(1);
    expect(text(element(found[0] ?? "", "h3") ?? "")).toBe("人力资源管理师（三级）精讲班");
    expect(next.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("branch home pages", () => {
  it("a branch's home page has the home content; an unknown suffix is a 404 inside the shell", async () => {
    const visitor = portal.client();
    const page = await visitor.get("/home/index/beijing");
    expect(page.status).toBe(200);
    expect(page.url).toBe("/home/index/beijing");
    expect(text(element(byTestId(page.html, "school-switcher") ?? "", "summary") ?? "")).toContain("北京分校");
    // the home page's own sections, not just the shell
    expect(elements(element(page.html, "main") ?? "", "h2").map(text)).toEqual(expect.arrayContaining(["推荐课程", "最新资讯"]));
    expect(cards(page.html).length).toBeGreaterThan(0);
    const missing = await visitor.get("/home/index/no-such-school");
    expect(missing.status).toBe(404);
    expect(element(missing.html, "header")).toBeDefined();
  });
});
