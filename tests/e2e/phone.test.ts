import type { Page, TestInfo } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expectAccessible } from "./axe";
import { expect, signInWithCode, test, hydrated } from "./support";

// Issue 12 part 1 (phones) and the shell items of part 2 (decision 022): the portal serves phones itself,
// so at 390x844 with a phone's user agent every page must be usable, with JavaScript and without.
// Issue 22: the per-page checks (layout, axe) are one test each looping over the pages (expect.soft names
// the page), the menus of one page one test; what the pages render is tests/unit/pages/shell.test.ts's.
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
/** The shell's pages, whose layout, header and axe the walk checks in zh (and their labels and targets, as every page's). */
const PAGES = ["/home/index", "/course/list", "/course/detail/5001", "/join/login", "/join/register"];

/**
 * The visitor's phone pages, then the student's (account02, 13800000014: a seed user no other browser test uses;
 * its one seeded note puts a note's 编辑 / 删除 on the notes page, decision 081).
 */
const VISITOR = [
  "/home/index",
  "/course/list",
  "/course/detail/5001",
  "/lib/subject",
  "/lib/subject/overview/207",
  "/news",
  "/apply",
  "/answerslist/0",
  "/join/login",
  "/join/register",
];
const STUDENT = ["/personal/course/lessons", "/personal/course/classTable", "/personal/course/note", "/personal/setting/data", "/shoppingcart"];

/** The header's menu button and the side bar's fold button: <summary> elements named by aria-label. */
const menuButton = (page: Page) => page.getByTestId("header-menu").locator("> summary[aria-label='菜单']");
const sideButton = (page: Page) => page.getByTestId("side-fold").locator("> summary[aria-label='联系客服']");

const isJs = (testInfo: TestInfo) => testInfo.project.name === "js";

/** Hydrated: the page's scripts have taken over. */

/** In a test run by both projects: hydrated with JavaScript; nothing to wait for without. */
async function ready(page: Page, testInfo: TestInfo) {
  if (isJs(testInfo)) await hydrated(page);
}

/** Elements whose box leaves the viewport sideways (inside a sideways scroller they may: that is its job). */
function outsideViewport(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const scrolls = (el: Element) => ["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(el).overflowX);
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left >= -1 && r.right <= window.innerWidth + 1) continue;
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (scrolls(p)) clipped = true;
      if (!clipped)
        out.push(
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.getAttribute("class") ?? "").slice(0, 40)} [${Math.round(r.left)}, ${Math.round(r.right)}]`,
        );
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, out };
  });
}

/**
 * Interactive elements that the side bar covers at their centre: at every scroll position (half a screen
 * apart) for the controls then wholly on screen, and for each control scrolled to the middle of the screen.
 */
function coveredBySideBar(page: Page) {
  return page.evaluate(() => {
    const side = document.querySelector(".shell-sidebar");
    if (!side) return { controls: 0, covered: ["no side bar on the page"] };
    const covered = new Set<string>();
    const all = Array.from(document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]")).filter(
      (el) => !side.contains(el) && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
    );
    const parts = Array.from(side.querySelectorAll<HTMLElement>("summary, a, div")).filter((el) => el.checkVisibility());
    const check = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.top < 0 || r.bottom > window.innerHeight) return false;
      const name = `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 30)}"`;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && side.contains(hit)) covered.add(name);
      // any overlap with a button of the side bar counts, not only the centre
      for (const part of parts) {
        const p = part.getBoundingClientRect();
        if (p.width > 0 && p.left < r.right - 1 && p.right > r.left + 1 && p.top < r.bottom - 1 && p.bottom > r.top + 1) covered.add(`${name} (overlaps)`);
      }
      return true;
    };
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: "instant" });
      all.forEach(check);
    }
    let controls = 0;
    for (const el of all) {
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      if (check(el)) controls += 1;
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return { controls, covered: [...covered] };
  });
}

