import { describe, expect, it } from "vitest";
import { formBrowser, LOCAL_ORIGIN as ORIGIN, usePortal } from "./portal";

// Decision 038 through the built server's handler: an expired order in my orders and on the pay page
// (refused with the reason), WeChat Pay's openid check (check/openid), and the shop's codes 160012 / 160013
// in the page's language.
const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });
const browser = () => formBrowser(ctx, { stripTextSeparators: true });

async function loggedIn(account: string) {
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
  const b = browser();
  expect((await b.get(`/home/index?token=${token}`)).status).toBe(302);
  return b;
}
const hidden = (html: string, name: string) => [...html.matchAll(new RegExp(`name="${name}" value="([^"]*)"`, "g"))].map((m) => m[1]!);
const ORDERS = "/personal/order?parentId=-1";
const SEEDED = "202511200003"; // student01's unpaid order, placed 5 minutes before the seed

describe("expired orders (decision 038)", () => {
  it("an unpaid order shows when it must be paid; once expired: its tab, its label, the note, no pay or cancel form", async () => {
    const b = await loggedIn("student01");
    const unpaid = await b.page(`${ORDERS}&tab=unpaid`);
    // with its date, today too (issue 39 §6)
    expect(unpaid).toMatch(/data-testid="order-deadline">请在 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 前支付</);
    expect(unpaid).toMatch(/下单时间：?\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(unpaid).toMatch(/class="inline-flex min-h-8 items-center[^"]*"[^>]*aria-label="订单详情 /);
    expect(unpaid).toContain("已过期（0）");
    await ctx.sandbox.control("POST", "/shop/order/age", { orderNo: SEEDED, minutes: 30 });
    const list = await b.page(ORDERS);
    expect(list).toContain("待支付（0）");
    expect(list).toContain("已过期（1）");
    const expiredTab = await b.page(`${ORDERS}&tab=expired`);
    expect(expiredTab.match(/data-testid="order"/g)).toHaveLength(1);
    expect(expiredTab).toContain('data-testid="order-status">已过期<');
    expect(expiredTab).not.toContain("order-deadline");
    const detail = await b.page(`${ORDERS}&orderNo=${SEEDED}`);
    expect(detail).toContain("该订单超过 30 分钟未支付，已自动关闭");
    expect(detail).not.toContain('value="pay"');
    expect(detail).not.toContain(">取消订单<");
    const en = await b.page(`${ORDERS}&tab=expired&lng=en`);
    expect(en).toContain("Expired (1)");
  });

  it("the pay page refuses an expired order with the reason (409) and does not go to the provider; 'pay' from my orders ends there too", async () => {
    const b = await loggedIn("student01");
    await ctx.sandbox.control("POST", "/shop/order/age", { orderNo: SEEDED, minutes: 45 });
    await b.page(ORDERS);
    const posted = await b.post(`${ORDERS}&index`, [
      ["intent", "pay"],
      ["orderNo", SEEDED],
    ]);
    expect(posted.headers.get("Location")).toBe(`/payment/pay?orderNo=${SEEDED}`);
    const res = await b.get(`/payment/pay?orderNo=${SEEDED}`);
    expect(res.status).toBe(409);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toContain('data-testid="pay-refused">该订单已超时关闭（下单后 30 分钟内未支付），不能再支付。请重新下单。<');
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html).toContain("<title>无法支付该订单</title>");
    expect(html).not.toContain("/__pay/");
    const requests = await ctx.sandbox.control<Array<{ path: string }>>("GET", "/requests?path=payOrder%2Fpay");
    expect(requests.filter((r) => r.path.endsWith("/v1/payOrder/pay"))).toEqual([]);
    const result = await b.page(`/payment/result?orderNo=${SEEDED}`);
    expect(result).toContain('data-testid="pay-result">订单已超时关闭<');
    expect(result).not.toContain('value="pay"');
    const en = await b.get(`/payment/pay?orderNo=${SEEDED}&lng=en`);
    expect(await en.text()).toContain("not paid within 30 minutes");
  });

  it("an order 29 minutes old still goes to the provider", async () => {
    const b = await loggedIn("student01");
    // 29 minutes before now, whatever the seed's own time (the template can be up to 5 minutes old)
    await ctx.sandbox.control("POST", "/shop/order/age", { orderNo: SEEDED, minutesOld: 29 });
    const html = await b.page(`/payment/pay?orderNo=${SEEDED}`);
    expect(html).toContain(`content="0;url=${ctx.sandbox.url}/__pay/${SEEDED}"`);
  });
});

