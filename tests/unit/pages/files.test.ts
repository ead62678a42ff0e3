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
    expect((await file.text())).toContain("ID number ****002X");
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
    expect(attr(elements(page.html, "video")[0], "src")).toMatch(/\/storage\/o\/1\/2026-11-01\/coldatatypefile\/seed3601x0abcdef\.mp4$/);
    expect(hrefOf(page.html, "下载")).toBe(`/student/download?ids=${href!.split("/").pop()}`);
    const calls = (await portal.calls("/v1/resource/")).map((c) => c.path.replace(/^.*\/v1\/resource\//, ""));
    expect(calls).toEqual(expect.arrayContaining([`detail/${href!.split("/").pop()}`, `view/${href!.split("/").pop()}`]));
  });

  it("another student's, unknown or malformed resource is a 404", async () => {
    const owner = await signedIn("13700003601");
    const href = hrefOf((await owner.get("/resource/list")).html, "课堂讲义.pdf")!;
    const other = await signedIn("13700003602");
    expect((await other.get(href)).status).toBe(404);
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
