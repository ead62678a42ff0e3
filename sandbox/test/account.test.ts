import { describe, expect, it } from 'vitest';
import {
  activeMembership,
  buyPoints,
  rechargeCard,
  withdraw,
  yuanTextToCents,
  cardReturnInfo,
  checkCard,
  redeemCard,
  couponCounts,
  couponCourses,
  deleteExpiredCoupon,
  exchangeCoupon,
  memberships,
  refreshMemberStatus,
} from '../src/account/store.js';
import { createCtx } from '../src/context.js';
import { openDb } from '../src/db.js';
import { seedAreas } from '../src/template.js';
import { createOrder, settlePayment } from '../src/shop/orders.js';
import { isEnrolled } from '../src/study/enrolments.js';
import { balanceOf, pointsOf, userCoupons } from '../src/shop/store.js';
import { seedCodes } from '../src/seed-codes.js';
import { start } from './helpers.js';

/** Issue 16 part B (decision 032): membership records with expiry, points bought through the shop's ledger. */
const DAY = 86_400_000;
/** The seed's codes (random-looking, issue 36 §1): the same for every seed of this process (src/seed-codes.ts). */
const codes = seedCodes();
const WELCOME = codes.coupons.welcome20;

async function freshCtx() {
  const db = await openDb(':memory:');
  await seedAreas(db);
  const ctx = createCtx(db, { control: false, latencyMs: 0, tokenTtlS: 60 });
  return ctx;
}

const memberOrder = (ctx: Awaited<ReturnType<typeof freshCtx>>, userId: number, levelId: number, idemKey: string, now: number) =>
  createOrder(
    ctx,
    userId,
    1,
    { items: [{ commodityType: 4, commodityId: levelId }], userCouponId: null, points: 0, useBalance: false, cardCode: null, seen: [] },
    { expectedPayCents: null, idemKey, agreeProtocol: false, cartIds: [] },
    now,
  );

describe('membership (make/member/order → paid at the provider → a record with its expiry)', () => {
  it("a paid membership order writes one record for the level's days and sets the member flag; paying twice grants once", async () => {
    const ctx = await freshCtx();
    const now = Date.now();
    const order = await memberOrder(ctx, 3200, 901, 'member-test-1', now);
    expect(order).toMatchObject({ ok: true, status: 1, payCents: 6800 });
    if (!order.ok) throw new Error('order');
    expect(await memberships(ctx, 3200)).toEqual([]);
    expect(await settlePayment(ctx, order.orderNo, 'pay', now)).toBe('paid');
    expect(await settlePayment(ctx, order.orderNo, 'pay', now)).toBe('notUnpaid');
    const list = await memberships(ctx, 3200);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ levelId: 901, orderNo: order.orderNo, payCents: 6800 });
    expect(list[0]!.expiresAt - list[0]!.startsAt).toBe(30 * DAY);
    const user = await ctx.db.get<{ memberFlag: number }>('SELECT member_flag FROM users WHERE id = 3200');
    expect(user?.memberFlag).toBe(1);
  });

  it("a renewal starts when the membership in force ends (member01's annual one)", async () => {
    const ctx = await freshCtx();
    const now = Date.now();
    const before = await activeMembership(ctx, 1003, now);
    expect(before?.levelId).toBe(902);
    const order = await memberOrder(ctx, 1003, 901, 'member-test-2', now);
    if (!order.ok) throw new Error('order');
    await settlePayment(ctx, order.orderNo, 'pay', now);
    const after = await activeMembership(ctx, 1003, now);
    expect(after?.startsAt).toBe(before!.expiresAt);
    expect(after?.expiresAt).toBe(before!.expiresAt + 30 * DAY);
  });

  it('refresh/member/status ends an expired membership (acct20) and keeps a running one', async () => {
    const ctx = await freshCtx();
    expect(await refreshMemberStatus(ctx, 3219)).toMatchObject({ memberFlag: 0, active: null });
    expect((await refreshMemberStatus(ctx, 1003)).memberFlag).toBe(1);
  });
});

