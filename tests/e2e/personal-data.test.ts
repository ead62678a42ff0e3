import { expectAccessible, visit } from "./axe";
import { expect, hydrated, signInWithCode, test } from "./support";

// Personal data and avatar (issue 13; spec 001 §2, §5, §7) with JavaScript. Seed user 1001 (13800000001) has
// a filled profile (sandbox/README.md "Personal centre"). Without JavaScript: the contact and chooseRelList
// sections (their `pattern`/`required` attributes, the server's messages when posted anyway) in
// tests/unit/pages/fallbacks-nojs.test.ts, the avatar's 6 MB and 200 KB posts in tests/unit/personal-data.test.ts
// (issue 22, decision 064); the browser's own refusal before any post: login's and register's @nojs tests.
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function png(bytes: number) {
  const buffer = Buffer.alloc(bytes);
  Buffer.from(PNG_HEAD).copy(buffer);
  return buffer;
}

test.describe("personal data (spec 001 §7)", () => {
  test("save the contact section: the number error shown, values kept, then fixed and saved", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13800000001", "/personal/setting/data");
    await page.waitForURL(/\/personal\/setting\/data$/);
    const form = page.locator("#personal-data-contact");
    await form.getByLabel("QQ").fill("12a45");
    await form.getByLabel("联系地址").fill("上海市");
    await form.getByRole("button", { name: "保存" }).click();
    await expect(form.locator('[data-error-for="df_qq"]')).toHaveText("只能输入数字");
    await expect(form.locator('[data-error-for="df_address"]')).toHaveCount(0);
    await expect(form.getByLabel("QQ")).toHaveValue("12a45"); // kept

    await form.getByLabel("QQ").fill("12345");
    await form.getByLabel("联系地址").fill("上海市浦东新区某路 1 号");
    await form.getByRole("button", { name: "保存" }).click();
    await expect(form.getByRole("status")).toHaveText("保存成功");
    await expect(form.locator("[data-error-for]")).toHaveCount(0);
    await page.goto("/personal/setting/data");
    await expect(page.locator("#personal-data-contact").getByLabel("QQ")).toHaveValue("12345");
  });

  test("a chooseRelList sub-field appears after choosing its option", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13800000001", "/personal/setting/data");
    await page.waitForURL(/\/personal\/setting\/data$/);
    await hydrated(page); // hydrated, the sub-field appears at once (before, the page offers 'update the form')
    const form = page.locator("#personal-data-other");
    await expect(form.getByLabel("其他爱好")).toHaveCount(0);
    await form.getByLabel("毕业时间").fill("2020-07-01T09:30");
    await form.getByRole("checkbox", { name: "其他" }).check();
    await expect(form.getByLabel("其他爱好")).toBeVisible();
    await expect(form.getByRole("checkbox", { name: "其他" })).toBeChecked();
    await expect(form.getByLabel("毕业时间")).toHaveValue(/^2020-07-01T09:30/);

    // the sub-field is required once shown
    await form.getByRole("button", { name: "保存" }).click();
    await expect(form.locator('[data-error-for="df_hobby_other"]')).toHaveText("必填，请输入相关信息");
    await form.getByLabel("其他爱好").fill("摄影");
    await form.getByRole("button", { name: "保存" }).click();
    await expect(form.getByRole("status")).toHaveText("保存成功");
    await page.goto("/personal/setting/data");
    await expect(page.locator("#personal-data-other").getByLabel("其他爱好")).toHaveValue("摄影");
  });
});

