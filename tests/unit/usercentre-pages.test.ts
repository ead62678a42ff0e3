import { describe, expect, it } from "vitest";
import { formBrowser, usePortal } from "./portal";

// Decision 038 through the built server's handler: the points exchange page (guard, CSRF, the 303, the
// refusals naming the goods, the double-submit guard) and the user-centre categories page.
const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });
const browser = () => formBrowser(ctx, { stripTextSeparators: true });
const EXCHANGE = "/personal/accountcenter/score/exchange";

async function loggedIn(account: string) {
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
  const b = browser();
  expect((await b.get(`/home/index?token=${token}`)).status).toBe(302);
  return b;
}
const hidden = (html: string, name: string) => [...html.matchAll(new RegExp(`name="${name}" value="([^"]*)"`, "g"))].map((m) => m[1]!);
const wallet = (userId: number) => ctx.sandbox.control<{ points: number }>("GET", `/shop/wallet?userId=${userId}`);

describe("the points exchange page (decision 038)", () => {
  it("a visitor goes to login; a post without the CSRF token is refused; partial01 (points only) may use it", async () => {
    const res = await browser().get(EXCHANGE);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent(EXCHANGE)}`);
    const b = await loggedIn("uc17");
    await b.page(EXCHANGE);
    expect(
      (
        await b.post(
          EXCHANGE,
          [
            ["intent", "exchange"],
            ["goodsId", "1"],
            ["idemKey", "abcdefgh1"],
          ],
          "forged",
        )
      ).status,
    ).toBe(403);
    expect(await wallet(3716)).toMatchObject({ points: 5000 });
    expect((await (await loggedIn("partial01")).get(EXCHANGE)).status).toBe(200);
  });

  it("lists the goods with their points, stock and limit, linked from the points page; what cannot be had has no button", async () => {
    const b = await loggedIn("uc17");
    expect(await b.page("/personal/accountcenter/score")).toContain(`href="${EXCHANGE}"`);
    const html = await b.page(EXCHANGE);
    expect(html).toContain('data-testid="exchange-points">5000<');
    expect(html.match(/data-testid="goods-item"/g)).toHaveLength(4);
    expect(html).toContain("无门槛10元券");
    expect(html).toContain("800 积分");
    expect(html).toContain("每人限兑 3 次，已兑 0 次");
    expect(html).toContain('aria-label="兑换 无门槛10元券"');
    // goods 4: out of stock (and beyond the points)
    expect(html).not.toContain('aria-label="兑换 教师资格面试试讲技巧（课程）"');
    expect(html).toContain('data-testid="goods-blocked">已兑完<');
    expect(await b.page(`${EXCHANGE}?lng=en`)).toContain("Goods for points");
  });

  it("exchange: a 303 with the notice; the points, the record and the coupon follow; the same form twice exchanges once", async () => {
    const b = await loggedIn("uc18");
    const html = await b.page(EXCHANGE);
    const form: Array<[string, string]> = [
      ["intent", "exchange"],
      ["idemKey", hidden(html, "idemKey")[0]!],
      ["goodsId", "1"],
    ];
    const [r1, r2] = await Promise.all([b.post(EXCHANGE, form), b.post(EXCHANGE, form)]);
    expect([r1.status, r2.status]).toEqual([303, 303]);
    expect(r1.headers.get("Location")).toBe(`${EXCHANGE}?notice=goodsExchanged`);
    expect(await wallet(3717)).toMatchObject({ points: 4200 });
    const after = await b.page(`${EXCHANGE}?notice=goodsExchanged`);
    expect(after).toContain('data-testid="account-notice">兑换成功<');
    expect(after).toContain('data-testid="exchange-points">4200<');
    expect(after.match(/<tr class="border-b border-gray-100">/g)).toHaveLength(1);
    expect(await b.page("/personal/accountcenter/coupon")).toContain("无门槛10元券");
    const points = await b.page("/personal/accountcenter/score");
    expect(points).toContain("积分兑换商品");
  });

  it("a refusal names the goods and the reason (400), in the page's language; malformed input is a 400", async () => {
    const b = await loggedIn("uc19");
    let html = await b.page(EXCHANGE);
    expect(
      (
        await b.post(EXCHANGE, [
          ["intent", "exchange"],
          ["idemKey", hidden(html, "idemKey")[0]!],
          ["goodsId", "2"],
        ])
      ).status,
    ).toBe(303);
    html = await b.page(EXCHANGE);
    expect(html).toContain('data-testid="goods-blocked">已达上限<');
    // the limit, posted anyway (an old tab): the upstream refuses, the page says which and why
    const refused = await b.post(EXCHANGE, [
      ["intent", "exchange"],
      ["idemKey", hidden(html, "idemKey")[0]!],
      ["goodsId", "2"],
    ]);
    expect(refused.status).toBe(400);
    expect((await refused.text()).replace(/<!-- -->/g, "")).toContain("“满300减50券”兑换失败：已达到该商品的兑换上限");
    const en = await b.post(`${EXCHANGE}?lng=en`, [
      ["intent", "exchange"],
      ["idemKey", hidden(html, "idemKey")[0]!],
      ["goodsId", "3"],
    ]);
    expect((await en.text()).replace(/<!-- -->/g, "")).toContain("You do not have enough points for this exchange.");
    for (const bad of [
      [
        ["intent", "exchange"],
        ["goodsId", "x"],
        ["idemKey", "abcdefgh1"],
      ],
      [
        ["intent", "other"],
        ["goodsId", "1"],
        ["idemKey", "abcdefgh1"],
      ],
      [
        ["intent", "exchange"],
        ["goodsId", "1"],
        ["idemKey", "no"],
      ],
    ]) {
      expect((await b.post(EXCHANGE, bad as Array<[string, string]>)).status).toBe(400);
    }
    expect(await wallet(3718)).toMatchObject({ points: 2000 });
  });
});

describe("the user-centre categories page (spec 001 section 7; decision 038)", () => {
  const CATEGORY = "/personal/accountcenter/category";
  it("a visitor goes to login; a student without the account entry gets 403", async () => {
    const res = await browser().get(CATEGORY);
    expect(res.headers.get("Location")).toBe(`/join/login?backUrl=${encodeURIComponent(CATEGORY)}`);
    expect((await (await loggedIn("partial01")).get(CATEGORY)).status).toBe(403);
  });

  it("student01: the category in study with its course and upgrade, the ones to start linked to the course list, the exams linked to the question bank", async () => {
    const b = await loggedIn("student01");
    const html = await b.page(CATEGORY);
    expect(html).toContain('href="/personal/accountcenter/category"'); // the account centre's tab
    expect(html).toMatch(/data-testid="category-count">在学类目 \d+ 个 · 可开始 \d+ 个 · 有考试 3 个</);
    expect(html).toContain("人力资源管理师（三级）精讲班");
    const can = /data-testid="category-can">([\s\S]*?)<\/ul>/.exec(html)![1]!;
    const link = /href="(\/course\/list\?categoryId=\d+)"/.exec(can)![1]!;
    expect((await b.get(link)).status).toBe(200);
    expect(html).toContain('href="/lib/subject/overview/201"');
    expect((await b.get("/lib/subject/overview/201")).status).toBe(200);
    expect(await b.page(`${CATEGORY}?lng=en`)).toContain("Categories I study");
  });

  it("upgrade: a 303 with the notice and the free courses joined; again → refused with the reason; malformed → 400", async () => {
    const b = await loggedIn("uc16");
    let html = await b.page(CATEGORY);
    expect(html).toContain("还没有在学的类目");
    // a course of 教师资格 for points puts the category in use
    const ex = await b.page(EXCHANGE);
    expect(
      (
        await b.post(EXCHANGE, [
          ["intent", "exchange"],
          ["idemKey", hidden(ex, "idemKey")[0]!],
          ["goodsId", "3"],
        ])
      ).status,
    ).toBe(303);
    html = await b.page(CATEGORY);
    expect(html).toContain("可升级：加入本类目免费课程 小学教师资格（科目一）");
    const res = await b.post(CATEGORY, [
      ["intent", "upgrade"],
      ["categoryId", "3"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${CATEGORY}?notice=categoryUpgraded`);
    const enrolments = await ctx.sandbox.control<{ list: Array<{ commodityId: number }> }>("GET", "/account/enrolments?userId=3715");
    expect(enrolments.list.map((e) => e.commodityId).sort()).toEqual([5016, 5018]);
    html = await b.page(`${CATEGORY}?notice=categoryUpgraded`);
    expect(html).toContain("类目已升级");
    expect(html).toContain("已是最新");
    const again = await b.post(CATEGORY, [
      ["intent", "upgrade"],
      ["categoryId", "3"],
    ]);
    expect(again.status).toBe(400);
    expect((await again.text()).replace(/<!-- -->/g, "")).toContain("升级失败：该类目已是最新，无需升级");
    expect(
      (
        await b.post(CATEGORY, [
          ["intent", "upgrade"],
          ["categoryId", "abc"],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await b.post(
          CATEGORY,
          [
            ["intent", "upgrade"],
            ["categoryId", "3"],
          ],
          "forged",
        )
      ).status,
    ).toBe(403);
  });
});

