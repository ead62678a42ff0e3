import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, elements, usePortal, type Client, type Page } from "../portal";
import { linkHref, testText, testTexts } from "./nojs";

/**
 * Resources and homework (issue 17 A; spec 001 §5, §7 "Resources", "Homework", §9) as a browser without
 * JavaScript walks them: the `no-js` runs of tests/e2e/resources.test.ts ("a 4.5 MB pdf streamed…",
 * "the images are plain links") and tests/e2e/homework.test.ts (the attachment, the 5 MB video), moved
 * here (issue 22, decision 064). The files go as the browser sends a file input: the form-walker's
 * multipart post, read byte for byte from the sandbox's store. The one real multipart post kept in a
 * browser is resources' "the 5 MB limit without JS" (through scripts/serve.mjs's body cap).
 */

const ctx = usePortal();
beforeEach(async () => {
  expect((await fetch(`${ctx.portal.sandbox.url}/__sandbox/files/seed`, { method: "POST" })).ok).toBe(true); // the files users
});

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const count = (page: Page, id: string) => elements(page.html, `[data-testid="${id}"]`).length;

function pdf(bytes: number, seed = 1, head = "%PDF-1.7\n") {
  const b = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) b[i] = (i * 31 + seed) % 251;
  Buffer.from(head).copy(b);
  return b;
}

function mp4(bytes: number, seed: number) {
  const b = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) b[i] = (i * 17 + seed) % 251;
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]).copy(b); // ....ftypisom
  return b;
}

/** The bytes of the object the store completed last (the sandbox writes it to disk). */
async function lastStored(): Promise<Buffer> {
  const stats = (await (await fetch(`${ctx.portal.sandbox.url}/__sandbox/storage/stats`)).json()) as { lastKey: string };
  const object = (await (await fetch(`${ctx.portal.sandbox.url}/__sandbox/storage/object?key=${encodeURIComponent(stats.lastKey)}`)).json()) as {
    path: string;
    size: number;
  };
  return readFile(object.path);
}

/** GET as a browser opens a link: the redirects followed, to this site or another. */
async function download(browser: Client, href: string): Promise<Response> {
  let answer = await browser.fetch(href);
  for (let hops = 0; hops < 5 && answer.status >= 300 && answer.status < 400; hops++) {
    answer = await browser.fetch(browser.address(new URL(answer.headers.get("Location")!, `http://${browser.host}`)));
  }
  return answer;
}

const upload = (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) =>
  page.form({ button: "上传" }).fill({ 上传文件: file }).submit({ button: "上传" });

describe("resources without JavaScript (tests/e2e/resources.test.ts's no-js runs)", { timeout: 60_000 }, () => {
  it("a 4.5 MB pdf streamed to the store, byte-exact; a renamed executable refused by its content; downloaded, then deleted", async () => {
    const browser = ctx.portal.client();
    const list = await browser.signIn(ctx.portal, "13700002901", "/resource/list");
    expect(list.url).toBe("/resource/list");
    expect(
      attr(
        elements(list.html, "form").find((f) => f.includes("上传文件")),
        "enctype",
      ),
    ).toBe("multipart/form-data");

    const exe = Buffer.alloc(2048);
    exe.write("MZ");
    const refused = await upload(list, { name: "report.pdf", mimeType: "application/pdf", buffer: exe });
    expect(testText(refused, "upload-error")).toBe("文件内容与其格式不符");

    const data = pdf(4.5 * 1024 * 1024, 11);
    const saved = await upload(refused, { name: "notes.pdf", mimeType: "application/pdf", buffer: data });
    expect(testText(saved, "upload-saved")).toBe("已上传：notes.pdf");
    const after = await browser.get("/resource/list");
    expect(count(after, "resource-row")).toBe(1);
    expect(sha(await lastStored())).toBe(sha(data));

    // the download: permission checked first, then the file itself
    const href = linkHref({ html: byTestId(after.html, "resource-row") ?? "" }, "下载");
    expect(href).toMatch(/^\/student\/download\?ids=\d+$/);
    const file = await download(browser, href!);
    expect(file.status).toBe(200);
    expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(sha(data));
    expect((await ctx.portal.calls("/v1/student/checkPermission")).some((c) => c.query.type === "xiazai")).toBe(true);

    // delete: the row's own form
    const deleted = await after.form({ button: "删除" }).submit({ button: "删除" });
    expect(deleted.html).toContain("已删除");
    expect(count(deleted, "resource-row")).toBe(0);
  }, 120_000);

  it("the images are plain links: a signed link to the private object that opens, nothing without its signature", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const browser = ctx.portal.client();
    const list = await browser.signIn(ctx.portal, "13700002904", "/resource/list");
    const saved = await upload(list, { name: "pic.png", mimeType: "image/png", buffer: png });
    expect(testText(saved, "upload-saved")).toBe("已上传：pic.png");
    const after = await browser.get("/resource/list");
    const link = elements(after.html, "a").find((a) => attr(a, "data-testid") === "preview-link");
    const href = attr(link, "href")?.replace(/&amp;/g, "&");
    // decision 043: a private object of the store, shown through a signed link
    expect(href).toMatch(/^http:\/\/[^/]+\/storage\/o\/1\/\d{4}-\d{2}-\d{2}\/coldatatypefile\/[A-Za-z0-9_-]+\.png\?Expires=\d+&Signature=[\w-]+$/);
    const image = await fetch(href!);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(href!.replace(/\?.*$/, ""))).status).toBe(403);
  });
});

