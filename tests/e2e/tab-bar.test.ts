import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./support";

// Issue 26, docs/decisions/055-school-shell-tab-bar.md: the phone's bottom tab bar at 390 px (with and
// without JavaScript: it is links and CSS; the zh run is kept in the no-js project, the one test of a bar
// fixed to the bottom by CSS alone, decision 064). What it links to: tests/unit/pages/shell.test.ts and
// tests/unit/pages/fallbacks-nojs.test.ts (a tab is a plain link).
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const bar = (page: Page) => page.getByTestId("tab-bar");

test.describe("the bottom tab bar at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE, isMobile: true, hasTouch: true });

  for (const [lng, name, courses] of [
    ["zh", "底部导航", "课程"],
    ["en", "Tab bar", "Courses"], // the portal's own words (issue 39 §7)
  ] as const) {
    test(
      `${lng}: at the bottom of the screen at every scroll position, never over the page's end; no sideways scroll; axe clean`,
      // CSS alone keeps the bar at the bottom: once without JavaScript (zh); en only changes the words
      { tag: lng === "zh" ? ["@nojs"] : [] },
      async ({ page }, testInfo) => {
        test.setTimeout(120_000);
        await page.goto(`/course/list?lng=${lng}`);
        const nav = page.getByRole("navigation", { name });
        await expect(nav).toBeVisible();
        await expect(nav.getByRole("link", { name: courses })).toHaveAttribute("aria-current", "page");
        const atBottom = async () => {
          const box = (await bar(page).boundingBox())!;
          expect(Math.round(box.y + box.height)).toBe(844);
        };
        await atBottom();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
        await atBottom();
        // at the end of the page the footer's last line sits above the bar, not under it
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await atBottom();
        const footer = (await page.locator("footer").boundingBox())!;
        const tabs = (await bar(page).boundingBox())!;
        expect(footer.y + footer.height).toBeLessThanOrEqual(tabs.y + 1);
        // bars of a page stack above it
        expect(await page.evaluate(() => getComputedStyle(document.body).getPropertyValue("--tabbar-h").trim())).toBe("3.5rem");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        const small = await bar(page)
          .locator("a")
          .evaluateAll((links) => links.map((a) => a.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length);
        expect(small).toBe(0);
        if (testInfo.project.name !== "js") return; // axe runs as the page's script
        // the bar itself, in each language: the rest of the page at 390 px is phone.test's (decision 063)
        await expectAccessible(page, { name: `${lng} tab bar`, include: "[data-testid=tab-bar]", targetSize: true, hard: true });
      },
    );
  }

  test("a tab works (a plain link: without JavaScript, the page test); the bar is gone from 768 px up", async ({ page }) => {
    await page.goto("/home/index");
    await expect(bar(page).getByRole("link", { name: "首页" })).toHaveAttribute("aria-current", "page");
    await bar(page).getByRole("link", { name: "题库" }).click();
    await expect(page).toHaveURL(/\/lib\/subject/);
    await expect(bar(page).getByRole("link", { name: "题库" })).toHaveAttribute("aria-current", "page");
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(bar(page)).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).getPropertyValue("--tabbar-h").trim())).toBe("0px");
  });
});
