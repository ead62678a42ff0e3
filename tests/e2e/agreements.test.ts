import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, hydrated, signInWithCode, test } from "./support";

// Agreements, the personal information form, complete information and face (issue 14 part C; spec 001 §2
// dialogs 1-4, §4, §5) with JavaScript. Seed users (sandbox study/agreements.ts): 2600 plain agreement, 2602
// e-sign, 2604 incomplete info, 2606 complete information, 2608/2609 face (the face journey runs in both
// projects; the `js` project takes the even one). The other journeys without JavaScript, with the odd users,
// are page tests: tests/unit/pages/agreements.test.ts "without JavaScript" (issue 22).
// Each journey runs axe over its pages: on a loaded machine (load 20 on 2 cores) sign-in, list and two scans
// alone took the default 30 s (the plain agreement, stop 7); 60 s as in study-courses and personal-account.
test.describe.configure({ timeout: 60_000 });
const user = (jsId: number) => (test.info().project.name === "no-js" ? jsId + 1 : jsId);
const mobile = (id: number) => `1370000${id}`;
const LIST = "/personal/order?OrderTabIndex=2";

/** axe runs a script in the page: with JavaScript off it cannot, so the `js` project checks each page. */
async function axeClean(page: Page) {
  if (test.info().project.name === "no-js") return;
  await expectAccessible(page, { name: new URL(page.url()).pathname, hard: true });
}

