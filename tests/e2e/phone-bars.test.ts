import type { Locator, Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, ready, signInWithCode, test } from "./support";

// Issue 26 (decision 061): on a 390 px phone the course detail keeps price and "buy now / add to cart" in a
// bar at the bottom, and the practice page keeps the time, the answered count, the answer sheet and "hand in"
// in a bar at the bottom, at every scroll position; CSS only, so the same without JavaScript (its markup, the
// same with and without: tests/unit/pages/phone.test.ts; CSS fixed to the bottom with JavaScript off: the tab
// bar's @nojs run, decision 064). As a visitor (no seed user: a visitor may practise), zh and en. The exam paper's bar
// is the same component: its journey below runs with and without JavaScript (decision 077), the one no-js run of a
// page's own bottom bar.
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const LANGS = [
  { lng: "zh", buy: "立即购买", add: /^加入购物车/, sheet: "答题卡", handIn: "交卷", answered: /^已答 \d+\/20$/ },
  { lng: "en", buy: "Buy now", add: /^Add to cart/, sheet: "Answer sheet", handIn: "Hand in", answered: /^\d+\/20 answered$/ },
] as const;

/** The element at a control's centre is the control (or inside it): nothing covers it, it can be tapped. */
async function tappable(control: Locator) {
  const box = await control.boundingBox();
  expect(box, "the control has a box").not.toBeNull();
  const viewport = control.page().viewportSize()!;
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 1);
  const hit = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!at && (el === at || el.contains(at));
  });
  expect(hit, "nothing covers the control").toBe(true);
}

/** At the top, the middle and the end of the page: each of `controls` on screen and tappable. */
async function inReachEverywhere(page: Page, controls: Locator[]) {
  for (const where of ["top", "middle", "end"] as const) {
    await page.evaluate((w) => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo({ top: w === "top" ? 0 : w === "middle" ? max / 2 : max, behavior: "instant" });
    }, where);
    for (const control of controls) await test.step(where, () => tappable(control));
  }
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function axeClean(page: Page) {
  // `main`, where the bar is: the phone shell around it is phone.test's (decision 063)
  await expectAccessible(page, { name: new URL(page.url()).pathname, targetSize: true, hard: true });
}