describe("online recharge on the balance page (make/order (balance); decision 038)", () => {
  const BALANCE = "/personal/accountcenter/balance";
  it("the amount → one unpaid order (a double click too) → the pay page → paid at the provider → the balance and its movement", async () => {
    const b = await loggedIn("uc12");
    const html = await b.page(BALANCE);
    expect(html).toContain("在线充值");
    const form: Array<[string, string]> = [
      ["intent", "charge"],
      ["balance", "120.50"],
      ["idemKey", hidden(html, "idemKey")[0]!],
    ];
    const [r1, r2] = await Promise.all([b.post(BALANCE, form), b.post(BALANCE, form)]);
    expect(r1.status).toBe(303);
    const location = r1.headers.get("Location")!;
    expect(location).toMatch(/^\/payment\/pay\?orderNo=\d+$/);
    expect(r2.headers.get("Location")).toBe(location);
    const orderNo = location.split("=")[1]!;
    const pay = await b.page(location);
    expect(pay).toContain(`content="0;url=${ctx.sandbox.url}/__pay/${orderNo}"`);
    await fetch(`${ctx.sandbox.url}/__pay/${orderNo}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "action=pay",
    });
    const after = await b.page(BALANCE);
    expect(after).toContain('data-testid="balance-current">¥420.50<');
    expect(after).toContain(`在线充值 (${orderNo})`);
    expect(await b.page(`/personal/order?parentId=-1&orderNo=${orderNo}`)).toContain("账户充值");
  });

  it("a wrong amount stays in the field with the reason (400): the format here, the range at the upstream", async () => {
    const b = await loggedIn("uc13");
    const html = await b.page(BALANCE);
    const key = hidden(html, "idemKey")[0]!;
    const bad = await b.post(BALANCE, [
      ["intent", "charge"],
      ["balance", "12.345"],
      ["idemKey", key],
    ]);
    expect(bad.status).toBe(400);
    const text = (await bad.text()).replace(/<!-- -->/g, "");
    expect(text).toContain("请输入正确的金额，最多两位小数");
    expect(text).toContain('value="12.345"');
    const range = await b.post(BALANCE, [
      ["intent", "charge"],
      ["balance", "60000"],
      ["idemKey", key],
    ]);
    expect(range.status).toBe(400);
    expect((await range.text()).replace(/<!-- -->/g, "")).toContain("充值金额须在1元到50000元之间");
  });
});
