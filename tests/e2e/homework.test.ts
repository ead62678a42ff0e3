import AxeBuilder from "@axe-core/playwright";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, signInWithCode, test } from "./support";

// Homework (issue 17 A; spec 001 §7 "Homework"): lists with counts, the can-submit check, write and save
// with text and an attachment, detail, delete the attachment. Own seed users (sandbox/src/storage/
// resources.ts): files06 13700002905 (JS), files07 13700002906 (no JS).
function pdf(bytes: number) {
  const b = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) b[i] = (i * 13 + 5) % 251;
  Buffer.from("%PDF-1.5\n").copy(b);
  return b;
}
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

test("homework submitted with an attachment, then the attachment deleted; a closed homework refuses", { tag: "@nojs" }, async ({ page, sandbox }, testInfo) => {
  expect((await page.request.post(`${sandbox.url}/__sandbox/files/seed`)).ok()).toBe(true);
  const mobile = testInfo.project.name === "js" ? "13700002905" : "13700002906";
  await signInWithCode(page, sandbox, mobile, "/personal/setting/data");
  await page.getByTestId("personal-menu").getByRole("link", { name: "我的作业" }).click();
  await page.waitForURL(/\/homework\/list$/);
  await expect(page.getByTestId("homework-counts")).toHaveText("已提交 0 份，未提交 3 份");
  await expect(page.getByRole("heading", { name: "班级课次作业 (2)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "套餐课次作业 (1)" })).toBeVisible();

  const row = page.getByTestId("homework-row").filter({ hasText: "人员甄选方法对比" });
  await row.getByRole("link", { name: "写作业" }).click();
  await page.waitForURL(/\/homework\/8101$/);
  const data = pdf(300 * 1024);
  await page.getByLabel("作答内容").fill("结构化面试适合岗位要求明确的招聘；无领导小组讨论适合考察协作与领导力。");
  await page.getByLabel("添加附件（可选）").setInputFiles({ name: "批注.pdf", mimeType: "application/pdf", buffer: data });
  await page.getByRole("button", { name: "提交作业" }).click();
  await expect(page.getByRole("status")).toHaveText("作业已提交");
  await page.goto("/homework/8101");
  await expect(page.getByTestId("homework-submission")).toContainText("结构化面试适合");
  await expect(page.getByTestId("homework-attachment")).toContainText("批注.pdf");
  const stats = (await (await page.request.get(`${sandbox.url}/__sandbox/storage/stats`)).json()) as { lastKey: string };
  const object = (await (await page.request.get(`${sandbox.url}/__sandbox/storage/object?key=${encodeURIComponent(stats.lastKey)}`)).json()) as { path: string };
  expect(sha(await readFile(object.path))).toBe(sha(data));

  await page.getByTestId("homework-attachment").getByRole("button", { name: "删除" }).click();
  await expect(page.getByTestId("homework-attachment")).toHaveCount(0);

  await page.goto("/homework/list");
  await expect(page.getByTestId("homework-counts")).toHaveText("已提交 1 份，未提交 2 份");
  await page.goto("/homework/8102");
  await expect(page.getByTestId("homework-refusal")).toHaveText("作业已截止，不能提交");
  await expect(page.getByTestId("homework-form")).toHaveCount(0);
});

test.describe("accessibility and narrow screens", () => {
  for (const path of ["/resource/list", "/homework/list", "/homework/8101"]) {
    test(`${path}: no serious axe violation, nothing wider than 390 px`, async ({ page, sandbox }, testInfo) => {
      test.skip(testInfo.project.name === "no-js", "axe-core runs as a script inside the page");
      expect((await page.request.post(`${sandbox.url}/__sandbox/files/seed`)).ok()).toBe(true);
      await page.setViewportSize({ width: 390, height: 844 });
      await signInWithCode(page, sandbox, "13700002905", path);
      await page.waitForURL(new RegExp(`${path}$`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const result = await new AxeBuilder({ page }).include("main").analyze();
      const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});
