import { grantMembership } from '../account/store.js';
import type { InStatement } from '@libsql/client';
import type { Ctx } from '../context.js';
import { PACKAGES } from '../catalog/seed.js';
import { enrol, isEnrolled } from '../study/enrolments.js';
import { price, type Priced } from './pricing.js';
import { orderNumber } from './order-number.js';
import {
  balanceOf,
  COMMODITY,
  couponUse,
  creditBalance,
  debitBalance,
  findCommodity,
  guarded,
  guardOf,
  movePoints,
  ORDER_STATUS,
  ORDER_TTL_MS,
  pointsOf,
  userCoupons,
  type Commodity,
  type UserCoupon,
} from './store.js';

export interface Wanted {
  commodityType: number;
  commodityId: number;
}
export interface Seen extends Wanted {
  priceCents: number;
}
export interface Choices {
  items: Wanted[];
  userCouponId: number | null;
  points: number;
  useBalance: boolean;
  cardCode: string | null;
  /** what the student saw when choosing: changes since are reported, never silently charged */
  seen: Seen[];
}

export type LineStatus = 'ok' | 'bought' | 'soldOut' | 'notFound';
export type Problem =
  | { kind: 'priceChanged'; commodityType: number; commodityId: number; name: string; beforeCents: number; afterCents: number }
  | { kind: 'bought' | 'soldOut' | 'notFound'; commodityType: number; commodityId: number; name: string }
  | { kind: 'couponExpired' | 'couponUsed' | 'couponUnmet' | 'couponUnknown'; userCouponId: number; name: string }
  | { kind: 'pointsShort'; wanted: number; available: number }
  | { kind: 'totalChanged'; beforeCents: number; afterCents: number }
  | { kind: 'cardInvalid'; code: string };

export interface Line extends Commodity {
  status: LineStatus;
}
export interface CouponView extends UserCoupon {
  usable: boolean;
  reason: 'ok' | 'expired' | 'used' | 'unmet';
}
export interface Preview {
  lines: Line[];
  coupons: CouponView[];
  member: boolean;
  balanceCents: number;
  points: number;
  cardValueCents: number;
  priced: Priced;
  problems: Problem[];
  /** the choices after dropping what no longer applies (a coupon that expired, an item bought meanwhile) */
  applied: { userCouponId: number | null; points: number; useBalance: boolean; cardCode: string | null };
}

async function bought(ctx: Ctx, userId: number, c: Commodity): Promise<boolean> {
  if (c.commodityType === COMMODITY.COURSE) return isEnrolled(ctx, userId, c.commodityId);
  if (c.commodityType === COMMODITY.PACKAGE) {
    const ids = PACKAGES.find((p) => p.id === c.commodityId)?.commodityIds ?? [];
    const owned = await Promise.all(ids.map((id) => isEnrolled(ctx, userId, id)));
    return ids.length > 0 && owned.every(Boolean);
  }
  return false;
}

