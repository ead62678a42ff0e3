import type { Page } from "@playwright/test";
import { expect, expectBrowserRefuses, test, hydrated, ready } from "./support";

/** Hydrated: the page's scripts have taken over (the untagged tests run with JavaScript only). */

/** In a test run by both projects (@nojs): hydrated with JavaScript; without it, no router at all. */

/** A fresh unregistered mobile per test and project (the portal's 60 s limit outlives a sandbox reset). */
function newMobile(): string {
  return `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
}

const err = (page: Page, name: string) => page.locator(`[data-error-for="${name}"]`);

test.describe("register (spec 000 sections 2.6, 4, 5)", () => {
  test("with JavaScript, mobile and username are validated on blur by the server, again as they are typed (spec 000 section 5)", async ({ page, sandbox }) => {
    await page.goto("/join/register?lng=en");
    await hydrated(page);
    await sandbox.clearCalls();
    const username = page.getByLabel("Username");
    const mobile = page.getByLabel("Mobile number");
    await username.fill("9abc");
    // typing alone says nothing; leaving the field does
    await expect(err(page, "username")).toHaveCount(0);
    await mobile.focus();
    await expect(err(page, "username")).toHaveText("Username must start with a letter.");
    await mobile.fill("1234");
    await expect(err(page, "mobile")).toHaveCount(0);
    await username.focus();
    await expect(err(page, "mobile")).toHaveText("The phone number format is incorrect.");
    // a field left once is validated again as it is typed in
    await mobile.fill(newMobile());
    await expect(err(page, "mobile")).toHaveCount(0);
    await username.fill("abc");
    await expect(err(page, "username")).toHaveText("The username can only consist of 4-20 letters, digits and underscores.");
    await username.fill("abcd");
    await expect(err(page, "username")).toHaveCount(0);
    // the fields not left yet show nothing; nothing was registered or sent
    await expect(err(page, "password")).toHaveCount(0);
    await expect(page).toHaveURL(/\/join\/register\?lng=en$/);
    expect((await sandbox.calls()).filter((c) => /register\/register|sendSmsCode|checkAccount/.test(c.path))).toHaveLength(0);
  });

  test("every field: messages, then success and an automatic login", { tag: "@nojs" }, async ({ page, sandbox }, testInfo) => {
    await page.goto("/join/register?lng=en&backUrl=%2Fcourse%2Flist");
    await ready(page, testInfo);
    await expect(page.getByLabel("Username")).toHaveAttribute("maxlength", "20");
    await expect(page.getByRole("link", { name: "User agreement" })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: "User agreement" })).toHaveAttribute("href", "/showRegisterAgreement");
    const register = () => page.getByRole("button", { name: "Register", exact: true }).click();
    if (testInfo.project.name === "no-js") {
      // decision 023: without JavaScript the browser checks required fields and patterns before posting
      await expectBrowserRefuses(page, register, ["username", "mobile", "smsCode", "password"]);
      await page.getByLabel("Username").fill("9abc");
      await expectBrowserRefuses(page, register, ["username"]);
    } else {
      await register();
      await expect(err(page, "username")).toHaveText("Please enter a username.");
      await expect(err(page, "mobile")).toHaveText("Please enter your phone number.");
      await expect(err(page, "smsCode")).toHaveText("SMS verification code cannot be empty.");
      await expect(err(page, "password")).toHaveText("The password cannot be empty.");
      await expect(err(page, "province")).toHaveText("Please fill in the province, city and county.");
      await expect(err(page, "agreement")).toHaveText("Please agree to the user agreement.");
      await page.getByLabel("Username").fill("9abc");
      await page.getByLabel("Mobile number").fill("1234");
      await register();
      await expect(err(page, "username")).toHaveText("Username must start with a letter.");
      await expect(err(page, "mobile")).toHaveText("The phone number format is incorrect.");
      await page.getByLabel("Username").fill("ab-c");
      await register();
      await expect(err(page, "username")).toHaveText("The username can only consist of 4-20 letters, digits and underscores.");
    }

    const mobile = newMobile();
    const username = `u${mobile}`;
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Mobile number").fill(mobile);
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
    await page.getByLabel("Verification code").fill((await sandbox.sms(mobile)).code);
    await page.getByLabel("Province").selectOption("广东省");
    if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Load cities" }).click();
    await page.getByLabel("City").selectOption("深圳市");
    if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Load cities" }).click();
    await page.getByLabel("County").selectOption("南山区");
    await page.getByLabel("Password").fill("S3cret-pass");
    await page.getByLabel("I have read and agree to the").check();
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page.waitForURL(/\/course\/list/);
    await expect(page.locator('[data-notice="registered"]')).toHaveText("Registration successful.");
    await expect(page.getByTestId("user-name")).toHaveText(username);
  });

  test("duplicate username and phone", async ({ page, sandbox: _sandbox }) => {
    await page.goto("/join/register?lng=en");
    await hydrated(page);
    await page.getByLabel("Mobile number").fill("13800000001");
    await page.getByTestId("send-code").click();
    await expect(err(page, "mobile")).toHaveText("Phone already bound.");
    await page.getByLabel("Username").fill("student01");
    await page.getByLabel("Mobile number").fill(newMobile());
    await page.getByLabel("Verification code").fill("123456");
    await page.getByLabel("Province").selectOption("北京市");
    await page.getByLabel("City").selectOption("北京市");
    await page.getByLabel("Password").fill("x");
    await page.getByLabel("I have read and agree to the").check();
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(err(page, "username")).toHaveText("Username already bound.");
    await expect(page.getByLabel("Username")).toHaveValue("student01");
    await expect(page.getByLabel("Password")).toHaveValue("");
  });

  test("flags off: no username, no region, no agreement; mobile only", async ({ page, sandbox }) => {
    await sandbox.config(1, { usernameFlag: 0, provCityCountyFlag: 0, registerAgreementFlag: 0 });
    await page.goto("/join/register?lng=en");
    await hydrated(page);
    await expect(page.getByLabel("Username")).toHaveCount(0);
    await expect(page.getByLabel("Province")).toHaveCount(0);
    await expect(page.getByLabel("I have read and agree to the")).toHaveCount(0);
    const mobile = newMobile();
    await page.getByLabel("Mobile number").fill(mobile);
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
    await page.getByLabel("Verification code").fill((await sandbox.sms(mobile)).code);
    await page.getByLabel("Password").fill("S3cret-pass");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page.waitForURL(/\/home\/index/);
    await expect(page.getByTestId("user-name")).toHaveText(mobile);
  });

  test("mobile off: username and password only", async ({ page, sandbox }) => {
    await sandbox.config(1, { mobileFlag: 0, provCityCountyFlag: 0 });
    await page.goto("/join/register?lng=en");
    await hydrated(page);
    await expect(page.getByLabel("Mobile number")).toHaveCount(0);
    await expect(page.getByLabel("Verification code")).toHaveCount(0);
    const username = `user_${Math.floor(Math.random() * 1e6)}`;
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("S3cret-pass");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(err(page, "agreement")).toHaveText("Please agree to the user agreement.");
    await page.getByLabel("Password").fill("S3cret-pass");
    await page.getByLabel("I have read and agree to the").check();
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page.waitForURL(/\/home\/index/);
    await expect(page.getByTestId("user-name")).toHaveText(username);
  });
});
