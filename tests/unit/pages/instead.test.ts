import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, h1, startTestPortal, text, type Client, type TestPortal } from "../portal";

// Instead sign-up (spec 001 §2 `/personal/course/apply`, §7 'Instead sign-up' and `v2/check/instead/sign/status`,
// §5 dynamic fields and uploads; decision 036): loaders and actions through the built portal against the sandbox.
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 180_000);
afterAll(() => portal?.close());
beforeEach(() => portal.reset());

const A = "/personal/course/apply";
const signedIn = async (account: string) => {
  const browser = portal.client();
  await browser.signIn(portal, account);
  return browser;
};
const testIds = (html: string, id: string) => elements(html, `[data-testid="${id}"]`);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** A new sign-up of `browser` for session `itemTimeId`: its id. */
async function newSignUp(browser: Client, itemTimeId: number): Promise<number> {
  const res = await browser.post(`${A}/new`, { csrf: await browser.csrf(`${A}/new`), itemTimeId: String(itemTimeId) });
  expect(res.status).toBe(303);
  const m = /\/fill\/(\d+)$/.exec(res.headers.get("Location") ?? "");
  expect(m).not.toBeNull();
  return Number(m![1]);
}

/** Every field of item 7101 filled in (the kit's names `df_<code>`), files attached. */
async function fullForm(browser: Client, itemUserId: number, change: (form: FormData) => void = () => undefined): Promise<FormData> {
  const form = new FormData();
  form.set("csrf", await browser.csrf(`${A}/fill/${itemUserId}`));
  form.set("intent", "save");
  form.set("df_realName", "王小明");
  form.set("df_workYears", "5");
  form.set("df_graduateDate", "2019-06-30");
  form.set("df_hasCert", "是");
  form.set("df_certNo", "NCRE-2024-001");
  form.set("df_education_code", "BECHELOR");
  form.append("df_subjects", "Python 语言程序设计");
  form.append("df_subjects", "MS Office 高级应用");
  form.append("df_workRegion", "11");
  form.append("df_workRegion", "1101");
  form.set("df_idPhoto", new File([PNG], "photo.png", { type: "image/png" }));
  form.set("df_workProof", new File([new TextEncoder().encode("%PDF-1.4 proof")], "proof.pdf", { type: "application/pdf" }));
  change(form);
  return form;
}
const postForm = (browser: Client, path: string, form: FormData) => browser.fetch(path, { method: "POST", body: form });

