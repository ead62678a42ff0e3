import type { InStatement } from '@libsql/client';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { hashPassword, seedSalt } from '../db.js';
import { COURSES, PACKAGES, VIP_LEVELS } from '../catalog/seed.js';
import { enrol, isEnrolled } from '../study/enrolments.js';
import { creditBalance, debitBalance, guarded, guardOf, movePoints, ORDER_STATUS, userCoupons, type UserCoupon } from '../shop/store.js';
import { orderNumber } from '../shop/order-number.js';
import { yuanToCents } from '../shop/pricing.js';
import { seedCodes } from '../seed-codes.js';

/**
 * The account centre's state (issue 16 part B; spec 001 section 7 "Account: membership, points,
 * coupons"): membership records with their expiry (the shop's order sets them when a membership order is
 * paid), points bought with the balance. Money and points move only through the shop's ledger
 * (`shop/store.ts`: `debitBalance`, `movePoints`, `shop_ledger`) inside one batch; no second ledger.
 * Tables beside the main schema, an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 */
export const ACCOUNT_SEED_VERSION = '6';
const DAY = 86_400_000;

/** acct01..acct20 (ids 3200-3219, mobiles 13700003200..): journeys that buy memberships and points. */
export const ACCOUNT_USER_IDS = Array.from({ length: 20 }, (_, i) => 3200 + i);

/** Points bought with the balance: 1 point costs 1 cent (the checkout spends 1 point as 1 cent, decision 028). */
export const POINT_PRICE_CENTS = 1;
export const POINTS_BUY_MIN = 100;
export const POINTS_BUY_MAX = 1_000_000;

const TABLES = [
  'acct_memberships',
  'acct_coupon_exchanges',
  'acct_study_cards',
  'acct_recharge_cards',
  'acct_withdrawals',
  'acct_invites',
  'acct_invoice_templates',
  'acct_invoices',
];
const SCHEMA = `
CREATE TABLE acct_memberships (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, level_id INTEGER NOT NULL,
  level_name TEXT NOT NULL, order_no TEXT UNIQUE, pay_cents INTEGER NOT NULL, starts_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL);
CREATE TABLE acct_coupon_exchanges (user_id INTEGER NOT NULL, coupon_id INTEGER NOT NULL, user_coupon_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL, PRIMARY KEY (user_id, coupon_id));
CREATE TABLE acct_study_cards (code TEXT PRIMARY KEY, package_id INTEGER, commodity_id INTEGER, expires_at INTEGER NOT NULL,
  used_by INTEGER, used_order_no TEXT, used_at INTEGER);
CREATE TABLE acct_recharge_cards (code TEXT PRIMARY KEY, value_cents INTEGER NOT NULL, used_by INTEGER, used_at INTEGER);
CREATE TABLE acct_withdrawals (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, amount_cents INTEGER NOT NULL,
  status TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE acct_invites (id INTEGER PRIMARY KEY AUTOINCREMENT, inviter_id INTEGER NOT NULL, invitee_name TEXT NOT NULL,
  reward_points INTEGER NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE acct_invoice_templates (user_id INTEGER PRIMARY KEY, title_type TEXT NOT NULL, title TEXT NOT NULL, tax_no TEXT, email TEXT NOT NULL);
CREATE TABLE acct_invoices (order_no TEXT PRIMARY KEY, user_id INTEGER NOT NULL, title_type TEXT NOT NULL, title TEXT NOT NULL, tax_no TEXT,
  email TEXT NOT NULL, amount_cents INTEGER NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL);
`;

