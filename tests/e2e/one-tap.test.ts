import type { Locator, Page } from "@playwright/test";
import { expect, signInWithCode, test, toProvider } from "./support";

// Issue 37 §3 "one tap, one thing" (decision 095): a real double tap, two clicks about 60 ms apart, the second
// sent without waiting for the first, makes one thing and lands where the first went. The page test posts
// every create form twice in parallel (tests/unit/pages/one-tap.test.ts); this is the browser's own double tap.

/** Two taps at the button's centre, ~60 ms apart, as a finger does: the second is not held back by the page. */
async function doubleTap(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.click(x, y);
  await page.waitForTimeout(60);
  await page.mouse.click(x, y);
}

test.describe("one tap, one thing (issue 37 §3)", () => {
  test("a double tap on 'post question' makes one question and opens it", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "13700003000", "/answerslist/0");
    await page.waitForURL(/\/answerslist\/0$/);
    await page.waitForFunction(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter);
    const ask = page.locator("#ask-question");
    const title = `双击只发一个问题 ${Date.now()}`;
    await ask.getByLabel("问题标题").fill(title);
    await ask.getByLabel("问题描述（选填）").fill("两次点击相隔六十毫秒。");
    await sandbox.clearCalls();
    await doubleTap(page, ask.getByRole("button", { name: "发布问题" }));
    await page.waitForURL(/\/response\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const asks = (await sandbox.calls()).filter((c) => c.method === "POST" && /\/question\/ask$/.test(c.path));
    expect(asks).toHaveLength(1);
  });

  test("a double tap on 'place order' makes one order and lands on its payment page", async ({ page, sandbox }) => {
    await signInWithCode(page, sandbox, "shop08", "/payment/order?commodityId=5002");
    await page.waitForFunction(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter);
    await expect(page.getByTestId("checkout-pay")).toHaveText("¥399.00");
    await sandbox.clearCalls();
    await doubleTap(page, page.getByRole("button", { name: "提交订单" }));
    await toProvider(page);
    await expect(page.getByTestId("pay-amount")).toHaveText("399.00");
    const orders = (await sandbox.calls()).filter((c) => c.method === "POST" && /\/definePayOrderCart\/createOrder$/.test(c.path));
    expect(orders).toHaveLength(1);
  });
});
