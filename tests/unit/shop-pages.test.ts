import { describe, expect, it } from "vitest";
import { byTestId, formBrowser, LOCAL_ORIGIN as ORIGIN, text, usePortal, type Client, type Page } from "./portal";
import { linkHref, testText, testTexts } from "./pages/nojs";

// Cart, checkout and orders through the built server's handler against the in-process sandbox (issue 16):
// the double-submit guard, the visitor's signed add, malformed input answered with a 4xx, the 303s.
const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });

const browser = () => formBrowser(ctx);

async function loggedIn(account: string) {
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
  const b = browser();
  expect((await b.get(`/home/index?token=${token}`)).status).toBe(302);
  return b;
}

const hidden = (html: string, name: string) => [...html.matchAll(new RegExp(`name="${name}" value="([^"]*)"`, "g"))].map((m) => m[1]!);
const countOrders = async (account: string) => {
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
  const res = await fetch(`${ctx.sandbox.url}/s/api/saas-business/v1/payOrder/countUserOrderStatus?domain=localhost`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { all: number } }).data.all;
};

describe("checkout: the double-submit guard", () => {
  it("two posts of the same order form (a double click) make one order and both go to its payment", async () => {
    const b = await loggedIn("shop08");
    const html = await b.page("/payment/order?commodityId=5002&points=100");
    const fields: Array<[string, string]> = ["idempotencyKey", "expectedPayCents", "userCouponId", "points", "useBalance", "cardCode", "seen"].flatMap((name) =>
      hidden(html, name).map((v): [string, string] => [name, v]),
    );
    expect(hidden(html, "expectedPayCents")).toEqual(["39800"]);
    const [a, c] = await Promise.all([
      b.post("/payment/order?commodityId=5002&points=100", fields),
      b.post("/payment/order?commodityId=5002&points=100", fields),
    ]);
    expect([a.status, c.status]).toEqual([303, 303]);
    expect(a.headers.get("Location")).toMatch(/^\/payment\/pay\?orderNo=\d+$/);
    expect(c.headers.get("Location")).toBe(a.headers.get("Location"));
    expect(await countOrders("shop08")).toBe(1);
    // a new render has a new key: a deliberate second order is possible
    const again = await b.page("/payment/order?commodityId=5006");
    expect(hidden(again, "idempotencyKey")[0]).not.toBe(hidden(html, "idempotencyKey")[0]);
  });

  it("malformed order forms and addresses are 400s, never a 500, and make no order", async () => {
    const b = await loggedIn("shop09");
    await b.page("/payment/order?commodityId=5002");
    expect(
      (
        await b.post("/payment/order?commodityId=5002", [
          ["idempotencyKey", "x"],
          ["expectedPayCents", "1"],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await b.post("/payment/order?commodityId=5002", [
          ["idempotencyKey", "abcdefgh1234"],
          ["expectedPayCents", "-5"],
        ])
      ).status,
    ).toBe(400);
    expect((await b.get("/payment/order?commodityId=abc")).status).toBe(400);
    expect((await b.get("/payment/order?cartIds=1,,2")).status).toBe(400);
    expect(
      (
        await b.post("/shoppingcart", [
          ["intent", "add"],
          ["commodityId", "5002x"],
        ])
      ).status,
    ).toBe(400);
    expect(await countOrders("shop09")).toBe(0);
  });
});

describe("cart (spec 001 section 7)", () => {
  it("add, the same add again, remove: plain posts answered with a 303; the list holds one row per commodity", async () => {
    const b = await loggedIn("shop10");
    await b.page("/shoppingcart");
    for (let i = 0; i < 2; i++) {
      const res = await b.post("/shoppingcart", [
        ["intent", "add"],
        ["commodityId", "5002"],
        ["commodityType", "1"],
      ]);
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/shoppingcart?notice=added");
    }
    const html = await b.page("/shoppingcart");
    expect(html.match(/data-testid="cart-item"/g)).toHaveLength(1);
    const id = /name="cartId"[^>]*value="(\d+)"/.exec(html)![1]!;
    const js = await b.post("/shoppingcart", [
      ["removeId", id],
      ["_js", "1"],
    ]);
    // a fetcher's post is answered with data, not a redirect (the page stays, the badge follows)
    expect(js.status).toBe(200);
    expect(await b.page("/shoppingcart")).toContain("购物车是空的");
  });

  it("a remove with a forged row id is a clean 400 and removes nothing (the schema refuses it; the other ticked rows used to go)", async () => {
    const b = await loggedIn("shop10");
    await b.page("/shoppingcart");
    await b.post("/shoppingcart", [
      ["intent", "add"],
      ["commodityId", "5002"],
      ["commodityType", "1"],
    ]);
    const id = /name="cartId"[^>]*value="(\d+)"/.exec(await b.page("/shoppingcart"))![1]!;
    const forged = await b.post("/shoppingcart", [
      ["intent", "remove"],
      ["cartId", id],
      ["cartId", "x"],
    ]);
    expect(forged.status).toBe(400);
    expect((await b.page("/shoppingcart")).match(/data-testid="cart-item"/g)).toHaveLength(1);
  });

  it("a visitor's add goes to login with a way back signed for this browser; a forged or other browser's way back adds nothing", async () => {
    const visitor = browser();
    await visitor.page("/course/detail/5002");
    const res = await visitor.post("/shoppingcart", [
      ["intent", "add"],
      ["commodityId", "5006"],
      ["commodityType", "1"],
    ]);
    expect(res.status).toBe(303);
    const login = new URL(res.headers.get("Location")!, ORIGIN);
    expect(login.pathname).toBe("/join/login");
    const back = login.searchParams.get("backUrl")!;
    expect(back).toMatch(/^\/shoppingcart\?add=5006&type=1&sig=[\w-]{32}$/);

    // another browser (another clientId) logged in, following the same link: nothing added
    const other = await loggedIn("shop17");
    expect((await other.get(back)).headers.get("Location")).toBe("/shoppingcart");
    expect(await other.page("/shoppingcart")).not.toContain('data-testid="cart-item"');
    // a forged signature: nothing added
    expect((await other.get("/shoppingcart?add=5006&type=1&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).headers.get("Location")).toBe("/shoppingcart");
  });
});

describe("orders (spec 001 section 7 Orders)", () => {
  it("lists with the status counts as tabs; cancel is a 303 back with the notice; a stranger's order is a 404", async () => {
    const b = await loggedIn("student01");
    const html = (await b.page("/personal/order?parentId=-1")).replace(/<!-- -->/g, "");
    for (const tab of ["全部（3）", "待支付（1）", "已支付（1）", "已取消（1）"]) expect(html).toContain(tab);
    const res = await b.post("/personal/order?parentId=-1&index", [
      ["intent", "cancel"],
      ["orderNo", "202511200003"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/personal/order?parentId=-1&orderNo=202511200003&notice=cancelled");
    const after = (await b.page("/personal/order?parentId=-1")).replace(/<!-- -->/g, "");
    expect(after).toContain("已取消（2）");
    const stranger = await loggedIn("shop18");
    expect((await stranger.get("/personal/order?parentId=-1&orderNo=202511200003")).status).toBe(404);
    await stranger.page("/personal/order?parentId=-1");
    expect(
      (
        await stranger.post("/personal/order?parentId=-1&index", [
          ["intent", "cancel"],
          ["orderNo", "../x"],
        ])
      ).status,
    ).toBe(400);
  });
});

describe("before buying (spec 001 section 7 Misc: COMPANY_BUY_CHECK; decision 028)", () => {
  it("status 2 sends a student with incomplete information to the complete-information dialog (scene 2) and back", async () => {
    await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 2 });
    const b = await loggedIn("shop19");
    const res = await b.get("/payment/order?commodityId=5002&points=10");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/info/complete?scene=2&backUrl=${encodeURIComponent("/payment/order?commodityId=5002&points=10")}`);
    // student01's information is complete: the checkout opens
    const done = await loggedIn("student01");
    expect((await done.get("/payment/order?commodityId=5002")).status).toBe(200);
  });

  it("status 3 suggests completing it; status 4 closes buying: no order button", async () => {
    await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 3 });
    const b = await loggedIn("shop20");
    const soft = (await b.page("/payment/order?commodityId=5002")).replace(/<!-- -->/g, "");
    expect(soft).toContain("建议先完善个人信息再购买。");
    expect(soft).toContain(`href="/info/complete?scene=2&amp;backUrl=${encodeURIComponent("/payment/order?commodityId=5002")}"`);
    expect(soft).toContain(">提交订单</button>");
    await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 4 });
    const closed = await b.page("/payment/order?commodityId=5002");
    expect(closed).toContain("暂未开放在线购买，请联系学校。");
    expect(closed).not.toContain(">提交订单</button>");
  });

  it("a product with an agreement needs the box ticked (required; the upstream refuses without it)", async () => {
    const b = await loggedIn("shop15");
    const html = await b.page("/payment/order?commodityId=5009");
    expect(html).toMatch(/<input (?:class="check" )?id="agreeProtocol" name="agreeProtocol" type="checkbox" required=""/);
    expect(html).toContain('href="/agreement/check/0/9001?backUrl=%2Fpayment%2Forder%3FcommodityId%3D5009"');
    const fields: Array<[string, string]> = ["idempotencyKey", "expectedPayCents", "userCouponId", "points", "useBalance", "cardCode", "seen"].flatMap((name) =>
      hidden(html, name).map((v): [string, string] => [name, v]),
    );
    const refused = await b.post("/payment/order?commodityId=5009", fields);
    expect(refused.status).toBe(400);
    const ok = await b.post("/payment/order?commodityId=5009", [...fields, ["agreeProtocol", "on"]]);
    expect(ok.status).toBe(303);
  });

  it("the course list's paid courses have an add-to-cart form; free ones do not", async () => {
    const b = await loggedIn("shop16");
    const html = await b.page("/course/list");
    expect(html).toContain('aria-label="加入购物车: 人力资源管理师（三级）精讲班"');
    expect(html).not.toContain('aria-label="加入购物车: 劳动法律法规精讲"');
  });
});

describe("recoverable checkout (issue 16)", () => {
  it("a price change and a sold-out item between cart and payment: both named, the corrected total offered, the cart kept", async () => {
    const b = await loggedIn("shop14");
    await b.page("/shoppingcart");
    for (const id of ["5002", "5006", "5024"])
      await b.post("/shoppingcart", [
        ["intent", "add"],
        ["commodityId", id],
        ["commodityType", "1"],
      ]);
    const cart = await b.page("/shoppingcart");
    const ids = [...cart.matchAll(/name="cartId"[^>]*value="(\d+)"/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(3);
    const address = `/payment/order?cartIds=${ids.join("%2C")}`;
    const html = await b.page(address);
    expect(hidden(html, "expectedPayCents")).toEqual(["125700"]); // 399 + 459 + 399
    const fields: Array<[string, string]> = ["idempotencyKey", "expectedPayCents", "userCouponId", "points", "useBalance", "cardCode", "seen"].flatMap((name) =>
      hidden(html, name).map((v): [string, string] => [name, v]),
    );

    await ctx.sandbox.control("POST", "/shop/commodity", { commodityType: 1, commodityId: 5002, priceCents: 45900 });
    await ctx.sandbox.control("POST", "/shop/commodity", { commodityType: 1, commodityId: 5006, soldOut: true });
    const res = await b.post(address, fields);
    expect(res.status).toBe(200);
    const page = (await res.text()).replace(/<!-- -->/g, "");
    expect(page).toContain("《人力资源规划实务》价格已从 ¥399.00 变为 ¥459.00");
    expect(page).toContain("《培训与开发体系搭建》已下架，已从本次订单中移除（仍保留在购物车）");
    expect(page).toContain("更正后应付：¥858.00");
    expect(hidden(page, "expectedPayCents")).toEqual(["85800"]);
    expect(await countOrders("shop14")).toBe(0);
    expect((await b.page("/shoppingcart")).match(/data-testid="cart-item"/g)).toHaveLength(3);

    // the corrected order goes through; the sold-out item stays in the cart
    const corrected = await b.page(address);
    const again: Array<[string, string]> = ["idempotencyKey", "expectedPayCents", "userCouponId", "points", "useBalance", "cardCode", "seen"].flatMap((name) =>
      hidden(corrected, name).map((v): [string, string] => [name, v]),
    );
    const placed = await b.post(address, again);
    expect(placed.status).toBe(303);
    expect(placed.headers.get("Location")).toMatch(/^\/payment\/pay\?orderNo=/);
    const left = await b.page("/shoppingcart");
    expect(left.match(/data-testid="cart-item"/g)).toHaveLength(1);
    expect(left).toContain("培训与开发体系搭建");
  });
});

describe("paying an unpaid order (spec 001 section 7 Orders)", () => {
  it("'pay' in my orders goes to the pay page, which goes on to the provider (meta refresh and link); a paid order goes to its result", async () => {
    const b = await loggedIn("student01");
    await b.page("/personal/order?parentId=-1&orderNo=202511200003");
    const res = await b.post("/personal/order?parentId=-1&index", [
      ["intent", "pay"],
      ["orderNo", "202511200003"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/payment/pay?orderNo=202511200003");
    const pay = await b.page("/payment/pay?orderNo=202511200003");
    const payUrl = `${ctx.sandbox.url}/__pay/202511200003`;
    expect(pay).toContain(`<meta http-equiv="refresh" content="0;url=${payUrl}"/>`);
    expect(pay).toContain(`href="${payUrl}"`);
    const provider = await fetch(payUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "action=pay",
    });
    expect(provider.status).toBe(303);
    expect(provider.headers.get("location")).toBe(`${ORIGIN}/payment/result?orderNo=202511200003`);
    const paidPay = await b.get("/payment/pay?orderNo=202511200003");
    expect(paidPay.status).toBe(302);
    expect(paidPay.headers.get("Location")).toBe("/payment/result?orderNo=202511200003");
    expect((await b.page("/payment/result?orderNo=202511200003")).replace(/<!-- -->/g, "")).toContain("支付成功");
    expect((await b.get("/payment/result?orderNo=999")).status).toBe(404);
  });
});

// ---- without JavaScript: the `no-js` runs of tests/e2e/shop.test.ts, moved here (issue 22). The shop's own
// seed users the no-js project had (shop12, shop14, shop16; ids 2811, 2813, 2815; sandbox/src/shop/store.ts).
describe("cart and checkout without JavaScript (tests/e2e/shop.test.ts's no-js runs)", () => {
  const wallet = (userId: number) => ctx.sandbox.control<{ userId: number; balanceCents: number; points: number }>("GET", `/shop/wallet?userId=${userId}`);
  const checked = (page: Page, label: string) => page.form({ button: "重新计算" }).controls.find((c) => c.labels.some((l) => l.startsWith(label)))?.checked;
  /** The value of the coupon option whose text has `name` (as `locator("option", { hasText })`). */
  const coupon = (page: Page, name: string) =>
    page
      .form({ button: "重新计算" })
      .controls.find((c) => c.labels.includes("优惠券"))!
      .options.find((o) => o.text.includes(name))!.value;
  /** The course page's add-to-cart form, posted: the cart page with the notice. */
  const addFromDetail = async (browser: Client, commodityId: number, name: string) => {
    const detail = await browser.get(`/course/detail/${commodityId}`);
    return detail.form({ button: `加入购物车: ${name}` }).submit({ button: `加入购物车: ${name}` });
  };

  it("add two courses, remove one, check out with a coupon and points, pay, see the order paid and the course bought", async () => {
    const browser = ctx.portal.client({ offsite: true });
    const detail = await browser.signIn(ctx.portal, "shop12", "/course/detail/5002");
    const added = await detail.form({ button: "加入购物车: 人力资源规划实务" }).submit({ button: "加入购物车: 人力资源规划实务" });
    expect(added.url).toMatch(/\/shoppingcart\?notice=added$/);
    expect(testText(await addFromDetail(browser, 5024, "Linux 运维基础"), "cart-notice")).toBe("已加入购物车");
    // the same add again does not duplicate
    expect(testText(await addFromDetail(browser, 5024, "Linux 运维基础"), "cart-notice")).toBe("已加入购物车");

    let cart = await browser.get("/shoppingcart");
    expect(testTexts(cart, "cart-item")).toHaveLength(2);
    expect(testText(cart, "cart-badge")).toBe("2");
    cart = await cart.form({ button: "删除 Linux 运维基础" }).submit({ button: "删除 Linux 运维基础" });
    expect(testTexts(cart, "cart-item")).toHaveLength(1);
    expect(testText(cart, "cart-badge")).toBe("1");
    expect(testText(cart, "cart-notice")).toBe("已删除");

    let checkout = await cart.form({ button: "去结算" }).submit({ button: "去结算" });
    expect(checkout.url).toMatch(/\/payment\/order\?cartIds=\d+$/);
    expect(testText(checkout, "checkout-pay")).toBe("¥399.00");
    checkout = await checkout
      .form({ button: "重新计算" })
      .fill({ 优惠券: coupon(checkout, "无门槛10元券") })
      .submit({ button: "重新计算" });
    expect(testText(checkout, "checkout-pay")).toBe("¥389.00");
    checkout = await checkout.form({ button: "重新计算" }).fill({ 使用积分: "500" }).submit({ button: "重新计算" });
    expect(testText(checkout, "checkout-pay")).toBe("¥384.00");
    expect(testText(checkout, "checkout-summary")).toContain("积分抵扣（500 积分）");
    expect(checkout.form({ button: "重新计算" }).value("优惠券")).toMatch(/\d+/); // the coupon kept across the recalculation

    // the sandbox's payment provider
    const provider = await checkout.form({ button: "提交订单" }).submit({ button: "提交订单" });
    expect(testText(provider, "pay-amount")).toBe("384.00");
    const result = await provider.form({ button: "确认支付" }).submit({ button: "确认支付" });
    expect(result.url).toMatch(/\/payment\/result\?orderNo=\d+/);
    expect(testText(result, "pay-result")).toBe("支付成功");
    expect(linkHref(result, "去学习")).toBe("/personal/course/lessons");

    const orders = await browser.get("/personal/order?parentId=-1");
    expect(linkHref(orders, "已支付（1）")).toBeDefined();
    expect(testTexts(orders, "order")).toHaveLength(1);
    expect(testText(orders, "order-status")).toBe("已支付");
    expect(testText(orders, "order")).toContain("人力资源规划实务");
    // the cart no longer holds what was bought; buying it again is refused: the course is enrolled
    expect(testTexts(await browser.get("/shoppingcart"), "cart-item")).toHaveLength(0);
    expect(testText(await addFromDetail(browser, 5002, "人力资源规划实务"), "cart-notice")).toBe("您已购买该商品");
    expect(await wallet(2811)).toEqual({ userId: 2811, balanceCents: 30000, points: 4500 });
  });

  it("a coupon that expired before paying: the page names it, keeps the cart and the other choices, and offers the corrected total", async () => {
    const browser = ctx.portal.client({ offsite: true });
    const detail = await browser.signIn(ctx.portal, "shop14", "/course/detail/5002");
    await detail.form({ button: "加入购物车: 人力资源规划实务" }).submit({ button: "加入购物车: 人力资源规划实务" });
    await addFromDetail(browser, 5006, "培训与开发体系搭建");
    const cart = await browser.get("/shoppingcart");
    let checkout = await cart.form({ button: "去结算" }).submit({ button: "去结算" });
    expect(checkout.url).toMatch(/\/payment\/order\?cartIds=/);
    checkout = await checkout
      .form({ button: "重新计算" })
      .fill({ 优惠券: coupon(checkout, "满300减50"), 使用余额: true })
      .submit({ button: "重新计算" });
    // ¥399 + ¥459 - ¥50 coupon - ¥300 balance
    expect(testText(checkout, "checkout-pay")).toBe("¥508.00");

    await ctx.sandbox.control("POST", "/shop/coupon/expire", { userId: 2813, couponId: 1 });
    const refused = await checkout.form({ button: "提交订单" }).submit({ button: "提交订单" });
    expect(testText(refused, "checkout-problems")).toContain("优惠券“满300减50”已过期，已取消使用");
    expect(testText(refused, "checkout-problems")).toContain("更正后应付：¥558.00");
    expect(testText(refused, "checkout-pay")).toBe("¥558.00");
    expect(checked(refused, "使用余额")).toBe(true); // the other choice kept
    expect(refused.form({ button: "重新计算" }).value("优惠券")).toBe("");

    // nothing was taken: the cart is whole, the balance untouched, no order
    expect((await wallet(2813)).balanceCents).toBe(30000);
    const provider = await refused.form({ button: "提交订单" }).submit({ button: "提交订单" });
    expect(testText(provider, "pay-amount")).toBe("558.00");
    const result = await provider.form({ button: "取消支付" }).submit({ button: "取消支付" });
    expect(result.url).toMatch(/\/payment\/result\?orderNo=/);
    expect(testText(result, "pay-result")).toBe("您已取消支付，订单仍可继续支付");
    // cancel the unpaid order in my orders: the balance comes back
    const unpaid = await browser.get("/personal/order?parentId=-1&tab=unpaid");
    const order = await browser.get(linkHref(unpaid, /^订单详情/)!);
    const cancelled = await order.form({ button: "取消订单" }).submit({ button: "取消订单" });
    expect(testText(cancelled, "orders-notice")).toBe("订单已取消，已退回余额、积分与优惠券");
    expect(text(byTestId(byTestId(cancelled.html, "order-detail") ?? "", "order-status") ?? "")).toBe("已取消");
    expect((await wallet(2813)).balanceCents).toBe(30000);
  });

  it("a visitor's add goes to login and comes back with the item added", async () => {
    const browser = ctx.portal.client();
    const detail = await browser.get("/course/detail/5002");
    const login = await detail.form({ button: "加入购物车: 人力资源规划实务" }).submit({ button: "加入购物车: 人力资源规划实务" });
    expect(login.url).toMatch(/\/join\/login\?backUrl=/);
    const cart = await login.form({ button: "登录" }).fill({ 账号: "shop16", 密码: "Passw0rd!" }).submit({ button: "登录" });
    expect(cart.url).toMatch(/\/shoppingcart\?notice=added$/);
    expect(testTexts(cart, "cart-item")).toHaveLength(1);
    expect(testText(cart, "cart-item")).toContain("人力资源规划实务");
    expect(testText(cart, "cart-badge")).toBe("1");
  });
});
