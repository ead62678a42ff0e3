import { describe, expect, it } from "vitest";
import { element, formBrowser, LOCAL_ORIGIN as ORIGIN, usePortal } from "./portal";
import { seedCodes } from "./sandbox";

// The account centre (issue 16 part B; spec 001 §7 "Account: membership, points, coupons"; decision 032)
// through the built server's handler against the in-process sandbox: guards, CSRF, the 303s, messages.
const MEMBER = "/personal/accountcenter/account/member";
const SCORE = "/personal/accountcenter/score";
const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });

const browser = () => formBrowser(ctx, { stripTextSeparators: true });

async function loggedIn(account: string) {
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
  const b = browser();
  expect((await b.get(`/home/index?token=${token}`)).status).toBe(302);
  return b;
}
const hidden = (html: string, name: string) => [...html.matchAll(new RegExp(`name="${name}" value="([^"]*)"`, "g"))].map((m) => m[1]!);
const calls = (filter = "") => ctx.sandbox.control<{ path: string }[]>("GET", `/requests${filter}`);
/** The seed's codes (random-looking, issue 36 §1): read from the sandbox, never typed. */
const codes = () => seedCodes(ctx.sandbox);
const memberships = (userId: number) =>
  ctx.sandbox.control<{ memberFlag: number; list: Array<{ levelId: number; orderNo: string | null }> }>("GET", `/account/memberships?userId=${userId}`);