describe("guard and addresses", () => {
  it("sends a visitor to login from every page before any instead call; 404 for malformed, unknown and others' sign-ups", async () => {
    const visitor = portal.client();
    await portal.clearCalls();
    for (const page of [A, `${A}/new`, `${A}/fill/1`, `${A}/detail/1`]) {
      const res = await visitor.fetch(page);
      expect(res.status, page).toBe(302);
      expect(res.headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent(page)}`);
    }
    expect((await portal.calls("instead")).map((c) => c.path)).toEqual([]);
    const student = await signedIn("instead05");
    const mine = Number(attr(byTestId((await student.get(A)).html, "sign-up"), "data-item-user-id"));
    for (const page of [`${A}/fill/abc`, `${A}/fill/0`, `${A}/detail/99999999`, `${A}/detail/1234567890123`, `${A}/fill/-1`]) {
      expect((await student.get(page)).status, page).toBe(404);
    }
    const other = await signedIn("instead06");
    expect((await other.get(`${A}/detail/${mine}`)).status).toBe(404);
    expect((await other.get(`${A}/fill/${mine}`)).status).toBe(404);
    expect((await student.get(`${A}/detail/${mine}`)).status).toBe(200);
  }, 60_000); // about 20 page loads: 15 s was not enough on a loaded machine (session 8's full run)
});

describe("my list and a new sign-up", () => {
  it("lists my sign-ups with their status; the empty list offers a new one", async () => {
    const student = await signedIn("13800000001");
    const list = await student.get(A);
    expect(list.status).toBe(200);
    expect(h1(list.html)).toBe("代报名");
    const rows = testIds(list.html, "sign-up");
    expect(rows.map((r) => text(element(r, '[data-testid="sign-up-status"]') ?? ""))).toEqual(["审核中", "已通过，待分配考点", "待填写"]);
    expect(byTestId(list.html, "assign-places")).toBeDefined();
    // a submitted sign-up's details: its values as labels (education by itemCode: JUNIOR is 大专)
    const detail = await student.get(`${A}/detail/1`);
    expect(text(byTestId(detail.html, "sign-up-status") ?? "")).toBe("已通过，待分配考点");
    expect(text(byTestId(detail.html, "sign-values") ?? "")).toContain("大专");
    expect(text(byTestId(detail.html, "sign-place") ?? "")).toBe("尚未分配考点");
    const empty = await signedIn("instead06");
    const e = await empty.get(A);
    expect(text(byTestId(e.html, "empty") ?? "")).toContain("暂无代报名记录");
    expect(byTestId(e.html, "assign-places")).toBeUndefined();
  });

  it("chooses a province, then a session: the relation opens the form; closed sessions and a second sign-up for an item are refused", async () => {
    const student = await signedIn("instead06");
    const none = await student.get(`${A}/new?provinceCode=abc`);
    expect(none.status).toBe(200);
    expect(text(none.html)).toContain("请先选择报考省份。");
    const gd = await student.get(`${A}/new?provinceCode=440000`);
    const times = testIds(gd.html, "item-time");
    expect(times.map((x) => attr(x, "data-item-time-id"))).toEqual(["7204", "7205"]);
    expect(text(times[0]!)).toContain("不在报名时间内");
    expect(elements(times[0]!, "form")).toEqual([]);
    expect(elements(times[1]!, "form").length).toBe(1);
    const csrf = await student.csrf(`${A}/new`);
    const closed = await student.post(`${A}/new?provinceCode=440000`, { csrf, itemTimeId: "7204" });
    expect(closed.status).toBe(400);
    expect(text(await closed.text())).toContain("不在报名时间内");
    const itemUserId = await newSignUp(student, 7201);
    const again = await student.post(`${A}/new?provinceCode=310000`, { csrf, itemTimeId: "7202" });
    expect(again.status).toBe(400);
    expect(text(await again.text())).toContain("您已报名该项目，请勿重复报名");
    const bj = await student.get(`${A}/new?provinceCode=110000`);
    expect(text(testIds(bj.html, "item-time").find((x) => attr(x, "data-item-time-id") === "7201")!)).toContain("已报名");
    expect((await student.post(`${A}/new`, { csrf, itemTimeId: "x" })).status).toBe(400);
    const list = await student.get(A);
    expect(testIds(list.html, "sign-up").map((r) => [attr(r, "data-item-user-id"), attr(r, "data-status")])).toEqual([[String(itemUserId), "0"]]);
    // CSRF: a post without the token is refused before anything is created
    expect((await student.post(`${A}/new`, { itemTimeId: "7205" })).status).toBe(403);
  });
});

describe("the field form (dynamic-field kit, uploads, flow space, v2 status check)", () => {
  it("renders every field type of the item; a refresh shows the sub-field and the next cascade level with the values kept", async () => {
    const student = await signedIn("instead06");
    const itemUserId = await newSignUp(student, 7201);
    const page = await student.get(`${A}/fill/${itemUserId}`);
    expect(page.status).toBe(200);
    const types = elements(page.html, "[data-type]").map((f) => attr(f, "data-type"));
    expect(types).toEqual(["text", "number", "date", "radio", "select", "checkbox", "cascade", "image", "annex"]);
    expect(attr(element(page.html, 'form[id="instead-fill"]'), "enctype")).toBe("multipart/form-data");
    const form = await fullForm(student, itemUserId, (f) => {
      f.set("intent", "refresh");
      f.delete("df_certNo");
      f.delete("df_workRegion");
      f.set("df_workRegion", "31");
    });
    const refreshed = await postForm(student, `${A}/fill/${itemUserId}`, form);
    expect(refreshed.status).toBe(200);
    const html = await refreshed.text();
    expect(element(html, '[data-field="certNo"]')).toBeDefined();
    expect(text(element(html, '[data-field="workRegion"]') ?? "")).toContain("浦东新区");
    expect(attr(element(html, 'input[name="df_realName"]'), "value")).toBe("王小明");
    expect(text(html)).not.toContain("必填");
  });

  it("refuses with the spec's messages, keeps the values; saves every value; then the status check locks the form", async () => {
    const student = await signedIn("instead06");
    const itemUserId = await newSignUp(student, 7201);
    const path = `${A}/fill/${itemUserId}`;
    // a required sub-field left empty, a number with letters, an image that is not one
    const bad = await postForm(
      student,
      path,
      await fullForm(student, itemUserId, (f) => {
        f.delete("df_certNo");
        f.set("df_workYears", "5a");
        f.set("df_idPhoto", new File([new TextEncoder().encode("not an image")], "photo.png", { type: "image/png" }));
      }),
    );
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(text(element(badHtml, '[data-field="certNo"]') ?? "")).toContain("必填，请输入相关信息");
    expect(text(element(badHtml, '[data-field="workYears"]') ?? "")).toContain("只能输入数字");
    expect(attr(element(badHtml, 'input[name="df_realName"]'), "value")).toBe("王小明");
    const wrongImage = await postForm(
      student,
      path,
      await fullForm(student, itemUserId, (f) => f.set("df_idPhoto", new File([new TextEncoder().encode("GIF89a")], "photo.png"))),
    );
    expect(wrongImage.status).toBe(400);
    expect(text(element(await wrongImage.text(), '[data-field="idPhoto"]') ?? "")).toContain("上传图片只能是 JPG/PNG 格式");
    expect(await portal.calls("saveItemFieldFormData")).toEqual([]);

    const saved = await postForm(student, path, await fullForm(student, itemUserId));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${A}/detail/${itemUserId}`);
    const detail = await student.get(`${A}/detail/${itemUserId}`);
    expect(text(byTestId(detail.html, "sign-up-status") ?? "")).toBe("审核中");
    const values = byTestId(detail.html, "sign-values")!;
    for (const shown of [
      "王小明",
      "2019-06-30",
      "NCRE-2024-001",
      "本科",
      "Python 语言程序设计、MS Office 高级应用",
      "北京市 / 海淀区",
      "photo.png",
      "proof.pdf",
    ])
      expect(text(values)).toContain(shown);
    // decision 043: the no-JS upload is linked to its owner through a fresh signed link that opens; bare: 403
    const photoLink = element(element(values, '[data-field="idPhoto"]') ?? "", "a") ?? "";
    expect(text(photoLink)).toBe("photo.png");
    const signed = new URL(attr(photoLink, "href")!);
    expect(signed.pathname).toMatch(/^\/__files\/\d+\/photo\.png$/);
    expect(signed.searchParams.get("Signature")).toBeTruthy();
    expect((await fetch(signed)).status).toBe(200);
    expect((await fetch(`${signed.origin}${signed.pathname}`)).status).toBe(403);

    const locked = await student.get(path);
    expect(byTestId(locked.html, "fill-locked")).toBeDefined();
    expect(text(locked.html)).toContain("报名信息审核中，暂不能修改");
    expect(element(locked.html, 'form[id="instead-fill"]')).toBeUndefined();
    const late = await postForm(student, path, await fullForm(student, itemUserId));
    expect(late.status).toBe(409);
    expect(await portal.calls("sign/source/upload")).toHaveLength(2); // the saved form's two files only
  });

  it("a refused sign-up can be filled in again; the flow space check blocks files the company has no room for", async () => {
    const student = await signedIn("instead06");
    const itemUserId = await newSignUp(student, 7201);
    const path = `${A}/fill/${itemUserId}`;
    await portal.sandbox.control("POST", "/instead/space", { companyId: 1, quotaBytes: 10 });
    const full = await postForm(student, path, await fullForm(student, itemUserId));
    expect(full.status).toBe(400);
    expect(text(byTestId(await full.text(), "fill-error") ?? "")).toBe("报名附件存储空间不足，请联系机构");
    expect(await portal.calls("sign/source/upload")).toEqual([]);
    await portal.sandbox.control("POST", "/instead/space", { companyId: 1, quotaBytes: 10_000_000 });
    expect((await postForm(student, path, await fullForm(student, itemUserId))).status).toBe(303);
    await portal.sandbox.control("POST", "/instead/review", { itemUserId, pass: false, reason: "证件照不清晰" });
    const list = await student.get(A);
    const row = testIds(list.html, "sign-up")[0]!;
    expect(attr(row, "data-status")).toBe("3");
    expect(text(row)).toContain("证件照不清晰");
    expect(byTestId(row, "fill-link")).toBeDefined();
    const again = await student.get(path);
    expect(element(again.html, 'form[id="instead-fill"]')).toBeDefined();
    // the stored files come back as kept values
    expect(elements(again.html, 'input[name="df_idPhoto"]').map((i) => attr(i, "type"))).toEqual(["checkbox", "file"]);
  });
});