/** Prices the choices now: the server's answer to every change on the checkout page (spec 001 section 7). */
export async function preview(ctx: Ctx, userId: number, choices: Choices, now = Date.now()): Promise<Preview> {
  await expireOrders(ctx, { userId }, now); // what expired orders took is spendable again
  const problems: Problem[] = [];
  const lines: Line[] = [];
  const seenKey = (w: Wanted) => `${w.commodityType}:${w.commodityId}`;
  const seen = new Map(choices.seen.map((s) => [seenKey(s), s.priceCents]));
  const unique = [...new Map(choices.items.map((w) => [seenKey(w), w])).values()];
  for (const w of unique) {
    const c = await findCommodity(ctx, w.commodityType, w.commodityId);
    if (!c) {
      lines.push({
        commodityType: w.commodityType,
        commodityId: w.commodityId,
        commodityName: '',
        cover: '',
        priceCents: 0,
        memberPriceCents: null,
        soldOut: true,
        buySource: 0,
        protocolId: null,
        protocolName: null,
        courseCommodityIds: [],
        status: 'notFound',
      });
      problems.push({ kind: 'notFound', commodityType: w.commodityType, commodityId: w.commodityId, name: '' });
      continue;
    }
    const status: LineStatus = c.soldOut ? 'soldOut' : (await bought(ctx, userId, c)) ? 'bought' : 'ok';
    lines.push({ ...c, status });
    if (status !== 'ok') problems.push({ kind: status, commodityType: c.commodityType, commodityId: c.commodityId, name: c.commodityName });
    const before = seen.get(seenKey(w));
    if (status === 'ok' && before !== undefined && before !== c.priceCents) {
      problems.push({
        kind: 'priceChanged',
        commodityType: c.commodityType,
        commodityId: c.commodityId,
        name: c.commodityName,
        beforeCents: before,
        afterCents: c.priceCents,
      });
    }
  }
  const user = await ctx.db.get<{ memberFlag: number }>('SELECT member_flag FROM users WHERE id = ?', [userId]);
  const member = user?.memberFlag === 1;
  const [balanceCents, points, coupons] = await Promise.all([balanceOf(ctx, userId), pointsOf(ctx, userId), userCoupons(ctx, userId)]);
  const ok = lines.filter((l) => l.status === 'ok');
  const afterMember = price({
    lines: ok,
    member,
    coupon: null,
    pointsWanted: 0,
    pointsAvailable: 0,
    cardValueCents: 0,
    useBalance: false,
    balanceAvailableCents: 0,
  }).totalCents;
  const views: CouponView[] = coupons.map((c) => {
    const reason = c.usedOrderNo ? 'used' : c.expiresAt <= now ? 'expired' : afterMember < c.minCents || afterMember === 0 ? 'unmet' : 'ok';
    return { ...c, usable: reason === 'ok', reason };
  });
  let userCouponId = choices.userCouponId;
  if (userCouponId !== null) {
    const chosen = views.find((c) => c.id === userCouponId);
    if (!chosen || !chosen.usable) {
      const kind = !chosen ? 'couponUnknown' : chosen.reason === 'expired' ? 'couponExpired' : chosen.reason === 'used' ? 'couponUsed' : 'couponUnmet';
      problems.push({ kind, userCouponId, name: chosen?.couponName ?? '' });
      userCouponId = null;
    }
  }
  let pointsWanted = choices.points;
  if (pointsWanted > points) {
    problems.push({ kind: 'pointsShort', wanted: pointsWanted, available: points });
    pointsWanted = points;
  }
  let cardCode = choices.cardCode;
  let cardValueCents = 0;
  if (cardCode) {
    const card = await ctx.db.get<{ valueCents: number; usedOrderNo: string | null }>('SELECT value_cents, used_order_no FROM shop_cards WHERE code = ?', [
      cardCode,
    ]);
    if (!card || card.usedOrderNo) {
      problems.push({ kind: 'cardInvalid', code: cardCode });
      cardCode = null;
    } else cardValueCents = card.valueCents;
  }
  const coupon = userCouponId === null ? null : views.find((c) => c.id === userCouponId)!;
  const priced = price({
    lines: ok,
    member,
    coupon,
    pointsWanted,
    pointsAvailable: points,
    cardValueCents,
    useBalance: choices.useBalance,
    balanceAvailableCents: balanceCents,
  });
  return {
    lines,
    coupons: views,
    member,
    balanceCents,
    points,
    cardValueCents,
    priced,
    problems,
    applied: { userCouponId, points: priced.pointsUsed, useBalance: choices.useBalance, cardCode },
  };
}

export type CreateResult =
  | { ok: true; orderNo: string; status: number; payCents: number; duplicate: boolean }
  | { ok: false; reason: 'changed' | 'empty' | 'protocol' | 'balance' | 'points' | 'coupon' | 'card'; preview?: Preview };

/**
 * Creates an order from the choices when nothing changed since the student saw the price
 * (`expectedPayCents` and `seen`); otherwise answers 'changed' with the fresh preview. Balance, points,
 * coupon and card are taken in the same transaction as the order row; the idempotency key makes a
 * repeated submit answer the first order.
 */