describe("points bought with the balance (one transaction of the shop's ledger)", () => {
  it('moves cents and points together and writes both ledger rows', async () => {
    const ctx = await freshCtx();
    expect(await buyPoints(ctx, 3201, 500)).toEqual({ ok: true, points: 500, costCents: 500 });
    expect(await balanceOf(ctx, 3201)).toBe(49500);
    expect(await pointsOf(ctx, 3201)).toBe(1500);
    const rows = await ctx.db.all<{ kind: string; delta: number }>(
      "SELECT kind, delta FROM shop_ledger WHERE user_id = 3201 AND reason = 'points bought' ORDER BY kind",
    );
    expect(rows).toEqual([
      { kind: 'balance', delta: -500 },
      { kind: 'points', delta: 500 },
    ]);
  });

  it('refuses out of range and a short balance, and then moves nothing', async () => {
    const ctx = await freshCtx();
    expect(await buyPoints(ctx, 3202, 99)).toEqual({ ok: false, reason: 'range' });
    expect(await buyPoints(ctx, 3202, 1.5)).toEqual({ ok: false, reason: 'range' });
    expect(await buyPoints(ctx, 3202, 50001)).toEqual({ ok: false, reason: 'balance' });
    expect(await balanceOf(ctx, 3202)).toBe(50000);
    expect(await pointsOf(ctx, 3202)).toBe(1000);
  });

  it('two concurrent buys against one balance: one commits, the other is refused whole', async () => {
    const ctx = await freshCtx();
    const results = await Promise.all([buyPoints(ctx, 3203, 30000), buyPoints(ctx, 3203, 30000)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'balance' }]);
    expect(await balanceOf(ctx, 3203)).toBe(20000);
    expect(await pointsOf(ctx, 3203)).toBe(31000);
  });
});

describe('coupons (exchange by code once, delete expired, courses of a coupon)', () => {
  it('exchanges a code once per student, even two at once; an unknown code adds nothing', async () => {
    const ctx = await freshCtx();
    expect(await couponCounts(ctx, 3204)).toEqual({ usable: 1, used: 0, expired: 1 });
    const both = await Promise.all([exchangeCoupon(ctx, 3204, WELCOME.toLowerCase()), exchangeCoupon(ctx, 3204, WELCOME)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'already' }]);
    expect(await exchangeCoupon(ctx, 3204, WELCOME)).toEqual({ ok: false, reason: 'already' });
    expect(await exchangeCoupon(ctx, 3204, 'NOPE')).toEqual({ ok: false, reason: 'unknown' });
    expect(await couponCounts(ctx, 3204)).toEqual({ usable: 2, used: 0, expired: 1 });
    // another student may exchange the same code
    expect((await exchangeCoupon(ctx, 3205, WELCOME)).ok).toBe(true);
  });

  it("deletes only the student's own expired coupon", async () => {
    const ctx = await freshCtx();
    const mine = await userCoupons(ctx, 3206);
    const expired = mine.find((c) => c.expiresAt < Date.now())!;
    const usable = mine.find((c) => c.expiresAt > Date.now())!;
    expect(await deleteExpiredCoupon(ctx, 3206, usable.id)).toBe('notExpired');
    const others = (await userCoupons(ctx, 3207)).find((c) => c.expiresAt < Date.now())!;
    expect(await deleteExpiredCoupon(ctx, 3206, others.id)).toBe('notFound');
    expect(await deleteExpiredCoupon(ctx, 3206, expired.id)).toBe('ok');
    expect(await deleteExpiredCoupon(ctx, 3206, expired.id)).toBe('notFound');
    expect(await couponCounts(ctx, 3206)).toEqual({ usable: 1, used: 0, expired: 0 });
  });

  it('lists the courses a coupon can pay for: priced at or above its threshold', async () => {
    const ctx = await freshCtx();
    const { userCouponId } = (await exchangeCoupon(ctx, 3208, WELCOME)) as { userCouponId: number };
    const courses = (await couponCourses(ctx, 3208, userCouponId))!;
    expect(courses.length).toBeGreaterThan(0);
    expect(courses.every((c) => c.priceCents >= 10000)).toBe(true);
    expect(await couponCourses(ctx, 3209, userCouponId)).toBeUndefined();
  });
});