test.describe("custom fields: every type (spec 001 §3, §5)", () => {
  // without JavaScript: tests/unit/personal-data.test.ts "without JavaScript" (the form-walker, issue 22)
  test("an annex's 'view sample' opens the image preview dialog; a failed image offers a reload (spec 001 §2 dialog 5)", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13800000001", "/personal/setting/data");
    await hydrated(page);
    // the first load of the sample fails, the reload gets it
    let aborted = 0;
    await page.route(/diploma-sample\.svg/, (route) => (aborted++ === 0 ? route.abort() : route.continue()));
    await page.locator("#personal-data-custom").getByRole("link", { name: "查看示例" }).click();
    const dialog = page.getByTestId("image-preview");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("alert")).toContainText("图片加载失败");
    await dialog.getByRole("button", { name: "重新加载" }).click();
    await expect(dialog.getByRole("img", { name: "毕业证书示例" })).toBeVisible();
    await expect.poll(() => dialog.getByRole("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // the page stayed; the dialog closes in place
    await expect(page).toHaveURL(/\/personal\/setting\/data$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test("each of the 11 types once: its error shown, then fixed and saved with the files", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13800000001", "/personal/setting/data");
    await page.waitForURL(/\/personal\/setting\/data$/);
    const form = page.locator("#personal-data-custom");
    const error = (name: string) => form.locator(`[data-error-for="${name}"]`);
    await form.getByLabel("工作年限").fill("3a");
    await form.getByLabel("计划考试日期").fill("1899-12-31");
    await form.getByLabel("预约咨询时间").fill("1899-05-06T07:08:09");
    await form.getByLabel("开始日期").fill("2026-06-30");
    await form.getByLabel("结束日期").fill("2026-01-01");
    await form.getByLabel("报考级别").selectOption("");
    // JavaScript: the kit's rules run in the browser, one message per type, nothing sent
    // (a text longer than its limit cannot be typed: the browser's maxlength stops it, the counter shows 0/10)
    await form.getByLabel("昵称").fill("");
    await form.getByRole("button", { name: "保存" }).click();
    const expected: Record<string, string> = {
      df_c_nickname: "必填，请输入相关信息", // text
      df_c_years: "只能输入数字", // number
      df_c_exam_date: "日期只能在 1900-01-01 至 2101-01-01 之间", // date
      df_c_appointment: "日期只能在 1900-01-01 至 2101-01-01 之间", // dateTime
      df_c_study_period: "开始日期不能晚于结束日期", // period
      df_c_channel: "必填，请输入相关信息", // radio
      df_c_subjects: "必填，请输入相关信息", // checkbox
      df_c_level: "必填，请输入相关信息", // select
      df_c_region: "必填，请输入相关信息", // cascade
      df_c_diploma: "必填，请输入相关信息", // annex
      df_c_photo: "必填，请输入相关信息", // image
    };
    for (const [name, text] of Object.entries(expected)) await expect(error(name), name).toContainText(text);
    expect((await sandbox.calls()).filter((c) => c.path.includes("improve/custom"))).toHaveLength(0);

    // fixed: every type with a valid value, the two files attached
    const fixed = page.locator("#personal-data-custom");
    await fixed.getByLabel("昵称").fill("小明");
    await fixed.getByLabel("工作年限").fill("5");
    await fixed.getByLabel("计划考试日期").fill("2026-05-01");
    await fixed.getByLabel("预约咨询时间").fill("2026-01-02T10:00:00");
    await fixed.getByLabel("开始日期").fill("2026-01-01");
    await fixed.getByLabel("结束日期").fill("2026-06-30");
    await fixed.getByRole("radio", { name: "朋友推荐" }).check();
    await fixed.getByRole("checkbox", { name: "会计" }).check();
    await fixed.getByLabel("报考级别").selectOption("中级");
    await fixed.getByLabel("所在地区 1").selectOption({ label: "上海市" });
    await fixed.getByLabel("毕业证书").setInputFiles({ name: "diploma.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 diploma") });
    await fixed.getByLabel("证件照").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png(2048) });
    await fixed.getByRole("button", { name: "保存" }).click();
    await expect(page.locator("#personal-data-custom").getByRole("status")).toHaveText("保存成功");
    await expect(page.locator("#personal-data-custom").locator("[data-error-for]")).toHaveCount(0);
    await page.goto("/personal/setting/data");
    const saved = page.locator("#personal-data-custom");
    await expect(saved.getByLabel("工作年限")).toHaveValue("5");
    await expect(saved.getByRole("checkbox", { name: "会计" })).toBeChecked();
    await expect(saved.getByLabel("所在地区 1")).toHaveValue("31");
    await expect(saved.getByText("diploma.pdf")).toBeVisible();
  });
});

test.describe("avatar (spec 001 §5)", () => {
  // Without JavaScript the 6 MB post is refused by the page (tests/unit/personal-data.test.ts "avatar"; the
  // portal's cap on a real browser's multipart post: resources' "the 5 MB limit without JS", decision 064).
  test("refused at 6 MB, accepted at 200 KB; the header shows the new avatar at once", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13800000001", "/personal/setting/avatar");
    await page.waitForURL(/\/personal\/setting\/avatar$/);
    const headerAvatar = page.getByTestId("user-menu").locator("img").first();
    const before = await headerAvatar.getAttribute("src");
    const file = page.getByLabel("选择图片（JPG 或 PNG，小于 5MB）");

    await file.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: png(6 * 1024 * 1024) });
    // checked in the browser before anything is sent
    await expect(page.locator('[data-error-for="avatar"]')).toHaveText("上传图片大小不能超过 5MB!");
    await page.getByRole("button", { name: "保存头像" }).click();
    await expect(page.locator('[data-error-for="avatar"]')).toHaveText("上传图片大小不能超过 5MB!");
    expect((await sandbox.calls()).filter((c) => c.path.includes("head/portrait"))).toHaveLength(0);

    await page.getByLabel("选择图片（JPG 或 PNG，小于 5MB）").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png(200 * 1024) });
    await expect(page.getByTestId("avatar-preview")).toBeVisible();
    await page.getByRole("button", { name: "保存头像" }).click();
    await expect(page.getByRole("status")).toHaveText("头像已更新");
    await expect(headerAvatar).toHaveAttribute("src", /\/__avatar\/1001-\d+\.png$/);
    expect(await headerAvatar.getAttribute("src")).not.toBe(before);
  });
});

test.describe("accessibility and narrow screens", () => {
  // One browser for the three pages (issue 22); each page's failure is named by its path.
  test("data, avatar, archives: no serious axe violation, nothing wider than 390 px", async ({ page, sandbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithCode(page, sandbox, "13800000001", "/personal/setting/data");
    await page.waitForURL(/\/personal\/setting\/data$/);
    for (const path of ["/personal/setting/data", "/personal/setting/avatar", "/personal/setting/archives"]) {
      await visit(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${path}: wider than the screen by`).toBeLessThanOrEqual(0);
      await expectAccessible(page, { name: path });
    }
  });
});
