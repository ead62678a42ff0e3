import { expect, expectBrowserRefuses, test, type Sandbox, logOut, hydrated, ready } from "./support";

const PASSWORD = "Passw0rd!";

/** Hydrated: the page's scripts have taken over (the untagged tests run with JavaScript only). */

/** In a test run by both projects (@nojs): hydrated with JavaScript; without it, no router at all. */

async function smsCode(sandbox: Sandbox, mobile: string): Promise<string> {
  return (await sandbox.sms(mobile)).code;
}

// The login journeys with JavaScript; without it they are page tests (tests/unit/pages/login-nojs.test.ts),
// except what needs the browser (@nojs): refusing empty fields, the captcha page, the dialog. The server's answers to the form
// (where a login goes, a hostile backUrl, what company 4 shows): tests/unit/pages/login.test.ts.
test.describe("password login (spec 000 sections 2.6, 5, 8)", () => {
  test("success goes to backUrl with schoolId and companyMessageReach, a new session and CSRF cookie", async ({ page, sandbox }) => {
    await page.goto("/join/login?backUrl=%2Fcourse%2Flist%3Fx%3D1");
    await hydrated(page);
    const before = await page.context().cookies();
    await page.getByLabel("账号").fill("  student01 ");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/\/course\/list/);
    const url = new URL(page.url());
    expect(url.searchParams.get("x")).toBe("1");
    expect(url.searchParams.get("schoolId")).toBe("1");
    expect(url.searchParams.get("companyMessageReach")).toBe("ok");
    const after = await page.context().cookies();
    expect(after.find((c) => c.name === "portal_session")?.value).not.toBe(before.find((c) => c.name === "portal_session")?.value);
    // the password is sent encrypted, never as typed; it is in no cookie
    for (const c of after) expect(c.value).not.toContain(PASSWORD);
    await page.goto("/home/index");
    await expect(page.getByTestId("user-name")).toHaveText("张同学");
    expect((await sandbox.calls()).some((c) => c.path === "/question/v1/exercise/unlogin/sync")).toBe(true);
  });

  test("wrong password keeps the account, never the password, message next to the password", async ({ page, sandbox: _sandbox }) => {
    await page.goto("/join/login");
    await hydrated(page);
    await page.getByLabel("账号").fill("student01");
    await page.getByLabel("密码", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.locator('[data-error-for="password"]')).toHaveText("账号或密码错误");
    await expect(page.getByLabel("账号")).toHaveValue("student01");
    await expect(page.getByLabel("密码", { exact: true })).toHaveValue("");
    expect(await page.content()).not.toContain("wrong-password");
  });

  test(
    "empty fields show the spec's messages (en); without JavaScript the browser refuses them first",
    { tag: "@nojs" },
    async ({ page, sandbox: _sandbox }, testInfo) => {
      await page.goto("/join/login?lng=en");
      await ready(page, testInfo);
      const submit = () => page.getByRole("button", { name: "Log in", exact: true }).click();
      if (testInfo.project.name === "no-js") {
        // decision 023: the schema's constraints (required) work without JavaScript
        await expectBrowserRefuses(page, submit, ["account", "password"]);
        return;
      }
      await submit();
      await expect(page.locator('[data-error-for="account"]')).toHaveText("Please enter your account.");
      await expect(page.locator('[data-error-for="password"]')).toHaveText("Please enter your password.");
      await expect(page.getByLabel("Account")).toHaveAttribute("aria-describedby", /-error$/);
    },
  );

  test("remember me keeps the account for this host (company 4 offers none: tests/unit/pages/login.test.ts)", async ({ page, sandbox: _sandbox }) => {
    await page.goto("/join/login");
    await hydrated(page);
    await page.getByLabel("账号").fill("student01");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByLabel("记住我").check();
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/\/home\/index/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "rememberAccount")).toBeDefined();
    expect(cookies.find((c) => c.name === "rememberAccount")?.httpOnly).toBe(true);
    await logOut(page);
    await page.waitForURL(/\/home\/index/);
    await page.goto("/join/login");
    await expect(page.getByLabel("账号")).toHaveValue("student01");
  });

  test("forced password change lands on the account settings page", async ({ page, sandbox: _sandbox }) => {
    await page.goto("/join/login");
    await hydrated(page);
    await page.getByLabel("账号").fill("student02");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/\/personal\/setting\/account$/);
    // the account page itself, with its warning, not just its address (the redirect: tests/unit/pages/login.test.ts)
    await expect(page.getByTestId("forced-password-warning")).toHaveText("根据要求，请先修改密码后再继续操作");
    await expect(page.getByLabel("原密码")).toBeVisible();
  });
});