function seedStatements(now: number): InStatement[] {
  const s: InStatement[] = [];
  const codes = seedCodes();
  const hash = hashPassword('Passw0rd!', seedSalt('account-users'));
  for (const id of ACCOUNT_USER_IDS) {
    const n = id - 3199;
    s.push({
      sql: `INSERT OR IGNORE INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash, integral_remaining)
      VALUES (?,?,?,?,?,?,?,?,?)`,
      args: [id, 1, 1, `acct${String(n).padStart(2, '0')}`, `1370000${id}`, null, `账户同学${n}`, hash, 1000],
    });
    s.push({ sql: 'INSERT OR IGNORE INTO shop_wallets (user_id, balance_cents) VALUES (?,?)', args: [id, 50000] });
    s.push({
      sql: 'INSERT INTO shop_ledger (user_id, kind, delta, reason, order_no, created_at) VALUES (?,?,?,?,?,?)',
      args: [id, 'balance', 50000, 'seed', null, now - 30 * DAY],
    });
    s.push({
      sql: 'INSERT INTO shop_ledger (user_id, kind, delta, reason, order_no, created_at) VALUES (?,?,?,?,?,?)',
      args: [id, 'points', 1000, 'seed', null, now - 30 * DAY],
    });
  }
  // member01 (1003) holds an annual membership bought 100 days ago; acct20 (3219) one that has expired
  const annual = VIP_LEVELS.find((v) => v.id === 902)!;
  s.push({
    sql: `INSERT INTO acct_memberships (user_id, level_id, level_name, order_no, pay_cents, starts_at, expires_at, created_at) VALUES (?,?,?,?,?,?,?,?)`,
    args: [1003, annual.id, annual.levelName, null, yuanToCents(annual.price), now - 100 * DAY, now + 265 * DAY, now - 100 * DAY],
  });
  const monthly = VIP_LEVELS.find((v) => v.id === 901)!;
  s.push({
    sql: `INSERT INTO acct_memberships (user_id, level_id, level_name, order_no, pay_cents, starts_at, expires_at, created_at) VALUES (?,?,?,?,?,?,?,?)`,
    args: [3219, monthly.id, monthly.levelName, null, yuanToCents(monthly.price), now - 40 * DAY, now - 10 * DAY, now - 40 * DAY],
  });
  s.push({ sql: 'UPDATE users SET member_flag = 1 WHERE id = 3219', args: [] });
  // a code of the account centre's own (the shop's coupons 1 and 2 are exchangeable too); random-looking, as every
  // code of the seed that gives money or a coupon (seed-codes.ts, issue 36 §1)
  s.push({
    sql: 'INSERT OR IGNORE INTO shop_coupons (id, coupon_name, amount_cents, min_cents, code) VALUES (?,?,?,?,?)',
    args: [10, '新人满100减20', 2000, 10000, codes.coupons.welcome20],
  });
  for (const id of ACCOUNT_USER_IDS) {
    s.push({ sql: 'INSERT INTO shop_user_coupons (user_id, coupon_id, created_at, expires_at) VALUES (?,?,?,?)', args: [id, 2, now - DAY, now + 30 * DAY] });
    s.push({ sql: 'INSERT INTO shop_user_coupons (user_id, coupon_id, created_at, expires_at) VALUES (?,?,?,?)', args: [id, 3, now - 40 * DAY, now - DAY] });
  }
  // study cards (codes: seed-codes.ts, GET /__sandbox/seed/codes): 20 open the package 会计职称进阶套餐 (302),
  // 20 the course 财务报表分析 (5010), one expired yesterday
  const card = (code: string, packageId: number | null, commodityId: number | null, expiresAt: number) =>
    s.push({
      sql: 'INSERT INTO acct_study_cards (code, package_id, commodity_id, expires_at) VALUES (?,?,?,?)',
      args: [code, packageId, commodityId, expiresAt],
    });
  for (const code of codes.studyCards.package302) card(code, 302, null, now + 365 * DAY);
  for (const code of codes.studyCards.course5010) card(code, null, 5010, now + 365 * DAY);
  for (const code of codes.studyCards.expired) card(code, 302, null, now - DAY);
  // 40 recharge cards, ¥100.00 each; two students invited by student01 and by acct01
  for (const code of codes.recharge) s.push({ sql: 'INSERT INTO acct_recharge_cards (code, value_cents) VALUES (?,?)', args: [code, 10000] });
  for (const [inviter, name, days] of [
    [1001, '王同学', 12],
    [1001, '李同学', 3],
    [3200, '赵同学', 5],
  ] as const) {
    s.push({
      sql: 'INSERT INTO acct_invites (inviter_id, invitee_name, reward_points, created_at) VALUES (?,?,?,?)',
      args: [inviter, name, 100, now - days * DAY],
    });
  }
  s.push({ sql: "INSERT INTO meta (key, value) VALUES ('account_seed', ?)", args: [ACCOUNT_SEED_VERSION] });
  return s;
}

