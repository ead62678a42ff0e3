import type { Page } from "@playwright/test";
import { expectAccessible, visit } from "./axe";
import { expect, signInWithCode, test } from "./support";

// Issue 14 part A: the personal course section (spec 001 §2, §7 'Timetable and courses', 'Notes',
// 'Collections'). Round trips with JavaScript (sandbox/src/study/centre.ts seed users 2400, 2402, 2404; mobiles
// 137000024xx); the same journeys without JavaScript are page tests (tests/unit/pages/study-courses.test.ts,
// "without JavaScript", users 2401, 2403, 2405: issue 22).
test.describe.configure({ timeout: 60_000 });

const C = "/personal/course";
/** Catalog lesson id of course 5000+n, chapter c (0-based), lesson l (0-based). */
const lessonId = (n: number, c: number, l: number) => ((100 + n) * 100 + c + 1) * 10 + l + 1;

/** Every axe violation in the section fails, not only the serious ones. */
const axe = (page: Page, testId: string) => expectAccessible(page, { name: testId, include: `[data-testid=${testId}]`, every: true, hard: true });

test("notes: edit with a refused empty text first, then remove", async ({ page, sandbox }) => {
  await signInWithCode(page, sandbox, "13700002400", `${C}/note?course=5001`);
  const notes = page.getByTestId("note");
  await expect(notes).toHaveCount(3);
  const first = notes.first();
  const id = await first.getAttribute("data-note-id");
  await first.getByRole("link", { name: /^编辑笔记/ }).click();
  await expect(page).toHaveURL(new RegExp(`edit=${id}$`));
  const box = page.locator(`[data-note-id="${id}"] textarea`);
  await axe(page, "my-notes");
  // an empty note is refused by the server: the browser's own check is the `required` attribute, so clear it
  await box.evaluate((el) => el.removeAttribute("required"));
  await box.fill("   ");
  await page.locator(`[data-note-id="${id}"]`).getByRole("button", { name: "保存" }).click();
  await expect(page.locator(`[data-note-id="${id}"] [data-error-for="content"]`)).toHaveText("请输入笔记内容");
  await page.locator(`[data-note-id="${id}"] textarea`).fill("复习计划：每周两章，周末做真题。");
  await page.locator(`[data-note-id="${id}"]`).getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(new RegExp(`${C}/note\\?course=5001$`));
  await expect(page.locator(`[data-note-id="${id}"] [data-testid="note-content"]`)).toHaveText("复习计划：每周两章，周末做真题。");
  // the edit is stored upstream: a fresh load shows it
  await page.goto(`${C}/note?keyword=${encodeURIComponent("复习计划")}`);
  await expect(page.getByTestId("note")).toHaveCount(1);
  await page
    .getByTestId("note")
    .getByRole("button", { name: /^删除笔记/ })
    .click();
  // The note disappears as soon as the removal is submitted (the page hides it while the post is under way),
  // so no note proves nothing: navigating then aborted a post still in flight and the removal was lost (3
  // notes, not 2, in a CI run under load). The search's count comes from the loader after the action: the
  // removal landed.
  await expect(page.getByTestId("note-results")).toHaveText("“复习计划”的搜索结果：0 条");
  await expect(page.getByTestId("note")).toHaveCount(0);
  await page.goto(`${C}/note?course=5001`);
  await expect(page.getByTestId("note")).toHaveCount(2);
});

test("favourites: category, search, remove a course and a package", async ({ page, sandbox }) => {
  await signInWithCode(page, sandbox, "13700002402", `${C}/collect`);
  const items = page.getByTestId("favourite");
  await expect(items).toHaveCount(4);
  await axe(page, "my-favourites");
  const name = (await items.nth(1).locator("h2").textContent())!.trim();
  await page.getByRole("searchbox", { name: "搜索收藏" }).fill(name);
  await page.getByTestId("my-favourites").getByRole("button", { name: "搜索", exact: true }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(items).toHaveCount(1);
  await items
    .first()
    .getByRole("button", { name: `取消收藏：${name}` })
    .click();
  await expect(page.getByText(`没有找到与“${name}”相关的收藏。`)).toBeVisible();
  await page.getByRole("link", { name: /^课程（/ }).click();
  await expect(items).toHaveCount(3);
  await expect(page.getByRole("link", { name: "课程（3）" })).toBeVisible();
  await page.getByRole("link", { name: "套餐（2）" }).click();
  await expect(items).toHaveCount(2);
  await items
    .first()
    .getByRole("button", { name: /^取消收藏/ })
    .click();
  await expect(page.getByRole("link", { name: "套餐（1）" })).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(page).toHaveURL(/tab=package/);
});

test("continue learning in the header's user menu enters the lesson where the student stopped", async ({ page, sandbox }) => {
  await signInWithCode(page, sandbox, "13700002404", "/home/index");
  // learner01/02 stopped in the third lesson of 5005 (sandbox/src/study/centre.ts)
  // its video page (decision 069: the entry chain sends a lesson that is not live to the contents)
  const target = `/class/type/video/page?commodityId=5005&courseId=105&lessonId=${lessonId(5, 0, 2)}`;
  await expect(page.getByTestId("continue-learning").getByRole("link", { name: "继续学习" })).toHaveAttribute("href", target);
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("last-learn").getByRole("link", { name: "继续学习" }).click();
  await expect(page).toHaveURL(new RegExp(`/class/type/video/page\\?commodityId=5005&courseId=105&lessonId=${lessonId(5, 0, 2)}$`));
  await expect(page.locator("video")).toHaveCount(1);
});

// Every course section page passes axe, in one browser for one student (issue 22: the three render-and-axe
// tests of 13800000001 each signed in afresh; their links, counts and the timetable's paging are page tests in
// tests/unit/pages/study-courses.test.ts). Its own budget (150 s): eight scans under load.
test("every course section page passes axe: my courses, the timetable (week, month), packages, plans, sign-ups, notes, favourites", async ({
  page,
  sandbox,
}) => {
  test.setTimeout(150_000);
  await signInWithCode(page, sandbox, "13800000001", `${C}/lessons`);
  for (const [path, id] of [
    ["lessons", "my-courses"],
    ["classTable", "class-table"],
    ["classTable?view=month", "class-table"],
    ["package", "my-packages"],
    ["plan", "my-plans"],
    ["apply", "my-sign-ups"],
    ["note", "my-notes"],
    ["collect", "my-favourites"],
  ] as const) {
    await visit(page, `${C}/${path}`);
    await expect.soft(page.getByTestId(id), path).toBeVisible();
    await expectAccessible(page, { name: path, include: `[data-testid=${id}]`, every: true });
  }
});
