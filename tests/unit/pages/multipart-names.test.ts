import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { byTestId, startTestPortal, text, type Client, type TestPortal } from "../portal";

/**
 * Issue 21 §7: a multipart file name with quotes (or `;`, `=`) was answered with the cross-site 403. The
 * cause: Remix's multipart parser split the Content-Disposition header at every `;` and `=`, threw, and
 * the reader answered an empty form whose missing CSRF token read as a cross-site post. THE multipart
 * reader (app/services/multipart.server.ts) parses such names; a body that really is broken gets a 400
 * that says nothing was saved. Files users 3600-3619 (sandbox/src/storage/resources.ts).
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 180_000);
afterAll(() => portal?.close());
beforeEach(async () => {
  await portal.reset();
  expect((await fetch(`${portal.sandbox.url}/__sandbox/files/seed`, { method: "POST" })).ok).toBe(true);
}, 60_000);

async function signedIn(mobile: string): Promise<Client> {
  const browser = portal.client();
  await browser.signIn(portal, mobile);
  return browser;
}

const BOUNDARY = "----portalPageBoundary";
/** The homework form's body written by hand, so the file part's Content-Disposition is exactly `disposition`. */
function homeworkBody(csrf: string, disposition: string, end = `--${BOUNDARY}--\r\n`) {
  return [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"\r\n\r\n六大会计要素。\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\nbody\r\n`,
    end,
  ].join("");
}
const post = (browser: Client, body: string) =>
  browser.fetch("/homework/8201", { method: "POST", body, headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` } });

describe("file names with quotes reach the page, not the cross-site refusal (issue 21 §7)", () => {
  it("a name with escaped quotes, `;` and `=` is saved under that name", async () => {
    const browser = await signedIn("13700003608");
    const csrf = await browser.csrf("/homework/8201");
    const saved = await post(browser, homeworkBody(csrf, 'filename="成绩 \\"终稿\\"; v=2.pdf"'));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/homework/finish/8201");
    expect(text(byTestId((await browser.get("/homework/8201")).html, "homework-attachment") ?? "")).toContain('成绩 "终稿"; v=2.pdf');
  });

  it("a browser's %22 for a quote is saved as the quote", async () => {
    const browser = await signedIn("13700003608");
    const csrf = await browser.csrf("/homework/8201");
    const saved = await post(browser, homeworkBody(csrf, 'filename="我的 %22报告%22.pdf"'));
    expect(saved.status).toBe(303);
    expect(text(byTestId((await browser.get("/homework/8201")).html, "homework-attachment") ?? "")).toContain('我的 "报告".pdf');
  });

  it("a body with broken framing is the page's 400 message with the text kept, never the 403, and nothing reaches the upstream", async () => {
    const browser = await signedIn("13700003608");
    const csrf = await browser.csrf("/homework/8201");
    await portal.clearCalls();
    const broken = await post(browser, homeworkBody(csrf, 'filename="a.pdf"', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end`));
    expect(broken.status).toBe(400);
    const html = await broken.text();
    expect(html).not.toContain('data-error-kind="forbidden"');
    expect(text(byTestId(html, "homework-error") ?? "")).toBe("上传请求无法识别");
    expect(html).toContain("六大会计要素。"); // what was typed before the broken part is kept
    expect(await portal.calls("/saveHomework")).toEqual([]);
  });
});
