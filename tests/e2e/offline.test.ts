import type { BrowserContext, Page, Route } from "@playwright/test";
import { expect, logOut, signInWithCode, test } from "./support";

/*
 * Issue 37 §1, the installable portal offline: the service worker (public/sw.js, decision 098) keeps the doing
 * page and the exam paper as last fetched by this student; a reload offline shows the page with every answer
 * given (those confirmed by the server and those only on the device) and says so; other pages offline show the
 * branded offline page; one student's kept page is never shown to another on the same browser.
 * Seed users: 13700002715-2717 (question bank), 13700003316-3319 (exams).
 */
test.use({ serviceWorkers: "allow" });

/** The worker controls the page and holds this page for this student. */
async function keptOffline(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
  const path = new URL(page.url()).pathname;
  await expect
    .poll(
      () =>
        page.evaluate(async (p) => {
          for (const name of await caches.keys()) if (name.startsWith("portal-pages-") && (await (await caches.open(name)).match(p))) return true;
          return false;
        }, path),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * The network gone for the page AND its service worker: `setOffline` alone leaves the worker's own fetches
 * on the network in Chromium (the reload would reach the portal), so the context's route refuses them too.
 */
const refuse = (route: Route) => route.abort("internetdisconnected");
async function offline(context: BrowserContext, on: boolean) {
  await context.setOffline(on);
  if (on) await context.route("**/*", refuse);
  else await context.unroute("**/*", refuse);
}

/** Answers the question on screen, whatever its kind (as tests/e2e/qbank.test.ts does). */
async function answerCurrent(page: Page) {
  const form = page.getByTestId("question-form");
  const choices = form.locator('input[type="radio"], input[type="checkbox"]');
  if (await choices.count()) return choices.first().check();
  const area = form.locator("textarea");
  if (await area.count()) return area.fill("离线时写的答案");
  const blanks = form.locator('input[name="answer"]:not([type])');
  for (let i = 0; i < (await blanks.count()); i++) await blanks.nth(i).fill(`空${i + 1}`);
}

async function formState(page: Page): Promise<string> {
  return page.getByTestId("question-form").evaluate((form) => JSON.stringify([...new FormData(form as HTMLFormElement).getAll("answer")]));
}

test("the doing page reloads offline with every answer given, and says how many wait on the device", async ({ page, context, sandbox }) => {
  test.setTimeout(90_000);
  await signInWithCode(page, sandbox, "13700002715", "/lib/subject/overview/203");
  await page
    .locator("li", { hasText: /模拟考试/ })
    .getByRole("button", { name: "开始" })
    .click();
  await page.waitForURL(/\/lib\/subject\/doing\/\d+/);
  await keptOffline(page);
  await expect(page.getByTestId("sync-status")).toHaveText("已连接，答案实时保存", { timeout: 20_000 });
  // question 1 online (confirmed by the server), question 2 offline (only on this device)
  await answerCurrent(page);
  await page.getByRole("button", { name: "保存答案" }).click();
  await expect(page.getByTestId("answer-status")).toHaveText("已提交");
  const first = await formState(page);
  await page.getByRole("button", { name: "保存并下一题" }).click();
  await expect(page.getByText(/第 2 题/)).toBeVisible();
  await offline(context, true);
  await answerCurrent(page);
  await page.getByRole("button", { name: "保存答案" }).click();
  const second = await formState(page);
  await expect(page.getByTestId("sync-status")).toHaveText("离线：1 个答案保存在本设备");

  await page.reload();
  await page.waitForFunction(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter);
  await expect(page.getByTestId("sync-status")).toHaveText("离线：1 个答案保存在本设备");
  await page.getByTestId("answer-sheet").getByRole("button").first().click();
  await expect(page.getByText(/第 1 题/)).toBeVisible();
  expect(await formState(page)).toBe(first);
  await page.getByTestId("answer-sheet").getByRole("button").nth(1).click();
  expect(await formState(page)).toBe(second);

  // any other page offline: the school's offline page, not the browser's
  await page.goto("/course/list");
  await expect(page.getByTestId("offline-page")).toContainText("当前离线");
  await offline(context, false);
});

test("the exam paper reloads offline with every answer given and its clock", async ({ page, context, sandbox }) => {
  test.setTimeout(90_000);
  await signInWithCode(page, sandbox, "13700003316", "/lib/subject/exampaper/examintro/9102");
  await page.getByRole("button", { name: "开始考试" }).click();
  await page.waitForURL(/\/lib\/subject\/exampaper\/paper\/\d+$/);
  await keptOffline(page);
  await expect(page.getByTestId("sync-status")).toHaveText("已连接，答案实时保存", { timeout: 20_000 });
  const choices = page.locator('input[type="radio"]');
  await choices.nth(0).check();
  await offline(context, true);
  const text = page.locator("textarea").first();
  await text.fill("离线时写的答案");
  await expect(page.getByTestId("sync-status")).toHaveText(/离线：\d 个答案保存在本设备/);
  await page.waitForTimeout(6_000); // the copy was fetched at the start: some seconds of the exam have gone since
  const clockBefore = await page.getByTestId("time-left").textContent();

  await page.reload();
  await page.waitForFunction(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter);
  await expect(choices.nth(0)).toBeChecked();
  await expect(text).toHaveValue("离线时写的答案");
  await expect(page.getByTestId("sync-status")).toHaveText(/离线：\d 个答案保存在本设备/);
  // the clock runs on from the moment the server rendered the copy, not from the time left in it (which is more)
  const seconds = (t: string | null) => {
    const [m, sec] = (/(\d+):(\d\d)/.exec(t ?? "") ?? []).slice(1).map(Number);
    return (m ?? 0) * 60 + (sec ?? 0);
  };
  await expect.poll(async () => seconds(await page.getByTestId("time-left").textContent()), { timeout: 2_000 }).toBeLessThanOrEqual(seconds(clockBefore));
  // handing in needs the network, and says so
  await page.getByRole("button", { name: "交卷" }).first().click();
  const confirm = page.getByRole("button", { name: /仍然交卷|确定交卷|交卷/ }).last();
  if (await confirm.isVisible()) await confirm.click();
  await expect(page.getByTestId("network-needed")).toContainText("需要网络");
  await offline(context, false);
});

test("one student's kept page is never shown to another on the same browser (logout, then another student)", async ({ page, context, sandbox }) => {
  test.setTimeout(90_000);
  await signInWithCode(page, sandbox, "13700002716", "/lib/subject/overview/203");
  await page
    .locator("li", { hasText: /模拟考试/ })
    .getByRole("button", { name: "开始" })
    .click();
  await page.waitForURL(/\/lib\/subject\/doing\/\d+/);
  const url = page.url();
  await keptOffline(page);
  await logOut(page);
  await page.waitForURL((u) => !u.pathname.startsWith("/lib/subject/doing"));
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("portal-pages-")).length)).toBe(0);
  await signInWithCode(page, sandbox, "13700002717", "/home/index");
  await offline(context, true);
  await page.goto(url);
  await expect(page.getByTestId("offline-page")).toBeVisible();
  await offline(context, false);
});
