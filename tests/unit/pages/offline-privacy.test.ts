import { describe, expect, it } from "vitest";
import { element, text, usePortal } from "../portal";

/**
 * Issue 37 §1, private things stay private: the service worker keeps a page for offline use only under the
 * viewer the page names (`X-Portal-Viewer`), and empties every other viewer's pages when a document names
 * another viewer or none. These are the server's half: a signed-in page names its student, another student
 * gets another key, a visitor's page none, and the kept pages stay `private, no-store` for every HTTP cache.
 * The worker's half (two students in one browser, logout) is tests/e2e/offline.test.ts.
 */
const ctx = usePortal();
const DOING = "/lib/subject/overview/203";

describe("the viewer a page names to the service worker", () => {
  it("a signed-in page names its student; another student another key; the same student the same key", async () => {
    const a = await ctx.portal.client().signIn(ctx.portal, "13700002718", DOING);
    const b = await ctx.portal.client().signIn(ctx.portal, "13700002719", DOING);
    const again = await ctx.portal.client().signIn(ctx.portal, "13700002718", DOING);
    const keyA = a.headers.get("x-portal-viewer");
    const keyB = b.headers.get("x-portal-viewer");
    expect(keyA).toMatch(/^[\w-]{22}$/);
    expect(keyB).toMatch(/^[\w-]{22}$/);
    expect(keyA).not.toBe(keyB);
    expect(again.headers.get("x-portal-viewer")).toBe(keyA);
    // the user id itself is not in it
    expect(keyA).not.toContain("2718");
    expect(a.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a visitor's page names none (the worker then forgets every kept page)", async () => {
    const page = await ctx.portal.client().get(DOING);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-portal-viewer")).toBeNull();
  });

  it("after logout the next page names none", async () => {
    const browser = ctx.portal.client();
    await browser.signIn(ctx.portal, "13700002718", DOING);
    await browser.submit("/logout", { csrf: await browser.csrf("/home/index") });
    const after = await browser.get("/home/index");
    expect(after.headers.get("x-portal-viewer")).toBeNull();
  });
});

describe("/offline, the page the worker shows for a page it does not keep", () => {
  it("is the school's, says what needs the network, in both languages, without a script", async () => {
    const res = await ctx.portal.client().get("/offline");
    expect(res.status).toBe(200);
    expect(text(element(res.html, "h1") ?? "")).toBe("当前离线");
    expect(res.html).toContain("开始考试、交卷、支付和登录需要网络");
    expect(res.html).toContain("Starting an exam, handing in, paying and signing in need the network");
    expect(res.html).not.toContain("<script");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});
