import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { price, yuanToCents } from '../src/shop/pricing.js';
import { createCtx } from '../src/context.js';
import { openDb } from '../src/db.js';
import { seedAreas } from '../src/template.js';
import { couponUse, debitBalance, guardOf } from '../src/shop/store.js';
import { startTestSandbox, type TestSandbox } from './helpers.js';

/** Issue 16: the checkout's arithmetic in integer cents, and the sandbox's money kept consistent under concurrency. */

describe('price arithmetic (integer cents)', () => {
  const base = { member: false, coupon: null, pointsWanted: 0, pointsAvailable: 0, cardValueCents: 0, useBalance: false, balanceAvailableCents: 0 };

  it('applies member price, coupon, points, card and balance in that order, each capped by what is left', () => {
    const p = price({
      ...base,
      lines: [
        { priceCents: 39900, memberPriceCents: 31900 },
        { priceCents: 29900, memberPriceCents: 23900 },
      ],
      member: true,
      coupon: { amountCents: 5000, minCents: 30000 },
      pointsWanted: 1200,
      pointsAvailable: 5000,
      cardValueCents: 10000,
      useBalance: true,
      balanceAvailableCents: 20000,
    });
    expect(p).toEqual({
      subtotalCents: 69800,
      memberDiscountCents: 14000,
      couponCents: 5000,
      totalCents: 50800,
      pointsUsed: 1200,
      pointsCents: 1200,
      cardCents: 10000,
      balanceCents: 20000,
      payCents: 19600,
    });
  });

  it('ignores member prices for a non-member and a coupon whose threshold is not met', () => {
    const p = price({ ...base, lines: [{ priceCents: 29900, memberPriceCents: 23900 }], coupon: { amountCents: 5000, minCents: 30000 } });
    expect(p.memberDiscountCents).toBe(0);
    expect(p.couponCents).toBe(0);
    expect(p.payCents).toBe(29900);
  });

  it('never goes below zero: a coupon larger than the amount, points and balance capped', () => {
    const p = price({
      ...base,
      lines: [{ priceCents: 800, memberPriceCents: null }],
      coupon: { amountCents: 1000, minCents: 0 },
      pointsWanted: 99,
      pointsAvailable: 99,
      useBalance: true,
      balanceAvailableCents: 5000,
    });
    expect(p).toMatchObject({ couponCents: 800, pointsUsed: 0, balanceCents: 0, payCents: 0 });
    const q = price({
      ...base,
      lines: [{ priceCents: 1000, memberPriceCents: null }],
      pointsWanted: 5000,
      pointsAvailable: 300,
      useBalance: true,
      balanceAvailableCents: 200,
    });
    expect(q).toMatchObject({ pointsUsed: 300, balanceCents: 200, payCents: 500 });
  });

  it('sums cents exactly where floats would drift (0.1 + 0.2) and refuses fractions of a cent', () => {
    expect(yuanToCents(99.9)).toBe(9990);
    const p = price({
      ...base,
      lines: [
        { priceCents: 10, memberPriceCents: null },
        { priceCents: 20, memberPriceCents: null },
      ],
    });
    expect(p.payCents).toBe(30);
    expect(() => price({ ...base, lines: [{ priceCents: 10.5, memberPriceCents: null }] })).toThrow(RangeError);
    expect(() => price({ ...base, lines: [{ priceCents: 100, memberPriceCents: null }], pointsWanted: -1 })).toThrow(RangeError);
  });
});