test.describe("agreements (spec 001 §4 agreement signing)", () => {
  test("sign a plain agreement from my agreements: the agree box, then on to the course", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, mobile(2600), LIST);
    const row = page.getByTestId("agreement-row").first();
    await expect(row).toHaveAttribute("data-status", "0");
    await axeClean(page);
    await row.getByTestId("agreement-sign").click();
    await expect(page).toHaveURL(/\/agreement\/edit\/\d+\/1\?/);
    await expect(page.getByTestId("agreement-dialog")).toBeVisible();
    await expect(page.getByTestId("agreement-content")).toContainText("学员应遵守学习纪律");
    // with JS the dialog is a real modal; without the box the spec's message
    await page.getByTestId("agreement-submit").click();
    await expect(page.locator('[data-error-for="agree"]')).toHaveText("用户需同意课程协议后才能继续学习");
    await axeClean(page);
    await page.getByTestId("agreement-agree").check();
    await page.getByTestId("agreement-submit").click();
    await expect(page).toHaveURL(/\/course\/detail\/5005\/105\/contents$/);
    await page.goto(LIST);
    await expect(page.getByTestId("agreement-row").first()).toHaveAttribute("data-status", "2");
    await expect(page.getByTestId("agreement-row").first().getByTestId("agreement-study")).toBeVisible();
  });

  test("e-sign: the provider's page, sign, back to the portal with the agreement signed", async ({ page, sandbox, request }) => {
    // every agreement required (STUDENT_PROTOCOL_TYPE all): signing goes back to the list
    expect((await request.post(`${sandbox.url}/__sandbox/agreements/protocol-all`, { data: { all: true } })).ok()).toBe(true);
    await signInWithCode(page, sandbox, mobile(2602), LIST);
    await expect(page.getByTestId("sign-all")).toHaveText("请签署全部协议");
    await page.getByTestId("agreement-sign").first().click();
    await expect(page.getByTestId("esign-go")).toBeVisible();
    await page.getByTestId("esign-go").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("电子签约");
    await page.getByRole("button", { name: "签署 / Sign" }).click();
    // back on the portal: signed, so on to backUrl (my agreements, every agreement required)
    await expect(page).toHaveURL(/\/personal\/order\?OrderTabIndex=2/);
    await expect(page.getByTestId("agreement-row").first()).toHaveAttribute("data-status", "2");
    await expect(page.getByTestId("agreement-row").first()).toContainText("已签署");
  });

  // "e-sign refused" (2612) is a page test now: the provider's refuse is a plain form post back to the portal
  // (tests/unit/pages/agreements.test.ts; issue 22). The e-sign journey above keeps the provider round trip with JS.
  test("the list reloads when the page becomes visible again; the dialog is 685 px on desktop, full screen on a phone", async ({ page, sandbox, context }) => {
    await signInWithCode(page, sandbox, mobile(2612), LIST);
    const row = page.getByTestId("agreement-row").filter({ hasText: "人力资源管理实务" });
    await expect(row).toHaveAttribute("data-status", "0");
    // signed in another tab
    const other = await context.newPage();
    await other.goto((await row.getByTestId("agreement-sign").getAttribute("href"))!);
    await other.getByTestId("agreement-agree").check();
    await other.getByTestId("agreement-submit").click();
    await other.waitForURL(/\/contents$/);
    await other.close();
    await expect(row).toHaveAttribute("data-status", "0");
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(row).toHaveAttribute("data-status", "2");

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${LIST}&dialog=1&backUrl=%2Fhome%2Findex`);
    const dialog = page.getByTestId("agreements-dialog");
    await expect(dialog).toBeVisible();
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(685);
    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(async () => Math.round((await dialog.boundingBox())!.width)).toBe(390);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/home\/index/);
  });

  test("incomplete info: the personal information form first, then 'continue signing'", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, mobile(2604), LIST);
    await page.getByTestId("agreement-sign").first().click();
    await expect(page).toHaveURL(/\/info\/personal\?/);
    const dialog = page.getByTestId("personal-info-dialog");
    await expect(dialog).toBeVisible();
    await axeClean(page);
    await dialog.getByLabel("证件类型").selectOption("ID_PASSPORT");
    await dialog.getByLabel("证件号码").fill("E12345678");
    await dialog.getByLabel("女").check();
    await dialog.getByLabel("学历").selectOption("BECHELOR");
    // a real key on the province (native events, not selectOption's script): the first pick is kept (decision 080)
    await hydrated(page);
    await dialog.getByLabel("省").focus();
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByLabel("省")).toHaveValue("北京市");
    await dialog.getByLabel("省").selectOption("广东省");
    await dialog.getByLabel("市", { exact: true }).selectOption("深圳市");
    await dialog.getByLabel("区/县").selectOption("南山区");
    // changing the province clears city and county
    await dialog.getByLabel("省").selectOption("北京市");
    await expect(dialog.getByLabel("市", { exact: true })).toHaveValue("");
    await expect(dialog.getByLabel("区/县")).toHaveValue("");
    await dialog.getByLabel("市", { exact: true }).selectOption("北京市");
    await dialog.getByLabel("区/县").selectOption("东城区");
    await page.getByTestId("info-submit").click();
    await expect(page).toHaveURL(/\/agreement\/edit\//);
    await expect(page.getByTestId("info-saved")).toHaveText("提交成功，请继续签署协议");
    await page.getByTestId("agreement-agree").check();
    await page.getByTestId("agreement-submit").click();
    await expect(page).toHaveURL(/\/course\/detail\/5005\/105\/contents$/);
  });
});

test.describe("complete information (spec 001 §2 dialog 1)", () => {
  // With JavaScript the student group is the cascader with search (spec 001 §9, decision 080): a hover opens a
  // level after 150 ms (the page's clock, not the wall's), typed keys search every level and list whole paths,
  // the keyboard picks one. The chained selects are the no-JS form (tests/unit/pages/agreements.test.ts).
  test("a five-level student group found by typing, the proxy organisation and a custom field", async ({ page, sandbox, request }) => {
    // a level of 60 classes more (2026 级 / 扩招 N 班): more hits than the spec's limit of 50
    expect((await request.post(`${sandbox.url}/__sandbox/personal/groups-wide`, { data: { count: 60 } })).ok()).toBe(true);
    await page.clock.install();
    const url = `/info/complete?scene=3&backUrl=${encodeURIComponent(LIST)}`;
    await signInWithCode(page, sandbox, mobile(2606), url);
    const dialog = page.getByTestId("complete-info-dialog");
    await expect(page.getByTestId("complete-intro")).toHaveText("学习此课程前，请先完善以下信息");
    await hydrated(page);
    const group = dialog.getByRole("combobox", { name: "学员分组" });
    await expect(group).toBeVisible();
    await axeClean(page);

    // hover: a level opens after 150 ms, not before
    await page.clock.pauseAt(Date.now() + 10_000);
    await group.click();
    await dialog.getByRole("option", { name: "2025 级" }).hover();
    await page.clock.runFor(149);
    await expect(dialog.getByRole("option", { name: "财会学院" })).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(dialog.getByRole("option", { name: "财会学院" })).toBeVisible();
    await page.clock.resume();

    // typed keys (real key events, one character at a time) search every level: the hits are whole paths
    await group.pressSequentially("会计");
    await expect(group).toHaveValue("会计");
    const hits = dialog.getByRole("listbox", { name: "学员分组" }).getByRole("option");
    await expect(hits).toHaveText(["2024 级 / 会计一班", "2024 级 / 会计二班", "2025 级 / 财会学院 / 会计系", "2025 级 / 财会学院 / 会计系 / 会计 A 组"]);
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("班");
    // 65 groups hold 班: the first 50 in the tree's order are listed
    await expect(hits).toHaveCount(50);
    await expect(dialog.getByText("50 个结果")).toBeAttached();
    await expect(hits.first()).toHaveText("2024 级 / 会计一班");
    await expect(hits.nth(3)).toHaveText("2025 级 / 财会学院 / 会计系 / 会计 A 组 / 周末班");
    await expect(hits.nth(5)).toHaveText("2026 级 / 扩招 1 班");
    await expect(hits.last()).toHaveText("2026 级 / 扩招 45 班");
    await axeClean(page);
    // the keyboard picks the fourth hit
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
    await expect(hits.nth(3)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(dialog.getByTestId("cascader-panel")).toHaveCount(0);
    await expect(group).toHaveValue("2025 级 / 财会学院 / 会计系 / 会计 A 组 / 周末班");

    await dialog.getByLabel("代理机构").selectOption("1");
    await dialog.getByLabel("昵称").fill("小完");
    await page.getByTestId("complete-submit").click();
    await expect(page).toHaveURL(/\/personal\/order\?OrderTabIndex=2$/);
    // saved: the dialog shows the chosen group again
    await page.goto(url);
    await expect(page.getByTestId("complete-info-dialog").getByRole("combobox", { name: "学员分组" })).toHaveValue(
      "2025 级 / 财会学院 / 会计系 / 会计 A 组 / 周末班",
    );
  });
});

test.describe("face (spec 001 §4 face flow)", () => {
  // The verification window is a new tab the browser opens from a plain form post (target=_blank), and the
  // first tab's 'done' must work once that tab closed. The same without JavaScript (the form's target, the
  // window's page, 'done' failed and passed): tests/unit/pages/agreements.test.ts "face" (decision 064).
  test("the verification window in a new tab: fail, re-verify, pass, then on", async ({ page, sandbox, context }) => {
    await signInWithCode(page, sandbox, mobile(user(2608)), `/face/check?backUrl=${encodeURIComponent(LIST)}`);
    await expect(page.getByTestId("face-verify")).toBeVisible();
    await expect(page.getByTestId("dialog-close")).toHaveCount(0);
    await axeClean(page);
    const pick = async (button: string, label: string) => {
      const [tab] = await Promise.all([context.waitForEvent("page"), page.getByTestId(button).click()]);
      await tab.getByRole("button", { name: label }).click();
      await expect(tab.getByTestId("face-done")).toBeVisible();
      await tab.close();
    };
    await pick("face-open", "失败 / Fail");
    await page.getByTestId("face-done").click();
    await expect(page.getByTestId("face-not-passed")).toContainText("系统检测到人脸识别未通过，是否重新验证？");
    await pick("face-retry", "通过 / Pass");
    await page.getByTestId("face-done").click();
    await expect(page).toHaveURL(/\/personal\/order\?OrderTabIndex=2$/);
  });

  test("face info first (status 2): the form, then the verification; cancel reports failure", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, mobile(2610), `/face/check?backUrl=${encodeURIComponent(LIST)}`);
    const dialog = page.getByTestId("face-dialog");
    await dialog.getByLabel("姓名").fill("Li");
    await dialog.getByLabel("身份证号").fill("123");
    await page.getByTestId("face-submit").click();
    await expect(page.locator('[data-error-for="name"]')).toHaveText("请输入正确的姓名");
    await expect(page.locator('[data-error-for="identityId"]')).toHaveText("请输入正确的身份证号");
    await dialog.getByLabel("姓名").fill("王五");
    await dialog.getByLabel("身份证号").fill("110101199001011234");
    await page.getByTestId("face-submit").click();
    await expect(page.getByTestId("face-verify")).toBeVisible();
    await page.getByTestId("face-cancel").first().click();
    await expect(page.getByTestId("face-failed")).toBeVisible();
  });
});
