import type { Page } from "@playwright/test";
import { expect, test, hydrated, ready } from "./support";

const PASSWORD = "Passw0rd!";
// member01, not student01: the portal allows 10 login attempts per account in 10 minutes, and the login
// journeys already use student01 that often in one run.

/** Hydrated: the page's scripts have taken over (the untagged tests run with JavaScript only). */

/** In a test run by both projects (@nojs): hydrated with JavaScript; without it, no router at all. */

const visitorLink = (page: Page, name: string) => page.getByTestId("visitor-links").getByRole("link", { name, exact: true });

// The pop-up needs JavaScript: its tests run in the js project only; the pop-up's no-JS fallback carries @nojs.
test.describe("login pop-up (spec 000 section 2.6, useLoginPage 0)", () => {
  test("the header's login link opens the dialog; success reloads the page with schoolId and companyMessageReach", async ({ page, sandbox: _sandbox }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/course/list?x=1");
    await hydrated(page);
    const before = scripts.length;
    expect(scripts.some((s) => /LoginPopup/.test(s))).toBe(false);
    await visitorLink(page, "登录").click();
    const dialog = page.getByRole("dialog", { name: "登录" });
    await expect(dialog).toBeVisible();
    // the dialog's code arrives with the first click, not with the page
    expect(scripts.slice(before).some((s) => /LoginPopup/.test(s))).toBe(true);
    expect(page.url()).toContain("/course/list?x=1");
    await expect(dialog.getByRole("link", { name: "注册" })).toBeVisible();
    await dialog.getByLabel("账号").fill("member01");
    await dialog.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/schoolId=1/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/course/list");
    expect(url.searchParams.get("x")).toBe("1");
    expect(url.searchParams.get("companyMessageReach")).toBe("ok");
    await page.goto("/home/index");
    await expect(page.getByTestId("user-name")).toHaveText("王会员");
  });

  test("a failed login shows the server's message in the dialog and keeps the account, never the password (en)", async ({ page, sandbox: _sandbox }) => {
    await page.goto("/home/index?lng=en");
    await hydrated(page);
    await visitorLink(page, "Log in").click();
    const dialog = page.getByRole("dialog", { name: "Log in" });
    await dialog.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(dialog.locator('[data-error-for="account"]')).toHaveText("Please enter your account.");
    await expect(dialog.getByLabel("Account")).toHaveAttribute("aria-describedby", /-error$/);
    await dialog.getByLabel("Account").fill("member01");
    await dialog.getByLabel("Password", { exact: true }).fill("wrong-password");
    await dialog.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(dialog.locator('[data-error-for="password"]')).toHaveText("Wrong account or password.");
    await expect(dialog.getByLabel("Account")).toHaveValue("member01");
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveValue("");
    expect(new URL(page.url()).pathname).toBe("/home/index");
    // SMS mode loads into the same dialog
    await dialog.getByRole("link", { name: "SMS code login" }).click();
    await expect(dialog.getByLabel("Mobile number")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the register tab opens from the header and posts to the register action", async ({ page, sandbox: _sandbox }) => {
    await page.goto("/home/index");
    await hydrated(page);
    await visitorLink(page, "注册").click();
    const dialog = page.getByRole("dialog", { name: "注册" });
    await expect(dialog.getByLabel("用户名")).toBeVisible();
    await dialog.getByRole("button", { name: "注册", exact: true }).click();
    await expect(dialog.locator('[data-error-for="username"]')).toHaveText("请输入用户名");
    // the login tab is a link inside the dialog
    await dialog.getByRole("link", { name: "登录" }).click();
    await expect(page.getByRole("dialog", { name: "登录" }).getByLabel("账号")).toBeVisible();
    await page.getByRole("button", { name: "关闭登录窗口" }).click();
    await expect(page.getByTestId("login-popup")).toHaveCount(0);
  });

  test("closeFlag 1: no register tab in the dialog", async ({ page, sandbox }) => {
    await sandbox.config(1, { registerConfig: { closeFlag: 1 } });
    await page.goto("/home/index");
    await hydrated(page);
    await visitorLink(page, "登录").click();
    const dialog = page.getByRole("dialog", { name: "登录" });
    await expect(dialog.getByLabel("账号")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "注册" })).toHaveCount(0);
  });

  // the pop-up's fallback: a browser without JavaScript follows the header's plain links to the stand-alone pages
  test("without JavaScript the header links are plain links to the stand-alone pages", { tag: "@nojs" }, async ({ page, sandbox: _sandbox }, testInfo) => {
    test.skip(testInfo.project.name === "js", "the JavaScript behaviour is the pop-up, checked above");
    await page.goto("/course/list?x=1");
    await ready(page, testInfo);
    await expect(visitorLink(page, "注册")).toHaveAttribute("href", "/join/register?backUrl=%2Fcourse%2Flist%3Fx%3D1");
    await visitorLink(page, "登录").click();
    await page.waitForURL(/\/join\/login\?backUrl=/);
    await page.getByLabel("账号").fill("member01");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/\/course\/list\?x=1&schoolId=1/);
  });
});

test.describe("useLoginPage (base info)", () => {
  test("1: the links go to the stand-alone page with the full shell", async ({ page, sandbox }) => {
    await sandbox.config(1, { useLoginPage: 1 });
    await page.goto("/home/index");
    await hydrated(page);
    await visitorLink(page, "登录").click();
    await page.waitForURL(/\/join\/login\?backUrl=%2Fhome%2Findex/);
    await expect(page.getByTestId("login-popup")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "登录", level: 1 })).toBeVisible();
    await expect(page.locator("header.shell-header")).toBeVisible();
    await expect(page.locator("footer.shell-footer")).toBeVisible();
    await expect(page.getByRole("complementary")).toHaveCount(1);
  });

  test("2: the stand-alone page shows the header only (no footer, no side bar)", async ({ page, sandbox }) => {
    await sandbox.config(1, { useLoginPage: 2 });
    await page.goto("/home/index");
    await hydrated(page);
    await expect(page.locator("footer.shell-footer")).toBeVisible();
    await visitorLink(page, "注册").click();
    await page.waitForURL(/\/join\/register\?backUrl=/);
    await expect(page.getByTestId("login-popup")).toHaveCount(0);
    await expect(page.locator("header.shell-header")).toBeVisible();
    await expect(page.locator("footer.shell-footer")).toHaveCount(0);
    await expect(page.getByRole("complementary")).toHaveCount(0);
    await page.getByRole("link", { name: "登录", exact: true }).first().click();
    await page.waitForURL(/\/join\/login/);
    await expect(page.locator("footer.shell-footer")).toHaveCount(0);
  });
});

test.describe("face verification failure", () => {
  // without JavaScript: tests/unit/pages/login-nojs.test.ts
  test("face=failed back on the login page is shown next to the form", async ({ page, sandbox: _sandbox }) => {
    await page.goto("/join/login?backUrl=%2Fcourse%2Flist&lng=en");
    await hydrated(page);
    await page.getByLabel("Account").fill("face01");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL(/\/face\/verify/);
    await page.getByRole("button", { name: /Fail/ }).click();
    await page.waitForURL(/\/join\/login\?face=failed/);
    await expect(page.getByRole("alert").filter({ hasText: "Face verification failed." })).toBeVisible();
    await expect(page.getByRole("form", { name: "Log in" })).toHaveAttribute("aria-describedby", "face-failed");
    // the visitor can try again from the same page
    await expect(page.getByLabel("Account")).toBeVisible();
  });
});
