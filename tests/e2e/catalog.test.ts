import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInWithCode, test } from "./support";

/**
 * The visitor's portal (issue 6): the public sections render completely on the server from the sandbox's
 * seeded content, navigate by plain links and forms, and respect the school's redirectLogin flag.
 */

const PASSWORD = "Passw0rd!";
const noJs = (page: Page) => page.evaluate(() => !("__remixRouter" in window));

test.describe("visitor journey", () => {
  test("home → course list → search → detail → contents → news → news detail → teachers", async ({ page }, testInfo) => {
    test.slow(true, "one journey of eight page loads: on a busy machine it needs more than the default 30 s");
    const seen: number[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "document") seen.push(r.status());
    });

    await page.goto("/home/index");
    if (testInfo.project.name === "no-js") expect(await noJs(page)).toBe(true);
    await expect(page.getByRole("heading", { name: "推荐课程" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "最新资讯" })).toBeVisible();
    await expect(page.getByRole("link", { name: /人力资源管理师（三级）精讲班/ }).first()).toBeVisible();

    await page.getByRole("link", { name: "查看全部课程" }).click();
    await expect(page).toHaveURL(/\/course\/list$/);
    await expect(page.getByRole("heading", { level: 1, name: "课程中心" })).toBeVisible();
    await expect(page.getByText("共 36 门课程")).toBeVisible();
    await expect(page.locator("main li a[href^='/course/detail/']")).toHaveCount(12);

    // the header search box submits GET /course/list?courseName=...
    await page.getByLabel("搜索课程", { exact: true }).fill("Python");
    await page.getByLabel("搜索课程", { exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/course\/list\?courseName=Python$/);
    await expect(page.getByRole("heading", { level: 1, name: "“Python”的搜索结果" })).toBeVisible();
    await expect(page.getByText("共 1 门课程")).toBeVisible();

    await page.getByRole("link", { name: /Python 编程从入门到实践/ }).click();
    await expect(page).toHaveURL(/\/course\/detail\/5019$/);
    await expect(page.getByRole("heading", { level: 1, name: "Python 编程从入门到实践" })).toBeVisible();
    await expect(page.getByText("价格：¥699", { exact: true })).toBeVisible();
    await expect(page.getByText("会员价 ¥559")).toBeVisible();
    await expect(page.getByRole("link", { name: "陈思远" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "第一章 课程导学与考情分析" })).toBeVisible();
    await expect(page.getByRole("link", { name: "立即购买" })).toHaveAttribute("href", "/payment/order?commodityId=5019");

    await page.getByRole("link", { name: "查看完整目录" }).click();
    await expect(page).toHaveURL(/\/course\/detail\/5019\/119\/contents$/);
    await expect(page.getByText("Python 编程从入门到实践：基础概念")).toBeVisible();

    await page.goto("/news");
    await expect(page.getByRole("heading", { level: 1, name: "新闻资讯" })).toBeVisible();
    await page.getByRole("link", { name: "初级会计职称考试成绩查询入口开通" }).click();
    await expect(page).toHaveURL(/\/newsdetails\/602$/);
    await expect(page.getByRole("heading", { level: 1, name: "初级会计职称考试成绩查询入口开通" })).toBeVisible();
    await expect(page.getByText("初级会计职称考试成绩已公布，考生可登录官方网站查询。")).toBeVisible();

    await page.goto("/teachers");
    await expect(page.getByRole("heading", { level: 1, name: "名师团队" })).toBeVisible();
    await expect(page.getByRole("link", { name: "王丽华" })).toBeVisible();
    await expect(page.getByText("高级人力资源管理师")).toBeVisible();

    if (testInfo.project.name === "no-js") {
      expect(await noJs(page)).toBe(true);
      expect(seen.length).toBeGreaterThanOrEqual(7);
    }
    expect(seen.every((s) => s === 200)).toBe(true);
  });

  test("redirectLogin 1 sends the visitor to login and back to the page", async ({ page, sandbox }) => {
    await sandbox.config(1, { homeConfig: { headCfRsp: { redirectLogin: 1 } } });
    await page.goto("/course/detail/5019");
    await expect(page).toHaveURL(/\/join\/login\?backUrl=%2Fcourse%2Fdetail%2F5019$/);
    // member01: student01's per-account login budget belongs to login.test.ts
    await page.getByLabel("账号").fill("member01");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/course\/detail\/5019(\?|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Python 编程从入门到实践" })).toBeVisible();
  });

  test("redirectLogin 1 guards the sections of spec 000 section 6, with the query kept in backUrl", async ({ page, sandbox }) => {
    await sandbox.config(1, { homeConfig: { headCfRsp: { redirectLogin: 1 } } });
    for (const path of ["/home/index", "/course/list?courseName=Python", "/news", "/teachers", "/vip"]) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toBe(`/join/login?backUrl=${encodeURIComponent(path)}`);
    }
    // not in that list (decision 014): open to visitors whatever redirectLogin says
    for (const path of ["/trainingPlan/list", "/appload", "/StudentsVoice"]) {
      expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    }
  });
});