/** Registered in `AREAS` (src/areas.ts), after the shop (whose wallets and ledger it adds to). */
export const accountArea: Area = {
  name: 'account',
  schema: SCHEMA,
  async seed(ctx, now) {
    await ctx.db.batch(seedStatements(now));
  },
};

const COLUMNS = 'id, level_id, level_name, order_no, pay_cents, starts_at, expires_at, created_at';
export interface Membership {
  id: number;
  levelId: number;
  levelName: string;
  orderNo: string | null;
  payCents: number;
  startsAt: number;
  expiresAt: number;
  createdAt: number;
}

export async function memberships(ctx: Ctx, userId: number): Promise<Membership[]> {
  return ctx.db.all<Membership>(`SELECT ${COLUMNS} FROM acct_memberships WHERE user_id = ? ORDER BY created_at DESC, id DESC`, [userId]);
}

/** The membership in force now (the latest expiry, if it is still ahead), or null. */
export async function activeMembership(ctx: Ctx, userId: number, now = Date.now()): Promise<Membership | null> {
  const row = await ctx.db.get<Membership>(`SELECT ${COLUMNS} FROM acct_memberships WHERE user_id = ? AND expires_at > ? ORDER BY expires_at DESC LIMIT 1`, [
    userId,
    now,
  ]);
  return row ?? null;
}

/**
 * A paid membership order's effect (called by the shop's `fulfil`): a record from the end of the
 * membership in force (or now) for the level's days, and the member flag. Once per order (order_no UNIQUE).
 */
export async function grantMembership(ctx: Ctx, userId: number, levelId: number, orderNo: string, now = Date.now()): Promise<void> {
  const order = await ctx.db.get<{ payCents: number; totalCents: number }>('SELECT pay_cents, total_cents FROM shop_orders WHERE order_no = ?', [orderNo]);
  const payCents = order?.totalCents ?? 0;
  const level = VIP_LEVELS.find((v) => v.id === levelId);
  if (!level) return;
  const current = await activeMembership(ctx, userId, now);
  const startsAt = current ? current.expiresAt : now;
  await ctx.db.batch([
    {
      sql: `INSERT OR IGNORE INTO acct_memberships (user_id, level_id, level_name, order_no, pay_cents, starts_at, expires_at, created_at) VALUES (?,?,?,?,?,?,?,?)`,
      args: [userId, level.id, level.levelName, orderNo, payCents, startsAt, startsAt + level.durationDays * DAY, now],
    },
    { sql: 'UPDATE users SET member_flag = 1 WHERE id = ?', args: [userId] },
  ]);
}

/** refresh/member/status: the member flag follows the records (an expired membership ends it). */
export async function refreshMemberStatus(ctx: Ctx, userId: number, now = Date.now()): Promise<{ memberFlag: 0 | 1; active: Membership | null }> {
  const active = await activeMembership(ctx, userId, now);
  const flag = active ? 1 : 0;
  await ctx.db.run('UPDATE users SET member_flag = ? WHERE id = ?', [flag, userId]);
  return { memberFlag: flag, active };
}

export type PointsBuy = { ok: true; points: number; costCents: number } | { ok: false; reason: 'range' | 'balance' };

/** make/point/order: points bought with the balance, both moves in one transaction of the shop's ledger. */
export async function buyPoints(ctx: Ctx, userId: number, points: number, now = Date.now()): Promise<PointsBuy> {
  if (!Number.isSafeInteger(points) || points < POINTS_BUY_MIN || points > POINTS_BUY_MAX) return { ok: false, reason: 'range' };
  const costCents = points * POINT_PRICE_CENTS;
  try {
    await ctx.db.batch([
      ...debitBalance(userId, costCents, 'points bought', null, now),
      ...movePoints(userId, points, 'points bought', null, now),
      { sql: 'DELETE FROM shop_guard', args: [] },
    ]);
  } catch (error) {
    if (guardOf(error) === 'balance') return { ok: false, reason: 'balance' };
    throw error;
  }
  return { ok: true, points, costCents };
}

export const COUPON_DAYS = 30;
export type CouponStatus = 'usable' | 'used' | 'expired';
export const couponStatus = (c: UserCoupon, now = Date.now()): CouponStatus => (c.usedOrderNo ? 'used' : c.expiresAt <= now ? 'expired' : 'usable');

