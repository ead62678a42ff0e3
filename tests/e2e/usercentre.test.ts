import { expectAccessible, visit } from "./axe";
import { expect, signInWithCode, test } from "./support";

// Decision 038 (the rest of issue 16), with JavaScript: the points exchange and the user-centre categories'
// upgrade, an expired order that cannot be paid, WeChat Pay's openid check. The journeys change state, so
// they use their own seed users (uc01..uc20, ids 3700-3719; sandbox/src/usercentre/store.ts): ¥300.00
// balance and 5000 points each. The journeys without JavaScript are page tests (tests/unit/pages/usercentre-nojs.test.ts).
const user = (id: number) => ({ id, account: `uc${String(id - 3699).padStart(2, "0")}` });

test.describe("user centre", () => {
  test.describe.configure({ timeout: 90_000 });

  test("exchange points for a course, then upgrade its category with the free courses", async ({ page, sandbox }) => {
    const u = user(3705);
    await signInWithCode(page, sandbox, u.account, "/personal/accountcenter/score");
    await page.getByRole("link", { name: "积分兑换商品" }).click();
    await page.waitForURL(/\/personal\/accountcenter\/score\/exchange$/);
    await expect(page.getByTestId("exchange-points")).toHaveText("5000");
    await page.getByRole("button", { name: "兑换 普通话水平测试辅导（课程）" }).click();
    await expect(page.getByTestId("account-notice")).toHaveText("兑换成功");
    await expect(page.getByTestId("exchange-points")).toHaveText("500");
    await expect(page.getByTestId("exchanges")).toContainText("普通话水平测试辅导（课程）");
    // the course is mine now: no second exchange, the goods say so
    await expect(page.getByRole("button", { name: "兑换 普通话水平测试辅导（课程）" })).toHaveCount(0);

    await page.getByRole("link", { name: "我的类目" }).click();
    await page.waitForURL(/\/personal\/accountcenter\/category$/);
    const used = page.getByTestId("category-used-item");
    await expect(used).toHaveCount(1);
    await expect(used).toContainText("教师资格");
    await expect(used).toContainText("可升级：加入本类目免费课程 小学教师资格（科目一）");
    await page.getByRole("button", { name: "升级类目 教师资格" }).click();
    await expect(page.getByTestId("account-notice")).toHaveText("类目已升级：已加入该类目的免费课程");
    await expect(used).toContainText("已是最新");
    await expect(used).toContainText("小学教师资格（科目一）");
  });

  test("an unpaid order expires after 30 minutes: my orders show it expired and the pay page refuses it", async ({ page, sandbox }) => {
    const u = user(3707);
    await signInWithCode(page, sandbox, u.account, "/payment/order?commodityId=5002");
    await expect(page.getByTestId("checkout-pay")).toHaveText("¥399.00");
    await page.getByRole("button", { name: "提交订单" }).click();
    await expect(page.getByTestId("pay-amount")).toHaveText("399.00");
    const orderNo = (await page.getByTestId("pay-order").textContent())!;
    await page.getByRole("button", { name: "取消支付" }).click();
    await page.waitForURL(/\/payment\/result\?orderNo=\d+/);
    await page.goto("/personal/order?parentId=-1&tab=unpaid");
    await expect(page.getByTestId("order-deadline")).toHaveText(/^请在 (?:\d{4}-\d{2}-\d{2} )?\d{2}:\d{2} 前支付$/);

    // 30 minutes later (the sandbox's control API ages the order instead of waiting)
    const aged = await page.request.post(`${sandbox.url}/__sandbox/shop/order/age`, { data: { orderNo, minutes: 30 } });
    expect(aged.ok()).toBe(true);
    await page.goto("/personal/order?parentId=-1");
    await expect(page.getByRole("link", { name: "已过期（1）" })).toBeVisible();
    await expect(page.getByTestId("order").getByTestId("order-status")).toHaveText("已过期");
    await page.getByRole("link", { name: `订单详情 ${orderNo}` }).click();
    await expect(page.getByTestId("order-expired")).toContainText("该订单超过 30 分钟未支付，已自动关闭");
    await expect(page.getByRole("button", { name: "去支付" })).toHaveCount(0);

    // an old link to pay it
    await page.goto(`/payment/pay?orderNo=${orderNo}`);
    await expect(page.getByRole("heading", { name: "无法支付该订单" })).toBeVisible();
    await expect(page.getByTestId("pay-refused")).toHaveText("该订单已超时关闭（下单后 30 分钟内未支付），不能再支付。请重新下单。");
    expect(new URL(page.url()).pathname).toBe("/payment/pay"); // not sent on to the provider
    const wallet = await (await page.request.get(`${sandbox.url}/__sandbox/shop/wallet?userId=${u.id}`)).json();
    expect(wallet).toMatchObject({ balanceCents: 30000, points: 5000 });
  });

  test("WeChat Pay chosen at checkout: the openid check first, WeChat's authorisation, then the provider in WeChat mode", async ({ page, sandbox }) => {
    const u = user(3709);
    await signInWithCode(page, sandbox, u.account, "/payment/order?commodityId=5006");
    await expect(page.getByTestId("checkout-pay")).toHaveText("¥459.00");
    await page.getByRole("radio", { name: "微信支付" }).check();
    await page.getByRole("button", { name: "提交订单" }).click();
    await page.waitForURL(/\/payment\/pay\?orderNo=\d+&payType=wechat$/);
    await expect(page.getByRole("heading", { name: "微信支付" })).toBeVisible();
    await page.getByRole("link", { name: "前往微信授权" }).click();
    await expect(page.getByRole("heading", { name: "微信授权" })).toBeVisible();
    await page.getByRole("button", { name: "允许" }).click();
    await expect(page.getByTestId("pay-method")).toHaveText(/^微信支付（oSBX\*{4}.{4}）$/);
    await expect(page.getByTestId("pay-amount")).toHaveText("459.00");
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.waitForURL(/\/payment\/result\?orderNo=\d+/);
    await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  });

  // One browser for both pages (issue 22); each page's failure is named by its path.
  test("the exchange and category pages: no serious axe violation, nothing wider than 390 px", async ({ page, sandbox }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithCode(page, sandbox, "student01", "/personal/accountcenter/score/exchange");
    for (const path of ["/personal/accountcenter/score/exchange", "/personal/accountcenter/category"]) {
      await visit(page, path);
      await expect.soft(page.locator("main h1").first(), path).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${path}: wider than the screen by`).toBeLessThanOrEqual(0);
      await expectAccessible(page, { name: path });
    }
  });
});