test.describe("phone at 390x844 (issue 12 part 1)", () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE, isMobile: true, hasTouch: true });

  // ONE walk over every phone page in zh and en (issue 22, decisions 072 and 086: the layout loop, the axe loop and
  // the login pop-up were three tests loading the same pages in three contexts; phone-labels.test then loaded
  // every page again in a context of its own), each failure naming its language and page (expect.soft).
  // - every page, zh and en (issue 26 "one look", decision 077): no short label breaks over lines (搜/索, 开/始,
  //   练/习, 上一/周, 回到今/天); every control outside running text is at least 24 x 24 px or spaced as WCAG 2.2's
  //   target-size allows (axe's own rule alone, whole page: header, tab bar and the page; zh only: the same
  //   targets in both languages but for the words' widths);
  // - the shell's pages in zh (issue 12 part 1): nothing outside the screen, nothing covered by the side bar, the
  //   compact header, axe with target-size (the first page whole with the menu open), the login pop-up centred.
  //   The layout is the server's markup and CSS, the same without JavaScript (decision 064: the menus' <details>
  //   below keep their run with JavaScript off).
  // With E2E_SHOTS=<dir> it also saves a screenshot of each page there.
  test("every phone page at 390 px, zh and en: no short label over two lines, no target under 24 px; the shell's pages: nothing outside the screen, nothing covered by the side bar, the compact header; no serious axe violation, menu open; the login pop-up in the middle of the screen", async ({
    page,
    sandbox,
  }, testInfo) => {
    test.setTimeout(420_000);
    const shots = process.env.E2E_SHOTS;
    if (shots) mkdirSync(shots, { recursive: true });
    const check = async (lng: string, path: string) => {
      await test.step(`${lng} ${path}`, async () => {
        const response = await page.goto(`${path}?lng=${lng}`);
        expect.soft(response?.status(), `${lng} ${path}: status`).toBe(200);
        const shell = lng === "zh" && PAGES.includes(path);
        if (shell) await shellAt390(page, path, testInfo);
        expect.soft(await brokenLabels(page), `${lng} ${path}: short labels over more than one line`).toEqual([]);
        // the notes page's targets include a note's own controls (watch at, edit, remove): the check covers them
        if (path === "/personal/course/note") await expect(page.getByTestId("note").first().locator("a, button")).toHaveCount(3);
        if (shots) await page.screenshot({ path: join(shots, `${lng}${path.replace(/[/?=&]+/g, "_")}.png`), fullPage: true });
        if (lng === "zh") await targetsClean(page, `${lng} ${path}`);
        if (shell) await shellAxeAndPopUp(page, path);
      });
    };
    for (const lng of ["zh", "en"]) for (const path of VISITOR) await check(lng, path);
    await signInWithCode(page, sandbox, "13800000014", "/personal/course/lessons");
    for (const lng of ["zh", "en"]) for (const path of STUDENT) await check(lng, path);
  });

  // <details> menus opening without JavaScript, laid out at 390 px: only a browser shows that.
  test(
    "the header menu opens without JavaScript (44 px controls inside the screen, links work); the side bar opens from its one button",
    { tag: "@nojs" },
    async ({ page }, testInfo) => {
      await page.goto("/home/index");
      await ready(page, testInfo);
      await menuButton(page).click();
      const nav = page.getByRole("navigation", { name: "主导航" });
      await expect(nav).toBeVisible();
      await expect(page.getByRole("searchbox", { name: "搜索课程" })).toBeVisible();
      // the school switcher opens in place, inside the screen
      await page.getByTestId("school-switcher").locator("summary").click();
      await expect(page.getByTestId("school-list")).toBeVisible();
      const { scrollWidth, innerWidth, out } = await outsideViewport(page);
      expect(out).toEqual([]);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      const small = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>(".shell-menu-panel :is(a, button, summary, input)"))
          .filter((el) => el.checkVisibility() && !el.closest(".sr-only"))
          .map((el) => ({ el: `${el.tagName} ${(el.textContent ?? "").trim().slice(0, 20)}`, h: el.getBoundingClientRect().height }))
          .filter((x) => x.h < 44),
      );
      expect(small).toEqual([]);
      await page.getByTestId("school-switcher").locator("summary").click();
      // a submenu opens in place too, and its link works
      await nav.getByText("课程", { exact: true }).click();
      await nav.getByRole("link", { name: "精品课程" }).click();
      await expect(page).toHaveURL(/\/course\/list$/);
      await expect(page.getByRole("navigation", { name: "主导航" })).toBeHidden();

      // the side bar (on /course/list, where the menu's link led): its pop-overs stay inside the screen
      await ready(page, testInfo);
      await sideButton(page).click();
      await expect(page.getByTestId("side-phone")).toBeVisible();
      await page.getByTestId("side-email").locator("summary").click();
      await expect(page.getByTestId("side-email").getByRole("link").first()).toBeVisible();
      expect((await outsideViewport(page)).out).toEqual([]);
    },
  );

  // the signed-in <details> menus and the avatar's CSS fallback without JavaScript, at 390 px
  test(
    "signed in: the user menu and app download open inside the screen; a broken avatar shows the initial; the personal frame's menu folds under one button",
    { tag: "@nojs" },
    async ({ page, sandbox }, testInfo) => {
      // the avatar's address (static.yunduo.example) never loads here: no route needed (decision 091, host rules)
      await signInWithCode(page, sandbox, "13800000001", "/course/list");
      await ready(page, testInfo);
      await menuButton(page).click();
      await page.getByTestId("user-menu").locator("summary").click();
      await expect(page.getByTestId("user-menu").getByRole("link", { name: "个人设置" })).toBeVisible();
      await page.getByTestId("app-download").locator("summary").click();
      await expect(page.getByTestId("app-qr")).toBeVisible();
      const { out, scrollWidth, innerWidth } = await outsideViewport(page);
      expect(out).toEqual([]);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await expectInitialShown(page);

      // the personal frame: its side menu folds under one button
      await page.goto("/personal/setting/data");
      await page.waitForURL(/\/personal\/setting\/data/);
      await ready(page, testInfo);
      const menu = page.getByTestId("personal-menu");
      await expect(menu.locator("[data-entry]").first()).toBeHidden();
      await page.getByTestId("personal-menu-button").click();
      await expect(menu.locator("[data-entry]").first()).toBeVisible();
      const frame = await outsideViewport(page);
      expect(frame.out).toEqual([]);
      expect(frame.scrollWidth).toBeLessThanOrEqual(frame.innerWidth);
    },
  );
});