describe("batch exam-place assignment (PUT assign/examine/place/batch)", () => {
  it("assigns the chosen places at once; a full place refuses the whole batch; nothing chosen says so", async () => {
    const first = await signedIn("instead05");
    const page = await first.get(A);
    const approved = testIds(page.html, "sign-up").find((r) => attr(r, "data-status") === "2")!;
    const id = attr(approved, "data-item-user-id")!;
    const select = element(page.html, `select[name="place_${id}"]`)!;
    expect(text(select)).toContain("北京市海淀区第一考点（剩余 18 个名额）");
    expect(text(select)).toContain("北京市朝阳区考点（剩余 1 个名额）");
    const csrf = await first.csrf(A);
    const none = await first.post(A, { csrf, intent: "assign", [`place_${id}`]: "" });
    expect(none.status).toBe(400);
    expect(text(await none.text())).toContain("请选择考点");
    expect((await first.post(A, { csrf, intent: "assign", [`place_${id}`]: "abc" })).status).toBe(400);
    const done = await first.post(A, { csrf, intent: "assign", [`place_${id}`]: "7302" });
    expect(done.status).toBe(200);
    const after = await done.text();
    expect(text(byTestId(after, "assign-done") ?? "")).toContain("已分配 1 个考点");
    const row = testIds(after, "sign-up").find((r) => attr(r, "data-item-user-id") === id)!;
    expect(attr(row, "data-status")).toBe("4");
    expect(text(row)).toContain("北京市朝阳区考点");

    // the second student: two approved sign-ups; the batch with the now full place assigns neither
    const second = await signedIn("instead04");
    const theirs = await second.get(A);
    const rows = testIds(theirs.html, "sign-up").filter((r) => attr(r, "data-status") === "2");
    expect(rows.length).toBe(2);
    const [acc, ncre] = rows.map((r) => attr(r, "data-item-user-id")!);
    expect(text(element(theirs.html, `select[name="place_${ncre}"]`)!)).toContain("北京市朝阳区考点（名额已满）");
    const refused = await second.post(A, { csrf: await second.csrf(A), intent: "assign", [`place_${acc}`]: "7304", [`place_${ncre}`]: "7302" });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(text(byTestId(refusedHtml, "assign-error") ?? "")).toBe("考点「北京市朝阳区考点」名额已满");
    expect(testIds(refusedHtml, "sign-up").map((r) => attr(r, "data-status"))).toEqual(["2", "2"]);
    const both = await second.post(A, { csrf: await second.csrf(A), intent: "assign", [`place_${acc}`]: "7304", [`place_${ncre}`]: "7301" });
    expect(both.status).toBe(200);
    expect(text(byTestId(await both.text(), "assign-done") ?? "")).toContain("已分配 2 个考点");
    const detail = await second.get(`${A}/detail/${ncre}`);
    expect(text(byTestId(detail.html, "sign-place") ?? "")).toContain("北京市海淀区第一考点");
  });
  it("both approved sign-ups get their places in one submission (one PUT); the list shows each place (moved from the browser, issue 22)", async () => {
    const student = await signedIn("13700003502");
    const page = await student.get(A);
    const rows = testIds(page.html, "sign-up");
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => text(byTestId(r, "sign-up-status") ?? ""))).toEqual(["已通过，待分配考点", "已通过，待分配考点"]);
    await portal.clearCalls();
    const done = await page
      .form({ button: "分配考点" })
      .fill({
        "2026 年上半年全国计算机等级考试代报名 的考点": "北京市朝阳区考点（剩余 1 个名额）",
        "2026 年度初级会计专业技术资格考试代报名 的考点": "北京财经学校考点（剩余 50 个名额）",
      })
      .submit({ button: "分配考点" });
    expect(done.status).toBe(200);
    expect(text(byTestId(done.html, "assign-done") ?? "")).toBe("已分配 2 个考点。");
    const after = testIds(done.html, "sign-up");
    expect(after.map((r) => text(byTestId(r, "sign-up-status") ?? ""))).toEqual(["已分配考点", "已分配考点"]);
    expect(text(after[0]!)).toContain("考点：北京财经学校考点");
    expect(text(after[1]!)).toContain("考点：北京市朝阳区考点");
    expect((await portal.calls("assign/examine/place/batch")).map((c) => c.method)).toEqual(["PUT"]);
  });
});