describe('study cards (check, create the order, return info)', () => {
  it('a package card enrols its courses through one paid order; the card is used once, even two redemptions at once', async () => {
    const ctx = await freshCtx();
    const card = codes.studyCards.package302[4]!;
    const checked = await checkCard(ctx, 3216, card.toLowerCase());
    expect(checked).toMatchObject({ ok: true, card: { code: card, kind: 'package', targetId: 302 } });
    const both = await Promise.all([redeemCard(ctx, 3216, 1, card), redeemCard(ctx, 3217, 1, card)]);
    const won = both.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'used' }]);
    const winner = both[0]!.ok ? 3216 : 3217;
    const { orderNo } = won[0] as { orderNo: string };
    for (const id of [5007, 5008, 5010]) expect(await isEnrolled(ctx, winner, id)).toBe(true);
    expect(await isEnrolled(ctx, winner === 3216 ? 3217 : 3216, 5007)).toBe(false);
    const order = await ctx.db.get<{ status: number; payCents: number; cardCode: string }>(
      'SELECT status, pay_cents, card_code FROM shop_orders WHERE order_no = ?',
      [orderNo],
    );
    expect(order).toEqual({ status: 2, payCents: 0, cardCode: card });
    expect((await cardReturnInfo(ctx, winner, orderNo))?.courses.every((c) => c.enrolled)).toBe(true);
    expect(await cardReturnInfo(ctx, winner === 3216 ? 3217 : 3216, orderNo)).toBeUndefined();
    expect(await checkCard(ctx, winner, card)).toEqual({ ok: false, reason: 'used' });
  });

  it('refuses an unknown and an expired card, and a card whose courses the student already has', async () => {
    const ctx = await freshCtx();
    expect(await redeemCard(ctx, 3218, 1, 'NOPE')).toEqual({ ok: false, reason: 'unknown' });
    expect(await redeemCard(ctx, 3218, 1, codes.studyCards.expired[0]!)).toEqual({ ok: false, reason: 'expired' });
    expect((await redeemCard(ctx, 3218, 1, codes.studyCards.course5010[0]!)).ok).toBe(true);
    expect(await redeemCard(ctx, 3218, 1, codes.studyCards.course5010[1]!)).toEqual({ ok: false, reason: 'bought' });
  });
});

