import { randomBytes } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { hashPassword, seedSalt } from '../db.js';
import { CATEGORIES, COURSES } from '../catalog/seed.js';
import { CATEGORIES as QBANK_CATEGORIES, SUBJECTS } from '../qbank/content.js';
import { enrol, isEnrolled, listEnrolments } from '../study/enrolments.js';
import { guardOf, movePoints } from '../shop/store.js';

/**
 * What issue 16 still lacked after decisions 028 and 032 (decision 038): the points exchange (goods
 * bought with points), the WeChat openid a WeChat payment needs (`check/openid` and the sandbox's WeChat
 * authorisation page), and the user-centre categories' upgrades. Tables beside the main schema,
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`), with their own seed users uc01..uc20 (ids 3700-3719,
 * mobiles 13700003700..): each starts with ¥300.00 of balance and 5000 points. Points move only through
 * the shop's ledger (`movePoints`, guarded) in the same batch as the exchange.
 */
export const UC_SEED_VERSION = '1';
const DAY = 86_400_000;
export const UC_USER_IDS = Array.from({ length: 20 }, (_, i) => 3700 + i);

const TABLES = ['uc_point_goods', 'uc_point_exchanges', 'uc_guard', 'uc_wx_openids', 'uc_wx_states', 'uc_category_upgrades'];
const SCHEMA = `
CREATE TABLE uc_point_goods (id INTEGER PRIMARY KEY, goods_name TEXT NOT NULL, kind TEXT NOT NULL, target_id INTEGER NOT NULL,
  points INTEGER NOT NULL, stock INTEGER NOT NULL CONSTRAINT goods_sold_out CHECK (stock >= 0), per_user_limit INTEGER NOT NULL, sort INTEGER NOT NULL);
CREATE TABLE uc_point_exchanges (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, goods_id INTEGER NOT NULL,
  goods_name TEXT NOT NULL, kind TEXT NOT NULL, target_id INTEGER NOT NULL, points INTEGER NOT NULL, idem_key TEXT NOT NULL,
  created_at INTEGER NOT NULL, UNIQUE (user_id, idem_key));
CREATE TABLE uc_guard (within_limit INTEGER CONSTRAINT goods_limit CHECK (within_limit IS NULL OR within_limit = 1));
CREATE TABLE uc_wx_openids (user_id INTEGER PRIMARY KEY, openid TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL);
CREATE TABLE uc_wx_states (state TEXT PRIMARY KEY, user_id INTEGER NOT NULL, redirect_url TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE uc_category_upgrades (user_id INTEGER NOT NULL, from_commodity_id INTEGER NOT NULL, to_commodity_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL, PRIMARY KEY (user_id, from_commodity_id));
`;

/** The goods a student can take for points (1 point = 1 cent elsewhere; goods are priced below their value). */
const GOODS: Array<[id: number, name: string, kind: 'coupon' | 'course', targetId: number, points: number, stock: number, limit: number]> = [
  [1, '无门槛10元券', 'coupon', 2, 800, 100, 3],
  [2, '满300减50券', 'coupon', 1, 3000, 50, 1],
  [3, '普通话水平测试辅导（课程）', 'course', 5018, 4500, 10, 1],
  [4, '教师资格面试试讲技巧（课程）', 'course', 5015, 20000, 0, 1],
];

