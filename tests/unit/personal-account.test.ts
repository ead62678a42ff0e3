import { describe, expect, it } from "vitest";
import { formBrowser, usePortal } from "./portal";

// Account settings and messages (spec 001 §7, issue 13) through the built server's request handler
// against the in-process sandbox (the harness of tests/unit/personal-frame.test.ts).
const ACCOUNT = "/personal/setting/account";
const MESSAGES = "/personal/message/detailslist";

const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });

/** A browser: keeps cookies, does not follow redirects; `post` sends the page's CSRF token. */
const browser = () => formBrowser(ctx);

async function loggedIn(account: string) {
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
  const b = browser();
  expect((await b.get(`/home/index?token=${token}`)).status).toBe(302);
  return b;
}
const calls = (filter = "") => ctx.sandbox.control<{ path: string }[]>("GET", `/requests${filter}`);
const smsOf = (mobile: string) => ctx.sandbox.control<{ code: string; type: string }>("GET", `/sms?mobile=${mobile}`);
const text = (html: string) => html.replace(/<!-- -->/g, "");

describe("guard (spec 001 §2)", () => {
  it("sends a visitor to login from both pages before any upstream call", async () => {
    const visitor = browser();
    for (const page of [ACCOUNT, `${MESSAGES}?page=2`]) {
      const res = await visitor.get(page);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent(page)}`);
    }
    expect(await calls("?path=account%2Finfo|message")).toEqual([]);
  });

  it("shows the messages entry as 403 to a user without the code", async () => {
    const partial = await loggedIn("partial01");
    const res = await partial.get(MESSAGES);
    expect(res.status).toBe(403);
    expect(await calls("?path=message%2Fpage")).toEqual([]);
  });
});

describe("account settings (spec 001 §7)", () => {
  it("renders the account information and every form with labels", async () => {
    const b = await loggedIn("student01");
    const html = text(await b.page(ACCOUNT));
    expect(html).toContain('data-testid="info-mobile">13800000001<');
    for (const id of ["account-email", "account-mobile", "account-password", "account-password-sms"]) expect(html).toContain(`id="${id}"`);
    expect(html).toMatch(/<label[^>]*for="account-email-email"/);
    expect(html).toContain('data-testid="third-weixin"');
    expect(html).toContain("张同学的微信");
  });

  it("binds an email; refuses a malformed one keeping the input; shows the upstream's message", async () => {
    const b = await loggedIn("student01");
    await b.page(ACCOUNT);
    let res = await b.post(ACCOUNT, { intent: "bindEmail", email: "not-an-email" });
    expect(res.status).toBe(400);
    let html = await res.text();
    expect(html).toContain("请输入正确的邮箱");
    expect(html).toContain('value="not-an-email"');
    expect(await calls("?path=bind%2Femail")).toEqual([]);
    res = await b.post(ACCOUNT, { intent: "bindEmail", email: "zhang@example.com" });
    expect(res.status).toBe(200);
    html = await res.text();
    expect(html).toContain("邮箱已保存");
    expect(html).toContain('data-testid="info-email">zhang@example.com<');
    // another user's email: the upstream's refusal (code 120020003) in the page's language, the input kept
    const other = await loggedIn("member01");
    await other.page(ACCOUNT);
    res = await other.post(ACCOUNT, { intent: "bindEmail", email: "zhang@example.com" });
    expect(res.status).toBe(400);
    html = await res.text();
    expect(html).toContain("邮箱已被绑定");
    expect(html).toContain('value="zhang@example.com"');
    await other.get("/home/index?lng=en");
    await other.page(ACCOUNT);
    html = await (await other.post(ACCOUNT, { intent: "bindEmail", email: "zhang@example.com" })).text();
    expect(html).toContain("This email address is already registered.");
    expect(html).not.toContain("邮箱已被绑定");
  });

  it("binds a mobile with the SMS code; a wrong code is refused and never echoed back", async () => {
    const b = await loggedIn("student01");
    await b.page(ACCOUNT);
    const mobile = "13911110001";
    let res = await b.post(ACCOUNT, { intent: "sendCode", formName: "mobile", mobile });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-testid="code-sent"');
    const { code, type } = await smsOf(mobile);
    expect(type).toBe("bind");
    res = await b.post(ACCOUNT, { intent: "bindMobile", mobile, smsCode: "000000" === code ? "111111" : "000000" });
    expect(res.status).toBe(400);
    let html = await res.text();
    expect(html).toContain("验证码错误或已过期");
    expect(html).toContain(`value="${mobile}"`);
    expect(html).not.toMatch(/value="(000000|111111)"/);
    res = await b.post(ACCOUNT, { intent: "bindMobile", mobile, smsCode: code });
    expect(res.status).toBe(200);
    html = await res.text();
    expect(html).toContain("手机号已绑定");
    expect(html).toContain(`data-testid="info-mobile">${mobile}<`);
  });

  it("burns the code after 5 wrong tries: the 6th never reaches the upstream, even with the right code (429)", async () => {
    const b = await loggedIn("student01");
    await b.page(ACCOUNT);
    const mobile = "13911110002";
    expect((await b.post(ACCOUNT, { intent: "sendCode", formName: "mobile", mobile })).status).toBe(200);
    const { code } = await smsOf(mobile);
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 1; i <= 5; i++) {
      const res = await b.post(ACCOUNT, { intent: "bindMobile", mobile, smsCode: wrong });
      expect(res.status, `try ${i}`).toBe(400);
      if (i === 5) expect(await res.text()).toContain("验证码错误次数过多");
    }
    const before = (await calls("?path=bind%2Fmobile")).length;
    const res = await b.post(ACCOUNT, { intent: "bindMobile", mobile, smsCode: code });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await res.text()).toContain("验证码错误次数过多");
    expect((await calls("?path=bind%2Fmobile")).length).toBe(before);
  });

  it("sends the binding code through the captcha (600): a link to the challenge, the send retried with the ticket", async () => {
    await ctx.sandbox.control("PUT", "/captcha", { required: true });
    const b = await loggedIn("student01");
    await b.page(ACCOUNT);
    const mobile = "13911110003";
    const res = await b.post(ACCOUNT, { intent: "sendCode", formName: "mobile", mobile });
    const html = text(await res.text());
    const challenge = /data-challenge="captcha"[\s\S]*?href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(challenge).toBeTruthy();
    const back = new URL(new URL(challenge!).searchParams.get("return")!);
    expect(back.pathname).toBe(ACCOUNT);
    // solve the sandbox's challenge page as a visitor would: it sends back to the portal with a ticket
    const page = await (await fetch(challenge!)).text();
    const id = /name="id" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const answer = /data-testid="captcha-answer">(\d+)</.exec(page)?.[1] ?? "";
    const solved = await fetch(new URL("/captcha/challenge", challenge!).toString(), {
      method: "POST",
      body: new URLSearchParams({ id, answer, return: back.toString() }),
      redirect: "manual",
    });
    const to = new URL(solved.headers.get("location")!);
    expect(to.searchParams.get("ticket")).toBeTruthy();
    const resumed = await b.get(to.pathname + to.search);
    expect(resumed.status).toBe(200);
    expect(await resumed.text()).toContain('data-testid="code-sent"');
    expect((await smsOf(mobile)).type).toBe("bind");
  });

  it("checks a username by the registration rules; the upstream refuses a second one", async () => {
    const b = await loggedIn("student01");
    // student01 has a username already: the form is not offered
    expect(await b.page(ACCOUNT)).not.toContain('id="account-username"');
    let res = await b.post(ACCOUNT, { intent: "bindUsername", username: "9lives" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("用户名必须以字母开头");
    res = await b.post(ACCOUNT, { intent: "bindUsername", username: "ab" });
    expect(await res.text()).toContain("用户名只能由4-20位字母、数字、下划线组成");
    expect(await calls("?path=username")).toEqual([]);
    res = await b.post(ACCOUNT, { intent: "bindUsername", username: "newname_1" });
    expect(res.status).toBe(400);
    // the upstream's refusal (120130002) travels as its key (the form is not shown to a user with a username)
    expect(await res.text()).toContain("upstream:usernameAlreadySet");
  });

  it("unbinds a third-party account; an unbound one shows the upstream's message", async () => {
    const b = await loggedIn("student01");
    await b.page(ACCOUNT);
    let res = await b.post(ACCOUNT, { intent: "unbind", type: "weixin" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("已解除绑定");
    expect(html).not.toContain("张同学的微信");
    res = await b.post(ACCOUNT, { intent: "unbind", type: "weixin" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("该第三方账号未绑定。");
    await b.get("/home/index?lng=en");
    await b.page(ACCOUNT);
    res = await b.post(ACCOUNT, { intent: "unbind", type: "weixin" });
    expect(await res.text()).toContain("This third-party account is not linked.");
    await b.get("/home/index?lng=zh");
    await b.page(ACCOUNT);
    res = await b.post(ACCOUNT, { intent: "unbind", type: "myspace" });
    expect(res.status).toBe(400);
  });

  it("changes the password by the STU_UPDATE_PWD code (verifyIdentidy, then update/password)", async () => {
    const b = await loggedIn("forget02");
    await b.page(ACCOUNT);
    let res = await b.post(ACCOUNT, { intent: "sendCode", formName: "passwordSms" });
    expect(res.status).toBe(200);
    const { code, type } = await smsOf("13800000007");
    expect(type).toBe("STU_UPDATE_PWD");
    res = await b.post(ACCOUNT, { intent: "passwordBySms", smsCode: code, newPassword: "NewPass1!", confirmPassword: "Other1!!" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("两次输入的密码不一致");
    expect(html).not.toContain("NewPass1!");
    res = await b.post(ACCOUNT, { intent: "passwordBySms", smsCode: code, newPassword: "NewPass1!", confirmPassword: "NewPass1!" });
    expect(res.status).toBe(303);
    expect((await calls("?path=verifyIdentidy|update%2Fpassword")).map((c) => c.path.split("/").pop())).toEqual(["verifyIdentidy", "password"]);
    // the new password is the password now
    await b.page(ACCOUNT);
    res = await b.post(ACCOUNT, { intent: "password", oldPassword: "NewPass1!", newPassword: "NewPass2!", confirmPassword: "NewPass2!" });
    expect(res.status).toBe(302);
  });

  it("keeps the forced change with the current password (spec 000 §4): wrong one refused, right one releases the shell", async () => {
    const b = await loggedIn("student02");
    const html = await b.page(ACCOUNT);
    expect(html).toContain('data-testid="forced-password-warning"');
    let res = await b.post(ACCOUNT, { oldPassword: "wrong-one", newPassword: "NewPass1!", confirmPassword: "NewPass1!" });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain("wrong-one");
    res = await b.post(ACCOUNT, { intent: "password", oldPassword: "Passw0rd!", newPassword: "NewPass1!", confirmPassword: "NewPass1!" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/home/index");
    expect((await b.get("/home/index")).status).toBe(200);
  });

  it("refuses a post without the CSRF token (no upstream call) and an unknown intent (400)", async () => {
    const b = await loggedIn("student01");
    await b.page(ACCOUNT);
    const res = await b.post(ACCOUNT, { intent: "bindEmail", email: "x@example.com" }, "forged");
    expect(res.status).toBe(403);
    expect(await calls("?path=email")).toEqual([]);
    expect((await b.post(ACCOUNT, { intent: "dropTables" })).status).toBe(400);
  });
});

describe("messages (spec 001 §7)", () => {
  it("shows the count and a page; ?page= beyond or malformed never fails", async () => {
    const b = await loggedIn("member01");
    const html = text(await b.page(MESSAGES));
    expect(html).toContain("共 14 条消息，12 条未读");
    expect(html.match(/data-testid="message"/g)?.length).toBe(10);
    // the kit's Pager (a Remix Link) resolves "?page=2" against the page's path
    expect(html).toMatch(/href="(?:\/personal\/message\/detailslist)?\?page=2"/);
    const second = text(await b.page(`${MESSAGES}?page=2`));
    expect(second.match(/data-testid="message"/g)?.length).toBe(4);
    expect((await b.get(`${MESSAGES}?page=abc`)).status).toBe(200);
  });

  it("reads and deletes by plain form posts: 303 back to the same page, the header's unread dot follows", async () => {
    const b = await loggedIn("student01");
    let html = text(await b.page(MESSAGES));
    expect(html).toContain("共 5 条消息，3 条未读");
    expect(html).toContain('data-testid="unread-dot"');
    const unread = [...html.matchAll(/data-message-id="(\d+)" data-read="0"/g)].map((m) => m[1]!);
    expect(unread).toHaveLength(3);
    for (const id of unread) {
      const res = await b.post(`${MESSAGES}?page=1`, { intent: "read", id });
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe(MESSAGES);
    }
    html = text(await b.page(MESSAGES));
    for (const id of unread) expect(html).toContain(`data-message-id="${id}" data-read="1"`);
    expect(html).not.toContain('data-testid="unread-dot"');
    const res = await b.post(`${MESSAGES}?page=2`, { intent: "delete", id: unread[0]! });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${MESSAGES}?page=2`);
    html = text(await b.page(MESSAGES));
    expect(html).not.toContain(`data-message-id="${unread[0]}"`);
    expect(html).toContain("共 4 条消息，0 条未读");
  });

  it("refuses a forged post, a malformed id (400) and shows the upstream's refusal", async () => {
    const b = await loggedIn("student01");
    await b.page(MESSAGES);
    expect((await b.post(MESSAGES, { intent: "read", id: "1" }, "forged")).status).toBe(403);
    expect((await b.post(MESSAGES, { intent: "read", id: "../../x" })).status).toBe(400);
    const res = await b.post(MESSAGES, { intent: "delete", id: "999999" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("该消息不存在或已删除。");
    expect(html).not.toContain("message not found");
    await b.get("/home/index?lng=en");
    await b.page(MESSAGES);
    expect(await (await b.post(MESSAGES, { intent: "delete", id: "999999" })).text()).toContain(
      "The operation failed: This message does not exist or was deleted.",
    );
    // a malformed post: the generic text, never a raw code
    expect(await (await b.post(MESSAGES, { intent: "nope", id: "1" })).text()).toContain("The operation failed, please try again later.");
  });
});
