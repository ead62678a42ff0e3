import type { InStatement } from '@libsql/client';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { hashPassword, seedSalt } from '../db.js';
import { COURSES, PACKAGES, TRAINING_PLANS, VIP_LEVELS } from '../catalog/seed.js';
import { yuanToCents } from './pricing.js';
import { seedCodes } from '../seed-codes.js';

/**
 * The shop's state (issue 16): the money ledger (balances, points movements), coupons, study cards,
 * orders and their items, commodity overrides (price changes, sold out) and the company's
 * COMPANY_BUY_CHECK status. Tables beside the main schema,
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`). Amounts are integer cents. Points live in
 * `users.integral_remaining` (the header's number); the balance in `shop_wallets`.
 *
 * Money moves only inside one `batch` (one SQLite transaction) with guard rows: a CHECK on
 * `shop_guard` fails the whole batch when a guarded UPDATE changed no row (`changes()`), so two
 * concurrent orders against one balance cannot both pass, and a coupon or card is used once.
 */
export const SHOP_SEED_VERSION = '2';

const TABLES = [
  'shop_wallets',
  'shop_ledger',
  'shop_coupons',
  'shop_user_coupons',
  'shop_coupon_uses',
  'shop_cards',
  'shop_orders',
  'shop_order_items',
  'shop_overrides',
  'shop_functions',
  'shop_guard',
];

const SCHEMA = `
CREATE TABLE shop_wallets (user_id INTEGER PRIMARY KEY, balance_cents INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT balance_short CHECK (balance_cents >= 0));
CREATE TABLE shop_ledger (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, kind TEXT NOT NULL,
  delta INTEGER NOT NULL, reason TEXT NOT NULL, order_no TEXT, created_at INTEGER NOT NULL);
CREATE TABLE shop_coupons (id INTEGER PRIMARY KEY, coupon_name TEXT NOT NULL, amount_cents INTEGER NOT NULL,
  min_cents INTEGER NOT NULL, code TEXT UNIQUE);
CREATE TABLE shop_user_coupons (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, coupon_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE shop_coupon_uses (user_coupon_id INTEGER PRIMARY KEY, order_no TEXT NOT NULL);
CREATE TABLE shop_cards (code TEXT PRIMARY KEY, value_cents INTEGER NOT NULL, used_order_no TEXT);
CREATE TABLE shop_orders (order_no TEXT PRIMARY KEY, user_id INTEGER NOT NULL, school_id INTEGER NOT NULL,
  status INTEGER NOT NULL, subtotal_cents INTEGER NOT NULL, member_cents INTEGER NOT NULL, coupon_cents INTEGER NOT NULL,
  user_coupon_id INTEGER, points_used INTEGER NOT NULL, points_cents INTEGER NOT NULL, card_code TEXT,
  card_cents INTEGER NOT NULL, balance_cents INTEGER NOT NULL, pay_cents INTEGER NOT NULL, total_cents INTEGER NOT NULL,
  idem_key TEXT NOT NULL, return_url TEXT, pay_result TEXT, created_at INTEGER NOT NULL, paid_at INTEGER,
  cancelled_at INTEGER, UNIQUE (user_id, idem_key));
CREATE TABLE shop_order_items (order_no TEXT NOT NULL, commodity_type INTEGER NOT NULL, commodity_id INTEGER NOT NULL,
  commodity_name TEXT NOT NULL, buy_source INTEGER, price_cents INTEGER NOT NULL, member_price_cents INTEGER,
  PRIMARY KEY (order_no, commodity_type, commodity_id));
CREATE TABLE shop_overrides (commodity_type INTEGER NOT NULL, commodity_id INTEGER NOT NULL, price_cents INTEGER,
  sold_out INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (commodity_type, commodity_id));
CREATE TABLE shop_functions (company_id INTEGER NOT NULL, code TEXT NOT NULL, status INTEGER NOT NULL,
  PRIMARY KEY (company_id, code));
CREATE TABLE shop_guard (
  balance INTEGER CONSTRAINT balance_short CHECK (balance IS NULL OR balance = 1),
  points INTEGER CONSTRAINT points_short CHECK (points IS NULL OR points = 1),
  coupon INTEGER CONSTRAINT coupon_unusable CHECK (coupon IS NULL OR coupon = 1),
  card INTEGER CONSTRAINT card_unusable CHECK (card IS NULL OR card = 1),
  status INTEGER CONSTRAINT status_changed CHECK (status IS NULL OR status = 1));
`;

