import type { Page } from "@playwright/test";
import { expectAccessible, visit } from "./axe";
import { expect, signInWithCode, test, toProvider, type Sandbox } from "./support";

// Cart, checkout, payment and orders (issue 16; spec 001 §3, §4, §7; spec 000 §2.2) with JavaScript; the same
// journeys without it are page tests (tests/unit/shop-pages.test.ts, "without JavaScript"; issue 22). The
// journeys buy things, so they use the shop's own seed users (shop01..shop20, ids 2800-2819, mobiles
// 137000028xx; sandbox/src/shop/store.ts): each starts with ¥300.00 balance, 5000 points, the coupons
// 满300减50 and 无门槛10元券 (and an expired one). The page tests take the odd ones of 2811-2815.
const user = (id: number) => ({ id, mobile: `137000${id}`, account: `shop${String(id - 2799).padStart(2, "0")}` });

async function control(page: Page, sandbox: Sandbox, path: string, data: unknown) {
  const res = await page.request.post(`${sandbox.url}/__sandbox${path}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

async function chooseCoupon(page: Page, name: string) {
  const select = page.getByLabel("优惠券");
  const value = await select.locator("option", { hasText: name }).getAttribute("value");
  await select.selectOption(value!);
}

/** Adds from the course page and waits for the form's status. */
async function addFromDetail(page: Page, commodityId: number, name: string, answer = "已加入购物车") {
  await page.goto(`/course/detail/${commodityId}`);
  await page.getByRole("button", { name: `加入购物车: ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: answer })).toBeVisible();
}