export async function couponCounts(ctx: Ctx, userId: number, now = Date.now()): Promise<Record<CouponStatus, number>> {
  const counts = { usable: 0, used: 0, expired: 0 };
  for (const c of await userCoupons(ctx, userId)) counts[couponStatus(c, now)]++;
  return counts;
}

export type Exchange = { ok: true; userCouponId: number; couponName: string } | { ok: false; reason: 'unknown' | 'already' };

/**
 * exchange/coupons (code): a coupon with that code, for COUPON_DAYS days, once per student and code (the
 * exchange row's primary key fails the batch of a second exchange, concurrent or not).
 */
export async function exchangeCoupon(ctx: Ctx, userId: number, code: string, now = Date.now()): Promise<Exchange> {
  const coupon = await ctx.db.get<{ id: number; couponName: string }>('SELECT id, coupon_name FROM shop_coupons WHERE code = ?', [code.trim().toUpperCase()]);
  if (!coupon) return { ok: false, reason: 'unknown' };
  try {
    await ctx.db.batch([
      {
        sql: 'INSERT INTO shop_user_coupons (user_id, coupon_id, created_at, expires_at) VALUES (?,?,?,?)',
        args: [userId, coupon.id, now, now + COUPON_DAYS * DAY],
      },
      {
        sql: 'INSERT INTO acct_coupon_exchanges (user_id, coupon_id, user_coupon_id, created_at) VALUES (?,?,last_insert_rowid(),?)',
        args: [userId, coupon.id, now],
      },
    ]);
  } catch (error) {
    if (/acct_coupon_exchanges/.test(error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error)))
      return { ok: false, reason: 'already' };
    throw error;
  }
  const row = await ctx.db.get<{ userCouponId: number }>('SELECT user_coupon_id FROM acct_coupon_exchanges WHERE user_id = ? AND coupon_id = ?', [
    userId,
    coupon.id,
  ]);
  return { ok: true, userCouponId: row!.userCouponId, couponName: coupon.couponName };
}

/** delete/expire/coupon (user_front_coupons_id): only the student's own coupon, only once it has expired unused. */
export async function deleteExpiredCoupon(ctx: Ctx, userId: number, userCouponId: number, now = Date.now()): Promise<'ok' | 'notFound' | 'notExpired'> {
  const c = (await userCoupons(ctx, userId)).find((x) => x.id === userCouponId);
  if (!c) return 'notFound';
  if (couponStatus(c, now) !== 'expired') return 'notExpired';
  const r = await ctx.db.run(
    'DELETE FROM shop_user_coupons WHERE id = ? AND user_id = ? AND expires_at <= ? AND id NOT IN (SELECT user_coupon_id FROM shop_coupon_uses)',
    [userCouponId, userId, now],
  );
  return r.changes ? 'ok' : 'notExpired';
}

/** couponCourseAjax/{id}: the courses the coupon can pay for (sold, priced at or above its threshold). */
export async function couponCourses(ctx: Ctx, userId: number, userCouponId: number) {
  const c = (await userCoupons(ctx, userId)).find((x) => x.id === userCouponId);
  if (!c) return undefined;
  return COURSES.filter((x) => x.freeFlag === 0 && yuanToCents(x.price) >= Math.max(c.minCents, 1)).map((x) => ({
    commodityId: x.commodityId,
    courseName: x.courseName,
    priceCents: yuanToCents(x.price),
  }));
}

export interface CardInfo {
  code: string;
  kind: 'package' | 'course';
  targetId: number;
  name: string;
  expiresAt: number;
  courses: Array<{ commodityId: number; courseName: string; priceCents: number; bought: boolean }>;
}
export type CardCheck = { ok: true; card: CardInfo } | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'bought' };

const normalCode = (code: string) => code.trim().toUpperCase();