/** The shell at 390 px on one of PAGES (zh): where it is, the layout, the compact header, the folded side bar. */
async function shellAt390(page: Page, path: string, testInfo: TestInfo) {
  expect.soft(new URL(page.url()).pathname, `${path}: address`).toBe(path);
  await ready(page, testInfo);
  const { scrollWidth, innerWidth, out } = await outsideViewport(page);
  expect.soft(out, `${path}: outside the screen`).toEqual([]);
  expect.soft(scrollWidth, `${path}: scroll width`).toBeLessThanOrEqual(innerWidth);
  const { controls, covered } = await coveredBySideBar(page);
  expect.soft(controls, `${path}: controls checked`).toBeGreaterThan(5);
  expect.soft(covered, `${path}: covered by the side bar`).toEqual([]);
  // the compact header: the menu's content waits behind one button of at least 44x44
  await expect.soft(page.getByTestId("phone-logo"), `${path}: phone logo`).toBeVisible();
  await expect.soft(page.getByTestId("logo"), `${path}: desktop logo`).toBeHidden();
  await expect.soft(page.getByRole("navigation", { name: "主导航" }), `${path}: main navigation`).toBeHidden();
  const box = (await menuButton(page).boundingBox())!;
  expect.soft(box.width, `${path}: menu button width`).toBeGreaterThanOrEqual(44);
  expect.soft(box.height, `${path}: menu button height`).toBeGreaterThanOrEqual(44);
  // the side bar is one button
  await expect.soft(page.getByTestId("side-fold").locator("> summary"), `${path}: side bar button`).toBeVisible();
  await expect.soft(page.getByTestId("side-phone"), `${path}: side bar folded`).toBeHidden();
}

/**
 * axe at 390 px with WCAG 2.2's target-size (24 px, decision 063): the first page whole with the menu open (the
 * phone shell: header, menu, side bar, tab bar; the same on every page), the others their `main` with the menu
 * closed (open, it covers the top of `main`); then, on the course list, the login pop-up from the menu.
 */