test.describe("course list filters, sort and pagination are links", () => {
  test("category, free filter, price sort and the second page", async ({ page }) => {
    await page.goto("/course/list");
    await page.getByRole("navigation", { name: "课程分类" }).getByRole("link", { name: "IT 编程" }).click();
    await expect(page).toHaveURL(/categoryId=4/);
    await expect(page.getByText("共 6 门课程")).toBeVisible();
    await page.getByRole("navigation", { name: "价格" }).getByRole("link", { name: "免费" }).click();
    await expect(page).toHaveURL(/categoryId=4&priceType=free/);
    await expect(page.getByText("共 1 门课程")).toBeVisible();
    await expect(page.getByRole("link", { name: /前端开发：HTML、CSS 与 JavaScript/ })).toBeVisible();
    await expect(page.locator("main").getByText("免费", { exact: true }).last()).toBeVisible();

    await page.goto("/course/list?sort=priceDesc");
    await expect(page.locator("main li h3").first()).toHaveText("雅思 7 分冲刺班");
    const pager = page.getByRole("navigation", { name: "分页" });
    await expect(pager.getByText("第 1/3 页，共 36 条")).toBeVisible();
    await pager.getByRole("link", { name: "下一页" }).click();
    await expect(page).toHaveURL(/sort=priceDesc&page=2/);
    await expect(pager.locator("[aria-current=page]")).toHaveText("2");
  });

  test("a search without results says so", async ({ page }) => {
    await page.goto("/course/list?courseName=%E9%87%8F%E5%AD%90%E5%8A%9B%E5%AD%A6");
    await expect(page.getByRole("status")).toHaveText("没有找到与“量子力学”相关的课程，换个关键词试试");
  });
});

test.describe("course detail", () => {
  test("free course: start studying", async ({ page }) => {
    await page.goto("/course/detail/5004");
    await expect(page.getByRole("heading", { level: 1, name: "劳动法律法规精讲" })).toBeVisible();
    await expect(page.getByText("免费", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "开始学习" })).toHaveAttribute("href", "/course/detail/5004/104/contents");
    await expect(page.getByRole("button", { name: "加入购物车" })).toHaveCount(0);
  });

  test("unknown id: 404 in the shell; missing id: the spec message", async ({ page }) => {
    const missing = await page.goto("/course/detail/9999");
    expect(missing?.status()).toBe(404);
    await expect(page.locator("[data-error-kind=notFound]")).toBeVisible();
    await expect(page.locator("header")).toBeVisible();

    const empty = await page.goto("/course/detail/0/0/contents");
    expect(empty?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("加载数据出错，课程id不能为空");
    await page.goto("/course/detail");
    await expect(page.getByRole("alert")).toHaveText("加载数据出错，课程id不能为空");
    expect((await page.goto("/course/detail/5004/999/contents"))?.status()).toBe(404);
  });

  test("paid course: add to cart is a form with the CSRF token; English texts", async ({ page }) => {
    await page.goto("/course/detail/5008?lng=en");
    await expect(page.getByRole("heading", { level: 1, name: "中级会计实务精讲班" })).toBeVisible();
    await expect(page.getByText("Member price ¥1264")).toBeVisible();
    const form = page.locator("form[action='/shoppingcart']");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form.locator("input[name=csrf]")).toHaveCount(1);
    await expect(form.locator("input[name=commodityId]")).toHaveValue("5008");
    await expect(form.getByRole("button", { name: "Add to cart" })).toBeVisible();
    await expect(page).toHaveTitle("中级会计实务精讲班 - 云朵在线学院 - 职业技能在线学习平台");
  });
});

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