test.describe("cart and checkout", () => {
  test.describe.configure({ timeout: 90_000 });
  test("add two courses, remove one, check out with a coupon and points, pay, see the order paid and the course bought", async ({ page, sandbox }) => {
    const u = user(2810);
    await signInWithCode(page, sandbox, u.account, "/course/detail/5002");
    await page.getByRole("button", { name: "加入购物车: 人力资源规划实务" }).click();
    await expect(page.getByRole("status").filter({ hasText: "已加入购物车" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    expect(new URL(page.url()).pathname).toBe("/course/detail/5002"); // no reload, no navigation
    await addFromDetail(page, 5024, "Linux 运维基础");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    // the same add again does not duplicate
    await addFromDetail(page, 5024, "Linux 运维基础");

    await page.goto("/shoppingcart");
    await expect(page.getByTestId("cart-item")).toHaveCount(2);
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await page.getByRole("button", { name: "删除 Linux 运维基础" }).click();
    await expect(page.getByTestId("cart-item")).toHaveCount(1);
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(page.getByTestId("cart-notice")).toHaveText("已删除");

    await page.getByRole("button", { name: "去结算" }).click();
    await page.waitForURL(/\/payment\/order\?cartIds=\d+$/);
    await expect(page.getByTestId("checkout-pay")).toHaveText("¥399.00");
    await chooseCoupon(page, "无门槛10元券");
    await expect(page.getByTestId("checkout-pay")).toHaveText("¥389.00");
    // typed key by key: priced when the field is left, not on every key
    await page.getByLabel(/使用积分/).pressSequentially("500", { delay: 50 });
    await expect(page.getByLabel(/使用积分/)).toHaveValue("500");
    await page.getByLabel(/使用积分/).press("Tab");
    await expect(page.getByTestId("checkout-pay")).toHaveText("¥384.00");
    await expect(page.getByTestId("checkout-summary")).toContainText("积分抵扣（500 积分）");
    await expect(page.getByLabel("优惠券")).toHaveValue(/\d+/); // the coupon kept across the recalculation

    await page.getByRole("button", { name: "提交订单" }).click();
    // the sandbox's payment provider

    await toProvider(page);
    await expect(page.getByTestId("pay-amount")).toHaveText("384.00");
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.waitForURL(/\/payment\/result\?orderNo=\d+/);
    await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
    await expect(page.getByRole("link", { name: "去学习" })).toHaveAttribute("href", "/personal/course/lessons");

    await page.goto("/personal/order?parentId=-1");
    await expect(page.getByRole("link", { name: "已支付（1）" })).toBeVisible();
    await expect(page.getByTestId("order")).toHaveCount(1);
    await expect(page.getByTestId("order").getByTestId("order-status")).toHaveText("已支付");
    await expect(page.getByTestId("order")).toContainText("人力资源规划实务");
    // the cart no longer holds what was bought; buying it again is refused: the course is enrolled
    await page.goto("/shoppingcart");
    await expect(page.getByTestId("cart-item")).toHaveCount(0);
    await addFromDetail(page, 5002, "人力资源规划实务", "您已购买该商品");
    const wallet = await (await page.request.get(`${sandbox.url}/__sandbox/shop/wallet?userId=${u.id}`)).json();
    expect(wallet).toEqual({ userId: u.id, balanceCents: 30000, points: 4500 });
  });

  test("a coupon that expired before paying: the page names it, keeps the cart and the other choices, and offers the corrected total", async ({
    page,
    sandbox,
  }) => {
    const u = user(2812);
    await signInWithCode(page, sandbox, u.account, "/course/detail/5002");
    await page.getByRole("button", { name: "加入购物车: 人力资源规划实务" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await addFromDetail(page, 5006, "培训与开发体系搭建");
    await page.goto("/shoppingcart");
    await page.getByRole("button", { name: "去结算" }).click();
    await page.waitForURL(/\/payment\/order\?cartIds=/);
    await chooseCoupon(page, "满300减50");
    await page.getByLabel(/使用余额/).check();
    // ¥399 + ¥459 - ¥50 coupon - ¥300 balance
    await expect(page.getByTestId("checkout-pay")).toHaveText("¥508.00");

    await control(page, sandbox, "/shop/coupon/expire", { userId: u.id, couponId: 1 });
    await page.getByRole("button", { name: "提交订单" }).click();
    const problems = page.getByTestId("checkout-problems");
    await expect(problems).toContainText("优惠券“满300减50”已过期，已取消使用");
    await expect(problems).toContainText("更正后应付：¥558.00");
    await expect(page.getByTestId("checkout-pay")).toHaveText("¥558.00");
    await expect(page.getByLabel(/使用余额/)).toBeChecked(); // the other choice kept
    await expect(page.getByLabel("优惠券")).toHaveValue("");

    // nothing was taken: the cart is whole, the balance untouched, no order
    const wallet = await (await page.request.get(`${sandbox.url}/__sandbox/shop/wallet?userId=${u.id}`)).json();
    expect(wallet.balanceCents).toBe(30000);
    await page.getByRole("button", { name: "提交订单" }).click();
    await toProvider(page);
    await expect(page.getByTestId("pay-amount")).toHaveText("558.00");
    await page.getByRole("button", { name: "取消支付" }).click();
    await page.waitForURL(/\/payment\/result\?orderNo=/);
    await expect(page.getByTestId("pay-result")).toHaveText("您已取消支付，订单仍可继续支付");
    // cancel the unpaid order in my orders: the balance comes back
    await page.goto("/personal/order?parentId=-1&tab=unpaid");
    await page.getByRole("link", { name: /^订单详情/ }).click();
    await page.getByRole("button", { name: "取消订单" }).click();
    await expect(page.getByTestId("orders-notice")).toHaveText("订单已取消，已退回余额、积分与优惠券");
    await expect(page.getByTestId("order-detail").getByTestId("order-status")).toHaveText("已取消");
    const after = await (await page.request.get(`${sandbox.url}/__sandbox/shop/wallet?userId=${u.id}`)).json();
    expect(after.balanceCents).toBe(30000);
  });

  test("a visitor's add goes to login and comes back with the item added", async ({ page }) => {
    const u = user(2814);
    await page.goto("/course/detail/5002");
    await page.getByRole("button", { name: "加入购物车: 人力资源规划实务" }).click();
    await page.waitForURL(/\/join\/login\?backUrl=/);
    await page.getByLabel("账号").fill(u.account);
    await page.getByLabel("密码", { exact: true }).fill("Passw0rd!");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(/\/shoppingcart\?notice=added$/);
    await expect(page.getByTestId("cart-item")).toHaveCount(1);
    await expect(page.getByTestId("cart-item")).toContainText("人力资源规划实务");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
  });

  test("a double click on 'place order' makes one order", async ({ page, sandbox }) => {
    const u = user(2816);
    await signInWithCode(page, sandbox, u.account, "/payment/order?commodityId=5002");
    await expect(page.getByTestId("checkout-pay")).toHaveText("¥399.00");
    await page.getByRole("button", { name: "提交订单" }).dblclick();
    await toProvider(page);
    await expect(page.getByTestId("pay-amount")).toHaveText("399.00");
    await page.goto("/personal/order?parentId=-1");
    await expect(page.getByTestId("order")).toHaveCount(1);
  });

  // one browser context for the three pages (issue 22): each check soft and named by its page
  test("the cart, checkout and orders pages: no serious axe violation, nothing wider than 390 px", async ({ page, sandbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithCode(page, sandbox, "student01", "/shoppingcart");
    for (const path of ["/shoppingcart", "/payment/order?commodityId=5009", "/personal/order?parentId=-1"]) {
      await visit(page, path);
      await expect(page.locator("main h1").first(), path).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${path} overflows`).toBeLessThanOrEqual(0);
      await expectAccessible(page, { name: path });
    }
  });
});
