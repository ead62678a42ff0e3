import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, elements, hrefOf, startTestPortal, text, type Client, type TestPortal } from "../portal";

/**
 * Issue 17, the rest of resources, homework and certificates (decision 037; spec 001 §7 "Resources",
 * "Homework", "Certificates"). Own seed users 3600-3619 (sandbox/src/storage/resources.ts, mobile 1370000 + id).
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(async () => {
  await portal.reset();
  expect((await fetch(`${portal.sandbox.url}/__sandbox/files/seed`, { method: "POST" })).ok).toBe(true); // the files users
});

async function signedIn(mobile: string): Promise<Client> {
  const browser = portal.client();
  await browser.signIn(portal, mobile);
  return browser;
}

const inputs = (html: string) => elements(html, "input");
const named = (html: string, name: string) => inputs(html).find((i) => attr(i, "name") === name);

describe("certificates: unlock fields, update student, create (spec 001 §7)", () => {
  it("a not-obtained certificate whose conditions are met links to its creation; the fields are required", async () => {
    const browser = await signedIn("13700003606");
    const list = await browser.get("/certificate/list?status=0");
    expect(list.status).toBe(200);
    expect(hrefOf(list.html, "领取证书")).toBe("/certificate/create/9103");
    const page = await browser.get("/certificate/create/9103");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(text(byTestId(page.html, "certificate-name") ?? "")).toBe("Recruitment Practice - Learning Certificate");
    expect(named(page.html, "df_cert_real_name")).toMatch(/\srequired/);
    expect(attr(named(page.html, "df_cert_id_number"), "maxlength")).toBe("18");
    expect((await portal.calls("/v1/certificate/get/unlock/field")).at(-1)?.query.id).toBe("9103");
  });

  it("an obtained, unknown or malformed certificate is a 404", async () => {
    const browser = await signedIn("13700003606");
    for (const path of ["/certificate/create/9101", "/certificate/create/1", "/certificate/create/abc"]) {
      expect((await browser.get(path)).status, path).toBe(404);
    }
  });

  it("empty fields: the kit's message, nothing sent; a wrong ID number: the upstream's message; then created", async () => {
    const browser = await signedIn("13700003607");
    const csrf = await browser.csrf("/certificate/create/9103");
    const empty = await browser.post("/certificate/create/9103", { csrf, df_cert_real_name: "", df_cert_id_number: "" });
    expect(empty.status).toBe(400);
    expect(await portal.calls("/v1/certificate/update/student")).toHaveLength(0);

    const wrong = await browser.post("/certificate/create/9103", { csrf, df_cert_real_name: "魏同学", df_cert_id_number: "12345" });
    expect(wrong.status).toBe(400);
    expect(text(byTestId(await wrong.text(), "certificate-error") ?? "")).toBe("请输入正确的身份证号");
    expect(await portal.calls("/v1/certificate/create/certificate")).toHaveLength(0);

    const done = await browser.post("/certificate/create/9103", { csrf, df_cert_real_name: "魏同学", df_cert_id_number: "11010519491231002X" });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/certificate/list?status=1&created=9103");
    const list = await browser.get("/certificate/list?status=1&created=9103");
    expect(text(byTestId(list.html, "certificate-created") ?? "")).toBe("证书已生成：Recruitment Practice - Learning Certificate");
    expect(list.html).toContain("已获得 (3)");
    expect(list.html).toContain("未获得 (0)");
    expect(hrefOf(list.html, /查看证书 PDF/)).toBeTruthy();
    const update = (await portal.calls("/v1/certificate/update/student")).at(-1);
    expect(update?.method).toBe("POST");
    // created once: the form is gone (404), the certificate's PDF carries the details
    expect((await browser.get("/certificate/create/9103")).status).toBe(404);
    const pdf = await browser.fetch("/certificate/pdf/9103?kind=learn");
    expect(pdf.status).toBe(302);
    const file = await fetch(pdf.headers.get("Location")!);
    expect(await file.text()).toContain("ID number ****002X");
  });

  it("the PDF (issue 21 item 5, decision 043): the owner gets a fresh signed link that opens; the bare address, another student and a visitor get no file", async () => {
    const owner = await signedIn("13700003606");
    const csrf = await owner.csrf("/certificate/create/9103");
    expect((await owner.post("/certificate/create/9103", { csrf, df_cert_real_name: "金同学", df_cert_id_number: "11010519491231002X" })).status).toBe(303);
    const answer = await owner.fetch("/certificate/pdf/9103?kind=learn");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const link = new URL(answer.headers.get("Location")!);
    expect(link.pathname).toBe("/storage/cert/3606/9103.pdf");
    expect(link.searchParams.get("Expires")).toMatch(/^\d+$/);
    expect(link.searchParams.get("Signature")).toMatch(/^[\w-]{43}$/);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(await file.text()).toContain("ID number ****002X");
    // the guessable address every student learnt from the redirect: no file without the signature
    expect((await fetch(`${link.origin}${link.pathname}`)).status).toBe(403);
    // the signature opens that one file only: not the same certificate of another student
    expect((await fetch(`${link.origin}/storage/cert/3607/9103.pdf${link.search}`)).status).toBe(403);
    // another student asking the portal for it: the upstream hands out no link (not theirs), a 404
    const other = await signedIn("13700003607");
    expect((await other.fetch("/certificate/pdf/9103?kind=learn")).status).toBe(404);
    // a visitor is asked to sign in
    const visitor = await portal.client().fetch("/certificate/pdf/9101?kind=train");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location") ?? "").toMatch(/login/i);
  });
});

describe("resources: detail, batch delete of videos, the VIP flag (spec 001 §7)", () => {
  it("the list links each row to its detail; the detail shows the facts, the video and its links", async () => {
    const browser = await signedIn("13700003601");
    const list = await browser.get("/resource/list");
    expect(list.status).toBe(200);
    const href = hrefOf(list.html, "作业视频-第一次.mp4");
    expect(href).toMatch(/^\/resource\/\d+$/);
    const page = await browser.get(href!);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(text(byTestId(page.html, "resource-facts") ?? "")).toContain("视频");
    expect(attr(elements(page.html, "video")[0], "src")).toMatch(
      /\/storage\/o\/1\/2026-11-01\/coldatatypefile\/seed3601x0abcdef\.mp4\?Expires=\d+&Signature=[\w-]+$/,
    ); // a signed link (decision 043)
    expect(hrefOf(page.html, "下载")).toBe(`/student/download?ids=${href!.split("/").pop()}`);
    const calls = (await portal.calls("/v1/resource/")).map((c) => c.path.replace(/^.*\/v1\/resource\//, ""));
    expect(calls).toEqual(expect.arrayContaining([`detail/${href!.split("/").pop()}`, `view/${href!.split("/").pop()}`]));
  });

  it("another student's, unknown or malformed resource is a 404", async () => {
    const owner = await signedIn("13700003601");
    const href = hrefOf((await owner.get("/resource/list")).html, "课堂讲义.pdf")!;
    const other = await signedIn("13700003602");
    expect((await other.get(href)).status).toBe(404);
    expect((await other.fetch(`/student/download?ids=${href.split("/").pop()}`)).status).toBe(404); // no link to another's file
    expect((await other.get("/resource/99999999")).status).toBe(404);
    expect((await other.get("/resource/x1")).status).toBe(404);
  });

  it("the ticked videos are deleted with one batchDelVideo call; the pdf stays; none ticked says so", async () => {
    const browser = await signedIn("13700003602");
    const list = await browser.get("/resource/list");
    const checks = elements(list.html, "input").filter((i) => attr(i, "data-testid") === "video-check");
    expect(checks).toHaveLength(2); // the two videos, not the pdf
    expect(checks.every((c) => attr(c, "form") === "video-batch")).toBe(true);
    const csrf = await browser.csrf("/resource/list");
    const none = await browser.post("/resource/list", { csrf, intent: "delete-videos" });
    expect(none.status).toBe(400);
    expect(text(byTestId(await none.text(), "videos-error") ?? "")).toBe("请选择要删除的视频");
    const body = new URLSearchParams({ csrf, intent: "delete-videos" });
    for (const c of checks) body.append("ids", attr(c, "value")!);
    const done = await browser.fetch("/resource/list", { method: "POST", body });
    expect(done.status).toBe(200);
    expect(text(byTestId(await done.text(), "videos-deleted") ?? "")).toBe("已删除 2 个视频");
    const calls = await portal.calls("/v1/resource/batchDelVideo");
    expect(calls).toHaveLength(1);
    const after = await browser.get("/resource/list");
    expect(elements(after.html, "tr").filter((r) => attr(r, "data-testid") === "resource-row")).toHaveLength(1);
    expect(after.html).toContain("课堂讲义.pdf");
    expect(byTestId(after.html, "video-batch")).toBeUndefined();
  });

  it("getVipFlag 1 and not a member: the membership notice instead of the upload form", async () => {
    const vip = await browser("13700003603");
    expect(text(byTestId(vip.html, "resource-vip") ?? "")).toBe("资源共享仅对会员开放。 开通会员");
    expect(hrefOf(vip.html, "开通会员")).toBe("/personal/accountcenter/account/member");
    expect(byTestId(vip.html, "upload-form")).toBeUndefined();
    const open = await browser("13700003601");
    expect(byTestId(open.html, "upload-form")).toBeDefined();
    expect(byTestId(open.html, "resource-vip")).toBeUndefined();
    async function browser(mobile: string) {
      return (await signedIn(mobile)).get("/resource/list");
    }
  });
});

/** A multipart post as a browser form sends it (csrf first, then the text parts, then the file). */
function multipart(fields: Record<string, string>, file?: { field: string; name: string; bytes: Uint8Array }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append(file.field, new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  return body;
}
const mp4 = (size: number) => {
  const b = new Uint8Array(size);
  b.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]); // ....ftypisom
  for (let i = 12; i < size; i++) b[i] = (i * 7) % 251;
  return b;
};