describe("balance: recharge card and withdraw (the shop's ledger, one batch each)", () => {
  it('reads yuan as cents without floats', () => {
    expect(yuanTextToCents('12.3')).toBe(1230);
    expect(yuanTextToCents('0.07')).toBe(7);
    expect(yuanTextToCents('100')).toBe(10000);
    for (const bad of ['', '1.234', '-1', '1e3', 'abc', '12345678']) expect(yuanTextToCents(bad), bad).toBeUndefined();
  });

  it('a recharge card credits once, even two uses at once', async () => {
    const ctx = await freshCtx();
    const card = codes.recharge[2]!;
    const both = await Promise.all([rechargeCard(ctx, 3210, card.toLowerCase()), rechargeCard(ctx, 3211, card)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'used' }]);
    expect((await balanceOf(ctx, 3210)) + (await balanceOf(ctx, 3211))).toBe(110000);
    expect(await rechargeCard(ctx, 3210, 'NOPE')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('withdraws at least ¥1.00 and at most the balance, concurrent withdrawals cannot overdraw', async () => {
    const ctx = await freshCtx();
    expect(await withdraw(ctx, 3212, 99)).toEqual({ ok: false, reason: 'min' });
    const both = await Promise.all([withdraw(ctx, 3212, 30000), withdraw(ctx, 3212, 30000)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(await balanceOf(ctx, 3212)).toBe(20000);
    const rows = await ctx.db.all<{ amountCents: number }>('SELECT amount_cents FROM acct_withdrawals WHERE user_id = 3212');
    expect(rows).toEqual([{ amountCents: 30000 }]);
  });
});

describe("the seed's codes look like real ones (issue 36 §1)", () => {
  // An attack run redeemed RC0002 … RC0026 by counting: the seed taught that a card's code follows from another's.
  const all = [...codes.recharge, ...codes.studyCards.package302, ...codes.studyCards.course5010, ...codes.studyCards.expired, ...codes.shopCards];
  const coupons = Object.values(codes.coupons);

  it('16 characters (12 for a coupon) of an alphabet without 0/O and 1/I, all different, no two alike', () => {
    expect([codes.recharge.length, codes.studyCards.package302.length, codes.studyCards.course5010.length, codes.studyCards.expired.length]).toEqual([
      40, 20, 20, 1,
    ]);
    expect(codes.shopCards).toHaveLength(20);
    for (const code of all) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
    for (const code of coupons) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
    expect(new Set([...all, ...coupons]).size).toBe(all.length + coupons.length);
    // neighbours share no prefix a guesser could count from (random codes share 4 leading characters once in 2^20)
    for (const list of [codes.recharge, codes.studyCards.package302, codes.studyCards.course5010, codes.shopCards])
      for (let i = 1; i < list.length; i++) expect(list[i]!.slice(0, 4)).not.toBe(list[i - 1]!.slice(0, 4));
  });

  it('the seeded rows hold these codes; the old sequential ones (RC0001, SK0001, SC101, WELCOME20, SAVE50, TEN) are unknown', async () => {
    const ctx = await freshCtx();
    const rows = async (sql: string) => (await ctx.db.all<{ code: string }>(sql)).map((r) => r.code);
    expect(await rows('SELECT code FROM acct_recharge_cards ORDER BY rowid')).toEqual(codes.recharge);
    expect(await rows('SELECT code FROM acct_study_cards WHERE commodity_id = 5010 ORDER BY rowid')).toEqual(codes.studyCards.course5010);
    expect(await rows('SELECT code FROM shop_cards ORDER BY rowid')).toEqual(codes.shopCards);
    expect(await rows('SELECT code FROM shop_coupons WHERE code IS NOT NULL ORDER BY id')).toEqual([codes.coupons.save50, codes.coupons.ten, WELCOME]);
    for (const old of ['RC0001', 'RC0002', 'RC0026']) expect(await rechargeCard(ctx, 3213, old)).toEqual({ ok: false, reason: 'unknown' });
    for (const old of ['SK0001', 'SK0101', 'SK0999']) expect(await checkCard(ctx, 3213, old)).toEqual({ ok: false, reason: 'unknown' });
    for (const old of ['WELCOME20', 'SAVE50', 'TEN']) expect(await exchangeCoupon(ctx, 3213, old)).toEqual({ ok: false, reason: 'unknown' });
    expect(await rows("SELECT code FROM shop_cards WHERE code = 'SC101'")).toEqual([]);
    // a second seed of this process (a template built again after a few minutes) seeds the same codes
    const again = await freshCtx();
    expect((await again.db.all<{ code: string }>('SELECT code FROM acct_recharge_cards ORDER BY rowid')).map((r) => r.code)).toEqual(codes.recharge);
  });

  it('GET /__sandbox/seed/codes lists them, the same after a reset; each one redeems', async () => {
    const { sb, c } = await start();
    try {
      const listed = await c.control('GET', '/seed/codes');
      expect(listed.status).toBe(200);
      expect(listed.json).toEqual(codes);
      const recharge = async (code: string) => {
        const { token } = await c.token('acct14'); // (a reset ends the sessions: a token each time)
        return (await c.api('/saas-business/v1/account/recharge/charge/card', { token, body: { code } })).json as { code: string };
      };
      expect((await recharge(listed.json.recharge[0])).code).toBe('1');
      expect((await recharge('RC0002')).code).toBe('170015'); // 充值卡卡号不存在
      await c.control('POST', '/reset');
      expect((await c.control('GET', '/seed/codes')).json).toEqual(codes);
      expect((await recharge(listed.json.recharge[0])).code).toBe('1'); // the reset gave the card back
    } finally {
      await sb.close();
    }
  });
});
