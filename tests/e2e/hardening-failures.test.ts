// Issue 10 part 5: failures that loop or break the shell (docs/decisions/013-failure-containment.md), where
// a browser with JavaScript is needed: a client-side navigation whose root loader fails, and the captcha
// challenge the page opens by itself. What the server answers (unreadable cookies, redirect loops, shell
// parts left out, the no-JS challenge pages): tests/unit/pages/hardening.test.ts (issue 22).
import type { Page } from "@playwright/test";
import { expect, signInWithCode, test, hydrated } from "./support";

/** The branded error page inside the html shell: never React's bare "Unexpected Server Error". */
async function expectBrandedError(page: Page, message: RegExp | string) {
  await expect(page.getByRole("heading", { name: "出错了" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(message);
  await expect(page.getByRole("link", { name: "返回首页" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Unexpected Server Error");
}

test.describe("the error page never needs what the failed loader would have set up", () => {
  test("the root loader fails on a client navigation: the branded page keeps the header and footer", async ({ page, sandbox }) => {
    await page.goto("/course/list");
    await hydrated(page);
    await sandbox.fault({ path: "getBaseInfo", status: 500 });
    await page.getByTestId("logo").click(); // a client-side navigation: the root loader runs again and fails
    await expect(page).toHaveURL(/\/home\/index$/);
    await expectBrandedError(page, "暂时无法连接学校服务器，请稍后再试。");
    await expect(page.getByTestId("logo")).toHaveText("云朵职业教育在线");
    await expect(page.getByTestId("school-switcher")).toBeVisible();
    await expect(page.locator("footer")).toContainText("京ICP备12345678号");
  });
});

test.describe("code 600 on a content call", () => {
  test("the challenge, then the page itself", async ({ page, sandbox }) => {
    await sandbox.fault({ path: "/course/v1/front/course/page", code: "600", message: "need slider", times: 1 });
    await page.goto("/course/list?courseName=java");
    await expect(page).toHaveURL(/\/captcha\/challenge\?return=/);
    await page.getByLabel(/Digits/).fill((await page.getByTestId("captcha-answer").textContent()) ?? "");
    await page.getByRole("button", { name: /Verify/ }).click();
    await page.waitForURL(/\/course\/list\?courseName=java$/);
    await expect(page.getByRole("heading", { name: "出错了" })).toHaveCount(0);
    const retried = (await sandbox.calls()).filter((c) => c.path === "/course/v1/front/course/page");
    expect(retried.at(-1)?.query.ticket).toBeTruthy();
  });

  test("a failed challenge says so; trying again works", async ({ page, sandbox }) => {
    await sandbox.fault({ path: "/course/v1/front/course/page", code: "600", times: 2 });
    await page.goto("/course/list");
    await expect(page).toHaveURL(/\/captcha\/challenge\?return=/);
    await page.getByLabel(/Digits/).fill("0");
    await page.getByRole("button", { name: /Verify/ }).click();
    await expect(page.getByRole("alert")).toHaveText("验证失败，请重试。");
    await page.getByRole("link", { name: "重试" }).click();
    await expect(page).toHaveURL(/\/captcha\/challenge\?return=/);
    await page.getByLabel(/Digits/).fill((await page.getByTestId("captcha-answer").textContent()) ?? "");
    await page.getByRole("button", { name: /Verify/ }).click();
    await page.waitForURL(/\/course\/list$/);
    await expect(page.getByRole("heading", { name: "出错了" })).toHaveCount(0);
  });

  test("a form post that meets 600: the challenge, then a confirmation, then the form is sent", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13800000002"); // forced password change: every page goes to the account page
    await expect(page).toHaveURL(/\/personal\/setting\/account$/);
    await sandbox.fault({ path: "update/password", code: "600", times: 1 });
    await page.getByLabel("原密码").fill("Passw0rd!");
    await page.getByLabel("新密码", { exact: true }).fill("N3wPassw0rd");
    await page.getByLabel("确认新密码").fill("N3wPassw0rd");
    await page.getByRole("button", { name: "修改密码" }).click();
    await expect(page).toHaveURL(/\/captcha\/challenge\?return=/);
    expect(page.url()).not.toContain("Passw0rd");
    await page.getByLabel(/Digits/).fill((await page.getByTestId("captcha-answer").textContent()) ?? "");
    await page.getByRole("button", { name: /Verify/ }).click();
    await expect(page.getByRole("heading", { name: "安全验证已通过" })).toBeVisible();
    expect((await sandbox.calls()).filter((c) => c.path.endsWith("/update/password"))).toHaveLength(1);
    await page.getByRole("button", { name: "重新提交" }).click();
    await page.waitForURL(/\/home\/index$/);
    const calls = (await sandbox.calls()).filter((c) => c.path.endsWith("/update/password"));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.query.ticket).toBeTruthy();
  });
});