/** Spec 001 section 3: commodity types; 4 (a membership level) and 5 (a training plan) are this sandbox's buy-now kinds, 6 a balance recharge (decision 038). */
export const COMMODITY = { COURSE: 1, PACKAGE: 2, MOUDLE: 3, MEMBER: 4, PLAN: 5, RECHARGE: 6 } as const;
export const COMMODITY_CODE: Record<number, string> = { 1: 'COMMODITY_CLASS', 2: 'COMMODITY_PACKAGE', 3: 'MOUDLE', 4: 'MEMBER', 5: 'PLAN', 6: 'RECHARGE' };
/** Spec 001 section 3: buy source 1 class type, 2 class package. */
export const BUY_SOURCE = { CLASS_TYPE: 1, CLASS_PACKAGE: 2 } as const;
/** Order statuses (not shown in the spec; decisions 028 and 038: 4 = closed unpaid after ORDER_TTL_MS). */
export const ORDER_STATUS = { UNPAID: 1, PAID: 2, CANCELLED: 3, EXPIRED: 4 } as const;
/** An unpaid order closes 30 minutes after it was placed (the spec shows no expiry; decision 038). */
export const ORDER_TTL_MS = 30 * 60_000;

/** The products with a purchase agreement (spec 001 section 2: agreement before buying). */
export const PROTOCOLS: Record<string, { protocolId: number; protocolName: string }> = {
  '1:5009': { protocolId: 9001, protocolName: '注册会计师审计科目学习服务协议' },
  '2:305': { protocolId: 9002, protocolName: '建造师考证套餐学习服务协议' },
};

export const SHOP_USER_IDS = Array.from({ length: 20 }, (_, i) => 2800 + i);
const DAY = 86_400_000;

export interface Commodity {
  commodityType: number;
  commodityId: number;
  commodityName: string;
  cover: string;
  priceCents: number;
  memberPriceCents: number | null;
  soldOut: boolean;
  buySource: number;
  protocolId: number | null;
  protocolName: string | null;
  /** the courses a paid order enrols */
  courseCommodityIds: number[];
}

/** A commodity as sold now: the catalogue plus the control API's overrides (price changes, sold out). */
export async function findCommodity(ctx: Ctx, type: number, id: number): Promise<Commodity | undefined> {
  const base = catalogueCommodity(type, id);
  if (!base) return undefined;
  const o = await ctx.db.get<{ priceCents: number | null; soldOut: number }>(
    'SELECT price_cents, sold_out FROM shop_overrides WHERE commodity_type = ? AND commodity_id = ?',
    [type, id],
  );
  if (!o) return base;
  return { ...base, priceCents: o.priceCents ?? base.priceCents, soldOut: o.soldOut === 1 };
}

