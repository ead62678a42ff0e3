import { describe, expect, it } from "vitest";
import { attr, element, usePortal, type Client } from "../portal";

/**
 * Issue 25 "Annex ... 'download template' downloads" (spec 001 §2 "Dynamic custom fields": annex fields may offer
 * 'view sample' and 'download template'; decision 076): the link is the portal's own route, which streams the
 * file the page's own data names (the custom field `c_diploma`'s `stencilPathUrl`, the sandbox's
 * `/__static/files/毕业证书模板.rtf`) as an attachment under its Chinese name. Seed user student01 (this file's
 * own sandbox).
 */
const ctx = usePortal();

const NAME = "毕业证书模板.rtf";
const ENCODED = encodeURIComponent(NAME);

async function signedIn(): Promise<Client> {
  const browser = ctx.portal.client();
  await browser.signIn(ctx.portal, "student01");
  return browser;
}

/** The 'download template' link of the c_diploma field on a page. */
function templateLink(html: string): string | undefined {
  const field = element(html, '[data-field="c_diploma"]');
  return attr(/<a[^>]*\bdownload\b[^>]*>/.exec(field ?? "")?.[0], "href");
}

async function download(browser: Client, path: string) {
  const response = await browser.fetch(path);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

describe("'download template' of an annex field", () => {
  it("the complete-information and personal data pages link the portal's route, which streams the file as an attachment (RFC 5987 name)", async () => {
    const student = await signedIn();
    for (const [page, path] of [
      ["/info/complete?scene=3", "/fields/template/complete/c_diploma"],
      ["/personal/setting/data", "/fields/template/data/c_diploma"],
    ] as const) {
      const { status, html } = await student.get(page);
      expect(status, page).toBe(200);
      // the portal's own address: the upstream's file address is not on the page
      expect(templateLink(html), page).toBe(path);
      expect(html).not.toContain(`/__static/files/${ENCODED}`);

      const file = await download(student, path);
      expect(file.status, path).toBe(200);
      expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="______.rtf"; filename*=UTF-8''${ENCODED}`);
      expect(file.headers.get("Content-Type")).toBe("application/rtf");
      expect(file.headers.get("Cache-Control")).toBe("private, no-store");
      expect(file.body.startsWith("{\\rtf1")).toBe(true);
      expect(file.body).toContain("\\u27605?\\u19994?"); // 毕业 in RTF's Unicode escapes
      expect(file.headers.get("Content-Length")).toBe(String(Buffer.byteLength(file.body)));
    }
  });

  it("serves only the template the page's data names: a URL in the query is ignored, another field, page or file is a 404", async () => {
    const student = await signedIn();
    await ctx.portal.clearCalls();
    // a foreign address in the query changes nothing: still the field's own file
    const foreign = await download(
      student,
      `/fields/template/complete/c_diploma?url=${encodeURIComponent("http://example.invalid/x.exe")}&templateUrl=http://169.254.169.254/`,
    );
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get("Content-Disposition")).toContain(ENCODED);
    expect(foreign.body.startsWith("{\\rtf1")).toBe(true);
    for (const path of [
      "/fields/template/complete/c_level", // a select field: no template
      "/fields/template/complete/c_photo", // an image field without a template
      "/fields/template/complete/nope",
      `/fields/template/complete/${encodeURIComponent("http://example.invalid/x.exe")}`,
      "/fields/template/other/c_diploma",
    ]) {
      const refused = await download(student, path);
      expect(refused.status, path).toBe(404);
      expect(refused.headers.get("Content-Disposition"), path).toBeNull();
    }
  });

  it("a visitor is sent to sign in, without an upstream call for the file", async () => {
    const visitor = ctx.portal.client();
    const answer = await visitor.fetch("/fields/template/complete/c_diploma");
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    expect(answer.headers.get("Location")).toMatch(/^\/join\/login\?backUrl=/);
    expect(answer.headers.get("Content-Disposition")).toBeNull();
  });
});