describe("homework without JavaScript (tests/e2e/homework.test.ts's no-js runs)", { timeout: 60_000 }, () => {
  it("submitted with an attachment (byte-exact in the store), then the attachment deleted; a closed homework refuses", async () => {
    const browser = ctx.portal.client();
    const settings = await browser.signIn(ctx.portal, "13700002906", "/personal/setting/data");
    const listHref = linkHref({ html: byTestId(settings.html, "personal-menu") ?? "" }, "我的作业");
    expect(listHref).toBe("/homework/list");
    const list = await browser.get(listHref!);
    expect(testText(list, "homework-counts")).toBe("已提交 0 份，未提交 4 份");
    const headings = elements(list.html, "h2").map((h) => h.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, ""));
    expect(headings).toEqual(expect.arrayContaining(["班级课次作业 (2)", "套餐课次作业 (2)"]));

    const row = elements(list.html, '[data-testid="homework-row"]').find((r) => r.includes("人员甄选方法对比"));
    const write = await browser.get(linkHref({ html: row ?? "" }, "写作业")!);
    expect(write.url).toBe("/homework/8101");
    const data = pdf(300 * 1024, 5, "%PDF-1.5\n");
    const finish = await write
      .form({ button: "提交作业" })
      .fill({
        作答内容: "结构化面试适合岗位要求明确的招聘；无领导小组讨论适合考察协作与领导力。",
        "添加附件（可选）": { name: "批注.pdf", mimeType: "application/pdf", buffer: data },
      })
      .submit({ button: "提交作业" });
    expect(finish.url).toBe("/homework/finish/8101"); // spec 001 §7 gotoFinishHomeworkPage
    expect(testText(finish, "homework-finish").replace(/\s+/g, "")).toContain("附件1");
    expect(finish.html).toContain("作业已提交");
    const detail = await browser.get("/homework/8101");
    expect(testText(detail, "homework-submission")).toContain("结构化面试适合");
    expect(testText(detail, "homework-attachment")).toContain("批注.pdf");
    expect(sha(await lastStored())).toBe(sha(data));

    const removed = await detail.form({ button: "删除" }).submit({ button: "删除" });
    expect(count(removed, "homework-attachment")).toBe(0);
    expect(testText(await browser.get("/homework/list"), "homework-counts")).toBe("已提交 1 份，未提交 3 份");
    const closed = await browser.get("/homework/8102");
    expect(testText(closed, "homework-refusal")).toBe("作业已截止，不能提交");
    expect(count(closed, "homework-form")).toBe(0);
  });

  it("a video: 6 MB refused with the JavaScript hint, exactly 5 MB taken; kept as a resource, where the batch delete removes it", async () => {
    const browser = ctx.portal.client();
    const list = await browser.signIn(ctx.portal, "13700003605", "/homework/list");
    expect(list.url).toBe("/homework/list");
    // the leave notices link to the homework left (spec 001 §7 findHomeworkLeaveNotifyByUserId)
    expect(count(list, "homework-notice")).toBe(3);
    const notice = elements(list.html, '[data-testid="homework-notice"]').find((n) => n.includes("会计要素练习"));
    const homework = await browser.get(attr(elements(notice ?? "", "a")[0], "href")!);
    expect(homework.url).toBe("/homework/8201");

    const video = (p: Page) => p.form({ button: "上传" });
    expect(attr(video(homework).html, "enctype")).toBe("multipart/form-data");
    const big = await video(homework)
      .fill({ 作业视频: { name: "big.mp4", mimeType: "video/mp4", buffer: mp4(6 * 1024 * 1024, 5) } })
      .submit({ button: "上传" });
    expect(testText(big, "video-error")).toBe("未开启 JavaScript 时视频不能超过 5M，请开启 JavaScript 后分片上传");
    const data = mp4(5 * 1024 * 1024, 9); // exactly 5 MB
    const ok = await video(big)
      .fill({ 作业视频: { name: "讲解.mp4", mimeType: "video/mp4", buffer: data } })
      .submit({ button: "上传" });
    expect(testText(ok, "video-saved")).toBe("已上传：讲解.mp4");
    expect(sha(await lastStored())).toBe(sha(data));
    expect(testText(await browser.get("/homework/8201"), "homework-video")).toBe("讲解.mp4");

    // the video is kept as a resource too, where the batch delete of videos removes it
    const resources = await browser.get("/resource/list");
    const check = elements(resources.html, "input").find((i) => attr(i, "data-testid") === "video-check");
    const deleted = await resources
      .form({ button: "删除选中的视频" })
      .fill({ [attr(check, "aria-label") ?? ""]: true })
      .submit({ button: "删除选中的视频" });
    expect(testText(deleted, "videos-deleted")).toBe("已删除 1 个视频");
    expect(testTexts(await browser.get("/homework/8201"), "homework-video")).toEqual([]);
  }, 120_000);
});