describe('the money guards inside one SQLite transaction', () => {
  it('two concurrent debits of one balance: one commits, the other rolls back whole (its order row too)', async () => {
    const db = await openDb(':memory:');
    await seedAreas(db);
    createCtx(db, { control: false, latencyMs: 0, tokenTtlS: 60 });
    const now = Date.now();
    const take = (n: string) =>
      db.batch([
        { sql: 'INSERT INTO shop_ledger (user_id, kind, delta, reason, order_no, created_at) VALUES (?,?,?,?,?,?)', args: [2810, 'marker', 0, 'test', n, now] },
        ...debitBalance(2810, 20000, 'test', n, now),
        { sql: 'DELETE FROM shop_guard', args: [] },
      ]);
    const settled = await Promise.allSettled([take('A'), take('B')]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const rejected = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    expect(guardOf(rejected.reason)).toBe('balance');
    expect((await db.get<{ balanceCents: number }>('SELECT balance_cents FROM shop_wallets WHERE user_id = 2810'))!.balanceCents).toBe(10000);
    expect(await db.all("SELECT order_no FROM shop_ledger WHERE kind = 'marker'")).toHaveLength(1);
    db.close();
  });

  it('two concurrent uses of one coupon: one commits, the other fails on the coupon guard', async () => {
    const db = await openDb(':memory:');
    await seedAreas(db);
    createCtx(db, { control: false, latencyMs: 0, tokenTtlS: 60 });
    const coupon = (await db.get<{ id: number }>('SELECT id FROM shop_user_coupons WHERE user_id = 2811 AND coupon_id = 2'))!.id;
    const use = (orderNo: string) => db.batch([...couponUse(orderNo, coupon, 2811, Date.now()), { sql: 'DELETE FROM shop_guard', args: [] }]);
    const settled = await Promise.allSettled([use('A'), use('B')]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(guardOf((settled.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason)).toBe('coupon');
    expect(await db.all('SELECT order_no FROM shop_coupon_uses')).toHaveLength(1);
    db.close();
  });
});

describe('the sandbox shop', () => {
  let sandbox: TestSandbox;
  let seq = 0;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    await sandbox.control('POST', '/reset');
  });

  async function tokenOf(account: string) {
    return (await sandbox.control<{ token: string }>('POST', '/tokens', { account })).token;
  }
  async function call<T = unknown>(token: string, method: string, path: string, body?: unknown) {
    const res = await fetch(`${sandbox.url}/s/api/saas-business${path}${path.includes('?') ? '&' : '?'}domain=localhost&schoolId=1`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: string; message: string; data: T };
  }
  const key = () => `test-key-${++seq}-${Date.now()}`;
  const course = (commodityId: number) => ({ commodityType: 1, commodityId });

  it('the seeded cart holds real commodities (spec 000 section 2.2 badge) and an add is idempotent', async () => {
    const token = await tokenOf('student01');
    const list = await call<Array<{ commodityId: number; commodityType: number; commodityCode: string; status: string; priceCents: number }>>(
      token,
      'GET',
      '/definePayOrderCart/list',
    );
    expect(list.data.map((i) => [i.commodityId, i.commodityType, i.commodityCode, i.status])).toEqual([
      [5002, 1, 'COMMODITY_CLASS', 'ok'],
      [5012, 1, 'COMMODITY_CLASS', 'ok'],
      [303, 2, 'COMMODITY_PACKAGE', 'ok'],
    ]);
    expect(list.data[0]!.priceCents).toBe(39900);
    const [a, b] = await Promise.all(
      [1, 2].map(() => call<{ count: number }>(token, 'POST', '/definePayOrderCart/add', { commodityId: 5006, commodityType: 1, buySource: 1 })),
    );
    expect([a!.data.count, b!.data.count]).toEqual([4, 4]);
    expect((await call(token, 'POST', '/definePayOrderCart/add', { commodityId: 5001, commodityType: 1 })).code).toBe('160003'); // already bought
  });

  it('two concurrent orders against one balance: one succeeds, the other fails cleanly and nothing else moves', async () => {
    const token = await tokenOf('shop01');
    // balance ¥300.00: each order of a ¥399 course pays ¥300 from the balance and the rest at the provider
    const before = await sandbox.control<{ balanceCents: number; points: number }>('GET', '/shop/wallet?userId=2800');
    expect(before.balanceCents).toBe(30000);
    const order = (id: number) =>
      call<{ orderNo: string }>(token, 'POST', '/definePayOrderCart/createOrder', {
        items: [course(id)],
        useBalance: true,
        points: 100,
        idempotencyKey: key(),
        expectedPayCents: 39900 - 100 - 30000,
      });
    const results = await Promise.all([order(5002), order(5024)]); // two ¥399 courses
    // the loser is refused either by the transaction's guard (160014 balance short) or, when it priced after
    // the winner's commit, as a changed total (160010) naming the new amount
    const loser = results.find((r) => r.code !== '1')!;
    expect(results.filter((r) => r.code === '1')).toHaveLength(1);
    expect(['160014', '160010']).toContain(loser.code);
    if (loser.code === '160010') expect(loser.data).toMatchObject({ problems: [{ kind: 'totalChanged', beforeCents: 9800, afterCents: 39800 }] });
    const after = await sandbox.control<{ balanceCents: number; points: number }>('GET', '/shop/wallet?userId=2800');
    expect(after).toEqual({ userId: 2800, balanceCents: 0, points: 4900 }); // the failed order took no points either
    const counts = await call<{ all: number; unpaid: number }>(token, 'GET', '/v1/payOrder/countUserOrderStatus');
    expect(counts.data).toMatchObject({ all: 1, unpaid: 1 });
  });

  it('a coupon is used once, even by two orders at the same time; cancelling gives it (and the balance) back', async () => {
    const token = await tokenOf('shop02');
    const coupons = (
      await call<{ coupons: Array<{ id: number; couponId: number; usable: boolean }> }>(token, 'POST', '/v1/payOrder/preview', { items: [course(5002)] })
    ).data.coupons;
    const ten = coupons.find((c) => c.couponId === 2)!;
    expect(ten.usable).toBe(true);
    const order = (id: number) =>
      call<{ orderNo: string }>(token, 'POST', '/definePayOrderCart/createOrder', {
        items: [course(id)],
        userCouponId: ten.id,
        idempotencyKey: key(),
        expectedPayCents: null,
      });
    const results = await Promise.all([order(5002), order(5003)]);
    const loser = results.find((r) => r.code !== '1')!;
    expect(results.filter((r) => r.code === '1')).toHaveLength(1);
    expect(['160016', '160010']).toContain(loser.code);
    if (loser.code === '160010') expect(loser.data).toMatchObject({ problems: [{ kind: 'couponUsed', userCouponId: ten.id }] });
    const won = results.find((r) => r.code === '1')!.data.orderNo;
    const again = await call(token, 'POST', '/v1/payOrder/preview', { items: [course(5006)], userCouponId: ten.id });
    expect((again.data as { problems: Array<{ kind: string }> }).problems).toEqual([expect.objectContaining({ kind: 'couponUsed' })]);
    expect((await call(token, 'GET', `/v1/payOrder/abolishOrder?orderNo=${won}`)).code).toBe('1');
    expect((await call(token, 'GET', `/v1/payOrder/abolishOrder?orderNo=${won}`)).code).toBe('160019');
    const freed = await call<{ coupons: Array<{ id: number; usable: boolean }> }>(token, 'POST', '/v1/payOrder/preview', { items: [course(5006)] });
    expect(freed.data.coupons.find((c) => c.id === ten.id)!.usable).toBe(true);
  });

  it('the same idempotency key twice (a double click) makes one order', async () => {
    const token = await tokenOf('shop03');
    const k = key();
    const body = { items: [course(5002)], idempotencyKey: k, expectedPayCents: 39900 };
    const [a, b] = await Promise.all([
      call<{ orderNo: string }>(token, 'POST', '/definePayOrderCart/createOrder', body),
      call<{ orderNo: string }>(token, 'POST', '/definePayOrderCart/createOrder', body),
    ]);
    expect(a.code).toBe('1');
    expect(b.code).toBe('1');
    expect(a.data.orderNo).toBe(b.data.orderNo);
    expect((await call<{ all: number }>(token, 'GET', '/v1/payOrder/countUserOrderStatus')).data.all).toBe(1);
  });

  it('a changed price is refused with the fresh price named, never charged silently', async () => {
    const token = await tokenOf('shop04');
    await sandbox.control('POST', '/shop/commodity', { commodityType: 1, commodityId: 5002, priceCents: 45900 });
    const r = await call<{ problems: unknown[]; priced: { payCents: number } }>(token, 'POST', '/definePayOrderCart/createOrder', {
      items: [course(5002)],
      seen: [{ ...course(5002), priceCents: 39900 }],
      idempotencyKey: key(),
      expectedPayCents: 39900,
    });
    expect(r.code).toBe('160010');
    expect(r.data.problems).toEqual([expect.objectContaining({ kind: 'priceChanged', commodityId: 5002, beforeCents: 39900, afterCents: 45900 })]);
    expect(r.data.priced.payCents).toBe(45900);
  });

  it('paying at the provider marks the order paid once and enrols the course', async () => {
    const token = await tokenOf('shop05');
    const created = await call<{ orderNo: string; payCents: number }>(token, 'POST', '/definePayOrderCart/createOrder', {
      items: [course(5002)],
      idempotencyKey: key(),
      expectedPayCents: 39900,
    });
    const orderNo = created.data.orderNo;
    const pay = await call<{ payUrl: string }>(token, 'POST', '/v1/payOrder/pay', { orderNo, returnUrl: 'http://portal.example/payment/result' });
    expect(pay.data.payUrl).toMatch(new RegExp(`/__pay/${orderNo}$`));
    const post = (action: string) =>
      fetch(`${sandbox.url}/__pay/${orderNo}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `action=${action}`,
      });
    const failed = await post('fail');
    expect(failed.status).toBe(303);
    expect((await call<{ status: number; payResult: string }>(token, 'GET', `/v1/payOrder/findOrderById?orderNo=${orderNo}`)).data).toMatchObject({
      status: 1,
      payResult: 'failed',
    });
    const paid = await post('pay');
    expect(paid.headers.get('location')).toBe(`http://portal.example/payment/result?orderNo=${orderNo}`);
    expect((await call<{ status: number }>(token, 'GET', `/v1/payOrder/findOrderById?orderNo=${orderNo}`)).data.status).toBe(2);
    expect((await call(token, 'GET', `/v1/payOrder/abolishOrder?orderNo=${orderNo}`)).code).toBe('160019');
    expect((await call(token, 'POST', '/definePayOrderCart/add', { commodityId: 5002, commodityType: 1 })).code).toBe('160003');
  });

  it('COMPANY_BUY_CHECK: 2 refuses an order until the information is complete, 4 closes buying', async () => {
    const token = await tokenOf('shop06');
    await sandbox.control('POST', '/shop/function', { companyId: 1, status: 2 });
    expect((await call<{ status: number }>(token, 'GET', '/company/checkCompanyFunctionSet?functionCode=COMPANY_BUY_CHECK')).data.status).toBe(2);
    expect((await call<{ pass: boolean }>(token, 'GET', '/v1/sys/config/verifyFunctionCodeStatus?functionCode=COMPANY_BUY_CHECK')).data.pass).toBe(false);
    const body = { items: [course(5002)], idempotencyKey: key(), expectedPayCents: 39900 };
    expect((await call(token, 'POST', '/definePayOrderCart/createOrder', body)).code).toBe('160012');
    await sandbox.control('POST', '/shop/function', { companyId: 1, status: 4 });
    expect((await call(token, 'POST', '/definePayOrderCart/createOrder', body)).code).toBe('160013');
  });

  it('malformed bodies are clean business failures, never a 500', async () => {
    const token = await tokenOf('shop07');
    for (const body of [
      { items: 'x', idempotencyKey: key() },
      { items: [course(5002)], idempotencyKey: 'short' },
      { items: [course(5002)], points: -5, idempotencyKey: key() },
    ]) {
      expect((await call(token, 'POST', '/definePayOrderCart/createOrder', body)).code).toBe('160021');
    }
    expect((await call(token, 'POST', '/definePayOrderCart/add', { commodityId: 'abc' })).code).toBe('160021');
    expect((await call(token, 'POST', '/definePayOrderCart/add', { commodityId: 1, commodityType: 3 })).code).toBe('160001');
  });
});
