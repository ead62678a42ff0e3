import { expect, test, hydrated } from "./support";

/**
 * Issue 12 §2: with JavaScript, a slow upstream no longer leaves the page silent: the navigation progress
 * bar shows while a page loads, and a form's submit button is disabled with a pending label while its form
 * posts. Without JavaScript the buttons are plain submit buttons (the no-JS journeys of login.test.ts and
 * the others still pass through them), so these run in the js project only (untagged).
 *
 * "While the answer is on its way" is a state, not a number of milliseconds (issue 22): the sandbox holds
 * the upstream call behind the page (a `hold` fault) until the test has seen the pending state, then lets
 * it through and the test waits for the answer's state. A slow machine makes it slower, never red.
 */
test("a filter chip shows the progress bar until the slow list arrives", async ({ page, sandbox }) => {
  await page.goto("/course/list");
  await hydrated(page);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  const list = await sandbox.hold("/course/v1/front/course/page");
  const free = page.getByRole("link", { name: "免费", exact: true });
  await free.click();
  // the list is still on its way (held upstream): the bar shows, the page is still the old one
  await expect(page.getByTestId("nav-progress")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "页面加载中" })).toBeVisible();
  await expect(free).not.toHaveAttribute("aria-current", "page");
  expect(page.url()).not.toMatch(/priceType=free/);
  await list.release();
  await page.waitForURL(/priceType=free/);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  await expect(free).toHaveAttribute("aria-current", "page");
});

test("the login button is disabled with a pending label while the login posts, then back", async ({ page, sandbox }) => {
  await page.goto("/join/login");
  await hydrated(page);
  await page.getByLabel("账号").fill("student01");
  await page.getByLabel("密码", { exact: true }).fill("wrong-password-1");
  const login = await sandbox.hold("front/login/$");
  await page.getByRole("button", { name: "登录", exact: true }).click();
  // the post is on its way (held upstream): the button is pending and disabled, the bar shows
  const pending = page.getByRole("button", { name: "提交中…" });
  await expect(pending).toBeDisabled();
  await expect(pending).toHaveAttribute("aria-busy", "true");
  await expect(page.getByTestId("nav-progress")).toBeVisible();
  await login.release();
  // the answer (a wrong password) comes back: the button is the login button again
  await expect(page.locator('[data-error-for="password"]')).toHaveText("账号或密码错误");
  await expect(page.getByRole("button", { name: "登录", exact: true })).toBeEnabled();
  await expect(pending).toHaveCount(0);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
});
