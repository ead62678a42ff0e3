import { describe, expect, it } from "vitest";
import { h1, usePortal } from "../portal";
import { linkHref, testText, testTexts } from "./nojs";

/**
 * The user centre (decision 038) as a browser without JavaScript walks it: the `no-js` re-runs of
 * tests/e2e/usercentre.test.ts, moved here (issue 22). Its own seed users uc01..uc20 (ids 3700-3719).
 */

const ctx = usePortal();

const account = (id: number) => `uc${String(id - 3699).padStart(2, "0")}`;

describe("user centre without JavaScript", () => {
  it("exchange points for a course, then upgrade its category with the free courses", async () => {
    const browser = ctx.portal.client({ offsite: true });
    const score = await browser.signIn(ctx.portal, account(3706), "/personal/accountcenter/score");
    const exchange = await browser.get(linkHref(score, "积分兑换商品") ?? "no link");
    expect(exchange.url).toMatch(/^\/personal\/accountcenter\/score\/exchange$/);
    expect(testText(exchange, "exchange-points")).toBe("5000");
    const done = await exchange.form({ button: "普通话水平测试辅导（课程）" }).submit({ button: /兑换\s*普通话水平测试辅导（课程）/ });
    expect(testText(done, "account-notice")).toBe("兑换成功");
    expect(testText(done, "exchange-points")).toBe("500");
    expect(testText(done, "exchanges")).toContain("普通话水平测试辅导（课程）");
    // the course is mine now: no second exchange
    expect(() => done.form({ button: "普通话水平测试辅导（课程）" })).toThrow(/no form/);
    const category = await browser.get(linkHref(done, "我的类目") ?? "no link");
    expect(category.url).toMatch(/^\/personal\/accountcenter\/category$/);
    const used = testTexts(category, "category-used-item");
    expect(used).toHaveLength(1);
    expect(used[0]).toContain("教师资格");
    expect(used[0]).toContain("可升级：加入本类目免费课程 小学教师资格（科目一）");
    const upgraded = await category.form({ button: "教师资格" }).submit({ button: /升级类目\s*教师资格/ });
    expect(testText(upgraded, "account-notice")).toBe("类目已升级：已加入该类目的免费课程");
    expect(testTexts(upgraded, "category-used-item")[0]).toContain("已是最新");
    expect(testTexts(upgraded, "category-used-item")[0]).toContain("小学教师资格（科目一）");
  });

  it("an unpaid order expires after 30 minutes: my orders show it expired and the pay page refuses it", async () => {
    const browser = ctx.portal.client({ offsite: true });
    const order = await browser.signIn(ctx.portal, account(3708), "/payment/order?commodityId=5002");
    expect(testText(order, "checkout-pay")).toBe("¥399.00");
    const provider = await order.form({ button: "提交订单" }).submit({ button: "提交订单" });
    expect(testText(provider, "pay-amount")).toBe("399.00");
    const orderNo = testText(provider, "pay-order");
    const result = await provider.form({ button: "取消支付" }).submit({ button: "取消支付" });
    expect(result.url).toMatch(/^\/payment\/result\?orderNo=\d+/);
    const unpaid = await browser.get("/personal/order?parentId=-1&tab=unpaid");
    expect(testText(unpaid, "order-deadline")).toMatch(/^请在 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 前支付$/);
    // 30 minutes later (the sandbox's control API ages the order instead of waiting)
    await ctx.portal.sandbox.control("POST", "/shop/order/age", { orderNo, minutes: 30 });
    const orders = await browser.get("/personal/order?parentId=-1");
    expect(linkHref(orders, "已过期（1）")).toBeDefined();
    expect(testText(orders, "order-status")).toBe("已过期");
    const detail = await browser.get(linkHref(orders, `订单详情 ${orderNo}`) ?? "no link");
    expect(testText(detail, "order-expired")).toContain("该订单超过 30 分钟未支付，已自动关闭");
    expect(() => detail.form({ button: "去支付" })).toThrow(/no form/);
    // an old link to pay it
    const refused = await browser.get(`/payment/pay?orderNo=${orderNo}`);
    expect(h1(refused.html)).toBe("无法支付该订单");
    expect(testText(refused, "pay-refused")).toBe("该订单已超时关闭（下单后 30 分钟内未支付），不能再支付。请重新下单。");
    expect(new URL(refused.url, "http://x").pathname).toBe("/payment/pay"); // not sent on to the provider
    expect(await ctx.portal.sandbox.control("GET", "/shop/wallet?userId=3708")).toMatchObject({ balanceCents: 30000, points: 5000 });
  });
});