describe("guards (spec 001 §2)", () => {
  it("sends a visitor to login before any upstream account call, and refuses a post without the CSRF token", async () => {
    const visitor = browser();
    for (const page of [MEMBER, SCORE]) {
      const res = await visitor.get(page);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent(page)}`);
    }
    expect(await calls("?path=v1%2Faccount")).toEqual([]);
    const b = await loggedIn("acct01");
    await b.page(SCORE);
    const res = await b.post(
      SCORE,
      [
        ["intent", "buy"],
        ["point", "500"],
      ],
      "forged",
    );
    expect(res.status).toBe(403);
  });

  it("answers 403 to a student without the membership entry (partial01 has only score)", async () => {
    const partial = await loggedIn("partial01");
    expect((await partial.get(MEMBER)).status).toBe(403);
  });
});

describe("the account centre's tabs follow the permissions (spec 001 §2, issue 39 §8)", () => {
  const ALL = ["我的会员", "我的积分", "我的优惠券", "学习卡", "我的余额", "我的类目"];
  const tabsOf = (html: string) => [...(element(html, 'nav[aria-label="账户中心"]') ?? "").matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);

  it("partial01 (only 积分) sees one tab; the pages behind the others answer 403", async () => {
    const partial = await loggedIn("partial01");
    expect(tabsOf(await partial.page(SCORE))).toEqual(["我的积分"]);
    for (const page of [
      MEMBER,
      "/personal/accountcenter/coupon",
      "/personal/accountcenter/card",
      "/personal/accountcenter/balance",
      "/personal/accountcenter/category",
    ])
      expect((await partial.get(page)).status, page).toBe(403);
  });

  it("a student with the whole account centre sees every tab", async () => {
    const b = await loggedIn("acct01");
    expect(tabsOf(await b.page(SCORE))).toEqual(ALL);
  });
});

describe("membership (spec 001 §7)", () => {
  it("shows the levels, the membership in force with its expiry, and the purchase record (member01)", async () => {
    const b = await loggedIn("member01");
    const html = await b.page(MEMBER);
    expect(html).toContain("月度会员");
    expect(html).toContain("¥398.00");
    expect(html).toMatch(/data-testid="member-status">年度会员，有效期至 \d{4}-\d{2}-\d{2}</);
    expect(html).toContain('data-testid="member-history"');
    expect(html).toContain(">续费<");
  });

  it("buy: a 303 to the pay page of one unpaid order (a double click makes one order), paid → a record with its expiry", async () => {
    const b = await loggedIn("acct02");
    const html = await b.page(MEMBER);
    expect(html).toContain("您还不是会员");
    const [idemKey] = hidden(html, "idemKey");
    const form: Array<[string, string]> = [
      ["intent", "buy"],
      ["memId", "901"],
      ["memType", "1"],
      ["idemKey", idemKey!],
    ];
    const first = await b.post(MEMBER, form);
    const second = await b.post(MEMBER, form);
    expect(first.status).toBe(303);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/payment\/pay\?orderNo=\w+$/);
    expect(second.headers.get("Location")).toBe(location);
    const orderNo = new URL(location, ORIGIN).searchParams.get("orderNo")!;
    expect((await memberships(3201)).list).toEqual([]);
    const paid = await fetch(`${ctx.sandbox.url}/__pay/${orderNo}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "pay" }),
    });
    expect(paid.status).toBeLessThan(400);
    const after = await memberships(3201);
    expect(after.memberFlag).toBe(1);
    expect(after.list).toMatchObject([{ levelId: 901, orderNo }]);
    expect(await b.page(MEMBER)).toMatch(/data-testid="member-status">月度会员，有效期至/);
  });

  it("refresh: an expired membership ends (acct20), answered with a 303 and its notice", async () => {
    const b = await loggedIn("acct20");
    await b.page(MEMBER);
    const res = await b.post(MEMBER, [["intent", "refresh"]]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${MEMBER}?notice=memberInactive`);
    expect((await memberships(3219)).memberFlag).toBe(0);
    expect(await b.page(`${MEMBER}?notice=memberInactive`)).toContain("当前不是会员");
  });

  it("buying follows COMPANY_BUY_CHECK as the checkout does: 4 (online buying closed) refuses with its message", async () => {
    await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 4 });
    try {
      const b = await loggedIn("acct17");
      const html = await b.page(MEMBER);
      const [idemKey] = hidden(html, "idemKey");
      const res = await b.post(MEMBER, [
        ["intent", "buy"],
        ["memId", "901"],
        ["memType", "1"],
        ["idemKey", idemKey!],
      ]);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("暂未开放在线购买");
      expect((await memberships(3216)).list).toEqual([]);
    } finally {
      await ctx.sandbox.control("POST", "/shop/function", { companyId: 1, status: 1 });
    }
  });

  it("malformed posts get a clean 400, never a 500, and place no order", async () => {
    const b = await loggedIn("acct03");
    const html = await b.page(MEMBER);
    const [idemKey] = hidden(html, "idemKey");
    for (const form of [
      [["intent", "nope"]],
      [
        ["intent", "buy"],
        ["memId", "abc"],
        ["memType", "1"],
        ["idemKey", idemKey!],
      ],
      [
        ["intent", "buy"],
        ["memId", "901"],
        ["memType", "7"],
        ["idemKey", idemKey!],
      ],
      [
        ["intent", "buy"],
        ["memId", "901"],
        ["memType", "1"],
      ],
    ] as Array<Array<[string, string]>>) {
      const res = await b.post(MEMBER, form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(await res.text()).toContain("请求有误");
    }
    const unknown = await b.post(MEMBER, [
      ["intent", "buy"],
      ["memId", "999"],
      ["memType", "1"],
      ["idemKey", idemKey!],
    ]);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("会员等级不存在");
    expect((await memberships(3202)).list).toEqual([]);
  });
});

describe("points (spec 001 §7)", () => {
  it("shows the points, the balance, the rules and the movements", async () => {
    const b = await loggedIn("acct05");
    const html = await b.page(SCORE);
    expect(html).toContain('data-testid="points-available">1000<');
    expect(html).toContain('data-testid="points-balance">¥500.00<');
    expect(html).toContain("1积分抵扣0.01元");
    expect(html).toMatch(/data-testid="points-list"[\s\S]*初始积分[\s\S]*\+1000/);
    expect(html).toMatch(/<input[^>]*name="point"[^>]*min="100"|<input[^>]*min="100"[^>]*name="point"/);
  });

  it("buy: a 303 with the notice, points and balance moved once; out of range, a short balance and junk are refused with the message", async () => {
    const b = await loggedIn("acct06");
    await b.page(SCORE);
    const ok = await b.post(SCORE, [
      ["intent", "buy"],
      ["point", "2500"],
    ]);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(`${SCORE}?notice=pointsBought`);
    const html = await b.page(`${SCORE}?notice=pointsBought`);
    expect(html).toContain("积分购买成功");
    expect(html).toContain('data-testid="points-available">3500<');
    expect(html).toContain('data-testid="points-balance">¥475.00<');
    const cases: Array<[string, string]> = [
      ["50", "购买积分数量须在100到1000000之间"],
      ["1.5", "积分数量须为整数"],
      ["", "请输入购买的积分数量"],
      ["abc", "积分数量须为整数"],
      ["60000", "账户余额不足"],
    ];
    for (const [point, message] of cases) {
      const res = await b.post(SCORE, [
        ["intent", "buy"],
        ["point", point],
      ]);
      expect(res.status, point).toBe(400);
      const body = (await res.text()).replace(/<!-- -->/g, "");
      expect(body, point).toContain(message);
      expect(body).toMatch(/data-error-for="point"/);
    }
    expect(await b.page(SCORE)).toContain('data-testid="points-available">3500<');
  });

  it("answers in English with the upstream's code translated (upstream-messages.ts), never the Chinese text", async () => {
    const b = await loggedIn("acct07");
    expect(await b.page(`${SCORE}?lng=en`)).toContain("Points available");
    const res = await b.post(`${SCORE}?lng=en`, [
      ["intent", "buy"],
      ["point", "60000"],
    ]);
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Your balance is too low.");
    expect(body).not.toContain("账户余额不足");
  });
});

describe("coupons (spec 001 §7)", () => {
  const COUPON = "/personal/accountcenter/coupon";

  it("shows the counts as tabs, the usable list, the account centre's tabs; the courses of a coupon; 404 for another's", async () => {
    const b = await loggedIn("acct09");
    const html = await b.page(COUPON);
    expect(html).toContain("可使用（1）");
    expect(html).toContain("已过期（1）");
    expect(html).toContain("无门槛10元券");
    expect(html).toMatch(/href="\/personal\/accountcenter\/score"/);
    const id = /\?courses=(\d+)/.exec(html)![1]!;
    const courses = await b.page(`${COUPON}?courses=${id}`);
    expect(courses).toContain('data-testid="coupon-courses"');
    expect(courses).toMatch(/href="\/course\/detail\/50\d\d"/);
    expect((await b.get(`${COUPON}?courses=1`)).status).toBe(404);
    expect((await b.get(`${COUPON}?courses=x`)).status).toBe(404);
    expect((await b.get(`${COUPON}?tab=expired`)).status).toBe(200);
  });

  it("exchanges a code once: a 303 with the notice, then the upstream's refusal on the code field; junk refused before any call", async () => {
    const b = await loggedIn("acct10");
    await b.page(COUPON);
    const welcome = (await codes()).coupons.welcome20;
    const ok = await b.post(COUPON, [
      ["intent", "exchange"],
      ["code", welcome],
    ]);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(`${COUPON}?notice=couponExchanged`);
    const after = await b.page(`${COUPON}?notice=couponExchanged`);
    expect(after).toContain("优惠券兑换成功");
    expect(after).toContain("新人满100减20");
    expect(after).toContain("可使用（2）");
    const again = await b.post(COUPON, [
      ["intent", "exchange"],
      ["code", welcome.toLowerCase()],
    ]);
    expect(again.status).toBe(400);
    const body = (await again.text()).replace(/<!-- -->/g, "");
    expect(body).toMatch(/data-error-for="code">该兑换码已兑换过</);
    expect(body).toContain(`value="${welcome.toLowerCase()}"`);
    for (const [code, message] of [
      ["NOSUCH", "兑换码不存在"],
      ["", "请输入兑换码"],
      ["a b;c", "兑换码只能包含字母和数字"],
    ] as const) {
      const res = await b.post(COUPON, [
        ["intent", "exchange"],
        ["code", code],
      ]);
      expect(res.status, code).toBe(400);
      expect((await res.text()).replace(/<!-- -->/g, ""), code).toContain(message);
    }
    expect((await b.post(COUPON, [["intent", "other"]])).status).toBe(400);
  });

  it("deletes an expired coupon (303 back to the expired tab); a usable one is refused with the message", async () => {
    const b = await loggedIn("acct11");
    const expired = await b.page(`${COUPON}?tab=expired`);
    const [expiredId] = hidden(expired, "userCouponId");
    const usable = await b.page(`${COUPON}?tab=usable`);
    const usableId = /\?courses=(\d+)/.exec(usable)![1]!;
    const refused = await b.post(COUPON, [
      ["intent", "delete"],
      ["userCouponId", usableId],
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("只能删除已过期的优惠券");
    const res = await b.post(COUPON, [
      ["intent", "delete"],
      ["userCouponId", expiredId!],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${COUPON}?tab=expired&notice=couponsDeleted`);
    expect(await b.page(`${COUPON}?tab=expired`)).toContain("已过期（0）");
    expect(
      (
        await b.post(COUPON, [
          ["intent", "delete"],
          ["userCouponId", "-3"],
        ])
      ).status,
    ).toBe(400);
  });
});

