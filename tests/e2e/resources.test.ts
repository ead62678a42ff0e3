import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, signInWithCode, test, type Sandbox } from "./support";

// Resource uploads and downloads (issue 17 A; spec 001 §4 "Upload", §5, §7 "Upload token", "Resources",
// "Download", §8, §9). Own seed users (sandbox/src/storage/resources.ts): files01 13700002900 (JS),
// files03 13700002902 (space used up, no download permission). The no-JS journeys are page tests
// (tests/unit/pages/files-nojs.test.ts, files.test.ts); kept here without JavaScript: the one real multipart
// post of a browser's file input, at the 5 MB limit through scripts/serve.mjs's body cap (decision 064).
const PDF_HEAD = Buffer.from("%PDF-1.7\n");
function pdf(bytes: number, seed = 1) {
  const buffer = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) buffer[i] = (i * 31 + seed) % 251;
  PDF_HEAD.copy(buffer);
  return buffer;
}
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function seedFiles(sandbox: Sandbox, page: import("@playwright/test").Page) {
  const res = await page.request.post(`${sandbox.url}/__sandbox/files/seed`);
  expect(res.ok()).toBe(true);
}

/** The stored object of the last saved resource: the file on the sandbox's disk, read byte by byte. */
async function storedBytes(sandbox: Sandbox, page: import("@playwright/test").Page) {
  const calls = await sandbox.calls();
  const save = calls.filter((c) => c.path.endsWith("/v1/resource/save")).at(-1);
  expect(save, "a save call").toBeTruthy();
  const list = await page.request.get(`${sandbox.url}/__sandbox/storage/stats`);
  const stats = (await list.json()) as { chunkWrites: number; failedWrites: number };
  const row = page.getByTestId("resource-row").first();
  const href = await row.getByRole("link", { name: "下载" }).getAttribute("href");
  expect(href).toMatch(/^\/student\/download\?ids=\d+$/);
  return { stats, href: href! };
}