function seedStatements(now: number): InStatement[] {
  const s: InStatement[] = [];
  const hash = hashPassword('Passw0rd!', seedSalt('uc-users'));
  for (const id of UC_USER_IDS) {
    const n = id - 3699;
    s.push({
      sql: `INSERT OR IGNORE INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash, integral_remaining)
      VALUES (?,?,?,?,?,?,?,?,?)`,
      args: [id, 1, 1, `uc${String(n).padStart(2, '0')}`, `1370000${id}`, null, `中心同学${n}`, hash, 5000],
    });
    s.push({ sql: 'INSERT OR IGNORE INTO shop_wallets (user_id, balance_cents) VALUES (?,?)', args: [id, 30000] });
    s.push({
      sql: 'INSERT INTO shop_ledger (user_id, kind, delta, reason, order_no, created_at) VALUES (?,?,?,?,?,?)',
      args: [id, 'points', 5000, 'seed', null, now - 10 * DAY],
    });
  }
  for (const [id, name, kind, targetId, points, stock, limit] of GOODS) {
    s.push({
      sql: 'INSERT INTO uc_point_goods (id, goods_name, kind, target_id, points, stock, per_user_limit, sort) VALUES (?,?,?,?,?,?,?,?)',
      args: [id, name, kind, targetId, points, stock, limit, id],
    });
  }
  s.push({ sql: "INSERT INTO meta (key, value) VALUES ('uc_seed', ?)", args: [UC_SEED_VERSION] });
  return s;
}

/** Registered in `AREAS` (src/areas.ts), after the shop. */
export const userCentreArea: Area = {
  name: 'user centre',
  schema: SCHEMA,
  async seed(ctx, now) {
    await ctx.db.batch(seedStatements(now));
  },
};

// ---- points exchange ----

export interface Goods {
  id: number;
  goodsName: string;
  kind: 'coupon' | 'course';
  targetId: number;
  points: number;
  stock: number;
  perUserLimit: number;
}

export async function pointGoods(ctx: Ctx, userId: number) {
  const [goods, taken] = await Promise.all([
    ctx.db.all<Goods>('SELECT id, goods_name, kind, target_id, points, stock, per_user_limit FROM uc_point_goods ORDER BY sort'),
    ctx.db.all<{ goodsId: number; n: number }>('SELECT goods_id, COUNT(*) AS n FROM uc_point_exchanges WHERE user_id = ? GROUP BY goods_id', [userId]),
  ]);
  return Promise.all(
    goods.map(async (g) => {
      const exchanged = taken.find((t) => t.goodsId === g.id)?.n ?? 0;
      const owned = g.kind === 'course' ? await isEnrolled(ctx, userId, g.targetId) : false;
      return { ...g, exchanged, owned };
    }),
  );
}

export type ExchangeResult =
  | { ok: true; exchangeId: number; goodsName: string; points: number; duplicate: boolean }
  | { ok: false; reason: 'notFound' | 'soldOut' | 'limit' | 'points' | 'owned' };

/**
 * Goods for points, once per idempotency key: the points debit (guarded: never below zero), the stock
 * (CHECK stock >= 0), the per-student limit (a guard row counting this student's exchanges) and the
 * goods' effect (a coupon of the shop) in one transaction; two exchanges at once of the last piece: one
 * commits. A course is enrolled after the commit (`enrol()`, idempotent).
 */