describe("the sign-up relay of chunked annex uploads (spec 001 §4 Upload, §9; decision 036)", () => {
  const R = `${A}/upload`;
  const relay = async (browser: Client, csrf: string, fields: Record<string, string>, chunk?: Uint8Array) => {
    const body = new FormData();
    body.set("csrf", csrf);
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    if (chunk) body.set("chunk", new File([chunk as Uint8Array<ArrayBuffer>], fields.name ?? "x"));
    const res = await browser.fetch(R, { method: "POST", body, headers: { Accept: "application/json" } });
    const body2 = await res.text();
    return {
      status: res.status,
      json: (body2 ? JSON.parse(body2) : {}) as { error?: string; message?: string; key?: string; offset?: number; saved?: string },
    };
  };

  it("starts (flow space checked), takes chunks at the store's offset, completes with the file's address; refuses other types and sizes", async () => {
    const student = await signedIn("instead06");
    const csrf = await student.csrf(A);
    const bytes = new TextEncoder().encode("%PDF-1.4 a small proof");
    const base = { name: "proof.pdf", size: String(bytes.length) };
    expect((await relay(student, csrf, { ...base, name: "proof.exe", intent: "start" })).json.error).toBe("annexType");
    // the sign-up uploader's limit (spec 001 §9: 1024 MB), by the declared size
    expect((await relay(student, csrf, { ...base, size: String(1024 * 1024 * 1024 + 1), intent: "start" })).json.error).toBe("annexSize");
    const start = await relay(student, csrf, { ...base, intent: "start" });
    expect(start.status).toBe(200);
    expect(start.json.key).toMatch(/^1\/\d{4}-\d{2}-\d{2}\/coldatatypefile\/[A-Za-z0-9_-]+\.pdf$/);
    const fields = { ...base, key: start.json.key! };
    expect((await relay(student, csrf, { ...fields, intent: "chunk", offset: "0" }, bytes)).json.offset).toBe(bytes.length);
    expect((await relay(student, csrf, { ...fields, intent: "status" })).json.offset).toBe(bytes.length);
    const done = await relay(student, csrf, { ...fields, intent: "complete" });
    expect(done.json.saved).toMatch(/\/storage\/o\/1\/.+\.pdf\?attname=proof\.pdf$/);
    const object = await portal.sandbox.control<{ size: number }>("GET", `/storage/object?key=${encodeURIComponent(start.json.key!)}`);
    expect(object.size).toBe(bytes.length);
    // another company's key, or a key of another type, is refused
    expect((await relay(student, csrf, { ...fields, key: start.json.key!.replace(/^1\//, "2/"), intent: "status" })).json.error).toBe("malformed");
    // the stored object becomes the form's value and counts in the company's sign-up space (with the 12-byte photo)
    const itemUserId = await newSignUp(student, 7201);
    const saved = await postForm(student, `${A}/fill/${itemUserId}`, await fullForm(student, itemUserId, (f) => f.set("df_workProof", done.json.saved!)));
    expect(saved.status).toBe(303);
    const detail = await student.get(`${A}/detail/${itemUserId}`);
    expect(text(element(byTestId(detail.html, "sign-values")!, '[data-field="workProof"]') ?? "")).toContain("proof.pdf");
    await portal.sandbox.control("POST", "/instead/space", { companyId: 1, quotaBytes: 12 + bytes.length + 9 });
    expect((await relay(student, csrf, { ...base, size: "10", intent: "start" })).json.error).toBe("space");
    expect((await relay(student, csrf, { ...base, size: "9", intent: "start" })).status).toBe(200);
    // the flow space check says no: nothing starts
    await portal.sandbox.control("POST", "/instead/space", { companyId: 1, quotaBytes: 5 });
    const full = await relay(student, csrf, { ...base, intent: "start" });
    expect(full, JSON.stringify(full)).toEqual({ status: 400, json: { error: "space", message: "报名附件存储空间不足，请联系机构" } });
    // a visitor, a post without the token
    expect((await portal.client().fetch(R, { method: "POST", body: new FormData() })).status).toBe(403);
    const visitor = portal.client();
    const visitorCsrf = await visitor.csrf("/join/login");
    expect((await relay(visitor, visitorCsrf, { ...base, intent: "start" })).status).toBe(302);
  });

  it("takes a 6 MB pdf in 4 MB chunks (the sign-up uploader's rule, not the kit's 5 MB); checks the type by content", async () => {
    const student = await signedIn("instead06");
    const csrf = await student.csrf(A);
    const MB = 1024 * 1024;
    const pdf = new Uint8Array(6 * MB);
    pdf.set(new TextEncoder().encode("%PDF-1.7\n"));
    for (let i = 9; i < pdf.length; i++) pdf[i] = (i * 7) % 251;
    const base = { name: "报名材料.pdf", size: String(pdf.length) };
    const start = await relay(student, csrf, { ...base, intent: "start" });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    const fields = { ...base, key: start.json.key! };
    expect((await relay(student, csrf, { ...fields, intent: "chunk", offset: "0" }, pdf.subarray(0, 4 * MB))).json.offset).toBe(4 * MB);
    const second = await relay(student, csrf, { ...fields, intent: "chunk", offset: String(4 * MB) }, pdf.subarray(4 * MB));
    expect(second.json, JSON.stringify(second.json)).toEqual({ offset: 6 * MB });
    const done = await relay(student, csrf, { ...fields, intent: "complete" });
    expect(done.json.saved).toMatch(/\/storage\/o\/1\/.+\.pdf\?attname=/);
    const object = await portal.sandbox.control<{ size: number; sha256: string }>("GET", `/storage/object?key=${encodeURIComponent(start.json.key!)}`);
    expect(object.size).toBe(6 * MB);
    const { createHash } = await import("node:crypto");
    expect(object.sha256).toBe(createHash("sha256").update(pdf).digest("hex"));
    const itemUserId = await newSignUp(student, 7201);
    const saved = await postForm(student, `${A}/fill/${itemUserId}`, await fullForm(student, itemUserId, (f) => f.set("df_workProof", done.json.saved!)));
    expect(saved.status).toBe(303);

    // by content: a png named .pdf, a txt with a NUL byte are refused at their first chunk; UTF-8 text is taken
    const chunkOf = async (name: string, bytes: Uint8Array) => {
      const s = await relay(student, csrf, { name, size: String(bytes.length), intent: "start" });
      return relay(student, csrf, { name, size: String(bytes.length), key: s.json.key!, intent: "chunk", offset: "0" }, bytes);
    };
    expect((await chunkOf("scan.pdf", PNG)).json.error).toBe("contentMismatch");
    expect((await chunkOf("notes.txt", new Uint8Array([0x61, 0x00, 0x62]))).json.error).toBe("contentMismatch");
    const text = new TextEncoder().encode("报名说明\n");
    expect((await chunkOf("notes.txt", text)).json).toEqual({ offset: text.length });
    expect((await relay(student, csrf, { name: "notes.txt", size: "1", intent: "start" })).status).toBe(200);
    expect((await relay(student, csrf, { name: "movie.mp4", size: "1", intent: "start" })).json.error).toBe("annexType");
  });

  it("reads each step with the upload schema: a malformed step is a clean 400; a txt file is checked on every chunk; nothing is cached", async () => {
    const student = await signedIn("instead06");
    const csrf = await student.csrf(A);
    await portal.clearCalls();
    const malformed: Record<string, string>[] = [
      { name: "a.pdf", size: "x", intent: "start" },
      { size: "3", intent: "start" },
      { name: "a.pdf", size: "3", intent: "resume" },
      { name: "a.pdf", size: "3", intent: "chunk", key: "1/2026-01-01/coldatatypefile/abcdefgh.pdf" },
    ];
    for (const fields of malformed) expect(await relay(student, csrf, fields), JSON.stringify(fields)).toEqual({ status: 400, json: { error: "malformed" } });
    expect(await portal.calls("/resource/getuptoken")).toHaveLength(0);
    // the sign-up rule reads every piece of a txt file: a NUL in its second chunk is refused there
    const base = { name: "notes.txt", size: "6" };
    const start = await relay(student, csrf, { ...base, intent: "start" });
    const fields = { ...base, key: start.json.key! };
    expect((await relay(student, csrf, { ...fields, intent: "chunk", offset: "0" }, new TextEncoder().encode("abc"))).json).toEqual({ offset: 3 });
    expect(await relay(student, csrf, { ...fields, intent: "chunk", offset: "3" }, new Uint8Array([0x64, 0x00, 0x65]))).toEqual({
      status: 400,
      json: { error: "contentMismatch" },
    });
    const body = new FormData();
    for (const [k, v] of Object.entries({ csrf, ...fields, intent: "status" })) body.set(k, v);
    const status = await student.fetch(R, { method: "POST", body, headers: { Accept: "application/json" } });
    expect(await status.json()).toEqual({ offset: 3 });
    expect(status.headers.get("Cache-Control")).toBe("no-store");
  });

  it("without JavaScript a file over the multipart limit is refused with the size message, the values before it kept; content is checked", async () => {
    const student = await signedIn("instead06");
    const itemUserId = await newSignUp(student, 7201);
    const path = `${A}/fill/${itemUserId}`;
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const refused = await postForm(
      student,
      path,
      await fullForm(student, itemUserId, (f) => f.set("df_workProof", new File([big], "proof.pdf", { type: "application/pdf" }))),
    );
    expect(refused.status).toBe(413);
    const html = await refused.text();
    expect(text(element(html, '[data-field="workProof"]') ?? "")).toContain("上传文件过大，请控制在5M以内");
    expect(attr(element(html, 'input[name="df_realName"]'), "value")).toBe("王小明");
    expect(text(html)).not.toContain("必填");
    // a pdf that is not one (by content), then a 5 MB one is stored
    const fake = await postForm(student, path, await fullForm(student, itemUserId, (f) => f.set("df_workProof", new File([PNG], "proof.pdf"))));
    expect(fake.status).toBe(400);
    expect(text(element(await fake.text(), '[data-field="workProof"]') ?? "")).toContain("文件内容与其格式不符");
    expect(await portal.calls("sign/source/upload")).toEqual([]);
    expect(await portal.calls("saveItemFieldFormData")).toEqual([]);
    const five = big.subarray(0, 5 * 1024 * 1024);
    const saved = await postForm(student, path, await fullForm(student, itemUserId, (f) => f.set("df_workProof", new File([five], "proof.pdf"))));
    expect(saved.status).toBe(303);
  });
});