async function objectOf(sandbox: Sandbox, page: import("@playwright/test").Page, key: string) {
  const res = await page.request.get(`${sandbox.url}/__sandbox/storage/object?key=${encodeURIComponent(key)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { path: string; size: number; sha256: string };
}

async function lastKey(sandbox: Sandbox, page: import("@playwright/test").Page) {
  const res = await page.request.get(`${sandbox.url}/__sandbox/storage/stats`);
  return ((await res.json()) as { lastKey: string | null }).lastKey;
}

test.describe("resource uploads (spec 001 §5)", () => {
  test("with JS: 6 MB refused with the message; 4.5 MB sent in chunks, one failed by the store and retried, byte-exact on disk", async ({
    page,
    sandbox,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the chunked upload needs JavaScript");
    // two uploads (6 MB refused, 4.5 MB in chunks with a retry): 31 s at load 11, past the default 30 s
    test.slow();
    await seedFiles(sandbox, page);
    await signInWithCode(page, sandbox, "13700002900", "/personal/setting/data");
    await page.getByTestId("personal-menu").getByRole("link", { name: "我的资源" }).click(); // linked from the personal frame
    await page.waitForURL(/\/resource\/list$/);
    const input = page.getByLabel("上传文件");

    await input.setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: pdf(6 * 1024 * 1024) });
    await page.getByRole("button", { name: "上传", exact: true }).click();
    await expect(page.getByTestId("upload-error")).toHaveText("上传文件过大，请控制在5M以内");

    const data = pdf(4.5 * 1024 * 1024, 7);
    // the worker's sandbox (and its store counters) is shared with other test files: count from here
    const before = (await (await page.request.get(`${sandbox.url}/__sandbox/storage/stats`)).json()) as { chunkWrites: number; failedWrites: number };
    // the store fails the next chunk write once: the uploader retries it from the store's offset
    expect((await page.request.post(`${sandbox.url}/__sandbox/storage/fail`, { data: { count: 1 } })).ok()).toBe(true);
    await input.setInputFiles({ name: "讲义.pdf", mimeType: "application/pdf", buffer: data });
    await page.getByRole("button", { name: "上传", exact: true }).click();
    await expect(page.getByTestId("upload-progress")).toBeVisible();
    await expect(page.getByTestId("upload-saved")).toHaveText("已上传：讲义.pdf", { timeout: 30_000 });
    await expect(page.getByTestId("resource-row")).toHaveCount(1);
    await expect(page.getByTestId("resource-row").first()).toContainText("讲义.pdf");

    const { stats } = await storedBytes(sandbox, page);
    expect(stats.failedWrites - before.failedWrites).toBe(1);
    expect(stats.chunkWrites - before.chunkWrites).toBeGreaterThanOrEqual(3); // 4 MB + the failed 0.5 MB + its retry
    const key = (await lastKey(sandbox, page))!;
    expect(key).toMatch(/^1\/\d{4}-\d{2}-\d{2}\/coldatatypefile\/[A-Za-z0-9_-]+\.pdf$/);
    const object = await objectOf(sandbox, page, key);
    expect(object.size).toBe(data.length);
    expect(sha(await readFile(object.path))).toBe(sha(data));
  });

  // without JavaScript (the 4.5 MB pdf streamed byte-exact, the renamed executable, download, delete):
  // tests/unit/pages/files-nojs.test.ts (issue 22, decision 064)

  // the no-JS run is a page test (tests/unit/pages/files.test.ts, "resources without JavaScript"; issue 22)
  test("used-up space blocks the upload; a refused download shows the server's message", async ({ page, sandbox }) => {
    await seedFiles(sandbox, page);
    await signInWithCode(page, sandbox, "13700002902", "/resource/list");
    await page.waitForURL(/\/resource\/list$/);
    await page.getByLabel("上传文件").setInputFiles({ name: "a.pdf", mimeType: "application/pdf", buffer: pdf(20_000) });
    await page.getByRole("button", { name: "上传", exact: true }).click();
    await expect(page.getByTestId("upload-error")).toHaveText("存储空间不足，无法上传，请联系管理员");
    await page.goto("/student/download?ids=1");
    await expect(page.getByTestId("download-message")).toHaveText("您没有下载权限，请联系管理员");
  });
});

// a valid 1x1 PNG (the viewer must really load it)
const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test.describe("image preview (spec 001 §2 dialog 5, §9)", () => {
  test("desktop: pages, zoom, rotate, flip and close, no download; a failed image offers a reload", async ({ page, sandbox }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the viewer is a JS dialog; without JS the images are plain links");
    await seedFiles(sandbox, page);
    await signInWithCode(page, sandbox, "13700002903", "/resource/list");
    await page.waitForURL(/\/resource\/list$/);
    for (const name of ["one.png", "two.png"]) {
      await page.getByLabel("上传文件").setInputFiles({ name, mimeType: "image/png", buffer: PNG_1PX });
      await page.getByRole("button", { name: "上传", exact: true }).click();
      await expect(page.getByTestId("upload-saved")).toHaveText(`已上传：${name}`);
    }
    await expect(page.getByTestId("preview-link")).toHaveCount(2);
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((e) => e.name)
          .filter((n) => /ImageViewer/.test(n)),
      );
    expect(await scripts()).toEqual([]); // loaded only when a preview opens

    await page.getByTestId("preview-link").first().click();
    const viewer = page.getByTestId("image-viewer");
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId("viewer-page")).toHaveText("1 / 2");
    await expect(viewer.getByTestId("viewer-image")).toHaveAttribute("alt", "two.png"); // newest first
    await viewer.getByRole("button", { name: "下一张" }).click();
    await expect(viewer.getByTestId("viewer-page")).toHaveText("2 / 2");
    await expect(viewer.getByRole("button", { name: "下一张" })).toBeDisabled();
    await viewer.getByRole("button", { name: "放大" }).click();
    await viewer.getByRole("button", { name: "旋转" }).click();
    await viewer.getByRole("button", { name: "翻转" }).click();
    await expect(viewer.getByTestId("viewer-image")).toHaveAttribute("style", /rotate\(90deg\) scale\(-1\.25, 1\.25\)/);
    await expect(viewer.getByRole("button", { name: "下载" })).toHaveCount(0);
    expect(await scripts()).not.toEqual([]);
    await viewer.getByRole("button", { name: "关闭" }).click();
    await expect(viewer).toHaveCount(0);

    // a failed image shows a reload button, which loads it again
    await page.route("**/storage/o/**", (route) => route.abort());
    await page.getByTestId("preview-link").first().click();
    await expect(page.getByTestId("viewer-reload")).toBeVisible();
    await page.unroute("**/storage/o/**");
    await page.getByTestId("viewer-reload").click();
    await expect(page.getByTestId("viewer-image")).toBeVisible();
    await expect.poll(() => page.getByTestId("viewer-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  });

  // without JavaScript the images are plain signed links: tests/unit/pages/files-nojs.test.ts (decision 064)
});

test.describe("image preview on a phone (spec 001 §9)", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 780 } });
  test("swipe turns the page and closes; no zoom or rotate", async ({ page, sandbox }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the viewer is a JS dialog");
    await seedFiles(sandbox, page);
    await signInWithCode(page, sandbox, "13700002907", "/resource/list");
    await page.waitForURL(/\/resource\/list$/);
    for (const name of ["a.png", "b.png"]) {
      await page.getByLabel("上传文件").setInputFiles({ name, mimeType: "image/png", buffer: PNG_1PX });
      await page.getByRole("button", { name: "上传", exact: true }).click();
      await expect(page.getByTestId("upload-saved")).toHaveText(`已上传：${name}`);
    }
    // the list revalidates after each upload: click once both rows are there (a click racing the reload
    // landed on the row that had just moved down, and the viewer rightly opened at 2 / 2)
    await expect(page.getByTestId("preview-link")).toHaveCount(2);
    await page.getByTestId("preview-link").first().click();
    const viewer = page.getByTestId("image-viewer");
    await expect(viewer.getByTestId("viewer-page")).toHaveText("1 / 2");
    await expect(viewer.getByTestId("viewer-image")).toHaveAttribute("alt", "b.png"); // newest first
    await expect(viewer.getByRole("button", { name: "放大" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: "旋转" })).toHaveCount(0);
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (dx: number, dy: number) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 250, y: 300 }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: 250 + dx / 2, y: 300 + dy / 2 }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: 250 + dx, y: 300 + dy }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(-100, 0); // under 120 px: nothing
    await expect(viewer.getByTestId("viewer-page")).toHaveText("1 / 2");
    await swipe(-150, 10);
    await expect(viewer.getByTestId("viewer-page")).toHaveText("2 / 2");
    await swipe(0, 120); // down past 80 px: closes (after the 690 ms animation)
    await expect(viewer).toHaveCount(0);
  });
});

test.describe("the 5 MB limit without JS (spec 001 §5, §9; decision 037)", () => {
  // Kept in the no-js project (decision 064): the one real multipart post of a browser's file input, at the 5 MB
  // limit through scripts/serve.mjs's body cap (the page tests call Remix without serve.mjs in front)
  test("a file of exactly 5 MB is accepted; a 6 MB one re-renders the page with the size message", { tag: "@nojs" }, async ({ page, sandbox }, testInfo) => {
    test.skip(testInfo.project.name !== "no-js", "the plain multipart post through scripts/serve.mjs's body cap");
    await seedFiles(sandbox, page);
    await signInWithCode(page, sandbox, "13700003600", "/resource/list");
    await page.waitForURL(/\/resource\/list$/);
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);

    const exact = pdf(5 * 1024 * 1024, 3); // 5242880 bytes: the limit itself
    await page.getByLabel("上传文件").setInputFiles({ name: "exact.pdf", mimeType: "application/pdf", buffer: exact });
    await page.getByRole("button", { name: "上传", exact: true }).click();
    await expect(page.getByTestId("upload-saved")).toHaveText("已上传：exact.pdf");
    const object = await objectOf(sandbox, page, (await lastKey(sandbox, page))!);
    expect(object.size).toBe(exact.length);

    await page.getByLabel("上传文件").setInputFiles({ name: "six.pdf", mimeType: "application/pdf", buffer: pdf(6 * 1024 * 1024, 4) });
    await page.getByRole("button", { name: "上传", exact: true }).click();
    await expect(page.getByTestId("upload-error")).toHaveText("上传文件过大，请控制在5M以内");
    await expect(page.getByRole("heading", { name: "我的资源" })).toBeVisible(); // the page, not the bare 413
    await expect(page.getByTestId("resource-row")).toHaveCount(1);
  });
});

test.describe("resource detail and the batch delete of videos (spec 001 §7)", () => {
  // the no-JS run is a page test (tests/unit/pages/files.test.ts, "resources without JavaScript"; issue 22)
  test("a row opens its detail; ticked videos are deleted together, the pdf stays", async ({ page, sandbox }) => {
    await seedFiles(sandbox, page);
    await signInWithCode(page, sandbox, "13700003601", "/resource/list");
    await page.waitForURL(/\/resource\/list$/);
    await expect(page.getByTestId("resource-row")).toHaveCount(3);
    await page.getByRole("link", { name: "课堂讲义.pdf" }).click();
    await page.waitForURL(/\/resource\/\d+$/);
    await expect(page.getByRole("heading", { name: "课堂讲义.pdf" })).toBeVisible();
    await expect(page.getByTestId("resource-facts")).toContainText("PDF");
    await expect(page.getByRole("link", { name: "下载" })).toHaveAttribute("href", /^\/student\/download\?ids=\d+$/);
    await page.getByRole("link", { name: "返回我的资源" }).click();
    await page.waitForURL(/\/resource\/list$/);

    await expect(page.getByTestId("video-check")).toHaveCount(2);
    await page.getByRole("button", { name: "删除选中的视频" }).click();
    await expect(page.getByTestId("videos-error")).toHaveText("请选择要删除的视频");
    await page.getByLabel("选择视频 作业视频-第一次.mp4").check();
    await page.getByLabel("选择视频 作业视频-第二次.mp4").check();
    await page.getByRole("button", { name: "删除选中的视频" }).click();
    await expect(page.getByTestId("videos-deleted")).toHaveText("已删除 2 个视频");
    await expect(page.getByTestId("resource-row")).toHaveCount(1);
    await expect(page.getByTestId("resource-row")).toContainText("课堂讲义.pdf");
    await expect(page.getByTestId("video-check")).toHaveCount(0);
  });
});
