import { expectAccessible } from "./axe";
import { expect, logOut, signInWithCode, test } from "./support";

// Issue 13 "Session expiry without losing work" (decision 021): a personal form posted after the session
// ended keeps what was typed; after the login the same page shows it again with a notice; nothing is
// saved until the person submits again. Seed user 1001 (student01, 13800000001); the sandbox is reset
// before each test.
const DATA = "/personal/setting/data";
const ACCOUNT = "/personal/setting/account";

// Two logins and an axe scan per journey: on a loaded machine (load 20 on 2 cores) both passed the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function logInWithForm(page: import("@playwright/test").Page) {
  await expect(page).toHaveURL(/\/join\/login\?backUrl=/);
  // the address changes a moment before the login page is drawn: wait for its password field, or "账号"
  // still names the account page's sections (a strict-mode failure, session 8)
  await expect(page.getByLabel("密码", { exact: true })).toBeVisible();
  await page.getByLabel("账号").fill("student01");
  await page.getByLabel("密码", { exact: true }).fill("Passw0rd!");
  await page.getByRole("button", { name: "登录", exact: true }).click();
}

test.describe("session expiry without losing work (decision 021)", () => {
  // without JavaScript: tests/unit/personal-keep.test.ts "without JavaScript" (issue 22)
  test("token expired: the personal data typed survives the login, with the notice, then saves", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13800000001", DATA);
    await page.waitForURL(new RegExp(`${DATA}$`));
    const base = page.locator("#personal-data-base");
    await base.getByLabel("姓名").fill("李新名");
    await base.getByLabel("证件号码").fill("E12345678");
    // the session ends upstream (token and its renewal), then the person submits
    await sandbox.expireTokens("13800000001", { backCodes: true });
    await base.getByRole("button", { name: "保存" }).click();
    await expect(page).toHaveURL(/\/upgrade\/token\?callback=/);
    expect(page.url()).not.toContain("E12345678");
    await page.getByRole("link", { name: "重新登录" }).click();
    await logInWithForm(page);

    // back on the page (the login adds its own schoolId/companyMessageReach parameters)
    await page.waitForURL(new RegExp(`${DATA}(\\?|$)`));
    await expect(page.getByTestId("kept-notice")).toHaveText("登录已过期，您填写的内容已为您保留。请检查后重新提交（尚未保存）。");
    await expect(base.getByLabel("姓名")).toHaveValue("李新名");
    await expect(base.getByLabel("证件号码")).toHaveValue("E12345678");
    await expectAccessible(page, { name: "the kept form", hard: true });
    // never saved by itself: the person submits
    await base.getByRole("button", { name: "保存" }).click();
    await expect(base.getByRole("status")).toHaveText("保存成功");
    await expect(page.getByTestId("kept-notice")).toHaveCount(0);
    await page.goto(DATA);
    await expect(page.locator("#personal-data-base").getByLabel("姓名")).toHaveValue("李新名");
    await expect(page.getByTestId("kept-notice")).toHaveCount(0);
  });

  test("logged out in another tab: the email typed on the account page survives the login", async ({ page, sandbox, context }) => {
    await signInWithCode(page, sandbox, "13800000001", ACCOUNT);
    await page.waitForURL(new RegExp(`${ACCOUNT}$`));
    const form = page.locator("#account-email");
    await form.getByLabel("邮箱地址").fill("kept@example.com");
    const other = await context.newPage();
    await other.goto("/home/index");
    await logOut(other);
    // the logout has happened (its post and the home page's notice) before the tab goes: a tab closed with the
    // post in flight may never log out, and the first tab waited behind it (CI: the next click hung 60 s)
    await expect(other.getByRole("alert")).toHaveText("您已退出登录");
    await other.close();
    await page.bringToFront();
    await form.getByRole("button", { name: "保存邮箱" }).click();
    await logInWithForm(page);

    await page.waitForURL(new RegExp(`${ACCOUNT}(\\?|$)`));
    await expect(page.getByTestId("kept-notice")).toBeVisible();
    await expect(page.locator("#account-email").getByLabel("邮箱地址")).toHaveValue("kept@example.com");
    await expect(page.getByTestId("info-email")).not.toHaveText("kept@example.com");
    await page.locator("#account-email").getByRole("button", { name: "保存邮箱" }).click();
    await expect(page.getByTestId("account-done")).toHaveText("邮箱已保存");
    await expect(page.getByTestId("info-email")).toHaveText("kept@example.com");
    await expect(page.getByTestId("kept-notice")).toHaveCount(0);
  });
});