describe("study cards (spec 001 §7)", () => {
  const CARD = "/personal/accountcenter/card";

  it("check shows the package a card opens (the code stays out of the address); redeem: a 303 to the return info, the courses open; once only", async () => {
    const b = await loggedIn("acct13");
    await b.page(CARD);
    const card = (await codes()).studyCards.package302[9]!;
    const checked = await b.post(CARD, [
      ["intent", "check"],
      ["code", card.toLowerCase()],
    ]);
    expect(checked.status).toBe(200);
    const html = (await checked.text()).replace(/<!-- -->/g, "");
    expect(html).toContain('data-testid="card-info"');
    expect(html).toContain("套餐：会计职称进阶套餐");
    expect(html).toContain("财务报表分析");
    expect(html).toContain(`name="code" value="${card}"`);
    const res = await b.post(CARD, [
      ["intent", "redeem"],
      ["code", card],
    ]);
    expect(res.status).toBe(303);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/personal\/accountcenter\/card\?orderNo=\d+$/);
    const done = await b.page(location);
    expect(done).toContain("兑换成功：会计职称进阶套餐");
    expect(done.match(/data-testid="card-course-state">已开通</g)).toHaveLength(3);
    const again = await b.post(CARD, [
      ["intent", "redeem"],
      ["code", card],
    ]);
    expect(again.status).toBe(400);
    expect((await again.text()).replace(/<!-- -->/g, "")).toMatch(/data-error-for="code">该学习卡已被使用</);
    // another student cannot read this redemption
    const other = await loggedIn("acct14");
    expect((await other.get(location)).status).toBe(404);
  });

  it("refuses unknown, expired, already-owned and malformed codes with their messages (400), never a 500", async () => {
    const b = await loggedIn("acct15");
    await b.page(CARD);
    const { studyCards } = await codes();
    expect(
      (
        await b.post(CARD, [
          ["intent", "redeem"],
          ["code", studyCards.course5010[9]!],
        ])
      ).status,
    ).toBe(303);
    for (const [code, message] of [
      ["NOPE1", "学习卡卡号不存在"],
      [studyCards.expired[0]!, "该学习卡已过期"],
      [studyCards.course5010[10]!, "您已拥有该学习卡的全部课程"],
      ["", "请输入学习卡卡号"],
      ["<x>", "卡号只能包含字母和数字"],
    ] as const) {
      const res = await b.post(CARD, [
        ["intent", "check"],
        ["code", code],
      ]);
      expect(res.status, code).toBe(400);
      expect((await res.text()).replace(/<!-- -->/g, ""), code).toContain(message);
    }
    expect(
      (
        await b.post(CARD, [
          ["intent", "zap"],
          ["code", studyCards.package302[0]!],
        ])
      ).status,
    ).toBe(400);
    expect((await b.get(`${CARD}?orderNo=x;y`)).status).toBe(404);
  });
});

