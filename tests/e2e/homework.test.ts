import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expectAccessible, visit } from "./axe";
import { expect, signInWithCode, test, hydrated } from "./support";

// Homework (issue 17 A; spec 001 §7 "Homework"): lists with counts, the can-submit check, write and save
// with text and an attachment, detail, delete the attachment. Own seed users (sandbox/src/storage/
// resources.ts): files06 13700002905. Without JavaScript (the attachment and the 5 MB video as multipart
// posts, byte for byte in the store): tests/unit/pages/files-nojs.test.ts (issue 22, decision 064).
function pdf(bytes: number) {
  const b = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) b[i] = (i * 13 + 5) % 251;
  Buffer.from("%PDF-1.5\n").copy(b);
  return b;
}
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

test("homework submitted with an attachment, then the attachment deleted; a closed homework refuses", async ({ page, sandbox }) => {
  expect((await page.request.post(`${sandbox.url}/__sandbox/files/seed`)).ok()).toBe(true);
  await signInWithCode(page, sandbox, "13700002905", "/personal/setting/data");
  await page.getByTestId("personal-menu").getByRole("link", { name: "我的作业" }).click();
  await page.waitForURL(/\/homework\/list$/);
  await expect(page.getByTestId("homework-counts")).toHaveText("已提交 0 份，未提交 4 份");
  await expect(page.getByRole("heading", { name: "班级课次作业 (2)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "套餐课次作业 (2)" })).toBeVisible();

  const row = page.getByTestId("homework-row").filter({ hasText: "人员甄选方法对比" });
  await row.getByRole("link", { name: "写作业" }).click();
  await page.waitForURL(/\/homework\/8101$/);
  const data = pdf(300 * 1024);
  await page.getByLabel("作答内容").fill("结构化面试适合岗位要求明确的招聘；无领导小组讨论适合考察协作与领导力。");
  await page.getByLabel("添加附件（可选）").setInputFiles({ name: "批注.pdf", mimeType: "application/pdf", buffer: data });
  await page.getByRole("button", { name: "提交作业" }).click();
  await page.waitForURL(/\/homework\/finish\/8101$/); // spec 001 §7 gotoFinishHomeworkPage
  await expect(page.getByRole("status")).toHaveText("作业已提交");
  await expect(page.getByTestId("homework-finish")).toContainText("附件1");
  await page.goto("/homework/8101");
  await expect(page.getByTestId("homework-submission")).toContainText("结构化面试适合");
  await expect(page.getByTestId("homework-attachment")).toContainText("批注.pdf");
  const stats = (await (await page.request.get(`${sandbox.url}/__sandbox/storage/stats`)).json()) as { lastKey: string };
  const object = (await (await page.request.get(`${sandbox.url}/__sandbox/storage/object?key=${encodeURIComponent(stats.lastKey)}`)).json()) as {
    path: string;
  };
  expect(sha(await readFile(object.path))).toBe(sha(data));

  await page.getByTestId("homework-attachment").getByRole("button", { name: "删除" }).click();
  await expect(page.getByTestId("homework-attachment")).toHaveCount(0);

  await page.goto("/homework/list");
  await expect(page.getByTestId("homework-counts")).toHaveText("已提交 1 份，未提交 3 份");
  await page.goto("/homework/8102");
  await expect(page.getByTestId("homework-refusal")).toHaveText("作业已截止，不能提交");
  await expect(page.getByTestId("homework-form")).toHaveCount(0);
});

function mp4(bytes: number, seed: number) {
  const b = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) b[i] = (i * 17 + seed) % 251;
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]).copy(b); // ....ftypisom
  return b;
}

// without JavaScript (6 MB refused, a 5 MB post taken): tests/unit/pages/files-nojs.test.ts (decision 064)
test("a homework video in 4 MB chunks (a chunk failed by the store and retried, byte-exact)", async ({ page, sandbox }) => {
  expect((await page.request.post(`${sandbox.url}/__sandbox/files/seed`)).ok()).toBe(true);
  await signInWithCode(page, sandbox, "13700003604", "/homework/list");
  await page.waitForURL(/\/homework\/list$/);
  // the leave notices link to the homework left (spec 001 §7 findHomeworkLeaveNotifyByUserId)
  await expect(page.getByTestId("homework-notice")).toHaveCount(3);
  await page.getByTestId("homework-notice").filter({ hasText: "会计要素练习" }).getByRole("link").click();
  await page.waitForURL(/\/homework\/8201$/);
  const input = page.getByLabel("作业视频", { exact: true });
  await hydrated(page);
  const data = mp4(5 * 1024 * 1024 + 512 * 1024, 3); // 5.5 MB: two chunks, over the no-JS limit
  // the worker's sandbox (and its store counters) is shared with other test files: count from here
  const before = (await (await page.request.get(`${sandbox.url}/__sandbox/storage/stats`)).json()) as { failedWrites: number };
  expect((await page.request.post(`${sandbox.url}/__sandbox/storage/fail`, { data: { count: 1 } })).ok()).toBe(true);
  await input.setInputFiles({ name: "讲解.mp4", mimeType: "video/mp4", buffer: data });
  await page.getByTestId("video-form").getByRole("button", { name: "上传", exact: true }).click();
  await expect(page.getByTestId("video-progress")).toBeVisible();
  await expect(page.getByTestId("video-saved")).toHaveText("已上传：讲解.mp4", { timeout: 30_000 });
  await expect(page.getByTestId("homework-video")).toHaveText("讲解.mp4");
  const stats = (await (await page.request.get(`${sandbox.url}/__sandbox/storage/stats`)).json()) as { lastKey: string; failedWrites: number };
  expect(stats.failedWrites - before.failedWrites).toBe(1);
  const object = (await (await page.request.get(`${sandbox.url}/__sandbox/storage/object?key=${encodeURIComponent(stats.lastKey)}`)).json()) as {
    path: string;
  };
  expect(sha(await readFile(object.path))).toBe(sha(data));
  // the video is kept as a resource too, where the batch delete of videos removes it
  await page.goto("/resource/list");
  await page.getByTestId("video-check").check();
  await page.getByRole("button", { name: "删除选中的视频" }).click();
  await expect(page.getByTestId("videos-deleted")).toHaveText("已删除 1 个视频");
  await page.goto("/homework/8201");
  await expect(page.getByTestId("homework-video")).toHaveCount(0);
});

// one browser context for the three pages (issue 22): each check soft and named by its page
test("the resource and homework pages: no serious axe violation, nothing wider than 390 px", async ({ page, sandbox }) => {
  test.setTimeout(90_000);
  expect((await page.request.post(`${sandbox.url}/__sandbox/files/seed`)).ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithCode(page, sandbox, "13700002905", "/resource/list");
  for (const path of ["/resource/list", "/homework/list", "/homework/8101"]) {
    await visit(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `${path} overflows`).toBeLessThanOrEqual(0);
    await expectAccessible(page, { name: path });
  }
});