export async function exchangeGoods(ctx: Ctx, userId: number, goodsId: number, idemKey: string, now = Date.now()): Promise<ExchangeResult> {
  const first = await ctx.db.get<{ id: number; goodsName: string; points: number }>(
    'SELECT id, goods_name, points FROM uc_point_exchanges WHERE user_id = ? AND idem_key = ?',
    [userId, idemKey],
  );
  if (first) return { ok: true, exchangeId: first.id, goodsName: first.goodsName, points: first.points, duplicate: true };
  const g = await ctx.db.get<Goods>('SELECT id, goods_name, kind, target_id, points, stock, per_user_limit FROM uc_point_goods WHERE id = ?', [goodsId]);
  if (!g) return { ok: false, reason: 'notFound' };
  if (g.stock <= 0) return { ok: false, reason: 'soldOut' };
  if (g.kind === 'course' && (await isEnrolled(ctx, userId, g.targetId, now))) return { ok: false, reason: 'owned' };
  const stmts: InStatement[] = [
    {
      sql: `INSERT INTO uc_point_exchanges (user_id, goods_id, goods_name, kind, target_id, points, idem_key, created_at) VALUES (?,?,?,?,?,?,?,?)`,
      args: [userId, g.id, g.goodsName, g.kind, g.targetId, g.points, idemKey, now],
    },
    { sql: 'UPDATE uc_point_goods SET stock = stock - 1 WHERE id = ?', args: [g.id] },
    {
      sql: 'INSERT INTO uc_guard (within_limit) SELECT (SELECT COUNT(*) FROM uc_point_exchanges WHERE user_id = ? AND goods_id = ?) <= ?',
      args: [userId, g.id, g.perUserLimit],
    },
    ...movePoints(userId, -g.points, 'points exchange', null, now),
  ];
  if (g.kind === 'coupon') {
    stmts.push({
      sql: 'INSERT INTO shop_user_coupons (user_id, coupon_id, created_at, expires_at) VALUES (?,?,?,?)',
      args: [userId, g.targetId, now, now + 30 * DAY],
    });
  }
  stmts.push({ sql: 'DELETE FROM uc_guard', args: [] }, { sql: 'DELETE FROM shop_guard', args: [] });
  try {
    await ctx.db.batch(stmts);
  } catch (error) {
    const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
    if (/goods_sold_out/.test(text)) return { ok: false, reason: 'soldOut' };
    if (/goods_limit/.test(text)) return { ok: false, reason: 'limit' };
    if (guardOf(error) === 'points') return { ok: false, reason: 'points' };
    if (/uc_point_exchanges\.user_id, uc_point_exchanges\.idem_key|UNIQUE constraint failed: uc_point_exchanges/.test(text))
      return exchangeGoods(ctx, userId, goodsId, idemKey, now);
    throw error;
  }
  const row = (await ctx.db.get<{ id: number }>('SELECT id FROM uc_point_exchanges WHERE user_id = ? AND idem_key = ?', [userId, idemKey]))!;
  if (g.kind === 'course') await enrol(ctx, { userId, commodityId: g.targetId, source: 'points' });
  return { ok: true, exchangeId: row.id, goodsName: g.goodsName, points: g.points, duplicate: false };
}

export async function exchangeList(ctx: Ctx, userId: number) {
  return ctx.db.all<{ id: number; goodsId: number; goodsName: string; kind: string; targetId: number; points: number; createdAt: number }>(
    'SELECT id, goods_id, goods_name, kind, target_id, points, created_at FROM uc_point_exchanges WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 50',
    [userId],
  );
}

// ---- WeChat openid (check/openid; the sandbox plays WeChat's authorisation) ----

export const WX_STATE_TTL_MS = 10 * 60_000;

export async function openidOf(ctx: Ctx, userId: number): Promise<string | null> {
  return (await ctx.db.get<{ openid: string }>('SELECT openid FROM uc_wx_openids WHERE user_id = ?', [userId]))?.openid ?? null;
}

/** A one-time authorisation state for this student, which brings the browser back to `redirectUrl`. */
export async function newWxState(ctx: Ctx, userId: number, redirectUrl: string, now = Date.now()): Promise<string> {
  const state = randomBytes(16).toString('hex');
  await ctx.db.batch([
    { sql: 'DELETE FROM uc_wx_states WHERE expires_at <= ?', args: [now] },
    { sql: 'INSERT INTO uc_wx_states (state, user_id, redirect_url, expires_at) VALUES (?,?,?,?)', args: [state, userId, redirectUrl, now + WX_STATE_TTL_MS] },
  ]);
  return state;
}

export async function wxState(ctx: Ctx, state: string, now = Date.now()) {
  return ctx.db.get<{ state: string; userId: number; redirectUrl: string }>(
    'SELECT state, user_id, redirect_url FROM uc_wx_states WHERE state = ? AND expires_at > ?',
    [state, now],
  );
}