export function catalogueCommodity(type: number, id: number): Commodity | undefined {
  const protocol = PROTOCOLS[`${type}:${id}`];
  const common = { soldOut: false, protocolId: protocol?.protocolId ?? null, protocolName: protocol?.protocolName ?? null };
  if (type === COMMODITY.COURSE) {
    const c = COURSES.find((x) => x.commodityId === id);
    if (!c || c.freeFlag === 1) return undefined;
    return {
      ...common,
      commodityType: type,
      commodityId: id,
      commodityName: c.courseName,
      cover: c.cover,
      priceCents: yuanToCents(c.price),
      memberPriceCents: c.memberPrice === null ? null : yuanToCents(c.memberPrice),
      buySource: BUY_SOURCE.CLASS_TYPE,
      courseCommodityIds: [id],
    };
  }
  if (type === COMMODITY.PACKAGE) {
    const p = PACKAGES.find((x) => x.id === id);
    if (!p) return undefined;
    return {
      ...common,
      commodityType: type,
      commodityId: id,
      commodityName: p.packageName,
      cover: p.cover,
      priceCents: yuanToCents(p.price),
      memberPriceCents: p.memberPrice === null ? null : yuanToCents(p.memberPrice),
      buySource: BUY_SOURCE.CLASS_PACKAGE,
      courseCommodityIds: p.commodityIds,
    };
  }
  if (type === COMMODITY.MEMBER) {
    const v = VIP_LEVELS.find((x) => x.id === id);
    if (!v) return undefined;
    return {
      ...common,
      commodityType: type,
      commodityId: id,
      commodityName: v.levelName,
      cover: '',
      priceCents: yuanToCents(v.price),
      memberPriceCents: null,
      buySource: 0,
      courseCommodityIds: [],
    };
  }
  if (type === COMMODITY.PLAN) {
    const t = TRAINING_PLANS.find((x) => x.id === id);
    if (!t) return undefined;
    return {
      ...common,
      commodityType: type,
      commodityId: id,
      commodityName: t.planName,
      cover: t.cover,
      priceCents: yuanToCents(t.price),
      memberPriceCents: null,
      buySource: 0,
      courseCommodityIds: t.stages.flatMap((s) => s.commodityIds),
    };
  }
  return undefined;
}

/** The cart table of the main schema keeps no type: packages are ids 301.., courses 5001.. (catalog/seed.ts). */
export const cartTypeOf = (commodityId: number) => (PACKAGES.some((p) => p.id === commodityId) ? COMMODITY.PACKAGE : COMMODITY.COURSE);

