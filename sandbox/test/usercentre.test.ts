import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './helpers.js';

// Decision 038 in the sandbox: the points exchange (points, stock, per-student limit and the goods'
// effect in one transaction) and check/openid with the sandbox's WeChat authorisation before a WeChat payment.
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

const tokenOf = async (account: string) => (await sandbox.control<{ token: string }>('POST', '/tokens', { account })).token;
async function call<T = unknown>(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}/s/api/saas-business${path}${path.includes('?') ? '&' : '?'}domain=localhost&schoolId=1`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: string; message: string; data: T };
}
const key = () => `uc-test-${++seq}-${Date.now()}`;
const wallet = (userId: number) => sandbox.control<{ balanceCents: number; points: number }>('GET', `/shop/wallet?userId=${userId}`);
type Goods = { id: number; goodsName: string; points: number; stock: number; perUserLimit: number; exchanged: number; owned: boolean };

describe('points exchange (decision 038)', () => {
  it('lists the goods; exchanging a coupon takes the points, a piece of stock, and adds the coupon; a repeated key makes one exchange', async () => {
    const token = await tokenOf('uc01');
    const goods = await call<{ points: number; list: Goods[] }>(token, 'GET', '/v1/account/get/point/goods');
    expect(goods.data.points).toBe(5000);
    expect(goods.data.list.map((g) => [g.id, g.points, g.stock])).toEqual([
      [1, 800, 100],
      [2, 3000, 50],
      [3, 4500, 10],
      [4, 20000, 0],
    ]);
    const idemKey = key();
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        call<{ exchangeId: number; remaining: number; duplicate: boolean }>(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 1, idemKey }),
      ),
    );
    expect(a!.code).toBe('1');
    expect(b!.code).toBe('1');
    expect(a!.data.exchangeId).toBe(b!.data.exchangeId);
    expect(await wallet(3700)).toMatchObject({ points: 4200 });
    const coupons = await call<{ list: Array<{ couponName: string }> }>(token, 'GET', '/v1/account/get/coupons/list?status=usable');
    expect(coupons.data.list.map((c) => c.couponName)).toEqual(['无门槛10元券']);
    const after = await call<{ list: Goods[] }>(token, 'GET', '/v1/account/get/point/goods');
    expect(after.data.list[0]).toMatchObject({ stock: 99, exchanged: 1 });
    const list = await call<{ list: Array<{ goodsName: string; points: number }> }>(token, 'GET', '/v1/account/get/point/exchange/list');
    expect(list.data.list).toMatchObject([{ goodsName: '无门槛10元券', points: 800 }]);
    const ledger = await call<{ list: Array<{ delta: number; reason: string }> }>(token, 'GET', '/v1/account/get/point/list');
    expect(ledger.data.list[0]).toMatchObject({ delta: -800, reason: 'points exchange' });
  });

  it('refuses past the per-student limit, when sold out, without enough points, and a course already owned; nothing is taken', async () => {
    const token = await tokenOf('uc02');
    expect((await call(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 2, idemKey: key() })).code).toBe('1');
    expect(await call(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 2, idemKey: key() })).toMatchObject({
      code: '170026',
      message: '已达到该商品的兑换上限',
    });
    expect((await call(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 4, idemKey: key() })).code).toBe('170025');
    // 2000 points left: the 4500-point course is out of reach
    expect((await call(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 3, idemKey: key() })).code).toBe('170027');
    expect((await call(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 99, idemKey: key() })).code).toBe('170024');
    expect((await call(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 1 })).code).toBe('170002');
    expect(await wallet(3701)).toMatchObject({ points: 2000 });
    const goods = await call<{ list: Goods[] }>(token, 'GET', '/v1/account/get/point/goods');
    expect(goods.data.list.find((g) => g.id === 3)!.stock).toBe(10);
  });

  it('a course for points enrols it; exchanging it again is refused as owned', async () => {
    const token = await tokenOf('uc03');
    expect((await call(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 3, idemKey: key() })).code).toBe('1');
    const enrolments = await sandbox.control<{ list: Array<{ commodityId: number; source: string }> }>('GET', '/account/enrolments?userId=3702');
    expect(enrolments.list).toContainEqual(expect.objectContaining({ commodityId: 5018, source: 'points' }));
    expect((await call(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 3, idemKey: key() })).code).toBe('170028');
  });

  it('two students at once for the last piece: one gets it, the stock never goes below zero', async () => {
    const [t1, t2] = await Promise.all([tokenOf('uc04'), tokenOf('uc05')]);
    // nine students take nine of the ten pieces of goods 3, leaving one
    for (const account of ['uc06', 'uc07', 'uc08', 'uc09', 'uc10', 'uc11', 'uc12', 'uc13', 'uc14']) {
      expect((await call(await tokenOf(account), 'POST', '/v1/account/exchange/point/goods', { goodsId: 3, idemKey: key() })).code).toBe('1');
    }
    const results = await Promise.all([t1!, t2!].map((t) => call(t, 'POST', '/v1/account/exchange/point/goods', { goodsId: 3, idemKey: key() })));
    expect(results.map((r) => r.code).sort()).toEqual(['1', '170025']);
    const goods = await sandbox.control<{ list: Array<{ id: number; stock: number }> }>('GET', '/usercentre/goods');
    expect(goods.list.find((g) => g.id === 3)!.stock).toBe(0);
    const points = await Promise.all([3703, 3704].map(wallet));
    expect(points.map((p) => p.points).sort()).toEqual([500, 5000]);
  });
});

describe('check/openid before a WeChat payment (spec 001 section 7)', () => {
  it('not bound: an authorisation address; the WeChat payment is refused until allowed; allowing binds and comes back; then the provider shows WeChat', async () => {
    const token = await tokenOf('uc15');
    const created = await call<{ orderNo: string }>(token, 'POST', '/definePayOrderCart/createOrder', {
      items: [{ commodityType: 1, commodityId: 5002 }],
      idempotencyKey: key(),
    });
    const orderNo = created.data.orderNo;
    const back = `http://localhost:3000/payment/pay?orderNo=${orderNo}&payType=wechat`;
    expect(await call(token, 'POST', '/v1/payOrder/pay', { orderNo, payType: 'wechat', returnUrl: 'http://localhost:3000/payment/result' })).toMatchObject({
      code: '160023',
    });
    const check = await call<{ bound: boolean; authorizeUrl: string }>(token, 'GET', `/v1/account/check/openid?redirectUrl=${encodeURIComponent(back)}`);
    expect(check.data.bound).toBe(false);
    const authorize = new URL(check.data.authorizeUrl);
    expect(authorize.pathname).toBe('/__wx/authorize');
    const page = await fetch(check.data.authorizeUrl);
    expect(await page.text()).toContain('用于微信支付');
    // refusing keeps it unbound and uses the state up
    const denied = await fetch(check.data.authorizeUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'deny' }),
    });
    expect(denied.status).toBe(303);
    expect(denied.headers.get('location')).toBe(`${back}&wx=denied`);
    expect((await fetch(check.data.authorizeUrl)).status).toBe(404);
    expect((await sandbox.control<{ openid: string | null }>('GET', '/usercentre/openid?userId=3714')).openid).toBeNull();

    const again = await call<{ authorizeUrl: string }>(token, 'GET', `/v1/account/check/openid?redirectUrl=${encodeURIComponent(back)}`);
    const allowed = await fetch(again.data.authorizeUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'allow' }),
    });
    expect(allowed.headers.get('location')).toBe(`${back}&wx=ok`);
    const bound = await call<{ bound: boolean; openid: string }>(token, 'GET', '/v1/account/check/openid');
    expect(bound.data).toMatchObject({ bound: true });
    expect(bound.data.openid).toMatch(/^oSBX\*{4}.{4}$/);
    const pay = await call<{ payUrl: string }>(token, 'POST', '/v1/payOrder/pay', {
      orderNo,
      payType: 'wechat',
      returnUrl: 'http://localhost:3000/payment/result',
    });
    expect(pay.data.payUrl).toMatch(/\/__pay\/\d+\?method=wechat$/);
    expect(await (await fetch(pay.data.payUrl)).text()).toMatch(/微信支付（oSBX\*{4}.{4}）/);
  });

  it('refuses a redirect that is not an http(s) address and an unknown state', async () => {
    const token = await tokenOf('uc16');
    expect((await call(token, 'GET', `/v1/account/check/openid?redirectUrl=${encodeURIComponent('javascript:alert(1)')}`)).code).toBe('170029');
    expect((await fetch(`${sandbox.url}/__wx/authorize?state=${'0'.repeat(32)}`)).status).toBe(404);
    expect(
      (await fetch(`${sandbox.url}/__wx/authorize?state=zz`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status,
    ).toBe(400);
  });
});