describe("balance (spec 001 §7: recharge card, withdraw, invite code and record)", () => {
  const BALANCE = "/personal/accountcenter/balance";

  it("shows the balance, its movements, the invite code and whom I invited (acct01)", async () => {
    const b = await loggedIn("acct01");
    const html = await b.page(BALANCE);
    expect(html).toContain('data-testid="balance-current">¥500.00<');
    expect(html).toMatch(/data-testid="balance-list"[\s\S]*初始余额[\s\S]*\+¥500\.00/);
    expect(html).toMatch(/data-testid="invite-code">INV[0-9A-Z]+</);
    expect(html).toContain("赵同学");
  });

  it("recharge: a 303, the balance up once; the same card again refused on the field", async () => {
    const b = await loggedIn("acct04");
    await b.page(BALANCE);
    const card = (await codes()).recharge[9]!;
    const ok = await b.post(BALANCE, [
      ["intent", "recharge"],
      ["code", card],
    ]);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(`${BALANCE}?notice=recharged`);
    const html = await b.page(`${BALANCE}?notice=recharged`);
    expect(html).toContain("充值成功");
    expect(html).toContain('data-testid="balance-current">¥600.00<');
    const again = await b.post(BALANCE, [
      ["intent", "recharge"],
      ["code", card.toLowerCase()],
    ]);
    expect(again.status).toBe(400);
    expect((await again.text()).replace(/<!-- -->/g, "")).toMatch(/data-error-for="code">该充值卡已被使用</);
  });

  it("withdraw: a 303 and a pending withdrawal; too little, too much and malformed amounts refused with their messages", async () => {
    const b = await loggedIn("acct08");
    await b.page(BALANCE);
    const ok = await b.post(BALANCE, [
      ["intent", "withdraw"],
      ["withdrawAmount", "123.4"],
    ]);
    expect(ok.status).toBe(303);
    const html = await b.page(`${BALANCE}?notice=withdrawn`);
    expect(html).toContain('data-testid="balance-current">¥376.60<');
    expect(html).toMatch(/data-testid="withdrawals"[\s\S]*¥123\.40 处理中/);
    for (const [amount, message] of [
      ["0.5", "提现金额不能少于1元"],
      ["9999", "账户余额不足"],
      ["1.234", "请输入正确的金额，最多两位小数"],
      ["", "请输入提现金额"],
      ["-5", "请输入正确的金额"],
    ] as const) {
      const res = await b.post(BALANCE, [
        ["intent", "withdraw"],
        ["withdrawAmount", amount],
      ]);
      expect(res.status, amount).toBe(400);
      const body = (await res.text()).replace(/<!-- -->/g, "");
      expect(body, amount).toContain(message);
      expect(body).toContain('data-error-for="withdrawAmount"');
    }
    expect(await b.page(BALANCE)).toContain('data-testid="balance-current">¥376.60<');
    expect((await b.post(BALANCE, [["intent", "steal"]])).status).toBe(400);
  });
});

