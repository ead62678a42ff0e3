import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import enFiles from "~/locales/en/files.json";
import zhFiles from "~/locales/zh/files.json";
import { attr, byTestId, elements, startTestPortal, text, type Client, type TestPortal } from "../portal";

/**
 * Issue 21 item 4 (decision 044): an upload belongs to the student and scene that started it: the relays
 * refuse another's key with 403 before asking the store, and a client's mistake (a chunk off the store's
 * offset, a complete of another size) is a 409 with its own message, not the store-unreachable 502.
 * Issue 21 item 7: deleting another student's resource, homework attachment or cart row deletes nothing
 * and says so. Seed users of the files journeys (sandbox/src/storage/resources.ts), each test on a reset.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 60_000);
afterAll(() => portal.close());
beforeEach(async () => {
  await portal.reset();
  expect((await fetch(`${portal.sandbox.url}/__sandbox/files/seed`, { method: "POST" })).ok).toBe(true);
}, 30_000);

async function signedIn(account: string): Promise<Client> {
  const browser = portal.client();
  await browser.signIn(portal, account);
  return browser;
}

type RelayJson = { error?: string; key?: string; offset?: number; saved?: string };
async function relay(browser: Client, path: string, csrf: string, fields: Record<string, string>, chunk?: Uint8Array) {
  const body = new FormData();
  body.append("csrf", csrf);
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (chunk) body.append("chunk", new Blob([chunk as Uint8Array<ArrayBuffer>]), fields.name ?? "x");
  const response = await browser.fetch(path, { method: "POST", body, headers: { Accept: "application/json" } });
  return { status: response.status, json: (await response.json()) as RelayJson };
}

const pdf = (size: number) => {
  const b = new Uint8Array(size).fill(0x41);
  b.set(new TextEncoder().encode("%PDF-1.7\n"));
  return b;
};
const mp4 = (size: number) => {
  const b = new Uint8Array(size);
  b.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]); // ....ftypisom
  return b;
};
const chunkWrites = async () => (await portal.sandbox.control<{ chunkWrites: number }>("GET", "/storage/stats")).chunkWrites;

describe("an upload belongs to the student and scene that started it (issue 21 item 4)", () => {
  it("another student's chunk, status and complete on a resource key are refused with 403 before the store is asked; the owner's upload goes on", async () => {
    const a = await signedIn("13700002900");
    const b = await signedIn("13700002901");
    const [csrfA, csrfB] = [await a.csrf("/resource/list"), await b.csrf("/resource/list")];
    const bytes = pdf(1000);
    const base = { name: "讲义.pdf", size: String(bytes.length) };
    const start = await relay(a, "/resource/upload", csrfA, { ...base, intent: "start" });
    expect(start.status).toBe(200);
    const fields = { ...base, key: start.json.key! };
    expect((await relay(a, "/resource/upload", csrfA, { ...fields, intent: "chunk", offset: "0" }, bytes.subarray(0, 600))).json.offset).toBe(600);

    const writes = await chunkWrites();
    await portal.clearCalls();
    expect(await relay(b, "/resource/upload", csrfB, { ...fields, intent: "chunk", offset: "600" }, bytes.subarray(600))).toEqual({
      status: 403,
      json: { error: "notYours" },
    });
    expect(await relay(b, "/resource/upload", csrfB, { ...fields, intent: "status" })).toEqual({ status: 403, json: { error: "notYours" } });
    expect(await relay(b, "/resource/upload", csrfB, { ...fields, intent: "complete" })).toEqual({ status: 403, json: { error: "notYours" } });
    // no upload token was even asked for, so the store cannot have been called; nothing saved, nothing written
    expect(await portal.calls("/resource/getuptoken")).toHaveLength(0);
    expect(await portal.calls("/resource/save")).toHaveLength(0);
    expect(await chunkWrites()).toBe(writes);

    expect((await relay(a, "/resource/upload", csrfA, { ...fields, intent: "status" })).json.offset).toBe(600);
    expect((await relay(a, "/resource/upload", csrfA, { ...fields, intent: "chunk", offset: "600" }, bytes.subarray(600))).json.offset).toBe(1000);
    expect(await relay(a, "/resource/upload", csrfA, { ...fields, intent: "complete" })).toEqual({ status: 200, json: { saved: "讲义.pdf" } });
    expect((await a.get("/resource/list")).html).toContain("讲义.pdf");
    expect((await b.get("/resource/list")).html).not.toContain("讲义.pdf");
  });

  it("a homework video's key is its homework's and its student's: refused on another homework and for another student", async () => {
    const a = await signedIn("13700002900");
    const b = await signedIn("13700002901");
    const [csrfA, csrfB] = [await a.csrf("/homework/8101"), await b.csrf("/homework/8101")];
    const bytes = mp4(2048);
    const base = { name: "讲解.mp4", size: String(bytes.length) };
    const start = await relay(a, "/homework/video/8101", csrfA, { ...base, intent: "start" });
    expect(start.status).toBe(200);
    const fields = { ...base, key: start.json.key! };
    await portal.clearCalls();
    expect(await relay(b, "/homework/video/8101", csrfB, { ...fields, intent: "chunk", offset: "0" }, bytes)).toEqual({
      status: 403,
      json: { error: "notYours" },
    });
    expect(await relay(a, "/homework/video/8201", csrfA, { ...fields, intent: "chunk", offset: "0" }, bytes)).toEqual({
      status: 403,
      json: { error: "notYours" },
    });
    expect(await relay(b, "/homework/video/8101", csrfB, { ...fields, intent: "complete" })).toEqual({ status: 403, json: { error: "notYours" } });
    expect(await portal.calls("/resource/getuptoken")).toHaveLength(0);
    expect(await portal.calls("/homework/homeworkUpload")).toHaveLength(0);
    expect((await relay(a, "/homework/video/8101", csrfA, { ...fields, intent: "chunk", offset: "0" }, bytes)).json.offset).toBe(bytes.length);
    expect((await relay(a, "/homework/video/8101", csrfA, { ...fields, intent: "complete" })).json.saved).toBe("讲解.mp4");
  });

  it("the sign-up annex relay refuses another student's key too", async () => {
    const a = await signedIn("instead06");
    const b = await signedIn("instead05");
    const R = "/personal/course/apply/upload";
    const [csrfA, csrfB] = [await a.csrf("/personal/course/apply"), await b.csrf("/personal/course/apply")];
    const bytes = new TextEncoder().encode("%PDF-1.4 a small proof");
    const base = { name: "proof.pdf", size: String(bytes.length) };
    const start = await relay(a, R, csrfA, { ...base, intent: "start" });
    expect(start.status).toBe(200);
    await portal.clearCalls();
    const fields = { ...base, key: start.json.key! };
    expect(await relay(b, R, csrfB, { ...fields, intent: "chunk", offset: "0" }, bytes)).toEqual({ status: 403, json: { error: "notYours" } });
    expect(await relay(b, R, csrfB, { ...fields, intent: "complete" })).toEqual({ status: 403, json: { error: "notYours" } });
    expect(await portal.calls("/resource/getuptoken")).toHaveLength(0);
    expect((await relay(a, R, csrfA, { ...fields, intent: "chunk", offset: "0" }, bytes)).json.offset).toBe(bytes.length);
  });

  it("a chunk off the store's offset is a 409 with the store's offset, a complete of another size a 409: each with its message, not the 502", async () => {
    const a = await signedIn("13700002900");
    const csrf = await a.csrf("/resource/list");
    const bytes = pdf(1000);
    const base = { name: "notes.pdf", size: String(bytes.length) };
    const key = (await relay(a, "/resource/upload", csrf, { ...base, intent: "start" })).json.key!;
    const fields = { ...base, key };
    expect((await relay(a, "/resource/upload", csrf, { ...fields, intent: "chunk", offset: "0" }, bytes.subarray(0, 600))).json.offset).toBe(600);
    // the first part again (a retry out of order): the store holds 600 bytes; the uploader resumes there
    expect(await relay(a, "/resource/upload", csrf, { ...fields, intent: "chunk", offset: "0" }, bytes.subarray(0, 400))).toEqual({
      status: 409,
      json: { error: "offset", offset: 600 },
    });
    expect(await relay(a, "/resource/upload", csrf, { ...fields, intent: "complete" })).toEqual({ status: 409, json: { error: "size" } });
    expect(await portal.calls("/resource/save")).toHaveLength(0);
    // the uploader shows them through the files namespace (useUploadMessage: errors.<code>)
    for (const code of ["offset", "size", "notYours"] as const) {
      expect(zhFiles.errors[code]).toBeTruthy();
      expect(enFiles.errors[code]).toBeTruthy();
    }
    expect(zhFiles.errors.size).toBe("文件大小与已上传的内容不符，未保存，请重新选择文件");
  });
});

const NOT_OWNED = "未在你的文件中找到，未删除任何内容";

describe("deleting what is not yours says nothing was deleted (issue 21 item 7)", () => {
  it("another student's resource: 404 and the honest message, nothing sent; the owner's resource stays", async () => {
    const owner = await signedIn("13700003601");
    const other = await signedIn("13700003602");
    const ownerList = await owner.get("/resource/list");
    const id = attr(
      elements(ownerList.html, "input").find((i) => attr(i, "name") === "id"),
      "value",
    )!;
    expect(id).toMatch(/^\d+$/);
    const csrf = await other.csrf("/resource/list");
    await portal.clearCalls();
    const refused = await other.fetch("/resource/list?index", { method: "POST", body: new URLSearchParams({ csrf, intent: "delete", id }) });
    expect(refused.status).toBe(404);
    const html = await refused.text();
    expect(text(byTestId(html, "resource-not-deleted") ?? "")).toBe(NOT_OWNED);
    expect(byTestId(html, "resource-deleted")).toBeUndefined();
    expect((await other.fetch(`/resource/${id}`, { method: "POST", body: new URLSearchParams({ csrf, intent: "delete" }) })).status).toBe(404);
    expect(await portal.calls("/resource/delResource")).toHaveLength(0);
    expect((await owner.get(`/resource/${id}`)).status).toBe(200);
    // the owner's own delete still deletes, and says so
    const ownerCsrf = await owner.csrf("/resource/list");
    const done = await owner.fetch("/resource/list?index", { method: "POST", body: new URLSearchParams({ csrf: ownerCsrf, intent: "delete", id }) });
    expect(done.status).toBe(200);
    expect(text(byTestId(await done.text(), "resource-deleted") ?? "")).toBe("已删除");
    expect((await owner.get(`/resource/${id}`)).status).toBe(404);
  });

  it("another student's homework attachment: 404 and the honest message; the owner's attachment stays", async () => {
    const owner = await signedIn("13700002900");
    const other = await signedIn("13700002901");
    const ownerCsrf = await owner.csrf("/homework/8101");
    const body = new FormData();
    body.append("csrf", ownerCsrf);
    body.append("content", "结构化面试与无领导小组讨论的比较");
    body.append("file", new Blob([pdf(2048) as Uint8Array<ArrayBuffer>]), "批注.pdf");
    expect((await owner.fetch("/homework/8101", { method: "POST", body })).status).toBe(303);
    const page = await owner.get("/homework/8101");
    const attachment = byTestId(page.html, "homework-attachment")!;
    const id = attr(
      elements(attachment, "input").find((i) => attr(i, "name") === "id"),
      "value",
    )!;
    expect(id).toMatch(/^\d+$/);

    const csrf = await other.csrf("/homework/8101");
    await portal.clearCalls();
    const refused = await other.fetch("/homework/8101", { method: "POST", body: new URLSearchParams({ csrf, intent: "delete-attachment", id }) });
    expect(refused.status).toBe(404);
    expect(text(byTestId(await refused.text(), "attachment-not-deleted") ?? "")).toBe(NOT_OWNED);
    expect(await portal.calls("/homework/delreslist")).toHaveLength(0);
    expect(text(byTestId((await owner.get("/homework/8101")).html, "homework-attachment") ?? "")).toContain("批注.pdf");
  });

  it("another student's cart row: 404 'not in your cart' (JSON and no-JS); the owner's row stays", async () => {
    const owner = await signedIn("13700002900");
    const other = await signedIn("13700002901");
    const ownerCsrf = await owner.csrf("/shoppingcart");
    expect((await owner.post("/shoppingcart", { csrf: ownerCsrf, intent: "add", commodityId: "5002", commodityType: "1" })).status).toBe(303);
    const cart = await owner.get("/shoppingcart");
    const id = /name="cartId"[^>]*value="(\d+)"/.exec(cart.html)![1]!;

    const csrf = await other.csrf("/shoppingcart");
    await portal.clearCalls();
    const js = await other.post("/shoppingcart", { csrf, removeId: id, _js: "1" });
    expect(js.status).toBe(404);
    const noJs = await other.post("/shoppingcart", { csrf, removeId: id });
    expect(noJs.headers.get("Location")).toBe("/shoppingcart?notice=notInCart");
    expect(text(byTestId((await other.get("/shoppingcart?notice=notInCart")).html, "cart-notice") ?? "")).toBe("购物车中没有该商品，未删除任何内容");
    expect(await portal.calls("/definePayOrderCart/delete")).toHaveLength(0);
    expect((await owner.get("/shoppingcart")).html).toContain(`value="${id}"`);
  });
});