async function shellAxeAndPopUp(page: Page, path: string) {
  const whole = path === PAGES[0];
  if (whole) await menuButton(page).click();
  await expectAccessible(page, { name: path, include: whole ? "page" : "main", targetSize: true });
  // the login pop-up opens in the middle of the phone's screen (from the course list's menu)
  if (path === "/course/list") {
    await menuButton(page).click();
    await page.getByTestId("visitor-links").getByRole("link", { name: "登录", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "登录" });
    await expect(dialog.getByLabel("账号")).toBeVisible();
    await expectCentred(page, dialog);
  }
}

/**
 * Short labels laid over more than one line: the visible text of a button, summary, tab or link that stands
 * alone (not a link inside running text), up to 12 characters, whose text boxes sit on more than one line.
 */
function brokenLabels(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      "button, summary, [role=tab], [role=button], a[href], label:has(> input[type=checkbox], > input[type=radio])",
    );
    for (const el of Array.from(controls)) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const label = (el.innerText ?? "").trim().replace(/\s+/g, " ");
      if (!label || Array.from(label).length > 12) continue;
      // a link inside a sentence or a heading (a title, not a label) may wrap with it
      if (el.closest("h1, h2, h3, h4, h5, h6")) continue;
      const parent = el.parentElement;
      if (el.tagName === "A" && parent && Array.from(parent.childNodes).some((n) => n !== el && n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
        continue;
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent!.trim() || !node.parentElement?.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) if (r.width > 1 && r.height > 1) tops.add(Math.round(r.top + r.height / 2));
      }
      // line boxes of one line share their middle within a few pixels (mixed fonts)
      const lines = [...tops].sort((a, b) => a - b).filter((t, i, all) => i === 0 || t - all[i - 1]! > 6);
      if (lines.length > 1) out.push(`${el.tagName.toLowerCase()} "${label}" over ${lines.length} lines`);
    }
    return out;
  });
}

/**
 * axe's target-size over the whole page, with the bottom bars (tab bar, buy bar, exam bar) laid in the flow
 * for the analysis: stuck to the screen's bottom they cover whatever the scroll position puts there, which
 * axe counts as an obscured target, though the student scrolls it into the open. Their own targets are checked.
 * The bars are stuck again afterwards (the walk goes on on the same page).
 */
async function targetsClean(page: Page, name: string) {
  const unstuck = await page.evaluate(() => {
    const style = document.createElement("style");
    style.id = "targets-unstick";
    style.textContent = ".tab-bar, [data-testid=buy-bar], [data-testid=exam-bar] { position: static !important; }";
    document.head.append(style);
    return true;
  });
  expect(unstuck).toBe(true);
  try {
    await expectAccessible(page, { name, include: "page", only: ["target-size"] });
  } finally {
    await page.evaluate(() => document.getElementById("targets-unstick")?.remove());
  }
}

async function expectInitialShown(page: Page) {
  const avatar = page.getByTestId("user-menu").getByTestId("avatar");
  const name = (await page.getByTestId("user-name").textContent())!.trim();
  await expect(avatar.getByTestId("avatar-initial")).toHaveText(Array.from(name)[0]!);
  await expect(avatar.getByTestId("avatar-initial")).toBeVisible();
  const img = avatar.locator("img");
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 0)).toBe(true);
  expect(await img.getAttribute("alt")).toBe("");
  // What is drawn is the initial alone: nearly the same pixels as with the failed picture taken away.
  // The control: without the fallback's style the browser's broken-image sign shows and many pixels differ.
  const shot = async (style: string) => {
    await img.evaluate((el, css) => el.setAttribute("style", css), style);
    return avatar.screenshot();
  };
  const initialOnly = await shot("visibility: hidden");
  const fallback = await shot("");
  const brokenSign = await img.evaluate((el) => el.classList.remove("shell-avatar-img")).then(() => shot(""));
  await img.evaluate((el) => el.classList.add("shell-avatar-img"));
  expect(await differingPixels(page, fallback, initialOnly)).toBeLessThan(0.03);
  expect(await differingPixels(page, brokenSign, initialOnly)).toBeGreaterThan(0.05);
}

