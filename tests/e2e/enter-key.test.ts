import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, ready, signInWithCode, test } from "./support";

/**
 * Enter in a text field submits a form's MAIN action (decision 085). HTML's implicit submission clicks the
 * form's default button, its first submit button in tree order; in register and personal information that
 * was the send-code button (it comes before the form's submit), so Enter sent an SMS code (or asked for the
 * captcha before one) instead of registering or saving. Both projects: the same in Chromium without JavaScript.
 *
 * Users: fresh mobiles for register; agr2614 (no mobile, incomplete info; no other e2e file uses it) for
 * personal information.
 */

const err = (page: Page, name: string) => page.locator(`[data-error-for="${name}"]`);

test.describe("Enter submits the form's main action, never the send-code button (decision 085)", () => {
  test("register: Enter in the code field registers (the agreement's message), no code sent", { tag: "@nojs" }, async ({ page, sandbox }, testInfo) => {
    await page.goto("/join/register?lng=en");
    await ready(page, testInfo);
    // the hidden default button is one button for nobody: out of the tab order and the accessibility tree
    if (testInfo.project.name === "js") await expectAccessible(page, { name: "register", include: "form", every: true });
    await sandbox.clearCalls();
    const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await page.getByLabel("Username").fill(`u${mobile}`);
    await page.getByLabel("Mobile number").fill(mobile);
    await page.getByLabel("Password").fill("S3cret-pass");
    await page.getByLabel("Verification code").fill("123456");
    await page.getByLabel("Verification code").press("Enter");
    // the register branch's answer: what the browser let through, the server checks (spec 000 §5)
    await expect(err(page, "agreement")).toHaveText("Please agree to the user agreement.");
    await expect(err(page, "province")).toHaveText("Please fill in the province, city and county.");
    await expect(page.getByTestId("code-sent")).toHaveCount(0);
    await expect(page.getByLabel("Mobile number")).toHaveValue(mobile);
    expect((await sandbox.calls()).filter((c) => /sendSmsCode/.test(c.path))).toHaveLength(0);
  });

  test("personal information: Enter in a field saves (the SMS code's message), no code asked for", { tag: "@nojs" }, async ({ page, sandbox }, testInfo) => {
    await signInWithCode(page, sandbox, "agr2614", "/info/personal?backUrl=%2Fhome%2Findex");
    await ready(page, testInfo);
    const dialog = page.getByTestId("personal-info-dialog");
    const nojs = testInfo.project.name === "no-js";
    await dialog.getByLabel("证件类型").selectOption("ID_PASSPORT");
    await dialog.getByLabel("证件号码").fill("E12345678");
    await dialog.getByLabel("女").check();
    await dialog.getByLabel("学历").selectOption("BECHELOR");
    await dialog.getByLabel("手机号").fill("13700008888");
    await dialog.getByLabel("省").selectOption("北京市");
    // without JavaScript the next level's options come from the server ('更新选项', values kept)
    if (nojs) await dialog.getByTestId("info-refresh").click();
    await dialog.getByLabel("市", { exact: true }).selectOption("北京市");
    if (nojs) await dialog.getByTestId("info-refresh").click();
    await dialog.getByLabel("区/县").selectOption("东城区");
    await sandbox.clearCalls();
    await dialog.getByLabel("证件号码").press("Enter");
    // the save's answer: a changed phone needs its SMS code (spec 001 §5), every value kept
    await expect(err(page, "smsCode")).toHaveText("请填写短信验证码");
    await expect(dialog.getByLabel("证件号码")).toHaveValue("E12345678");
    await expect(page.locator('[data-challenge="captcha"]')).toHaveCount(0);
    expect((await sandbox.calls()).filter((c) => /sendSMSByModule|perfectStudentInfo/.test(c.path))).toHaveLength(0);
  });
});