describe('user-centre categories (spec 001 section 7; our reading, decision 038)', () => {
  type Cat = { categoryId: number; categoryName: string; courses: Array<{ commodityId: number }>; upgrade: Array<{ commodityId: number; courseName: string }> };
  it("already / can / exam / count follow the enrolments; handle/upgrade adds the category's free courses once, and refuses a category not in use", async () => {
    const token = await tokenOf('uc20');
    const empty = await call<Record<string, number>>(token, 'GET', '/v1/user-center/category/count');
    expect(empty.data).toEqual({ already: 0, can: 6, exam: 3, upgradable: 0 });
    expect((await call(token, 'GET', '/v1/user-center/category/handle/upgrade?categoryId=3')).code).toBe('170031');
    // a course of 教师资格 (3) for points: the category is in use
    expect((await call(token, 'POST', '/v1/account/exchange/point/goods', { goodsId: 3, idemKey: key() })).code).toBe('1');
    const already = await call<{ list: Cat[] }>(token, 'GET', '/v1/user-center/category/used/already');
    expect(already.data.list.map((c) => [c.categoryId, c.categoryName, c.courses.map((x) => x.commodityId)])).toEqual([[3, '教师资格', [5018]]]);
    expect(already.data.list[0]!.upgrade).toEqual([{ commodityId: 5016, courseName: '小学教师资格（科目一）' }]);
    const can = await call<{ list: Array<{ categoryId: number }> }>(token, 'GET', '/v1/user-center/category/used/can');
    expect(can.data.list.map((c) => c.categoryId)).toEqual([1, 2, 4, 5, 6]);
    const exam = await call<{ list: Array<{ categoryId: number; exams: Array<{ subjectId: number }> }> }>(token, 'GET', '/v1/user-center/category/exam');
    expect(exam.data.list.map((c) => c.categoryId)).toEqual([1, 2, 4]);
    expect(exam.data.list[0]!.exams.map((e) => e.subjectId)).toEqual([201, 202]);
    expect((await call<Record<string, number>>(token, 'GET', '/v1/user-center/category/count')).data).toEqual({ already: 1, can: 5, exam: 3, upgradable: 1 });

    const up = await call<{ added: Array<{ commodityId: number }> }>(token, 'GET', '/v1/user-center/category/handle/upgrade?categoryId=3');
    expect(up.code).toBe('1');
    expect(up.data.added.map((c) => c.commodityId)).toEqual([5016]);
    const enrolments = await sandbox.control<{ list: Array<{ commodityId: number; source: string }> }>('GET', '/account/enrolments?userId=3719');
    expect(enrolments.list).toContainEqual(expect.objectContaining({ commodityId: 5016, source: 'free' }));
    expect((await call(token, 'GET', '/v1/user-center/category/handle/upgrade?categoryId=3')).code).toBe('170032');
    expect((await call(token, 'GET', '/v1/user-center/category/handle/upgrade?categoryId=99')).code).toBe('170030');
    expect((await call(token, 'GET', '/v1/user-center/category/handle/upgrade?categoryId=x')).code).toBe('170002');
  });
});