/** check/code and get/class/package/info: what the card opens, and whether it can be redeemed now by this student. */
export async function checkCard(ctx: Ctx, userId: number, code: string, now = Date.now()): Promise<CardCheck> {
  const row = await ctx.db.get<{ code: string; packageId: number | null; commodityId: number | null; expiresAt: number; usedBy: number | null }>(
    'SELECT code, package_id, commodity_id, expires_at, used_by FROM acct_study_cards WHERE code = ?',
    [normalCode(code)],
  );
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.usedBy !== null) return { ok: false, reason: 'used' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  const pkg = row.packageId !== null ? PACKAGES.find((p) => p.id === row.packageId) : undefined;
  const ids = pkg ? pkg.commodityIds : row.commodityId !== null ? [row.commodityId] : [];
  const courses = await Promise.all(
    ids.map(async (id) => {
      const c = COURSES.find((x) => x.commodityId === id)!;
      return { commodityId: id, courseName: c.courseName, priceCents: yuanToCents(c.price), bought: await isEnrolled(ctx, userId, id, now) };
    }),
  );
  if (courses.length && courses.every((c) => c.bought)) return { ok: false, reason: 'bought' };
  const name = pkg ? pkg.packageName : (COURSES.find((x) => x.commodityId === row.commodityId)?.courseName ?? '');
  return {
    ok: true,
    card: { code: row.code, kind: pkg ? 'package' : 'course', targetId: pkg ? pkg.id : row.commodityId!, name, expiresAt: row.expiresAt, courses },
  };
}

export type CardRedeem = { ok: true; orderNo: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'bought' };

/**
 * create/order: the card's order (paid by the card, nothing to pay), the card used by this student, in one
 * transaction (a guard row: a second redemption, concurrent or not, fails whole); then the enrolment
 * (study/enrolments.ts `enrol()`, idempotent).
 */
export async function redeemCard(ctx: Ctx, userId: number, schoolId: number, code: string, now = Date.now()): Promise<CardRedeem> {
  const checked = await checkCard(ctx, userId, code, now);
  if (!checked.ok) return checked;
  const card = checked.card;
  const orderNo = orderNumber(now);
  const valueCents = card.kind === 'package' ? yuanToCents(PACKAGES.find((p) => p.id === card.targetId)!.price) : card.courses[0]!.priceCents;
  const type = card.kind === 'package' ? 2 : 1;
  try {
    await ctx.db.batch([
      ...guarded('card', {
        sql: 'UPDATE acct_study_cards SET used_by = ?, used_order_no = ?, used_at = ? WHERE code = ? AND used_by IS NULL AND expires_at > ?',
        args: [userId, orderNo, now, card.code, now],
      }),
      {
        sql: `INSERT INTO shop_orders (order_no, user_id, school_id, status, subtotal_cents, member_cents, coupon_cents, points_used, points_cents, card_code,
        card_cents, balance_cents, pay_cents, total_cents, idem_key, created_at, paid_at) VALUES (?,?,?,?,?,0,0,0,0,?,?,0,0,?,?,?,?)`,
        args: [orderNo, userId, schoolId, ORDER_STATUS.PAID, valueCents, card.code, valueCents, valueCents, `card-${card.code}`, now, now],
      },
      {
        sql: 'INSERT INTO shop_order_items (order_no, commodity_type, commodity_id, commodity_name, buy_source, price_cents, member_price_cents) VALUES (?,?,?,?,?,?,?)',
        args: [orderNo, type, card.targetId, card.name, type, valueCents, null],
      },
      { sql: 'DELETE FROM shop_guard', args: [] },
    ]);
  } catch (error) {
    if (guardOf(error) === 'card' || guardOf(error) === 'duplicate') return { ok: false, reason: 'used' };
    throw error;
  }
  if (card.kind === 'package') await enrol(ctx, { userId, packageId: card.targetId, source: 'card', orderNo });
  else await enrol(ctx, { userId, commodityId: card.targetId, source: 'card', orderNo });
  return { ok: true, orderNo };
}

/** get/return/info: the redemption's result (the order the card paid and the courses it opened), for its student only. */
export async function cardReturnInfo(ctx: Ctx, userId: number, orderNo: string) {
  const row = await ctx.db.get<{ code: string; usedAt: number; packageId: number | null; commodityId: number | null }>(
    'SELECT code, used_at, package_id, commodity_id FROM acct_study_cards WHERE used_order_no = ? AND used_by = ?',
    [orderNo, userId],
  );
  if (!row) return undefined;
  const pkg = row.packageId !== null ? PACKAGES.find((p) => p.id === row.packageId) : undefined;
  const ids = pkg ? pkg.commodityIds : [row.commodityId!];
  return {
    orderNo,
    code: row.code,
    usedAt: row.usedAt,
    name: pkg ? pkg.packageName : (COURSES.find((x) => x.commodityId === row.commodityId)?.courseName ?? ''),
    courses: await Promise.all(
      ids.map(async (id) => ({
        commodityId: id,
        courseName: COURSES.find((x) => x.commodityId === id)!.courseName,
        enrolled: await isEnrolled(ctx, userId, id),
      })),
    ),
  };
}