describe("WeChat Pay: check/openid first (spec 001 section 7)", () => {
  it("'WeChat Pay' in my orders → the authorisation link; refused → said so; allowed → the provider in WeChat mode", async () => {
    const b = await loggedIn("student01");
    const detail = await b.page(`${ORDERS}&orderNo=${SEEDED}`);
    expect(detail).toContain('name="payType" value="wechat"');
    const posted = await b.post(`${ORDERS}&index`, [
      ["intent", "pay"],
      ["orderNo", SEEDED],
      ["payType", "wechat"],
    ]);
    expect(posted.headers.get("Location")).toBe(`/payment/pay?orderNo=${SEEDED}&payType=wechat`);
    const firstRes = await b.get(`/payment/pay?orderNo=${SEEDED}&payType=wechat`);
    // one upstream round: the openid check starts with the order's read, not after it
    const timing = firstRes.headers.get("Server-Timing") ?? "";
    const entry = (path: string) => new RegExp(`desc="GET [^"]*${path}[^"]*";dur=([\\d.]+);start=([\\d.]+)`).exec(timing);
    const order = entry("findOrderById")!,
      openid = entry("check/openid")!;
    expect(Number(openid[2])).toBeLessThan(Number(order[1]) + Number(order[2]));
    const first = (await firstRes.text()).replace(/<!-- -->/g, "");
    expect(first).not.toContain('http-equiv="refresh"');
    expect(first).toContain("<title>微信支付</title>");
    const authorize = /data-testid="pay-wechat-authorize"|href="([^"]+)"[^>]*data-testid="pay-wechat-authorize"/.exec(first);
    expect(authorize).not.toBeNull();
    const href = /href="([^"]+\/__wx\/authorize\?state=[0-9a-f]{32})"/.exec(first)![1]!.replace(/&amp;/g, "&");
    const denied = await fetch(href, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "action=deny",
    });
    const back = denied.headers.get("location")!;
    expect(back).toBe(`${ORIGIN}/payment/pay?orderNo=${SEEDED}&payType=wechat&wx=denied`);
    const again = await b.page(back.slice(ORIGIN.length));
    expect(again).toContain("你已拒绝微信授权");
    const href2 = /href="([^"]+\/__wx\/authorize\?state=[0-9a-f]{32})"/.exec(again)![1]!;
    const allowed = await fetch(href2, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "action=allow",
    });
    const go = await b.page(allowed.headers.get("location")!.slice(ORIGIN.length));
    expect(go).toContain(`content="0;url=${ctx.sandbox.url}/__pay/${SEEDED}?method=wechat"`);
    // without payType, the provider's own cashier as before
    expect(await b.page(`/payment/pay?orderNo=${SEEDED}`)).toContain(`content="0;url=${ctx.sandbox.url}/__pay/${SEEDED}"/>`);
  });
});

describe("WeChat Pay chosen at checkout (decision 038)", () => {
  it("the order form offers the payment method; WeChat goes to the pay page's openid check; an unknown method is a 400 and places nothing", async () => {
    const b = await loggedIn("shop10");
    const page = "/payment/order?commodityId=5002";
    const html = await b.page(page);
    expect(html).toMatch(/<input (?:class="check" )?type="radio" name="payType"[^>]* checked="" value="online"\/> (?:<!-- -->)?在线支付/);
    expect(html).toMatch(/<input (?:class="check" )?type="radio" name="payType"[^>]* value="wechat"\/> (?:<!-- -->)?微信支付/);
    const fields: Array<[string, string]> = ["idempotencyKey", "expectedPayCents", "userCouponId", "points", "useBalance", "cardCode", "seen"].flatMap((name) =>
      hidden(html, name).map((v): [string, string] => [name, v]),
    );
    const bad = await b.post(page, [...fields, ["payType", "alipay"]]);
    expect(bad.status).toBe(400);
    const res = await b.post(page, [...fields, ["payType", "wechat"]]);
    expect(res.status).toBe(303);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/payment\/pay\?orderNo=\d+&payType=wechat$/);
    expect(await b.page(location)).toContain("使用微信支付前，需要先授权网校获取你的微信身份");
  });
});

describe("the shop's codes in the page's language (upstream-messages.ts)", () => {
  it("160013 (buying closed) and 160012 (complete information first) are translated, zh and en", async () => {
    const b = await loggedIn("acct18");
    const MEMBER = "/personal/accountcenter/account/member";
    try {
      await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 4 });
      const html = await b.page(`${MEMBER}?lng=en`);
      const res = await b.post(`${MEMBER}?lng=en`, [
        ["intent", "buy"],
        ["memId", "901"],
        ["memType", "1"],
        ["idemKey", hidden(html, "idemKey")[0]!],
      ]);
      expect(res.status).toBe(400);
      const text = (await res.text()).replace(/<!-- -->/g, "");
      expect(text).toContain("Online buying is not open at the moment.");
      expect(text).not.toContain("暂未开放在线购买");
      await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 2 });
      const html2 = await b.page(`${MEMBER}?lng=en`);
      const res2 = await b.post(`${MEMBER}?lng=en`, [
        ["intent", "buy"],
        ["memId", "901"],
        ["memType", "1"],
        ["idemKey", hidden(html2, "idemKey")[0]!],
      ]);
      expect((await res2.text()).replace(/<!-- -->/g, "")).toContain("Please complete your personal information before buying.");
    } finally {
      await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 1 });
    }
  });

  it("the checkout's refusal 160013 (closed after the page was shown) is said in the page's language", async () => {
    const b = await loggedIn("shop09");
    const page = "/payment/order?commodityId=5002&lng=en";
    const html = await b.page(page);
    const fields: Array<[string, string]> = ["idempotencyKey", "expectedPayCents", "userCouponId", "points", "useBalance", "cardCode", "seen"].flatMap((name) =>
      hidden(html, name).map((v): [string, string] => [name, v]),
    );
    try {
      await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 4 });
      const res = await b.post(page, fields);
      expect(res.status).toBe(409);
      expect((await res.text()).replace(/<!-- -->/g, "")).toContain("Online buying is not open at the moment.");
    } finally {
      await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 1 });
    }
  });
});