/** The share of pixels whose colour differs clearly (anti-aliasing aside) between two PNG screenshots (decoded by the page). */
function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([a64, b64]) => {
      const pixels = async (b64: string) => {
        const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d")!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = [await pixels(a64), await pixels(b64)];
      if (x.width !== y.width || x.height !== y.height) return 1;
      let differ = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        if ([0, 1, 2].some((c) => Math.abs(x.data[i + c]! - y.data[i + c]!) > 96)) differ += 1;
      }
      return differ / (x.width * x.height);
    },
    [a.toString("base64"), b.toString("base64")] as const,
  );
}

async function expectCentred(page: Page, dialog: ReturnType<Page["getByRole"]>) {
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  if (box.height < viewport.height) expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(2);
  else expect(box.y).toBeGreaterThanOrEqual(0);
}

test.describe("desktop shell (issue 12 part 2)", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  // One walk at 1366 px (issue 22, decision 072: three tests each loaded /course/list in their own context):
  // the visitor's side bar and pop-up, the school switch from the same page, then a member's header.
  test("at 1366 px: the side bar is the column of buttons in the margin and the login pop-up is centred; switching school closes the dropdown; the header's icons, the broken avatar's initial and a member's badge", async ({
    page,
    sandbox,
  }) => {
    test.setTimeout(90_000);
    await test.step("at 1366 px the side bar is the column of buttons in the margin, no fold button; the login pop-up is centred", async () => {
      await page.goto("/course/list");
      await expect(sideButton(page)).toBeHidden();
      await expect(page.getByTestId("side-phone")).toBeVisible();
      const { covered } = await coveredBySideBar(page);
      expect(covered).toEqual([]);
      await hydrated(page);
      await page.getByTestId("visitor-links").getByRole("link", { name: "登录", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "登录" });
      await expect(dialog.getByLabel("账号")).toBeVisible();
      await expectCentred(page, dialog);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    });

    await test.step("after switching school with JavaScript the school dropdown is closed on the new page", async () => {
      await page.getByTestId("school-switcher").locator("summary").click();
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByTestId("school-list").getByRole("link", { name: "上海分校" }).click();
      // the switch asks the upstream, then the new school's home page loads: a loaded machine takes over 5 s
      await expect(page).toHaveURL(/\/home\/index\/shanghai$/, { timeout: 20_000 });
      await expect(page.getByTestId("school-switcher").locator("summary")).toContainText("上海分校");
      await expect(page.getByTestId("school-list")).toBeHidden();
      expect(await page.getByTestId("school-switcher").evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    });

    await test.step("header: no menu button, icons are SVG with names and tooltips; a broken avatar shows the initial; a member's badge keeps the header low", async () => {
      // a fresh visitor again (the school chosen above forgotten), then member01
      await page.context().clearCookies();
      // member01 (13800000003) has a member icon and an avatar, both at addresses that do not load here
      await signInWithCode(page, sandbox, "13800000003", "/course/list");
      await hydrated(page);
      await expect(menuButton(page)).toBeHidden();
      await expect(page.getByRole("navigation", { name: "主导航" })).toBeVisible();
      for (const id of ["cart", "messages"]) {
        const link = page.getByTestId(id);
        await expect(link.locator("svg")).toHaveCount(1);
        expect(await link.getAttribute("title")).toBeTruthy();
        expect(await link.getAttribute("aria-label")).toBeTruthy();
      }
      const search = page.getByRole("button", { name: "搜索" });
      await expect(search.locator("svg")).toHaveCount(1);
      // no Unicode pictographs left in the header or the side bar
      const glyphs = await page.evaluate(() =>
        (document.querySelector("header")!.textContent! + document.querySelector(".shell-sidebar")!.textContent!).match(/[◫◪◎◉☏✆✉🛒⌕☺☻▾▲↑]/gu),
      );
      expect(glyphs).toBeNull();
      await expect(page.getByTestId("member-icon")).toHaveText("会员");
      const badge = (await page.getByTestId("member-icon").boundingBox())!;
      expect(badge.height).toBeLessThanOrEqual(20);
      const bar = (await page.getByTestId("user-menu").locator("summary").boundingBox())!;
      expect(bar.height).toBeLessThanOrEqual(32);
      await expectInitialShown(page);
    });
  });
});