/** Withdrawals: at least ¥1.00, at most the balance (the spec shows no limits; decision 032). */
export const WITHDRAW_MIN_CENTS = 100;

/** A yuan amount as typed ("12.3", "12.30") in cents, by string arithmetic; undefined when it is not one. */
export function yuanTextToCents(text: string): number | undefined {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** recharge/charge/card (code): the card's value onto the balance, the card used once (guard row), one batch. */
export async function rechargeCard(
  ctx: Ctx,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<{ ok: true; valueCents: number } | { ok: false; reason: 'unknown' | 'used' }> {
  const card = await ctx.db.get<{ code: string; valueCents: number; usedBy: number | null }>(
    'SELECT code, value_cents, used_by FROM acct_recharge_cards WHERE code = ?',
    [code.trim().toUpperCase()],
  );
  if (!card) return { ok: false, reason: 'unknown' };
  if (card.usedBy !== null) return { ok: false, reason: 'used' };
  try {
    await ctx.db.batch([
      ...guarded('card', { sql: 'UPDATE acct_recharge_cards SET used_by = ?, used_at = ? WHERE code = ? AND used_by IS NULL', args: [userId, now, card.code] }),
      ...creditBalance(userId, card.valueCents, 'recharge card', null, now),
      { sql: 'DELETE FROM shop_guard', args: [] },
    ]);
  } catch (error) {
    if (guardOf(error) === 'card') return { ok: false, reason: 'used' };
    throw error;
  }
  return { ok: true, valueCents: card.valueCents };
}

/** cash/withdraw (withdrawAmount): the amount off the balance and a pending withdrawal, one batch. */
export async function withdraw(
  ctx: Ctx,
  userId: number,
  amountCents: number,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; reason: 'min' | 'balance' }> {
  if (!Number.isSafeInteger(amountCents) || amountCents < WITHDRAW_MIN_CENTS) return { ok: false, reason: 'min' };
  try {
    await ctx.db.batch([
      ...debitBalance(userId, amountCents, 'withdraw', null, now),
      { sql: 'INSERT INTO acct_withdrawals (user_id, amount_cents, status, created_at) VALUES (?,?,?,?)', args: [userId, amountCents, 'pending', now] },
      { sql: 'DELETE FROM shop_guard', args: [] },
    ]);
  } catch (error) {
    if (guardOf(error) === 'balance') return { ok: false, reason: 'balance' };
    throw error;
  }
  return { ok: true };
}

/** The student's invite code: stable, derived from the id (get/personal/invite/code). */
export const inviteCodeOf = (userId: number) => `INV${(userId * 7919).toString(36).toUpperCase()}`;

export interface InvoiceFields {
  titleType: 'personal' | 'company';
  title: string;
  taxNo: string | null;
  email: string;
}

/** saveCompanyInvoice: an invoice for a paid order of one's own with something paid, once per order (primary key). */
export async function requestInvoice(
  ctx: Ctx,
  userId: number,
  orderNo: string,
  f: InvoiceFields,
  now = Date.now(),
): Promise<'ok' | 'notFound' | 'notPaid' | 'already'> {
  const o = await ctx.db.get<{ userId: number; status: number; totalCents: number }>(
    'SELECT user_id, status, total_cents FROM shop_orders WHERE order_no = ?',
    [orderNo],
  );
  if (!o || o.userId !== userId) return 'notFound';
  if (o.status !== ORDER_STATUS.PAID || o.totalCents <= 0) return 'notPaid';
  const r = await ctx.db.run(
    `INSERT INTO acct_invoices (order_no, user_id, title_type, title, tax_no, email, amount_cents, status, created_at)
    VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT (order_no) DO NOTHING`,
    [orderNo, userId, f.titleType, f.title, f.taxNo, f.email, o.totalCents, 'applied', now],
  );
  return r.changes ? 'ok' : 'already';
}
