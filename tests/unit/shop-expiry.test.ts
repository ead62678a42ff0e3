import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "./sandbox";

// Unpaid orders close after 30 minutes (decision 038; the spec shows no expiry): status 4, and what the
// order took (balance, points, coupon) goes back in the same transaction. The sandbox has no timer: every
// order call closes what is due first. The control API ages an order instead of waiting.
describe("unpaid orders expire (decision 038)", () => {
  let sandbox: TestSandbox;
  let seq = 0;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    await sandbox.control("POST", "/reset");
  });

  const tokenOf = async (account: string) => (await sandbox.control<{ token: string }>("POST", "/tokens", { account })).token;
  async function call<T = unknown>(token: string, method: string, path: string, body?: unknown) {
    const res = await fetch(`${sandbox.url}/s/api/saas-business${path}${path.includes("?") ? "&" : "?"}domain=localhost&schoolId=1`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: string; message: string; data: T };
  }
  const wallet = (userId: number) => sandbox.control<{ balanceCents: number; points: number }>("GET", `/shop/wallet?userId=${userId}`);
  const age = (orderNo: string, minutes: number) => sandbox.control("POST", "/shop/order/age", { orderNo, minutes });

  async function placeOrder(token: string) {
    const p = await call<{ coupons: Array<{ id: number; couponId: number }>; priced: { payCents: number } }>(token, "POST", "/v1/payOrder/preview", {
      items: [{ commodityType: 1, commodityId: 5002 }],
      points: 300,
      useBalance: true,
    });
    const coupon = p.data.coupons.find((c) => c.couponId === 2)!;
    const created = await call<{ orderNo: string; payCents: number }>(token, "POST", "/definePayOrderCart/createOrder", {
      items: [{ commodityType: 1, commodityId: 5002 }],
      userCouponId: coupon.id,
      points: 300,
      useBalance: true,
      idempotencyKey: `expiry-${++seq}-${Date.now()}`,
    });
    expect(created.code).toBe("1");
    return { orderNo: created.data.orderNo, couponId: coupon.id };
  }

  it("an order 29 minutes old is still payable; at 30 minutes it is closed, counted as expired, and gives back balance, points and coupon", async () => {
    const token = await tokenOf("shop03");
    const { orderNo, couponId } = await placeOrder(token);
    // ¥399 - ¥10 coupon - 300 points = ¥386; all ¥300 of the balance taken, ¥86 left to pay
    expect(await wallet(2802)).toMatchObject({ balanceCents: 0, points: 4700 });
    await age(orderNo, 29);
    let order = await call<{ status: number; createdAt: number; expiresAt: number }>(token, "GET", `/v1/payOrder/findOrderById?orderNo=${orderNo}`);
    expect(order.data.status).toBe(1);
    expect(order.data.expiresAt - order.data.createdAt).toBe(30 * 60_000);
    await age(orderNo, 1);
    order = await call(token, "GET", `/v1/payOrder/findOrderById?orderNo=${orderNo}`);
    expect(order.data.status).toBe(4);
    expect(await wallet(2802)).toMatchObject({ balanceCents: 30000, points: 5000 });
    const counts = await call<Record<string, number>>(token, "GET", "/v1/payOrder/countUserOrderStatus");
    expect(counts.data).toMatchObject({ all: 1, unpaid: 0, expired: 1 });
    // the coupon is usable again
    const again = await call<{ coupons: Array<{ id: number; usable: boolean }> }>(token, "POST", "/v1/payOrder/preview", {
      items: [{ commodityType: 1, commodityId: 5002 }],
    });
    expect(again.data.coupons.find((c) => c.id === couponId)!.usable).toBe(true);
  });

  it("an expired order cannot be paid, at the pay call (160022) or at the provider, nor cancelled; the money comes back once", async () => {
    const token = await tokenOf("shop04");
    const { orderNo } = await placeOrder(token);
    await age(orderNo, 31);
    // nobody looked at it yet: the provider's page is the first to, and closes it
    const page = await fetch(`${sandbox.url}/__pay/${orderNo}`);
    expect(await page.text()).toContain("订单状态：已过期");
    const pay = await call(token, "POST", "/v1/payOrder/pay", { orderNo, returnUrl: "http://localhost:3000/payment/result" });
    expect(pay).toMatchObject({ code: "160022", message: "订单已超时关闭，请重新下单" });
    const notify = await fetch(`${sandbox.url}/__pay/${orderNo}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "pay" }),
    });
    expect(await notify.text()).toContain("notUnpaid");
    expect((await call(token, "GET", `/v1/payOrder/abolishOrder?orderNo=${orderNo}`)).code).toBe("160019");
    expect(await wallet(2803)).toMatchObject({ balanceCents: 30000, points: 5000 });
    const ledger = await call<{ list: Array<{ reason: string }> }>(token, "GET", "/v1/account/get/point/list");
    expect(ledger.data.list.filter((r) => r.reason === "order expired")).toHaveLength(1);
  });

  it("the seeded unpaid order of student01 is payable (placed 5 minutes before the seed)", async () => {
    const token = await tokenOf("student01");
    const order = await call<{ status: number }>(token, "GET", "/v1/payOrder/findOrderById?orderNo=202511200003");
    expect(order.data.status).toBe(1);
  });
});
