import { describe, expect, it } from "vitest";
import { byTestId, formBrowser, setCookie, text, usePortal } from "./portal";

// Issue 36 §2 (login CSRF): signed in as A, a sign-in link (`?code=` / `?token=`) for B does not switch the
// session silently: /join/switch names both and asks; "continue as B" is a CSRF-checked post, "stay" keeps A.
// The same user's link just continues. Posted as a browser without JavaScript does.
const ctx = usePortal();
const browser = () => formBrowser(ctx, { stripTextSeparators: true });

async function signedInAs(account: string) {
  const b = browser();
  await b.logIn(account);
  return b;
}
const who = async (b: ReturnType<typeof browser>) => text(byTestId(await b.page("/home/index"), "user-name") ?? "");

describe("a sign-in link while another user is signed in (issue 36 §2)", () => {
  it("asks who to be: the page names both; 'stay' keeps A, and the link's code is not reused", async () => {
    const b = await signedInAs("student01");
    expect(await who(b)).toBe("张同学");
    const code = await ctx.portal.ssoCode("student02");
    const opened = await b.get(`/course/list?courseName=java&code=${code}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/join/switch");
    // nothing switched yet
    expect(await who(b)).toBe("张同学");
    const page = await b.get("/join/switch");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(text(byTestId(html, "switch-current") ?? "")).toBe("你已登录为 张同学。");
    expect(text(byTestId(html, "switch-linked") ?? "")).toBe("这个链接要以 李同学 的身份登录。");
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="stay"[^>]*>继续使用 张同学</);
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="switch"[^>]*>以 李同学 继续</);
    // the page is reached with the CSRF token of A's session; "stay" goes to the link's page as A
    await b.page("/join/switch");
    const stay = await b.post("/join/switch", { intent: "stay" });
    expect(stay.status).toBe(302);
    expect(stay.headers.get("Location")).toBe("/course/list?courseName=java");
    expect(await who(b)).toBe("张同学");
    // nothing waits any more: the page sends the student home
    expect((await b.get("/join/switch")).headers.get("Location")).toBe("/home/index");
  });

  it("'continue as B' is a post with the CSRF token: a forged one is refused, a right one signs B in with a new CSRF cookie", async () => {
    const b = await signedInAs("student01");
    const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account: "member01" });
    expect((await b.get(`/home/index?token=${token}`)).headers.get("Location")).toBe("/join/switch");
    await b.page("/join/switch");
    expect((await b.post("/join/switch", { intent: "switch" }, "forged")).status).toBe(403);
    expect(await who(b)).toBe("张同学");
    await b.page("/join/switch");
    const moved = await b.post("/join/switch", { intent: "switch" });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/home/index");
    expect(setCookie(moved, "csrf")).toMatch(/^csrf=;.*Max-Age=0/i);
    expect(await who(b)).toBe("王会员");
  });

  it("the same user's link just continues; a visitor's link signs in as before", async () => {
    const b = await signedInAs("student01");
    const same = await b.get(`/course/list?code=${await ctx.portal.ssoCode("student01")}`);
    expect(same.headers.get("Location")).toBe("/course/list");
    expect(await who(b)).toBe("张同学");
    const visitor = browser();
    const fresh = await visitor.get(`/course/list?code=${await ctx.portal.ssoCode("member01")}`);
    expect(fresh.headers.get("Location")).toBe("/course/list");
    expect(await who(visitor)).toBe("王会员");
  });

  it("in English", async () => {
    const b = await signedInAs("student01");
    await b.get(`/home/index?code=${await ctx.portal.ssoCode("student02")}`);
    const html = await b.page("/join/switch?lng=en");
    expect(html).toContain("You are signed in as 张同学.");
    expect(html).toContain("This link signs in as 李同学.");
    expect(html).toContain("Continue as 李同学");
  });
});