describe('make/order (balance): an online recharge (spec 001 section 7; decision 038)', () => {
  it("an unpaid order for the amount; paid at the provider it credits the balance once; the range and the amount's format are checked", async () => {
    const token = await tokenOf('uc11');
    const idemKey = key();
    const [a, b] = await Promise.all(
      [1, 2].map(() => call<{ orderNo: string; payCents: number }>(token, 'POST', '/v1/account/make/order', { balance: '88.50', idemKey })),
    );
    expect(a!.data).toMatchObject({ payCents: 8850 });
    expect(b!.data.orderNo).toBe(a!.data.orderNo);
    const order = await call<{ status: number; items: Array<{ commodityType: number; commodityCode: string; commodityName: string }> }>(
      token,
      'GET',
      `/v1/payOrder/findOrderById?orderNo=${a!.data.orderNo}`,
    );
    expect(order.data.status).toBe(1);
    expect(order.data.items).toMatchObject([{ commodityType: 6, commodityCode: 'RECHARGE', commodityName: '账户充值' }]);
    const notify = () =>
      fetch(`${sandbox.url}/__pay/${a!.data.orderNo}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'pay' }),
      });
    await Promise.all([notify(), notify()]);
    expect(await wallet(3710)).toMatchObject({ balanceCents: 30000 + 8850 });
    const charge = await call<{ list: Array<{ delta: number; reason: string; orderNo: string }> }>(token, 'GET', '/v1/account/get/charge');
    expect(charge.data.list.filter((r) => r.reason === 'recharge')).toEqual([expect.objectContaining({ delta: 8850, orderNo: a!.data.orderNo })]);
    expect((await call(token, 'POST', '/v1/account/make/order', { balance: '0.50', idemKey: key() })).code).toBe('170033');
    expect((await call(token, 'POST', '/v1/account/make/order', { balance: '50000.01', idemKey: key() })).code).toBe('170033');
    expect((await call(token, 'POST', '/v1/account/make/order', { balance: '1.234', idemKey: key() })).code).toBe('170034');
    expect((await call(token, 'POST', '/v1/account/make/order', { balance: '10' })).code).toBe('170002');
  });
});