describe("homework: leave notices, finish, preview, paper, video (spec 001 §7)", () => {
  it("the list shows the notices of homework left and not handed in; saving lands on the finish page", async () => {
    const browser = await signedIn("13700003605");
    const list = await browser.get("/homework/list");
    expect(list.status).toBe(200);
    const notices = elements(list.html, "li").filter((li) => attr(li, "data-testid") === "homework-notice");
    expect(notices.map((n) => text(n).split(" ")[0])).toEqual(["人员甄选方法对比", "会计要素练习", "资产章节测验（试卷）"]); // not the closed one
    expect(text(byTestId(list.html, "homework-counts") ?? "")).toBe("已提交 0 份，未提交 4 份");
    expect((await portal.calls("/v1/homework/findHomeworkLeaveNotifyByUserId")).length).toBe(1);

    const csrf = await browser.csrf("/homework/8101");
    const saved = await browser.fetch("/homework/8101", { method: "POST", body: multipart({ csrf, content: "结构化面试更标准化。" }) });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/homework/finish/8101");
    const finish = await browser.get("/homework/finish/8101");
    expect(finish.status).toBe(200);
    expect(text(byTestId(finish.html, "homework-finish") ?? "")).toMatch(/附件 0 视频 0$/);
    expect(text(byTestId(finish.html, "homework-next") ?? "")).toBe("下一份作业：会计要素练习");
    expect((await portal.calls("/v1/homework/gotoFinishHomeworkPage/8101")).length).toBe(1);
    const after = await browser.get("/homework/list");
    expect(elements(after.html, "li").filter((li) => attr(li, "data-testid") === "homework-notice")).toHaveLength(2);

    const preview = await browser.get("/homework/preview/8101");
    expect(preview.status).toBe(200);
    expect(text(byTestId(preview.html, "preview-submission") ?? "")).toContain("结构化面试更标准化。");
    expect((await portal.calls("/v1/homework/preview")).at(-1)?.method).toBe("POST");
    // not handed in: the finish page sends back to the homework; the preview says so
    expect((await browser.get("/homework/finish/8201")).url).toBe("/homework/8201");
    expect(text(byTestId((await browser.get("/homework/preview/8201")).html, "preview-empty") ?? "")).toBe("尚未提交");
    expect((await browser.get("/homework/preview/1")).status).toBe(404);
  });

  it("malformed homework addresses are 404s; signed out, the pages ask for a login", async () => {
    const browser = await signedIn("13700003605");
    for (const path of ["/homework/finish/abc", "/homework/preview/x", "/homework/paper/1e3"]) expect((await browser.get(path)).status, path).toBe(404);
    const csrf = await browser.csrf("/homework/8101");
    expect((await browser.fetch("/homework/video/abc", { method: "POST", body: multipart({ csrf }) })).status).toBe(400);
    const visitor = portal.client();
    for (const path of ["/homework/finish/8101", "/homework/preview/8101", "/certificate/create/9103", "/resource/1"]) {
      const answer = await visitor.fetch(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("Location") ?? "", path).toMatch(/login|upgrade/i);
    }
  });

  it("a homework attachment over 5 MB re-renders the page with the message and the text kept; exactly 5 MB is taken", async () => {
    const browser = await signedIn("13700003608");
    const csrf = await browser.csrf("/homework/8201");
    const pdf = (size: number) => {
      const b = new Uint8Array(size).fill(7);
      b.set(Array.from("%PDF-1.7\n", (c) => c.charCodeAt(0)));
      return b;
    };
    const big = await browser.fetch("/homework/8201", {
      method: "POST",
      body: multipart({ csrf, content: "六大会计要素。" }, { field: "file", name: "big.pdf", bytes: pdf(6 * 1024 * 1024) }),
    });
    expect(big.status).toBe(400);
    const html = await big.text();
    expect(text(byTestId(html, "homework-error") ?? "")).toBe("上传文件过大，请控制在5M以内");
    expect(html).toContain("六大会计要素。");
    const exact = await browser.fetch("/homework/8201", {
      method: "POST",
      body: multipart({ csrf, content: "六大会计要素。" }, { field: "file", name: "exact.pdf", bytes: pdf(5 * 1024 * 1024) }),
    });
    expect(exact.status).toBe(303);
    expect(text(byTestId((await browser.get("/homework/8201")).html, "homework-attachment") ?? "")).toContain("exact.pdf");
  });

  it("a paper homework goes to the question bank's doing page, the same record every time", async () => {
    const browser = await signedIn("13700003605");
    const page = await browser.get("/homework/8202");
    expect(hrefOf(page.html, "开始答题")).toBe("/homework/paper/8202");
    expect(byTestId(page.html, "homework-form")).toBeUndefined();
    const first = await browser.fetch("/homework/paper/8202");
    expect(first.status).toBe(302);
    const to = first.headers.get("Location") ?? "";
    expect(to).toMatch(/^\/lib\/subject\/doing\/\d+$/);
    const again = await browser.fetch("/homework/paper/8202");
    expect(again.headers.get("Location")).toBe(to);
    const doing = await browser.get(to);
    expect(doing.status).toBe(200);
    expect(doing.html).toContain("章节综合练习卷");
    // handing the paper in on the doing page hands the homework in (counted, and its finish page opens)
    const value = (name: string) => attr(named(doing.html, name), "value") ?? "";
    const handIn = await browser.post(to, {
      csrf: await browser.csrf(to),
      intent: "submit",
      confirm: "1",
      questionId: value("questionId"),
      index: value("index"),
      kind: value("kind"),
    });
    expect(handIn.status).toBe(302);
    expect(text(byTestId((await browser.get("/homework/list")).html, "homework-counts") ?? "")).toBe("已提交 1 份，未提交 3 份");
    expect((await browser.get("/homework/finish/8202")).status).toBe(200);
    // a homework that is not a paper: back to it
    expect((await browser.fetch("/homework/paper/8101")).headers.get("Location")).toBe("/homework/8101");
  });

  it("a video without JS: the storage check, the store, homeworkUpload; listed with the homework and as a resource", async () => {
    const browser = await signedIn("13700003604");
    const csrf = await browser.csrf("/homework/8201");
    const fake = await browser.fetch("/homework/8201?video", {
      method: "POST",
      body: multipart({ csrf }, { field: "video", name: "clip.mp4", bytes: new Uint8Array(4096).fill(0x4d) }),
    });
    expect(fake.status).toBe(400);
    expect(text(byTestId(await fake.text(), "video-error") ?? "")).toBe("文件内容与其格式不符");
    const avi = await browser.fetch("/homework/8201?video", {
      method: "POST",
      body: multipart({ csrf }, { field: "video", name: "clip.avi", bytes: mp4(4096) }),
    });
    expect(text(byTestId(await avi.text(), "video-error") ?? "")).toBe("视频只能上传 mp4、mov、m4v 格式");
    const big = await browser.fetch("/homework/8201?video", {
      method: "POST",
      body: multipart({ csrf }, { field: "video", name: "big.mp4", bytes: mp4(6 * 1024 * 1024) }),
    });
    expect(text(byTestId(await big.text(), "video-error") ?? "")).toBe("未开启 JavaScript 时视频不能超过 5M，请开启 JavaScript 后分片上传");
    expect(await portal.calls("/v1/homework/homeworkUpload")).toHaveLength(0);

    const ok = await browser.fetch("/homework/8201?video", {
      method: "POST",
      body: multipart({ csrf }, { field: "video", name: "讲解.mp4", bytes: mp4(300 * 1024) }),
    });
    expect(ok.status).toBe(200);
    expect(text(byTestId(await ok.text(), "video-saved") ?? "")).toBe("已上传：讲解.mp4");
    expect(await portal.calls("/v1/homework/uploadVideo/judgeVideoStorage")).toHaveLength(1);
    expect(text(byTestId((await browser.get("/homework/8201")).html, "homework-video") ?? "")).toBe("讲解.mp4");
    const resources = await browser.get("/resource/list");
    expect(elements(resources.html, "input").filter((i) => attr(i, "data-testid") === "video-check")).toHaveLength(1);
  });

  it("a video with JS: start, chunk and complete through /homework/video/<id> (JSON answers)", async () => {
    const browser = await signedIn("13700003604");
    const csrf = await browser.csrf("/homework/8101");
    const bytes = mp4(64 * 1024);
    const post = async (fields: Record<string, string>, chunk?: Uint8Array) => {
      const response = await browser.fetch("/homework/video/8101", {
        method: "POST",
        body: multipart({ csrf, name: "v.mp4", size: String(bytes.length), ...fields }, chunk ? { field: "chunk", name: "v.mp4", bytes: chunk } : undefined),
        headers: { Accept: "application/json" },
      });
      return { status: response.status, json: (await response.json()) as { key?: string; offset?: number; saved?: string; error?: string } };
    };
    const refused = await browser.fetch("/homework/video/8101", { method: "POST", body: multipart({ csrf, intent: "start", name: "v.avi", size: "10" }) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("videoType");
    const resourceRefused = await browser.fetch("/resource/upload", { method: "POST", body: multipart({ csrf, intent: "start", name: "v.exe", size: "10" }) });
    expect(resourceRefused.status).toBe(400); // the resource relay too (it answered 200 with the error before)
    const start = await post({ intent: "start" });
    expect(start.json.key).toMatch(/^1\/\d{4}-\d{2}-\d{2}\/coldatatypefile\/[A-Za-z0-9_-]+\.mp4$/);
    const key = start.json.key!;
    expect((await post({ intent: "chunk", key, offset: "0" }, bytes)).json.offset).toBe(bytes.length);
    const done = await post({ intent: "complete", key });
    expect(done.json.saved).toBe("v.mp4");
    expect(text(byTestId((await browser.get("/homework/8101")).html, "homework-video") ?? "")).toBe("v.mp4");
  });
});

// ---- without JavaScript: the `no-js` runs of tests/e2e/certificates.test.ts, moved here (issue 22) ----

/** The `<a>` whose text (or aria-label) is `name`, as `getByRole("link", { name })` finds it. */
const linkNamed = (html: string, name: string) => elements(html, "a").find((a) => (attr(a, "aria-label") ?? text(a)) === name);
const rowsOf = (html: string) => elements(html, '[data-testid="certificate-row"]');

/** A certificate's PDF as the browser opens its link: the portal's 302 to the store's signed address, then the file. */
async function openPdf(browser: Client, href: string) {
  const answer = await browser.fetch(href);
  expect(answer.status).toBe(302);
  const file = await fetch(answer.headers.get("Location")!);
  return { status: file.status, type: file.headers.get("content-type"), body: Buffer.from(await file.arrayBuffer()) };
}

describe("certificates without JavaScript (tests/e2e/certificates.test.ts's no-js runs)", () => {
  it("certificates by status with counts and unread; the train PDF opens", async () => {
    const browser = portal.client();
    const settings = await browser.signIn(portal, "13700002906", "/personal/setting/data");
    const menuLink = hrefOf(byTestId(settings.html, "personal-menu"), /我的证书/);
    expect(menuLink).toBe("/certificate/list");
    let list = await browser.get(menuLink!);
    expect(list.url).toBe("/certificate/list");
    expect(text(byTestId(list.html, "certificate-unread") ?? "")).toBe("有 2 张新证书");
    expect(attr(linkNamed(list.html, "已获得 (2)"), "aria-current")).toBe("page");
    expect(rowsOf(list.html)).toHaveLength(2);

    list = await browser.get(attr(linkNamed(list.html, "未获得 (1)"), "href")!);
    expect(rowsOf(list.html)).toHaveLength(1);
    expect(linkNamed(rowsOf(list.html)[0]!, "查看证书 PDF")).toBeUndefined();
    expect(linkNamed(rowsOf(list.html)[0]!, "领取证书")).toBeDefined(); // conditions met
    list = await browser.get(attr(linkNamed(list.html, "已获得 (2)"), "href")!);
    expect(byTestId(list.html, "certificate-unread")).toBeUndefined(); // read once listed

    const train = rowsOf(list.html).find((r) => text(r).includes("Training Certificate"));
    const pdf = await openPdf(browser, attr(linkNamed(train!, "查看证书 PDF"), "href")!);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.body.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    const body = pdf.body.toString("latin1");
    expect(body).toContain("HR Manager Level 3 - Training Certificate");
    expect(body.trimEnd().endsWith("%%EOF")).toBe(true);
    // the xref offset points at the xref table
    const start = Number(/startxref\n(\d+)/.exec(body)![1]);
    expect(body.slice(start, start + 4)).toBe("xref");
  });

  it("a claimable certificate: its unlock fields filled, then created, and its PDF opens", async () => {
    const browser = portal.client();
    const list = await browser.signIn(portal, "13700003607", "/certificate/list?status=0");
    expect(list.url).toBe("/certificate/list?status=0");
    const create = await browser.get(attr(linkNamed(list.html, "领取证书"), "href")!);
    expect(create.url).toBe("/certificate/create/9103");
    expect(text(byTestId(create.html, "certificate-name") ?? "")).toBe("Recruitment Practice - Learning Certificate");
    const wrong = await create.form({ button: "生成证书" }).fill({ 证书姓名: "金同学", 身份证号: "123" }).submit({ button: "生成证书" });
    expect(text(byTestId(wrong.html, "certificate-error") ?? "")).toBe("请输入正确的身份证号");
    expect(wrong.form({ button: "生成证书" }).value("证书姓名")).toBe("金同学"); // what was typed survives
    const done = await wrong.form({ button: "生成证书" }).fill({ 身份证号: "110105194912310021" }).submit({ button: "生成证书" });
    expect(done.url).toBe("/certificate/list?status=1&created=9103");
    expect(text(byTestId(done.html, "certificate-created") ?? "")).toBe("证书已生成：Recruitment Practice - Learning Certificate");
    expect(linkNamed(done.html, "已获得 (3)")).toBeDefined();
    const row = rowsOf(done.html).find((r) => text(r).includes("Recruitment Practice"));
    const pdf = await openPdf(browser, attr(linkNamed(row!, "查看证书 PDF"), "href")!);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.body.toString("latin1")).toContain("ID number ****0021");
  });
});

// ---- without JavaScript: the `no-js` runs of tests/e2e/resources.test.ts that need no real browser, moved here (issue 22) ----
describe("resources without JavaScript (tests/e2e/resources.test.ts's no-js runs)", () => {
  const count = (html: string, id: string) => elements(html, `[data-testid="${id}"]`).length;
  const testText = (html: string, id: string) => text(byTestId(html, id) ?? "");
  const pdfBytes = (bytes: number) => {
    const b = Buffer.alloc(bytes);
    for (let i = 0; i < bytes; i++) b[i] = (i * 31 + 1) % 251;
    Buffer.from("%PDF-1.7\n").copy(b);
    return b;
  };

  it("used-up space blocks the upload; a refused download shows the server's message", async () => {
    const browser = portal.client();
    const list = await browser.signIn(portal, "13700002902", "/resource/list");
    expect(list.url).toBe("/resource/list");
    const refused = await list
      .form({ button: "上传" })
      .fill({ 上传文件: { name: "a.pdf", mimeType: "application/pdf", buffer: pdfBytes(20_000) } })
      .submit({ button: "上传" });
    expect(testText(refused.html, "upload-error")).toBe("存储空间不足，无法上传，请联系管理员");
    const download = await browser.get("/student/download?ids=1");
    expect(testText(download.html, "download-message")).toBe("您没有下载权限，请联系管理员");
  });

  it("a row opens its detail; ticked videos are deleted together, the pdf stays", async () => {
    const browser = portal.client();
    const list = await browser.signIn(portal, "13700003602", "/resource/list");
    expect(list.url).toBe("/resource/list");
    expect(count(list.html, "resource-row")).toBe(3);
    const detail = await browser.get(hrefOf(list.html, "课堂讲义.pdf")!);
    expect(detail.url).toMatch(/\/resource\/\d+$/);
    expect(
      elements(detail.html, "h1")
        .concat(elements(detail.html, "h2"))
        .map((h) => text(h)),
    ).toContain("课堂讲义.pdf");
    expect(testText(detail.html, "resource-facts")).toContain("PDF");
    expect(hrefOf(detail.html, "下载")).toMatch(/^\/student\/download\?ids=\d+$/);
    const back = await browser.get(hrefOf(detail.html, "返回我的资源")!);
    expect(back.url).toBe("/resource/list");

    expect(count(back.html, "video-check")).toBe(2);
    const none = await back.form({ button: "删除选中的视频" }).submit({ button: "删除选中的视频" });
    expect(testText(none.html, "videos-error")).toBe("请选择要删除的视频");
    const deleted = await none
      .form({ button: "删除选中的视频" })
      .fill({ "选择视频 作业视频-第一次.mp4": true, "选择视频 作业视频-第二次.mp4": true })
      .submit({ button: "删除选中的视频" });
    expect(testText(deleted.html, "videos-deleted")).toBe("已删除 2 个视频");
    expect(count(deleted.html, "resource-row")).toBe(1);
    expect(testText(deleted.html, "resource-row")).toContain("课堂讲义.pdf");
    expect(count(deleted.html, "video-check")).toBe(0);
  });
});