test.describe("SMS login", () => {
  test("send, countdown, early resend refused with 429, code from the sandbox, login", async ({ page, sandbox }) => {
    const mobile = "13800000001"; // without JavaScript: tests/unit/pages/login-nojs.test.ts
    await page.goto("/join/login?mode=sms");
    await hydrated(page);
    await page.getByLabel("手机号").fill("12345");
    await page.getByTestId("send-code").click();
    await expect(page.locator('[data-error-for="mobile"]')).toHaveText("请输入正确的手机号");
    await page.getByLabel("手机号").fill(mobile);
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
    await expect(page.getByLabel("验证码")).toBeFocused();
    await expect(page.getByTestId("send-code")).toBeDisabled();
    await expect(page.getByTestId("send-code")).toHaveText(/\d+ 秒后重新发送/);
    const first = Number((await page.getByTestId("send-code").textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeLessThanOrEqual(60);
    expect(first).toBeGreaterThan(55);
    const calls = await sandbox.calls();
    expect(calls.filter((c) => c.path === "/saas-business/v1/front/login/checkLimitAndMobile")).toHaveLength(1);
    await page.getByLabel("验证码").fill(await smsCode(sandbox, mobile));
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/\/home\/index/);
    await expect(page.getByTestId("user-name")).toBeVisible();
  });
});

test.describe("captcha (code 600)", () => {
  test(
    "challenge page, then the send is retried with ticket and randstr; a failed challenge says so",
    { tag: "@nojs" },
    async ({ page, sandbox }, testInfo) => {
      await sandbox.captcha(true);
      const mobile = testInfo.project.name === "js" ? "13800000009" : "13800000002";
      await page.goto("/join/login?mode=sms");
      await ready(page, testInfo);
      await page.getByLabel("手机号").fill(mobile);
      await page.getByTestId("send-code").click();
      if (testInfo.project.name === "no-js") await page.getByRole("link", { name: "开始安全验证" }).click();
      await page.waitForURL(/\/captcha\/challenge/);
      await page.getByLabel(/Digits/).fill("0000");
      await page.getByRole("button", { name: /Verify/ }).click();
      await page.waitForURL(/\/join\/login/);
      await expect(page.locator('[data-error-for="mobile"]')).toHaveText("验证失败");
      await expect(page.getByLabel("手机号")).toHaveValue(mobile);
      await page.getByTestId("send-code").click();
      if (testInfo.project.name === "no-js") await page.getByRole("link", { name: "开始安全验证" }).click();
      await page.waitForURL(/\/captcha\/challenge/);
      await page.getByLabel(/Digits/).fill((await page.getByTestId("captcha-answer").textContent()) ?? "");
      await page.getByRole("button", { name: /Verify/ }).click();
      await page.waitForURL(/\/join\/login/);
      await expect(page.getByTestId("code-sent")).toBeVisible();
      await expect(page.getByLabel("手机号")).toHaveValue(mobile);
      expect(await smsCode(sandbox, mobile)).toMatch(/^\d{6}$/);
    },
  );
});

test.describe("face step (code 120030002)", () => {
  test("redirects to the face page; pass logs in through loginByFace", async ({ page, sandbox }) => {
    await page.goto("/join/login?backUrl=%2Fcourse%2Flist");
    await hydrated(page);
    await page.getByLabel("账号").fill("face01");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/\/face\/verify/);
    await page.getByRole("button", { name: /Pass/ }).click();
    await page.waitForURL(/\/course\/list/);
    expect((await sandbox.calls()).some((c) => c.path === "/saas-business/v1/front/login/loginByFace" && c.query.orderNo)).toBe(true);
    await page.goto("/home/index");
    await expect(page.getByTestId("user-name")).toHaveText("孙同学");
  });
});

test.describe("third-party login", () => {
  test("the sandbox provider authorises and the portal makes a session", async ({ page, context, sandbox: _sandbox }) => {
    await page.goto("/join/login?backUrl=%2Fcourse%2Flist");
    await hydrated(page);
    await expect(page.locator("[data-third]")).toHaveCount(5);
    const [popup] = await Promise.all([context.waitForEvent("page"), page.locator('[data-third="weixin"]').click()]);
    await popup.waitForLoadState();
    const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight]);
    expect(size[0]).toBeGreaterThan(0);
    await popup.getByRole("button", { name: /张同学/ }).click();
    await popup.waitForEvent("close", { timeout: 5000 });
    await page.waitForURL(/\/course\/list/);
    await page.goto("/home/index");
    await expect(page.getByTestId("user-name")).toHaveText("张同学");
  });

  test("the DingTalk QR modal is 400 wide with its title", { tag: "@nojs" }, async ({ page, sandbox: _sandbox }, testInfo) => {
    await page.goto("/join/login?lng=en");
    await ready(page, testInfo);
    await page.locator('[data-third="dingtalk"]').click();
    const dialog = page.getByRole("dialog", { name: "DingTalk login" });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(400);
    await expect(dialog.getByRole("img")).toBeVisible();
  });
});

test.describe("logout", () => {
  test("logs out through the POST and the session is gone", async ({ page, sandbox: _sandbox }) => {
    await page.goto("/join/login");
    await hydrated(page);
    await page.getByLabel("账号").fill("student01");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/\/home\/index/);
    await logOut(page);
    await page.waitForURL(/\/home\/index/);
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
  });
});