function seedStatements(now: number): InStatement[] {
  const s: InStatement[] = [];
  const add = (sql: string, args: Array<string | number | null>) => s.push({ sql, args });
  // shop01..shop20 (ids 2800-2819, mobiles 13700002800..): journeys that buy things, so other test files keep their state
  // one scrypt for all twenty (a per-user salt would cost seconds at start)
  const hash = hashPassword('Passw0rd!', seedSalt('shop-users'));
  for (const id of SHOP_USER_IDS) {
    const n = id - 2799;
    add(
      `INSERT OR IGNORE INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash, integral_remaining)
      VALUES (?,?,?,?,?,?,?,?,?)`,
      [id, 1, 1, `shop${String(n).padStart(2, '0')}`, `137000${id}`, null, `购物同学${n}`, hash, 5000],
    );
  }
  const wallets: Array<[number, number]> = [[1001, 20000], [1003, 50000], ...SHOP_USER_IDS.map((id): [number, number] => [id, 30000])];
  for (const [userId, cents] of wallets) {
    add('INSERT INTO shop_wallets (user_id, balance_cents) VALUES (?,?)', [userId, cents]);
    add('INSERT INTO shop_ledger (user_id, kind, delta, reason, order_no, created_at) VALUES (?,?,?,?,?,?)', [
      userId,
      'balance',
      cents,
      'seed',
      null,
      now - 60 * DAY,
    ]);
  }
  // the exchange codes and the checkout's cards look like real ones, not SAVE50 / SC101 (seed-codes.ts, issue 36 §1)
  const codes = seedCodes();
  add('INSERT INTO shop_coupons (id, coupon_name, amount_cents, min_cents, code) VALUES (?,?,?,?,?)', [1, '满300减50', 5000, 30000, codes.coupons.save50]);
  add('INSERT INTO shop_coupons (id, coupon_name, amount_cents, min_cents, code) VALUES (?,?,?,?,?)', [2, '无门槛10元券', 1000, 0, codes.coupons.ten]);
  add('INSERT INTO shop_coupons (id, coupon_name, amount_cents, min_cents, code) VALUES (?,?,?,?,?)', [3, '国庆20元券', 2000, 0, null]);
  for (const userId of [1001, 1003, ...SHOP_USER_IDS]) {
    add('INSERT INTO shop_user_coupons (user_id, coupon_id, created_at, expires_at) VALUES (?,?,?,?)', [userId, 1, now - DAY, now + 30 * DAY]);
    add('INSERT INTO shop_user_coupons (user_id, coupon_id, created_at, expires_at) VALUES (?,?,?,?)', [userId, 2, now - DAY, now + 30 * DAY]);
    add('INSERT INTO shop_user_coupons (user_id, coupon_id, created_at, expires_at) VALUES (?,?,?,?)', [userId, 3, now - 40 * DAY, now - DAY]);
  }
  for (const code of codes.shopCards) add('INSERT INTO shop_cards (code, value_cents) VALUES (?,?)', [code, 10000]);
  add('INSERT INTO shop_functions (company_id, code, status) VALUES (?,?,?)', [1, 'COMPANY_BUY_CHECK', 1]);
  // the seed cart pointed at commodities that do not exist (7001..): real ones that student01 does not own yet
  add('DELETE FROM cart_items WHERE commodity_id IN (7001, 7002, 7003)', []);
  for (const [id, name, yuan] of [
    [5002, '人力资源规划实务', 399],
    [5012, '中级经济师（人力资源管理专业）', 860],
    [303, '教师资格证笔试 + 面试套餐', 1399],
  ] as const) {
    add('INSERT INTO cart_items (user_id, school_id, commodity_id, commodity_name, price) VALUES (?,?,?,?,?)', [1001, 1, id, name, yuan]);
  }
  // student01's order history: one paid (the seeded enrolment of 5001), one unpaid, one cancelled
  const order = (no: string, status: number, commodityId: number, daysAgo: number) => {
    // fractions of a day allowed
    const c = catalogueCommodity(COMMODITY.COURSE, commodityId)!;
    const at = now - daysAgo * DAY;
    add(
      `INSERT INTO shop_orders (order_no, user_id, school_id, status, subtotal_cents, member_cents, coupon_cents, points_used,
      points_cents, card_cents, balance_cents, pay_cents, total_cents, idem_key, created_at, paid_at, cancelled_at)
      VALUES (?,?,?,?,?,0,0,0,0,0,0,?,?,?,?,?,?)`,
      [no, 1001, 1, status, c.priceCents, c.priceCents, c.priceCents, `seed-${no}`, at, status === 2 ? at : null, status === 3 ? at + 3_600_000 : null],
    );
    add(
      'INSERT INTO shop_order_items (order_no, commodity_type, commodity_id, commodity_name, buy_source, price_cents, member_price_cents) VALUES (?,?,?,?,?,?,?)',
      [no, 1, commodityId, c.commodityName, c.buySource, c.priceCents, c.memberPriceCents],
    );
  };
  order('202509010001', ORDER_STATUS.PAID, 5001, 40);
  order('202510150002', ORDER_STATUS.CANCELLED, 5008, 20);
  // placed 5 minutes before the seed: still payable for 25 minutes (ORDER_TTL_MS, decision 038)
  order('202511200003', ORDER_STATUS.UNPAID, 5020, 5 / 1440);
  add("INSERT INTO meta (key, value) VALUES ('shop_seed', ?)", [SHOP_SEED_VERSION]);
  return s;
}

/** Registered in `AREAS` (src/areas.ts), after the enrolments: the shop tables and their seed. */
export const shopArea: Area = {
  name: 'shop',
  schema: SCHEMA,
  async seed(ctx, now) {
    await ctx.db.batch(seedStatements(now));
  },
};

export async function balanceOf(ctx: Ctx, userId: number): Promise<number> {
  const row = await ctx.db.get<{ balanceCents: number }>('SELECT balance_cents FROM shop_wallets WHERE user_id = ?', [userId]);
  return row?.balanceCents ?? 0;
}

export async function pointsOf(ctx: Ctx, userId: number): Promise<number> {
  const row = await ctx.db.get<{ integralRemaining: number }>('SELECT integral_remaining FROM users WHERE id = ?', [userId]);
  return row?.integralRemaining ?? 0;
}

export interface UserCoupon {
  id: number;
  couponId: number;
  couponName: string;
  amountCents: number;
  minCents: number;
  expiresAt: number;
  usedOrderNo: string | null;
}

