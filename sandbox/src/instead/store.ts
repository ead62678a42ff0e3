import type { InStatement } from '@libsql/client';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { hashPassword, seedSalt } from '../db.js';
import { SEED_PASSWORD } from '../seed.js';
import { KEY_RE, objectStore } from '../storage/objects.js';
import { CASCADE_OPTIONS, EXAM_PLACES, INSTEAD_ITEMS, INSTEAD_USERS, ITEM_TIMES, PROVINCES, type ExamPlace, type ItemTime } from './seed.js';

/**
 * The instead sign-up's state (spec 001 §7 'Instead sign-up', decision 036): the user-item relations
 * (one sign-up of a student for one item's session, `itemUserId`), their field values, statuses and exam
 * places; the company's sign-up file space. Tables:
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 *
 * Status: 0 to fill in, 1 under review, 2 approved (waiting for an exam place), 3 refused (fill in again),
 * 4 exam place assigned. The school's review (1 → 2 or 3) is the test-control call `/__sandbox/instead/review`.
 */
export const INSTEAD_SEED_VERSION = '1';

export const STATUS = { toFill: 0, review: 1, approved: 2, refused: 3, placed: 4 } as const;

const TABLES = ['instead_user_item', 'instead_values', 'instead_space'];
const SCHEMA = `
CREATE TABLE instead_user_item (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, item_id INTEGER NOT NULL, item_time_id INTEGER NOT NULL,
  status INTEGER NOT NULL, place_id INTEGER, reason TEXT, created_at INTEGER NOT NULL, submitted_at INTEGER);
CREATE INDEX instead_user_item_user ON instead_user_item (user_id);
CREATE INDEX instead_user_item_place ON instead_user_item (place_id);
CREATE TABLE instead_values (item_user_id INTEGER NOT NULL, field_id TEXT NOT NULL, field_code TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (item_user_id, field_id));
CREATE TABLE instead_space (company_id INTEGER PRIMARY KEY, quota_bytes INTEGER NOT NULL);
`;

/** The company's sign-up file space when none is set (chosen): 200 MB. */
export const DEFAULT_SPACE_BYTES = 200 * 1024 * 1024;

const DAY = 86_400_000;
const TZ = 8 * 3600_000;
export const insteadMobile = (id: number) => `1370000${id}`;

/** `YYYY-MM-DD HH:mm` in Beijing time. */
export function beijing(ms: number): string {
  return new Date(ms + TZ).toISOString().slice(0, 16).replace('T', ' ');
}

/** The values of a submitted seeded sign-up, per item: [fieldId, fieldCode, value]. */
const SEED_VALUES: Record<number, Array<[number, string, string[]]>> = {
  7101: [
    [7401, 'realName', ['李同学']],
    [7402, 'workYears', ['3']],
    [7403, 'graduateDate', ['2021-07-01']],
    [7404, 'hasCert', ['否']],
    [7406, 'education_code', ['BECHELOR']],
    [7407, 'subjects', ['Python 语言程序设计']],
    [7408, 'workRegion', ['11', '1105']],
    [7409, 'idPhoto', ['https://static.yunduo.example/instead/photo.png']],
    [7410, 'workProof', ['https://static.yunduo.example/instead/proof.pdf']],
  ],
  7102: [
    [7421, 'realName', ['李同学']],
    [7422, 'education_code', ['JUNIOR']],
    [7423, 'idPhoto', ['https://static.yunduo.example/instead/photo.png']],
  ],
  7103: [[7441, 'realName', ['李同学']]],
};