export async function createOrder(
  ctx: Ctx,
  userId: number,
  schoolId: number,
  choices: Choices,
  opts: { expectedPayCents: number | null; idemKey: string; agreeProtocol: boolean; cartIds: number[] },
  now = Date.now(),
): Promise<CreateResult> {
  const existing = await ctx.db.get<{ orderNo: string; status: number; payCents: number }>(
    'SELECT order_no, status, pay_cents FROM shop_orders WHERE user_id = ? AND idem_key = ?',
    [userId, opts.idemKey],
  );
  if (existing) return { ok: true, ...existing, duplicate: true };
  const p = await preview(ctx, userId, choices, now);
  const lines = p.lines.filter((l) => l.status === 'ok');
  if (!lines.length) return { ok: false, reason: 'empty', preview: p };
  if (!p.problems.length && opts.expectedPayCents !== null && opts.expectedPayCents !== p.priced.payCents) {
    // e.g. the balance or points were spent by another order meanwhile
    p.problems.push({ kind: 'totalChanged', beforeCents: opts.expectedPayCents, afterCents: p.priced.payCents });
  }
  // an item that was already out when the student saw the page (not in `seen`) is simply left out of the
  // order (it stays in the cart); one that went out since blocks, as does any other change
  const seenKeys = new Set(choices.seen.map((x) => `${x.commodityType}:${x.commodityId}`));
  const blocking = p.problems.filter((x) => !('commodityId' in x) || x.kind === 'priceChanged' || seenKeys.has(`${x.commodityType}:${x.commodityId}`));
  if (blocking.length) return { ok: false, reason: 'changed', preview: p };
  if (lines.some((l) => l.protocolId !== null) && !opts.agreeProtocol) return { ok: false, reason: 'protocol', preview: p };
  const orderNo = orderNumber(now);
  const pr = p.priced;
  const paidNow = pr.payCents === 0;
  const stmts: InStatement[] = [
    {
      sql: `INSERT INTO shop_orders (order_no, user_id, school_id, status, subtotal_cents, member_cents, coupon_cents, user_coupon_id, points_used,
      points_cents, card_code, card_cents, balance_cents, pay_cents, total_cents, idem_key, created_at, paid_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      args: [
        orderNo,
        userId,
        schoolId,
        paidNow ? ORDER_STATUS.PAID : ORDER_STATUS.UNPAID,
        pr.subtotalCents,
        pr.memberDiscountCents,
        pr.couponCents,
        p.applied.userCouponId,
        pr.pointsUsed,
        pr.pointsCents,
        p.applied.cardCode,
        pr.cardCents,
        pr.balanceCents,
        pr.payCents,
        pr.totalCents,
        opts.idemKey,
        now,
        paidNow ? now : null,
      ],
    },
    ...lines.map((l) => ({
      sql: 'INSERT INTO shop_order_items (order_no, commodity_type, commodity_id, commodity_name, buy_source, price_cents, member_price_cents) VALUES (?,?,?,?,?,?,?)',
      args: [orderNo, l.commodityType, l.commodityId, l.commodityName, l.buySource, l.priceCents, l.memberPriceCents],
    })),
    ...debitBalance(userId, pr.balanceCents, 'order', orderNo, now),
    ...movePoints(userId, -pr.pointsUsed, 'order', orderNo, now),
  ];
  if (p.applied.userCouponId !== null && pr.couponCents > 0) {
    stmts.push(...couponUse(orderNo, p.applied.userCouponId, userId, now));
  }
  if (p.applied.cardCode && pr.cardCents > 0) {
    stmts.push(
      ...guarded('card', { sql: 'UPDATE shop_cards SET used_order_no = ? WHERE code = ? AND used_order_no IS NULL', args: [orderNo, p.applied.cardCode] }),
    );
  }
  if (opts.cartIds.length) {
    // only the cart rows of what is bought: an item left out (sold out, bought before) stays in the cart
    stmts.push({
      sql: `DELETE FROM cart_items WHERE user_id = ? AND id IN (${opts.cartIds.map(() => '?').join(',')}) AND commodity_id IN (${lines.map(() => '?').join(',')})`,
      args: [userId, ...opts.cartIds, ...lines.map((l) => l.commodityId)],
    });
  }
  stmts.push({ sql: 'DELETE FROM shop_guard', args: [] });
  try {
    await ctx.db.batch(stmts);
  } catch (error) {
    const guard = guardOf(error);
    if (guard === 'duplicate') {
      const first = await ctx.db.get<{ orderNo: string; status: number; payCents: number }>(
        'SELECT order_no, status, pay_cents FROM shop_orders WHERE user_id = ? AND idem_key = ?',
        [userId, opts.idemKey],
      );
      if (first) return { ok: true, ...first, duplicate: true };
    }
    if (guard === 'balance' || guard === 'points' || guard === 'coupon' || guard === 'card') return { ok: false, reason: guard };
    throw error;
  }
  if (paidNow) await fulfil(ctx, userId, orderNo);
  return { ok: true, orderNo, status: paidNow ? ORDER_STATUS.PAID : ORDER_STATUS.UNPAID, payCents: pr.payCents, duplicate: false };
}

/** A paid order's effects: enrolment (idempotent, study/enrolments.ts) or membership. */
async function fulfil(ctx: Ctx, userId: number, orderNo: string): Promise<void> {
  const items = await ctx.db.all<{ commodityType: number; commodityId: number }>(
    'SELECT commodity_type, commodity_id FROM shop_order_items WHERE order_no = ?',
    [orderNo],
  );
  for (const item of items) {
    const c = await findCommodity(ctx, item.commodityType, item.commodityId);
    if (!c) continue;
    if (item.commodityType === COMMODITY.PACKAGE) await enrol(ctx, { userId, packageId: item.commodityId, source: 'order', orderNo });
    else if (item.commodityType === COMMODITY.MEMBER)
      await grantMembership(ctx, userId, item.commodityId, orderNo); // the record with its expiry (account/store.ts)
    else for (const commodityId of c.courseCommodityIds) await enrol(ctx, { userId, commodityId, source: 'order', orderNo });
  }
}

export interface OrderRow {
  orderNo: string;
  userId: number;
  status: number;
  subtotalCents: number;
  memberCents: number;
  couponCents: number;
  userCouponId: number | null;
  pointsUsed: number;
  pointsCents: number;
  cardCode: string | null;
  cardCents: number;
  balanceCents: number;
  payCents: number;
  totalCents: number;
  returnUrl: string | null;
  payResult: string | null;
  createdAt: number;
  paidAt: number | null;
  cancelledAt: number | null;
}

export async function findOrder(ctx: Ctx, orderNo: string): Promise<OrderRow | undefined> {
  return ctx.db.get<OrderRow>('SELECT * FROM shop_orders WHERE order_no = ?', [orderNo]);
}

export async function orderItems(ctx: Ctx, orderNos: string[]) {
  if (!orderNos.length) return [];
  return ctx.db.all<{
    orderNo: string;
    commodityType: number;
    commodityId: number;
    commodityName: string;
    buySource: number | null;
    priceCents: number;
    memberPriceCents: number | null;
  }>(`SELECT * FROM shop_order_items WHERE order_no IN (${orderNos.map(() => '?').join(',')}) ORDER BY commodity_type, commodity_id`, orderNos);
}

/**
 * Closes an unpaid order (cancelled by the student, or expired): the status guarded on "still unpaid", and
 * what the order took (balance, points, coupon, card) goes back, in one transaction.
 */
async function closeOrder(ctx: Ctx, o: OrderRow, status: 3 | 4, now: number): Promise<'ok' | 'notUnpaid'> {
  const reason = status === ORDER_STATUS.EXPIRED ? 'order expired' : 'order cancelled';
  try {
    await ctx.db.batch([
      ...guarded('status', {
        sql: 'UPDATE shop_orders SET status = ?, cancelled_at = ? WHERE order_no = ? AND status = ?',
        args: [status, now, o.orderNo, ORDER_STATUS.UNPAID],
      }),
      ...creditBalance(o.userId, o.balanceCents, reason, o.orderNo, now),
      ...movePoints(o.userId, o.pointsUsed, reason, o.orderNo, now),
      { sql: 'DELETE FROM shop_coupon_uses WHERE order_no = ?', args: [o.orderNo] },
      { sql: 'UPDATE shop_cards SET used_order_no = NULL WHERE used_order_no = ?', args: [o.orderNo] },
      { sql: 'DELETE FROM shop_guard', args: [] },
    ]);
  } catch (error) {
    if (guardOf(error) === 'status') return 'notUnpaid';
    throw error;
  }
  return 'ok';
}

/** When an unpaid order placed at `createdAt` closes (decision 038). */
export const expiresAtOf = (createdAt: number) => createdAt + ORDER_TTL_MS;

/**
 * Closes the unpaid orders older than ORDER_TTL_MS (status 4, what they took given back): of one student,
 * or one order. The sandbox has no timer: every call that reads or acts on orders runs this first, so an
 * order is expired whenever anyone looks at it (decision 038). Two sweeps at once close an order once
 * (the status guard).
 */
export async function expireOrders(ctx: Ctx, scope: { userId: number } | { orderNo: string }, now = Date.now()): Promise<number> {
  const [where, arg] = 'userId' in scope ? ['user_id = ?', scope.userId] : ['order_no = ?', scope.orderNo];
  const due = await ctx.db.all<OrderRow>(`SELECT * FROM shop_orders WHERE ${where} AND status = ? AND created_at <= ?`, [
    arg,
    ORDER_STATUS.UNPAID,
    now - ORDER_TTL_MS,
  ]);
  let closed = 0;
  for (const o of due) if ((await closeOrder(ctx, o, ORDER_STATUS.EXPIRED, now)) === 'ok') closed++;
  return closed;
}

/** Cancels an unpaid order (abolishOrder): what it took (balance, points, coupon, card) goes back, in one transaction. */
export async function cancelOrder(ctx: Ctx, userId: number, orderNo: string, now = Date.now()): Promise<'ok' | 'notFound' | 'notUnpaid'> {
  await expireOrders(ctx, { orderNo }, now);
  const o = await findOrder(ctx, orderNo);
  if (!o || o.userId !== userId) return 'notFound';
  if (o.status !== ORDER_STATUS.UNPAID) return 'notUnpaid';
  return closeOrder(ctx, o, ORDER_STATUS.CANCELLED, now);
}

/**
 * The provider's notification (the sandbox's payment page): 'pay' marks the unpaid order paid (once) and
 * fulfils it; 'fail' and 'cancel' leave it unpaid with the result noted, payable again.
 */
export async function settlePayment(
  ctx: Ctx,
  orderNo: string,
  outcome: 'pay' | 'fail' | 'cancel',
  now = Date.now(),
): Promise<'paid' | 'failed' | 'cancelled' | 'notUnpaid' | 'notFound'> {
  await expireOrders(ctx, { orderNo }, now); // an expired order is never paid
  const o = await findOrder(ctx, orderNo);
  if (!o) return 'notFound';
  if (outcome !== 'pay') {
    const r = await ctx.db.run('UPDATE shop_orders SET pay_result = ? WHERE order_no = ? AND status = ?', [
      outcome === 'fail' ? 'failed' : 'cancelled',
      orderNo,
      ORDER_STATUS.UNPAID,
    ]);
    return r.changes ? (outcome === 'fail' ? 'failed' : 'cancelled') : 'notUnpaid';
  }
  // a balance recharge (make/order, decision 038) is credited in the same transaction as the status
  const recharge = (await orderItems(ctx, [orderNo])).filter((i) => i.commodityType === COMMODITY.RECHARGE).reduce((n, i) => n + i.priceCents, 0);
  try {
    await ctx.db.batch([
      ...guarded('status', {
        sql: 'UPDATE shop_orders SET status = ?, paid_at = ?, pay_result = ? WHERE order_no = ? AND status = ? AND created_at > ?',
        args: [ORDER_STATUS.PAID, now, 'paid', orderNo, ORDER_STATUS.UNPAID, now - ORDER_TTL_MS],
      }),
      ...creditBalance(o.userId, recharge, 'recharge', orderNo, now),
      { sql: 'DELETE FROM shop_guard', args: [] },
    ]);
  } catch (error) {
    if (guardOf(error) === 'status') return 'notUnpaid';
    throw error;
  }
  await fulfil(ctx, o.userId, orderNo);
  return 'paid';
}

/** Balance recharge: at least ¥1.00, at most ¥50,000.00 per order (the spec shows no limits; decision 038). */
export const RECHARGE_MIN_CENTS = 100;
export const RECHARGE_MAX_CENTS = 5_000_000;

/**
 * make/order (balance): an unpaid order of commodity type 6 for the amount, paid at the provider (nothing
 * deducted: no coupon, points or balance); paid, it credits the balance (`settlePayment`). The idempotency
 * key makes a double click one order; it expires like any order.
 */
export async function createRechargeOrder(
  ctx: Ctx,
  userId: number,
  schoolId: number,
  cents: number,
  idemKey: string,
  now = Date.now(),
): Promise<{ ok: true; orderNo: string; payCents: number; duplicate: boolean } | { ok: false; reason: 'range' }> {
  const existing = await ctx.db.get<{ orderNo: string; payCents: number }>('SELECT order_no, pay_cents FROM shop_orders WHERE user_id = ? AND idem_key = ?', [
    userId,
    idemKey,
  ]);
  if (existing) return { ok: true, ...existing, duplicate: true };
  if (!Number.isSafeInteger(cents) || cents < RECHARGE_MIN_CENTS || cents > RECHARGE_MAX_CENTS) return { ok: false, reason: 'range' };
  const orderNo = orderNumber(now);
  try {
    await ctx.db.batch([
      {
        sql: `INSERT INTO shop_orders (order_no, user_id, school_id, status, subtotal_cents, member_cents, coupon_cents, points_used, points_cents, card_cents,
        balance_cents, pay_cents, total_cents, idem_key, created_at) VALUES (?,?,?,?,?,0,0,0,0,0,0,?,?,?,?)`,
        args: [orderNo, userId, schoolId, ORDER_STATUS.UNPAID, cents, cents, cents, idemKey, now],
      },
      {
        sql: 'INSERT INTO shop_order_items (order_no, commodity_type, commodity_id, commodity_name, buy_source, price_cents, member_price_cents) VALUES (?,?,?,?,?,?,?)',
        args: [orderNo, COMMODITY.RECHARGE, 0, '账户充值', null, cents, null],
      },
    ]);
  } catch (error) {
    if (guardOf(error) === 'duplicate') return createRechargeOrder(ctx, userId, schoolId, cents, idemKey, now);
    throw error;
  }
  return { ok: true, orderNo, payCents: cents, duplicate: false };
}