test.describe("phone bars at 390x844 (issue 26)", () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE, isMobile: true, hasTouch: true });

  test("the course detail keeps price, buy now and add to cart at the bottom at every scroll position", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    for (const l of LANGS) {
      await test.step(l.lng, async () => {
        await page.goto(`/course/detail/5001?lng=${l.lng}`);
        await ready(page, testInfo);
        const bar = page.getByTestId("buy-bar");
        await expect(bar).toBeVisible();
        const buy = bar.getByRole("link", { name: l.buy });
        const add = bar.getByRole("button", { name: l.add });
        await expect(bar.locator("p").first()).toContainText("¥");
        // the page is longer than the screen, so "every scroll position" means something
        expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5)).toBe(true);
        await inReachEverywhere(page, [buy, add]);
        // the bar sits at the bottom of the screen, just above the school's tab bar (decision 055: `--tabbar-h`)
        const box = (await bar.boundingBox())!;
        const tabBar = (await page.getByTestId("tab-bar").boundingBox())!;
        expect(Math.round(box.y + box.height)).toBe(Math.round(tabBar.y));
        expect(Math.round(tabBar.y + tabBar.height)).toBe(844);
        await noSidewaysScroll(page);
        if (testInfo.project.name === "js") await axeClean(page); // axe runs in the page's JavaScript
        // buying from the bar is the same link as before: a visitor goes to sign in first
        await buy.click();
        await expect(page).toHaveURL(/\/join\/login\?backUrl=|\/payment\/order\?commodityId=5001/);
      });
    }
  });

  test("the practice page keeps the answered count, the answer sheet and hand in at the bottom", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    for (const l of LANGS) {
      await test.step(l.lng, async () => {
        await page.goto(`/lib/subject/overview/207?lng=${l.lng}`);
        await ready(page, testInfo);
        // a chapter's practice as a visitor
        await page
          .locator("form:has(button[value='chapter']):has(input[name='chapterId'][value='2071']):not(:has(input[name='sectionId']))")
          .getByRole("button")
          .click();
        await page.waitForURL(/\/lib\/subject\/doing\/\d+/);
        await ready(page, testInfo);
        const bar = page.getByTestId("exam-bar");
        await expect(bar).toBeVisible();
        await expect(bar.getByTestId("bar-answered")).toHaveText(l.answered);
        const sheet = bar.getByRole("link", { name: l.sheet });
        const handIn = bar.getByRole("button", { name: l.handIn });
        await inReachEverywhere(page, [sheet, handIn]);
        await noSidewaysScroll(page);
        if (testInfo.project.name === "js") await axeClean(page); // axe runs in the page's JavaScript
        // the sheet link goes to the page's sheet; "hand in" asks first (questions unanswered)
        await sheet.click();
        await expect(page).toHaveURL(/#qb-sheet$/);
        await handIn.click();
        await expect(page.getByTestId("hand-in-unanswered")).toBeVisible();
      });
    }
  });

  test(
    "the exam paper keeps the time left, the answered count, the answer sheet and hand in in reach at every scroll position; each works",
    { tag: "@nojs" },
    async ({ page, sandbox }, testInfo) => {
      test.setTimeout(90_000);
      const js = testInfo.project.name === "js";
      // seed users of this file alone (sandbox exams/store.ts, 3312 js, 3313 no-js; exam 9102 asks no face check)
      await signInWithCode(page, sandbox, `1370000${js ? 3312 : 3313}`, "/lib/subject/exampaper/examintro/9102");
      await page.getByRole("button", { name: "开始考试" }).click();
      await page.waitForURL(/\/lib\/subject\/exampaper\/paper\/\d+$/);
      await ready(page, testInfo);
      const bar = page.getByTestId("exam-bar");
      await expect(bar).toBeVisible();
      const answered = bar.getByTestId("bar-answered");
      await expect(answered).toHaveText("已答 0 / 10 题");
      // the time left is the paper's sticky top bar; the answered count, the sheet and hand in its bottom bar
      const timer = page.getByTestId("time-left");
      await expect(timer).toHaveText(/^剩余时间 \d\d:\d\d/);
      const sheet = bar.locator("summary", { hasText: "答题卡" });
      const handIn = bar.getByRole("button", { name: "交卷" });
      expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 2)).toBe(true);
      await inReachEverywhere(page, [timer, answered, sheet, handIn]);
      // the exam bar replaces the school's tab bar (issue 39 §4: one tap never leaves the paper): at the screen's bottom
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      const box = (await bar.boundingBox())!;
      await expect(page.getByTestId("tab-bar")).toHaveCount(0);
      expect(Math.round(box.y + box.height)).toBe(844);
      await noSidewaysScroll(page);
      if (js) {
        // an answer given halfway down the page: the bar's count follows
        const third = page.getByTestId("exam-question").nth(2);
        await third.scrollIntoViewIfNeeded();
        await third.locator("input[type=radio], input[type=checkbox]").first().check();
        await expect(answered).toHaveText("已答 1 / 10 题");
        await axeClean(page);
      }
      // the sheet opens above the bar and jumps to a question; the bar is still there
      await sheet.click();
      const numbers = bar.getByTestId("bar-sheet");
      await expect(numbers).toBeVisible();
      await numbers.getByRole("link", { name: "8 未答" }).click();
      await expect(page).toHaveURL(/#exam-q-\d+$/);
      const id = new URL(page.url()).hash.slice(1);
      // the question's title on screen, not under the paper's sticky top bar
      await tappable(page.locator(`[id="${id}"]`));
      await tappable(handIn);
      // hand in from the bar posts the paper's form: questions unanswered, so it asks first (with JavaScript the
      // page's dialog; without, the server's confirmation)
      await handIn.click();
      await expect(page.getByTestId("hand-in-unanswered")).toHaveText(`还有 ${js ? 9 : 10} 道题未作答（共 10 题），确定交卷吗？`);
    },
  );
});
