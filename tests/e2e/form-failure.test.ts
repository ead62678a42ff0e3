import { expect, signInWithCode, test } from "./support";

// Issue 21 item 2 (decision 042) with JavaScript: the call behind the ask form fails; the form stays on screen
// with what was typed and the message, no error page replaces it, and sending again works. The no-JS side is
// tests/unit/pages/form-failure.test.ts. Own seed user: community04 (13700003003), signed in by no other journey.

test.describe("a form whose upstream call fails (issue 21 item 2)", () => {
  test("with JavaScript the ask form stays with its values and the message; sending again asks the question", async ({ page, sandbox }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signInWithCode(page, sandbox, "13700003003", "/answerslist/0");
    await page.waitForURL(/\/answerslist\/0$/);
    const ask = page.locator("#ask-question");
    // hydrated: the post goes through Remix (fetch), the kit's form validates on the server (noValidate)
    await page
      .waitForFunction(() => "__remixRouter" in window)
      .catch((e: unknown) => {
        throw new Error(`not hydrated: ${errors.join(" | ")}`, { cause: e });
      });
    await expect(ask).toHaveAttribute("novalidate", "", { timeout: 15_000 });
    await ask.getByLabel("问题标题").fill("年假天数怎么计算？");
    await ask.getByLabel("问题描述（选填）").fill("工作满十年的年假是几天？");
    await sandbox.fault({ path: "/question/ask$", status: 500, times: 1 });
    await ask.getByRole("button", { name: "发布问题" }).click();

    await expect(ask.getByRole("alert")).toHaveText("暂时无法连接学校服务器，本次提交未保存。您填写的内容仍在页面上，请稍后重试。");
    await expect(ask.getByLabel("问题标题")).toHaveValue("年假天数怎么计算？");
    await expect(ask.getByLabel("问题描述（选填）")).toHaveValue("工作满十年的年假是几天？");
    await expect(page).toHaveURL(/\/answerslist\/0$/);
    await expect(page.getByRole("heading", { name: "出错了" })).toHaveCount(0);

    // the fault was used up: the same form, sent again, asks the question
    await ask.getByRole("button", { name: "发布问题" }).click();
    await page.waitForURL(/\/response\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("年假天数怎么计算？");
  });
});
