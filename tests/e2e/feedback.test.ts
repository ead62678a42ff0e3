import type { Page } from "@playwright/test";
import { expect, test } from "./support";

/**
 * Issue 12 §2: with JavaScript, a slow upstream (latency added by a sandbox fault) no longer leaves the
 * page silent: the navigation progress bar shows while a page loads, and a form's submit button is
 * disabled with a pending label while its form posts. Without JavaScript the buttons are plain submit
 * buttons (the no-JS journeys of login.test.ts and the others still pass through them), so these run in
 * the js project only (untagged).
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter);
}

test("a filter chip shows the progress bar until the slow list arrives", async ({ page, sandbox }) => {
  await page.goto("/course/list");
  await hydrated(page);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  await sandbox.fault({ path: "/course/v1/front/course/page", latencyMs: 1500, times: 1 });
  const started = Date.now();
  await page.getByRole("link", { name: "免费", exact: true }).click();
  await expect(page.getByTestId("nav-progress")).toBeVisible();
  expect(Date.now() - started).toBeLessThan(1200); // it showed while the list was still on its way
  await expect(page.getByRole("progressbar", { name: "页面加载中" })).toBeVisible();
  await page.waitForURL(/priceType=free/);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "免费", exact: true })).toHaveAttribute("aria-current", "page");
});

test("the login button is disabled with a pending label while the login posts, then back", async ({ page, sandbox }) => {
  await page.goto("/join/login");
  await hydrated(page);
  await page.getByLabel("账号").fill("student01");
  await page.getByLabel("密码", { exact: true }).fill("wrong-password-1");
  await sandbox.fault({ path: "front/login/$", latencyMs: 1500, times: 1 });
  await page.getByRole("button", { name: "登录", exact: true }).click();
  const pending = page.getByRole("button", { name: "提交中…" });
  await expect(pending).toBeDisabled();
  await expect(pending).toHaveAttribute("aria-busy", "true");
  await expect(page.getByTestId("nav-progress")).toBeVisible();
  // the answer (a wrong password) comes back: the button is the login button again
  await expect(page.getByRole("button", { name: "登录", exact: true })).toBeEnabled({ timeout: 10_000 });
  await expect(pending).toHaveCount(0);
  await expect(page.getByTestId("nav-progress")).toHaveCount(0);
});
