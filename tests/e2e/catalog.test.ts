import { expectAccessible, visit } from "./axe";
import { expect, test } from "./support";

/**
 * The visitor's portal (issue 6) as a person uses it: navigating the public sections by links and forms,
 * logging in from the redirectLogin guard, accessibility. What each page renders, its 404s, guards and
 * headers, and the same journey without JavaScript (issue 22): tests/unit/pages/catalog.test.ts.
 */

const PASSWORD = "Passw0rd!";

test.describe("visitor journey", () => {
  test("home → course list → search → detail → contents → news → news detail → teachers", async ({ page }) => {
    test.slow(true, "one journey of eight page loads: on a busy machine it needs more than the default 30 s");
    const seen: number[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "document") seen.push(r.status());
    });

    await page.goto("/home/index");
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
});

test.describe("accessibility", () => {
  // axe-core runs as a script inside the page: the js project only (untagged); one browser context over
  // the pages (issue 22), each page's failure named. Their `main` at the desktop width (decision 063): the
  // home page whole, shell included, is shell.test's "templates 1, 2 and 3" (desktop), and these three pages
  // whole at 390 px are phone.test's.
  test("axe finds no serious or critical violation on the home page, the course list and a course", async ({ page }) => {
    for (const path of ["/course/list", "/course/detail/5001"]) {
      await visit(page, path);
      await expectAccessible(page, { name: path });
    }
  });
});