export async function userCoupons(ctx: Ctx, userId: number): Promise<UserCoupon[]> {
  return ctx.db.all<UserCoupon>(
    `SELECT uc.id, uc.coupon_id, c.coupon_name, c.amount_cents, c.min_cents, uc.expires_at, u.order_no AS used_order_no
    FROM shop_user_coupons uc JOIN shop_coupons c ON c.id = uc.coupon_id LEFT JOIN shop_coupon_uses u ON u.user_coupon_id = uc.id
    WHERE uc.user_id = ? ORDER BY uc.expires_at, uc.id`,
    [userId],
  );
}

/**
 * The guarded money statements, for one batch: `UPDATE` then a guard row that fails the batch (CHECK
 * constraint `<what>`) when the update changed nothing. Part B (recharge, withdraw, points orders)
 * moves money with the same helpers.
 */
export const guarded = (what: 'balance' | 'points' | 'coupon' | 'card' | 'status', stmt: InStatement): InStatement[] => [
  stmt,
  { sql: `INSERT INTO shop_guard (${what}) VALUES (changes())`, args: [] },
];

export function debitBalance(userId: number, cents: number, reason: string, orderNo: string | null, now: number): InStatement[] {
  if (cents <= 0) return [];
  return [
    ...guarded('balance', {
      sql: 'UPDATE shop_wallets SET balance_cents = balance_cents - ? WHERE user_id = ? AND balance_cents >= ?',
      args: [cents, userId, cents],
    }),
    {
      sql: 'INSERT INTO shop_ledger (user_id, kind, delta, reason, order_no, created_at) VALUES (?,?,?,?,?,?)',
      args: [userId, 'balance', -cents, reason, orderNo, now],
    },
  ];
}

export function creditBalance(userId: number, cents: number, reason: string, orderNo: string | null, now: number): InStatement[] {
  if (cents <= 0) return [];
  return [
    {
      sql: 'INSERT INTO shop_wallets (user_id, balance_cents) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET balance_cents = balance_cents + excluded.balance_cents',
      args: [userId, cents],
    },
    {
      sql: 'INSERT INTO shop_ledger (user_id, kind, delta, reason, order_no, created_at) VALUES (?,?,?,?,?,?)',
      args: [userId, 'balance', cents, reason, orderNo, now],
    },
  ];
}

export function movePoints(userId: number, delta: number, reason: string, orderNo: string | null, now: number): InStatement[] {
  if (delta === 0) return [];
  const update: InStatement =
    delta < 0
      ? { sql: 'UPDATE users SET integral_remaining = integral_remaining - ? WHERE id = ? AND integral_remaining >= ?', args: [-delta, userId, -delta] }
      : { sql: 'UPDATE users SET integral_remaining = integral_remaining + ? WHERE id = ?', args: [delta, userId] };
  return [
    ...guarded('points', update),
    {
      sql: 'INSERT INTO shop_ledger (user_id, kind, delta, reason, order_no, created_at) VALUES (?,?,?,?,?,?)',
      args: [userId, 'points', delta, reason, orderNo, now],
    },
  ];
}

/** A user coupon used by an order, once: a second use fails the batch (primary key, or the guard when it is not the user's or expired). */
export function couponUse(orderNo: string, userCouponId: number, userId: number, now: number): InStatement[] {
  return guarded('coupon', {
    sql: 'INSERT INTO shop_coupon_uses (user_coupon_id, order_no) SELECT id, ? FROM shop_user_coupons WHERE id = ? AND user_id = ? AND expires_at > ?',
    args: [orderNo, userCouponId, userId, now],
  });
}

/** Which guard failed, from the SQLite error of a batch (undefined: not a guard). */
export function guardOf(error: unknown): 'balance' | 'points' | 'coupon' | 'card' | 'status' | 'duplicate' | undefined {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
  if (/balance_short/.test(text)) return 'balance';
  if (/points_short/.test(text)) return 'points';
  if (/coupon_unusable|shop_coupon_uses/.test(text)) return 'coupon';
  if (/card_unusable/.test(text)) return 'card';
  if (/status_changed/.test(text)) return 'status';
  if (/shop_orders\.user_id, shop_orders\.idem_key|UNIQUE constraint failed: shop_orders/.test(text)) return 'duplicate';
  return undefined;
}
