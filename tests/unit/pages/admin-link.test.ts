import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { byTestId, element, elements, hrefOf, startTestPortal, text, type Client, type Page, type TestPortal } from "../portal";

// Spec 000 section 2.2: the management-centre link as the server answers its form post, without a
// browser (moved down from tests/e2e/admin-link.test.ts; the new tab, the loading state and the
// failure display stay there).

const STAFF = "13800000009";
const ADMIN_URL = /\/__sandbox\/admin\?company=1$/;
const ADMIN_CALL = "/saas-business/v1/front/admin/link";

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

const adminCalls = async () => (await portal.calls()).filter((c) => c.path === ADMIN_CALL).length;

async function staff(): Promise<{ browser: Client; csrf: string }> {
  const browser = portal.client();
  await browser.signIn(portal, STAFF);
  return { browser, csrf: await browser.csrf("/home/index") };
}

describe("management centre (spec 000 section 2.2)", () => {
  it("the button's name is translated", async () => {
    const { browser } = await staff();
    const { html } = await browser.get("/home/index?lng=en");
    expect(text(byTestId(html, "admin-button") ?? "")).toBe("Management centre");
  });

  it("without JavaScript the post answers a page that moves on by meta refresh, with a link as fallback", async () => {
    const { browser, csrf } = await staff();
    const res = await browser.post("/admin-link", { csrf });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const html = await res.text();
    const url = html.match(/<meta http-equiv="refresh" content="0;url=([^"]+)"/)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/admin\?company=1$/);
    expect(html).toContain(`<a href="${url}" rel="noreferrer" data-testid="admin-open">打开管理中心</a>`);
    expect(html).not.toContain("<script");
    // English visitors get the English fallback link.
    await browser.get("/home/index?lng=en");
    const en = await browser.post("/admin-link", { csrf: await browser.csrf("/home/index") });
    expect(await en.text()).toContain(">Open the management centre</a>");
  });

  it("a JSON failure keeps the upstream's status and message", async () => {
    const { browser, csrf } = await staff();
    await portal.fault({ path: "front/admin/link", code: "0", message: "管理权限已停用", times: 1 });
    const res = await browser.post("/admin-link", { csrf }, { Accept: "application/json" });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: "管理权限已停用" });
    const ok = await browser.post("/admin-link", { csrf }, { Accept: "application/json" });
    expect(await ok.json()).toEqual({ url: expect.stringMatching(ADMIN_URL) });
    expect(ok.headers.get("Cache-Control")).toBe("no-store");
  });

  it("a student who is not staff is refused with 403, the upstream's message, as JSON and as the no-JS page (issue 36 §4)", async () => {
    // the upstream's permission refusal (business code 120050001, "没有权限") is a refusal like every other one:
    // 403, not the 502 of an upstream that failed
    const browser = portal.client();
    await browser.signIn(portal, "13800000001");
    const csrf = await browser.csrf("/home/index");
    const json = await browser.post("/admin-link", { csrf }, { Accept: "application/json" });
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({ message: "没有权限" });
    expect(json.headers.get("Cache-Control")).toBe("no-store");
    const page = await browser.post("/admin-link", { csrf });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(text(element(html, '[role="alert"]') ?? "")).toBe("没有权限");
    expect(html).not.toContain("http-equiv");
    expect(await adminCalls()).toBe(2);
  });

  it("a cross-site post or one without the CSRF token is refused before any upstream call", async () => {
    const { browser, csrf } = await staff();
    await portal.clearCalls();
    expect((await browser.post("/admin-link", { csrf }, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await browser.post("/admin-link", { csrf }, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await browser.post("/admin-link", { other: "1" })).status).toBe(403);
    expect(await adminCalls()).toBe(0);
    // the same browser's proper post does reach the upstream: the refusals above were the headers' doing
    expect((await browser.post("/admin-link", { csrf })).status).toBe(200);
    expect(await adminCalls()).toBe(1);
  });

  it("a visitor's post is refused without an upstream call; a GET fetches nothing", async () => {
    const visitor = portal.client();
    const csrf = await visitor.csrf("/join/login");
    await portal.clearCalls();
    expect((await visitor.post("/admin-link", { csrf }, { Accept: "application/json" })).status).toBe(401);
    const plain = await visitor.post("/admin-link", { csrf });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe("/home/index");
    expect(await adminCalls()).toBe(0);

    const { browser } = await staff();
    await portal.clearCalls();
    const get = await browser.fetch("/admin-link");
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toBe("/home/index");
    expect(await adminCalls()).toBe(0);
    expect(elements((await browser.get("/home/index")).html, "button").map(text)).toContain("管理中心");
  });
});

/**
 * The `no-js` re-runs of tests/e2e/admin-link.test.ts (issue 22): what the new tab shows when the button's
 * form is posted without JavaScript (the form-walker; the new tab itself stays a browser test there).
 */
describe("without JavaScript (the no-js journeys of tests/e2e/admin-link.test.ts)", () => {
  const adminForm = (page: Page) => page.form({ button: "管理中心" });

  for (const failure of [
    { name: "the upstream's refusal shows its message", fault: { code: "0", message: "管理权限已停用" }, text: "管理权限已停用" },
    { name: "a 5xx shows the generic message", fault: { status: 500 }, text: "获取管理中心地址失败" },
  ]) {
    it(`failure: ${failure.name}: the new tab is the small failure page, with a way back`, async () => {
      const home = await portal.client().signIn(portal, STAFF);
      await portal.fault({ path: "front/admin/link", ...failure.fault, times: 1 });
      const tab = await adminForm(home).submit();
      expect(text(element(tab.html, '[role="alert"]') ?? "")).toBe(failure.text);
      expect(hrefOf(tab.html, "首页")).toBe("/home/index");
    });
  }

  it("a lapsed token is renewed through the upgrade page first (spec 000 section 2.1)", async () => {
    const home = await portal.client().signIn(portal, STAFF);
    await portal.sandbox.control("POST", "/tokens/expire", { account: STAFF });
    await portal.clearCalls();
    const tab = await adminForm(home).submit();
    // The renewal ends with a GET of /admin-link, which goes home: one more click opens the centre.
    expect(tab.redirectedFrom).toContain("/upgrade/token?callback=%2Fadmin-link");
    expect(tab.url).toMatch(/\/home\/index$/);
    expect(text(byTestId(tab.html, "user-name") ?? "")).toBe("赵老师");
    expect((await portal.calls()).some((call) => call.path === "/external/api/v1/usersfront/getTokenBackLogin")).toBe(true);
  });
});