test.describe("every public section renders its seeded content", () => {
  for (const r of ROUTES) {
    test(`${r.path}`, async ({ page }) => {
      const res = await page.goto(r.path);
      expect(res?.status()).toBe(200);
      expect(res?.headers()["cache-control"]).toBe("private, max-age=0, must-revalidate");
      await expect(page.getByRole("heading", { level: 1, name: r.heading, exact: true })).toBeVisible();
      await expect(page.getByText(r.text).first()).toBeVisible();
      await expect(page).toHaveTitle(/云朵在线学院/);
    });
  }

  // one test per address: independent checks, each with its own time budget, spread over the workers
  for (const path of ["/coursePackage/detail/999", "/newsdetails/1", "/response/1", "/teachersdetail?id=1", "/teachersdetail", "/groupdetail?id=1", "/applydetail/1", "/trainingPlan/detail?id=1"]) {
    test(`unknown ids are a 404 inside the shell: ${path}`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.locator("[data-error-kind=notFound]"), path).toBeVisible();
      await expect(page.locator("footer"), path).toBeVisible();
    });
  }

  test("the app download page draws its QR codes on the server (112 px school code)", async ({ page }) => {
    await page.goto("/appload");
    await expect(page.getByRole("img", { name: "网校二维码" })).toHaveAttribute("width", "112");
    await expect(page.getByRole("img", { name: "App 下载二维码" })).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
    await expect(page.getByRole("link", { name: "iPhone 版下载" })).toHaveAttribute("href", "https://apps.apple.com/cn/app/id1234567890");
  });
});

test.describe("logged-in student", () => {
  test("home shows continue learning; pages are private, no-store", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13800000001", "/home/index");
    const box = page.getByTestId("continue-learning");
    await expect(box).toContainText("人力资源管理师（三级）精讲班");
    await expect(box).toContainText("第三章 招聘与配置：第2节 人员甄选");
    await box.getByRole("link", { name: "继续学习" }).click();
    await expect(page.getByRole("link", { name: /人力资源管理师（三级）精讲班/ })).toBeVisible();
    const res = await page.goto("/course/list");
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
  });
});

test.describe("accessibility", () => {
  for (const path of ["/home/index", "/course/list", "/course/detail/5001"]) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }, testInfo) => {
      test.skip(testInfo.project.name === "no-js", "axe-core runs as a script inside the page");
      await page.goto(path);
      const result = await new AxeBuilder({ page }).analyze();
      const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});

test("images have a size and lazy loading below the fold", async ({ page }) => {
  await page.goto("/course/list");
  const imgs = page.locator("main img");
  const count = await imgs.count();
  expect(count).toBeGreaterThan(8);
  for (let i = 0; i < count; i++) {
    await expect(imgs.nth(i)).toHaveAttribute("width", /\d+/);
    await expect(imgs.nth(i)).toHaveAttribute("height", /\d+/);
  }
  await expect(imgs.nth(0)).toHaveAttribute("loading", "eager");
  await expect(imgs.nth(count - 1)).toHaveAttribute("loading", "lazy");
});

test.describe("branch home pages", () => {
  test("a branch's home page has the home content; an unknown suffix is a 404 inside the shell", async ({ page }) => {
    const response = await page.goto("/home/index/beijing");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/home\/index\/beijing$/);
    await expect(page.getByTestId("school-switcher").locator("summary")).toContainText("北京分校");
    await expect(page.locator("main").getByRole("link").first()).toBeVisible();
    const missing = await page.goto("/home/index/no-such-school");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("banner")).toBeVisible();
  });
});