describe("the account entry of the menu (spec 001 §2)", () => {
  it("/personal/accountcenter/account goes to membership instead of a 404", async () => {
    const b = await loggedIn("acct12");
    const res = await b.get("/personal/accountcenter/account");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/personal/accountcenter/account/member");
  });
});

describe("invoices (spec 001 §7), from a paid order", () => {
  const INVOICE = "/personal/accountcenter/invoice?orderNo=202509010001";

  it("the paid order's detail links to the invoice page; an unknown or another's order is 404; an unpaid one has no form", async () => {
    const b = await loggedIn("student01");
    expect(await b.page("/personal/order?parentId=-1&orderNo=202509010001")).toContain('href="/personal/accountcenter/invoice?orderNo=202509010001"');
    expect(await b.page("/personal/order?parentId=-1&orderNo=202511200003")).not.toContain("/personal/accountcenter/invoice");
    expect((await b.get("/personal/accountcenter/invoice?orderNo=999")).status).toBe(404);
    expect((await b.get("/personal/accountcenter/invoice?orderNo=a%20b")).status).toBe(404);
    expect(await b.page("/personal/accountcenter/invoice?orderNo=202511200003")).toContain("只有已支付的订单可以申请发票");
    const other = await loggedIn("acct19");
    expect((await other.get(INVOICE)).status).toBe(404);
  });

  it("validates (company needs its tax number), requests once with a 303, saves the template; the second request is refused", async () => {
    const b = await loggedIn("student01");
    await b.page(INVOICE);
    const bad = await b.post(INVOICE, [
      ["intent", "apply"],
      ["titleType", "company"],
      ["title", "某某科技有限公司"],
      ["taxNo", ""],
      ["email", "nope"],
    ]);
    expect(bad.status).toBe(400);
    const body = (await bad.text()).replace(/<!-- -->/g, "");
    expect(body).toMatch(/data-error-for="taxNo">请输入纳税人识别号</);
    expect(body).toMatch(/data-error-for="email">请输入正确的邮箱</);
    expect(body).toContain('value="某某科技有限公司"');
    const fields: Array<[string, string]> = [
      ["intent", "apply"],
      ["titleType", "company"],
      ["title", "某某科技有限公司"],
      ["taxNo", "91110000ab1234567x"],
      ["email", "fin@example.com"],
      ["saveTemplate", "on"],
    ];
    const ok = await b.post(INVOICE, fields);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(`${INVOICE}&notice=invoiced`);
    const html = await b.page(`${INVOICE}&notice=invoiced`);
    expect(html).toContain("发票申请已提交");
    expect(html).toMatch(/data-testid="invoice"[\s\S]*91110000AB1234567X/);
    const again = await b.post(INVOICE, fields);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("该订单已申请过发票");
  });

  it("the function switch off: the page says so and the upstream refuses", async () => {
    await ctx.sandbox.control("POST", "/account/invoice-function", { companyId: 1, enabled: false });
    try {
      const c = await loggedIn("student01");
      expect(await c.page("/personal/accountcenter/invoice?orderNo=202510150002")).toContain("暂未开放发票申请");
    } finally {
      await ctx.sandbox.control("POST", "/account/invoice-function", { companyId: 1, enabled: true });
    }
  });
});