function seedStatements(now: number): InStatement[] {
  const s: InStatement[] = [];
  const add = (sql: string, args: Array<string | number | null>) => s.push({ sql, args });
  for (const [id, username, nick] of INSTEAD_USERS) {
    add(
      `INSERT OR IGNORE INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash, member_flag, member_ico,
      head_pic_max, un_read_num, integral_remaining, change_password_config, staff_flag) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      [
        id,
        1,
        1,
        username,
        insteadMobile(id),
        null,
        nick,
        hashPassword(SEED_PASSWORD, seedSalt(username)),
        0,
        null,
        `https://static.yunduo.example/avatar/${id}.png`,
        0,
        0,
        0,
        0,
      ],
    );
  }
  let nextId = 0;
  const rel = (userId: number, itemTimeId: number, status: number, daysAgo: number, placeId: number | null = null) => {
    const time = ITEM_TIMES.find((t) => t.id === itemTimeId)!;
    const id = ++nextId;
    add('INSERT INTO instead_user_item (id, user_id, item_id, item_time_id, status, place_id, created_at, submitted_at) VALUES (?,?,?,?,?,?,?,?)', [
      id,
      userId,
      time.itemId,
      itemTimeId,
      status,
      placeId,
      now - daysAgo * DAY,
      status === STATUS.toFill ? null : now - daysAgo * DAY + 3600_000,
    ]);
    // a submitted sign-up holds its form's values
    if (status !== STATUS.toFill) {
      for (const [fieldId, code, value] of SEED_VALUES[time.itemId] ?? []) {
        add('INSERT INTO instead_values (item_user_id, field_id, field_code, value) VALUES (?,?,?,?)', [id, String(fieldId), code, JSON.stringify(value)]);
      }
    }
  };
  // student01 (ids 1-3): an approved accounting sign-up and an NCRE one under review (newer)
  rel(1001, 7203, STATUS.approved, 12);
  rel(1001, 7201, STATUS.review, 2);
  // ... and a teacher interview sign-up still to fill in (oldest; the bench's form page)
  rel(1001, 7205, STATUS.toFill, 20);
  // the batch journeys: two approved sign-ups each, no place yet
  for (const userId of [3502, 3503]) {
    rel(userId, 7201, STATUS.approved, 4);
    rel(userId, 7203, STATUS.approved, 3);
  }
  rel(3504, 7201, STATUS.approved, 4);
  rel(3504, 7205, STATUS.review, 1);
  // other students already seated: 12 of the 30 seats of place 7301 (user 0: not a portal user)
  for (let i = 0; i < 12; i++) rel(0, 7201, STATUS.placed, 6, 7301);
  add("INSERT OR REPLACE INTO meta (key, value) VALUES ('instead_seed_at', ?)", [String(now)]);
  add("INSERT INTO meta (key, value) VALUES ('instead_seed', ?)", [INSTEAD_SEED_VERSION]);
  return s;
}

/** Registered in `AREAS` (src/areas.ts): this area's tables and users. */
export const insteadArea: Area = {
  name: 'instead',
  schema: SCHEMA,
  async seed(ctx, now) {
    await ctx.db.batch(seedStatements(now));
  },
};

// ---------------------------------------------------------------- read models

/** The time the sessions' relative days count from: when the module was seeded. */
async function anchor(ctx: Ctx): Promise<number> {
  const row = await ctx.db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'instead_seed_at'");
  return Number(row?.value) || Date.now();
}

/** 09:00 Beijing time of the day `days` after `base`. */
function examAt(base: number, days: number): number {
  const local = base + days * DAY + TZ;
  return local - (local % DAY) - TZ + 9 * 3600_000;
}

export type TimeView = {
  itemTimeId: number;
  itemId: number;
  itemName: string;
  examName: string;
  fee: number;
  provinceCode: string;
  provinceName: string;
  examTime: string;
  signStart: string;
  signEnd: string;
  open: 0 | 1;
};

export async function timeView(ctx: Ctx, time: ItemTime, now = Date.now()): Promise<TimeView> {
  const base = await anchor(ctx);
  const item = INSTEAD_ITEMS.find((i) => i.id === time.itemId)!;
  const start = base + time.signStartDays * DAY;
  const end = base + time.signEndDays * DAY;
  return {
    itemTimeId: time.id,
    itemId: item.id,
    itemName: item.name,
    examName: item.examName,
    fee: item.fee,
    provinceCode: time.provinceCode,
    provinceName: PROVINCES.find((p) => p.code === time.provinceCode)?.name ?? '',
    examTime: beijing(examAt(base, time.examOffsetDays)),
    signStart: beijing(start),
    signEnd: beijing(end),
    open: now >= start && now <= end ? 1 : 0,
  };
}

export function provincesWithTimes() {
  return PROVINCES.filter((p) => ITEM_TIMES.some((t) => t.provinceCode === p.code)).map((p) => ({ provinceCode: p.code, provinceName: p.name }));
}

export async function timesOfProvince(ctx: Ctx, userId: number, provinceCode: string) {
  const mine = await ctx.db.all<{ itemId: number }>('SELECT item_id FROM instead_user_item WHERE user_id = ?', [userId]);
  const signed = new Set(mine.map((r) => r.itemId));
  const out = [];
  for (const t of ITEM_TIMES.filter((x) => x.provinceCode === provinceCode)) out.push({ ...(await timeView(ctx, t)), signed: signed.has(t.itemId) ? 1 : 0 });
  return out;
}

type RelRow = {
  id: number;
  userId: number;
  itemId: number;
  itemTimeId: number;
  status: number;
  placeId: number | null;
  reason: string | null;
  createdAt: number;
  submittedAt: number | null;
};

export async function relationOf(ctx: Ctx, userId: number, itemUserId: number): Promise<RelRow | undefined> {
  return ctx.db.get<RelRow>('SELECT * FROM instead_user_item WHERE id = ? AND user_id = ?', [itemUserId, userId]);
}