/** The student allowed (or refused) the authorisation: the state is used once; allowing binds an openid. */
export async function settleWxState(ctx: Ctx, state: string, allow: boolean, now = Date.now()): Promise<{ redirectUrl: string } | undefined> {
  const row = await wxState(ctx, state, now);
  if (!row) return undefined;
  const r = await ctx.db.run('DELETE FROM uc_wx_states WHERE state = ?', [state]);
  if (!r.changes) return undefined; // used by a concurrent answer
  if (allow) {
    const openid = `oSBX${randomBytes(12).toString('base64url')}`;
    await ctx.db.run('INSERT INTO uc_wx_openids (user_id, openid, created_at) VALUES (?,?,?) ON CONFLICT (user_id) DO NOTHING', [row.userId, openid, now]);
  }
  return { redirectUrl: row.redirectUrl };
}

export const maskOpenid = (openid: string) => `${openid.slice(0, 4)}****${openid.slice(-4)}`;

export const courseName = (commodityId: number) => COURSES.find((c) => c.commodityId === commodityId)?.courseName ?? '';

// ---- user-centre categories (/v1/user-center/category/...; our reading, decision 038) ----

/** The question bank's categories (qbank/content.ts) as the catalogue's (catalog/seed.ts). */
const QBANK_TO_CATALOGUE: Record<number, number> = { 11: 1, 12: 2, 13: 4 };

/**
 * The catalogue's categories from the student's side: `already` those in which the student has a course
 * (in force), `can` those on sale in which the student has none yet, each with its exams (the question
 * bank's subjects of that category) and, for a category in use, the free courses not yet joined (what
 * `handle/upgrade` adds).
 */
export async function userCategories(ctx: Ctx, userId: number, now = Date.now()) {
  const enrolled = new Set((await listEnrolments(ctx, userId)).filter((e) => e.expiresAt > now).map((e) => e.commodityId));
  return CATEGORIES.filter((c) => c.parentId === 0)
    .sort((a, b) => a.sort - b.sort)
    .map((c) => {
      const courses = COURSES.filter((x) => x.categoryId === c.id);
      const mine = courses.filter((x) => enrolled.has(x.commodityId));
      const qbank = Object.entries(QBANK_TO_CATALOGUE)
        .filter(([, cat]) => cat === c.id)
        .map(([q]) => Number(q));
      const exams = SUBJECTS.filter((s) => qbank.includes(s.categoryId)).map((s) => ({
        subjectId: s.id,
        subjectName: s.name,
        qbankCategory: QBANK_CATEGORIES.find((q) => q.id === s.categoryId)?.name ?? '',
      }));
      const freeToJoin = courses.filter((x) => x.freeFlag === 1 && !enrolled.has(x.commodityId));
      return {
        categoryId: c.id,
        categoryName: c.categoryName,
        used: mine.length > 0,
        courses: mine.map((x) => ({ commodityId: x.commodityId, courseId: x.courseId, courseName: x.courseName })),
        onSale: courses.filter((x) => !enrolled.has(x.commodityId)).length,
        freeCount: courses.filter((x) => x.freeFlag === 1).length,
        upgrade: mine.length > 0 ? freeToJoin.map((x) => ({ commodityId: x.commodityId, courseName: x.courseName })) : [],
        exams,
      };
    });
}

export type UpgradeResult =
  { ok: true; added: Array<{ commodityId: number; courseName: string }> } | { ok: false; reason: 'notFound' | 'notUsed' | 'upToDate' };

/**
 * handle/upgrade (categoryId): a category in use takes in the category's free courses the student has not
 * joined (enrolments with source 'free', idempotent); a category not in use, or with nothing to add, is refused.
 */
export async function upgradeCategory(ctx: Ctx, userId: number, categoryId: number): Promise<UpgradeResult> {
  const category = (await userCategories(ctx, userId)).find((c) => c.categoryId === categoryId);
  if (!category) return { ok: false, reason: 'notFound' };
  if (!category.used) return { ok: false, reason: 'notUsed' };
  if (!category.upgrade.length) return { ok: false, reason: 'upToDate' };
  for (const c of category.upgrade) await enrol(ctx, { userId, commodityId: c.commodityId, source: 'free' });
  return { ok: true, added: category.upgrade };
}