export async function seatsTaken(ctx: Ctx, placeId: number): Promise<number> {
  return (await ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM instead_user_item WHERE place_id = ?', [placeId]))?.n ?? 0;
}

export async function placeView(ctx: Ctx, place: ExamPlace) {
  const taken = await seatsTaken(ctx, place.id);
  return { placeId: place.id, placeName: place.name, address: place.address, capacity: place.capacity, remain: Math.max(0, place.capacity - taken) };
}

/** `myInsteadSignList`: my sign-ups, newest first; approved ones carry their session's places and seats. */
export async function mySignList(ctx: Ctx, userId: number) {
  const rows = await ctx.db.all<RelRow>('SELECT * FROM instead_user_item WHERE user_id = ? ORDER BY created_at DESC, id DESC', [userId]);
  const out = [];
  for (const r of rows) {
    const time = ITEM_TIMES.find((t) => t.id === r.itemTimeId);
    if (!time) continue;
    const view = await timeView(ctx, time);
    const place = r.placeId ? EXAM_PLACES.find((p) => p.id === r.placeId) : undefined;
    const places =
      r.status === STATUS.approved ? await Promise.all(EXAM_PLACES.filter((p) => p.itemTimeId === r.itemTimeId).map((p) => placeView(ctx, p))) : [];
    out.push({
      itemUserId: r.id,
      itemId: r.itemId,
      itemTimeId: r.itemTimeId,
      itemName: view.itemName,
      examName: view.examName,
      provinceName: view.provinceName,
      examTime: view.examTime,
      fee: view.fee,
      status: r.status,
      reason: r.reason ?? '',
      signTime: beijing(r.createdAt),
      placeName: place?.name ?? '',
      places,
    });
  }
  return out;
}

export function itemFields(itemId: number): unknown[] {
  return INSTEAD_ITEMS.find((i) => i.id === itemId)?.fields ?? [];
}

export async function valuesOf(ctx: Ctx, itemUserId: number): Promise<Map<string, string[]>> {
  const rows = await ctx.db.all<{ fieldId: string; value: string }>('SELECT field_id, value FROM instead_values WHERE item_user_id = ?', [itemUserId]);
  return new Map(rows.map((r) => [r.fieldId, JSON.parse(r.value) as string[]]));
}

/** The item's fields (sub-fields too) with the stored values filled in (`value`). */
export function withValues(fields: unknown[], values: Map<string, string[]>): unknown[] {
  return fields.map((f) => {
    const field = f as { fieldId: number; fieldType: string; chooseRelList?: Array<{ showFieldInfo: unknown[] }> };
    const stored = values.get(String(field.fieldId));
    const value = stored === undefined ? null : ['checkbox', 'cascade', 'annex', 'image', 'period'].includes(field.fieldType) ? stored : (stored[0] ?? null);
    return {
      ...field,
      value,
      ...(field.chooseRelList ? { chooseRelList: field.chooseRelList.map((c) => ({ ...c, showFieldInfo: withValues(c.showFieldInfo, values) })) } : {}),
    };
  });
}

export function cascadeOptions(fieldId: string, pid: string) {
  return CASCADE_OPTIONS[fieldId]?.[pid] ?? [];
}

/**
 * Sign-up files of the company in bytes: its students' sign-up uploads (`sign/source/upload`, the form's
 * post) and the stored objects (chunked uploads) its sign-ups hold as values.
 */
export async function spaceUsed(ctx: Ctx, companyId: number): Promise<number> {
  const row = await ctx.db.get<{ n: number | null }>(
    `SELECT SUM(LENGTH(f.data) * 3 / 4 - (CASE WHEN f.data LIKE '%==' THEN 2 WHEN f.data LIKE '%=' THEN 1 ELSE 0 END)) AS n
     FROM personal_files f JOIN users u ON u.id = f.user_id WHERE u.company_id = ?`,
    [companyId],
  );
  const values = await ctx.db.all<{ value: string }>(
    `SELECT v.value FROM instead_values v JOIN instead_user_item r ON r.id = v.item_user_id JOIN users u ON u.id = r.user_id
     WHERE u.company_id = ? AND v.value LIKE '%/storage/o/%'`,
    [companyId],
  );
  const keys = new Set<string>();
  for (const v of values) {
    for (const url of JSON.parse(v.value) as string[]) {
      const key = /\/storage\/o\/([^?#]+)/.exec(url)?.[1];
      if (key && KEY_RE.test(key)) keys.add(key);
    }
  }
  let objects = 0;
  for (const key of keys) {
    const status = await objectStore(ctx).status(key);
    if (status.complete) objects += status.offset;
  }
  return (row?.n ?? 0) + objects;
}

export async function spaceQuota(ctx: Ctx, companyId: number): Promise<number> {
  return (
    (await ctx.db.get<{ quotaBytes: number }>('SELECT quota_bytes FROM instead_space WHERE company_id = ?', [companyId]))?.quotaBytes ?? DEFAULT_SPACE_BYTES
  );
}

export async function setSpaceQuota(ctx: Ctx, companyId: number, quotaBytes: number): Promise<void> {
  await ctx.db.run(
    'INSERT INTO instead_space (company_id, quota_bytes) VALUES (?,?) ON CONFLICT (company_id) DO UPDATE SET quota_bytes = excluded.quota_bytes',
    [companyId, quotaBytes],
  );
}
