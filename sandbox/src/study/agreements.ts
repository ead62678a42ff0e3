import type { InStatement } from '@libsql/client';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { hashPassword, seedSalt } from '../db.js';
import { PACKAGES } from '../catalog/seed.js';
import { writeValues } from '../personal/store.js';

/**
 * Agreements (course protocols), student-info completeness (the personal information form of agreement
 * signing), the complete-information popup's scenes and face verification for studying (spec 001 §2
 * dialogs 1-4, §4, §7 "Agreements and profile completion", "Face verification"). Its tables live beside the
 * main schema like the personal centre's (`personal/store.ts`):
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 *
 * Seed users 2600-2619 (mobiles 137000026xx, password Passw0rd!) are this module's: journeys that change
 * agreement, profile or face state use them so the other suites' users keep theirs.
 */
export const AGREEMENT_SEED_VERSION = '2';

const TABLES = ['agr_protocols', 'agr_relations', 'agr_student_info', 'agr_scenes', 'agr_face', 'agr_face_orders', 'agr_settings'];

const SCHEMA = `
CREATE TABLE agr_protocols (id INTEGER PRIMARY KEY, name TEXT NOT NULL, content TEXT NOT NULL, protocol_type INTEGER NOT NULL);
CREATE TABLE agr_relations (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, protocol_id INTEGER NOT NULL,
  target_type TEXT NOT NULL, commodity_id INTEGER, course_id INTEGER, package_id INTEGER,
  target_name TEXT NOT NULL, status INTEGER NOT NULL, sign_content TEXT, signed_at INTEGER, flow_id TEXT);
CREATE TABLE agr_student_info (user_id INTEGER NOT NULL, field TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (user_id, field));
CREATE TABLE agr_scenes (user_id INTEGER NOT NULL, scene_code INTEGER NOT NULL, PRIMARY KEY (user_id, scene_code));
CREATE TABLE agr_face (user_id INTEGER PRIMARY KEY, required INTEGER NOT NULL, name TEXT, identity_id TEXT, passed_at INTEGER);
CREATE TABLE agr_face_orders (order_no TEXT PRIMARY KEY, user_id INTEGER NOT NULL, result INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
CREATE TABLE agr_settings (company_id INTEGER PRIMARY KEY, protocol_all INTEGER NOT NULL);
`;

/** Protocols: 1 and 3 are signed on the portal (agree box), 2 through the e-sign provider (protocolType 1). */
export const PROTOCOLS = [
  {
    id: 1,
    name: '课程学习协议',
    protocolType: 0,
    content: '一、学员应遵守学习纪律，不得转让、出借账号。\n二、课程有效期内可反复学习。\n三、学员同意本协议后方可继续学习。',
  },
  { id: 2, name: '套餐电子签约协议', protocolType: 1, content: '本协议通过电子签名服务签署，签署后具有法律效力。' },
  { id: 3, name: '旧版课程协议', protocolType: 0, content: '旧版协议，已失效。' },
  { id: 4, name: '直播课补充协议', protocolType: 0, content: '直播课程不得录屏传播。' },
];

/** The fields of the personal information form (spec 001 §2 dialog 2) in the order they are shown. */
export const INFO_FIELDS = ['name', 'identityTypeCode', 'identityId', 'mobile', 'sex', 'educationCode', 'province', 'city', 'county', 'addressDetail'] as const;
export type InfoField = (typeof INFO_FIELDS)[number];
/** Fields the company's register config requires (address detail is optional: spec 001 §5). */
export const REQUIRED_INFO: InfoField[] = ['name', 'identityTypeCode', 'identityId', 'mobile', 'sex', 'educationCode', 'province', 'city', 'county'];

type SeedUser = { id: number; nick: string; note: string };
export const AGREEMENT_USERS: SeedUser[] = [
  { id: 2600, nick: '协议甲', note: 'plain agreement, complete info (JS)' },
  { id: 2601, nick: '协议乙', note: 'plain agreement, complete info (no JS)' },
  { id: 2602, nick: '签约甲', note: 'e-sign agreement (JS)' },
  { id: 2603, nick: '签约乙', note: 'e-sign agreement (no JS)' },
  { id: 2604, nick: '资料甲', note: 'incomplete info, then signing (JS)' },
  { id: 2605, nick: '资料乙', note: 'incomplete info, then signing (no JS)' },
  { id: 2606, nick: '完善甲', note: 'complete-information popup (JS)' },
  { id: 2607, nick: '完善乙', note: 'complete-information popup (no JS)' },
  { id: 2608, nick: '人脸甲', note: 'face status 1 (JS)' },
  { id: 2609, nick: '人脸乙', note: 'face status 1 (no JS)' },
  { id: 2610, nick: '核验甲', note: 'face status 2: face info first (JS)' },
  { id: 2611, nick: '核验乙', note: 'face status 2: face info first (no JS)' },
  { id: 2612, nick: '协议丙', note: 'unit tests (all agreements)' },
  { id: 2613, nick: '协议丁', note: 'unit tests (no agreements)' },
  { id: 2614, nick: '资料丙', note: 'unit tests (incomplete info)' },
  { id: 2615, nick: '人脸丙', note: 'unit tests (face)' },
  { id: 2616, nick: '人脸丁', note: 'unit tests (face info: an ID number stored, no name)' },
];
export const mobileOf = (userId: number) => `1370000${userId}`;

const COMPLETE_INFO: Record<InfoField, string> = {
  name: '张同学',
  identityTypeCode: 'ID_IDCARD',
  identityId: '110101200005200011',
  mobile: '',
  sex: 'MALE',
  educationCode: 'BECHELOR',
  province: '北京市',
  city: '北京市',
  county: '东城区',
  addressDetail: '示例路 1 号',
};

function seedStatements(): InStatement[] {
  const s: InStatement[] = [];
  const add = (sql: string, args: Array<string | number | null>) => s.push({ sql, args });
  for (const p of PROTOCOLS) add('INSERT INTO agr_protocols (id, name, content, protocol_type) VALUES (?,?,?,?)', [p.id, p.name, p.content, p.protocolType]);
  add('INSERT INTO agr_settings (company_id, protocol_all) VALUES (?,?)', [1, 0]);
  // one salt for all of them: a single scrypt per process (db.ts caches it), so a reset stays fast
  const hash = hashPassword('Passw0rd!', seedSalt('agreement-users'));
  for (const u of AGREEMENT_USERS) {
    add(
      `INSERT OR IGNORE INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash, head_pic_max)
      VALUES (?,?,?,?,?,?,?,?,?)`,
      [u.id, 1, 1, `agr${u.id}`, mobileOf(u.id), null, u.nick, hash, `https://static.yunduo.example/avatar/${u.id}.png`],
    );
  }
  // 2614 has no mobile: the form asks for one (and its SMS code)
  add('UPDATE users SET mobile = NULL WHERE id = ?', [2614]);
  const rel = (
    userId: number,
    protocolId: number,
    target: { commodityId: number; courseId: number; name: string } | { packageId: number; name: string },
    status: number,
    signedAt: number | null = null,
  ) =>
    add(
      `INSERT INTO agr_relations (user_id, protocol_id, target_type, commodity_id, course_id, package_id, target_name, status, signed_at)
      VALUES (?,?,?,?,?,?,?,?,?)`,
      'packageId' in target
        ? [userId, protocolId, 'classpackage', null, null, target.packageId, target.name, status, signedAt]
        : [userId, protocolId, 'course', target.commodityId, target.courseId, null, target.name, status, signedAt],
    );
  const c = (commodityId: number, name: string) => ({ commodityId, courseId: commodityId - 4900, name });
  const pkg = PACKAGES.find((p) => p.id === 302)!;
  const signed = Date.parse('2026-10-01T10:00:00+08:00');
  // student01: one agreement in each state (5003, the course with a live lesson, needs none)
  rel(1001, 1, c(5001, '人力资源管理师（三级）精讲班'), 2, signed);
  rel(1001, 3, c(5001, '人力资源管理师（三级）精讲班'), 4);
  rel(1001, 1, c(5003, '人力资源管理师（一级）精讲班'), 5);
  rel(1001, 1, c(5005, '人力资源管理实务'), 0);
  rel(1001, 2, { packageId: pkg.id, name: pkg.packageName }, 1);
  // journey users
  for (const id of [2600, 2601, 2604, 2605, 2612]) rel(id, 1, c(5005, '人力资源管理实务'), 0);
  for (const id of [2602, 2603, 2612]) rel(id, 2, { packageId: pkg.id, name: pkg.packageName }, 1);
  rel(2612, 4, c(5003, '人力资源管理师（一级）精讲班'), 3, signed);
  rel(2612, 3, c(5001, '人力资源管理师（三级）精讲班'), 4);
  rel(2612, 1, c(5002, '人力资源管理师（二级）精讲班'), 5);
  // the lesson-entry journeys' users (study/video.ts 3800-3803): 5005's agreement to sign on the way into its
  // live lesson, on the portal (3800/3801) or through the e-sign provider (3802/3803)
  for (const id of [3800, 3801]) rel(id, 1, c(5005, '人力资源管理实务'), 0);
  for (const id of [3802, 3803]) rel(id, 2, c(5005, '人力资源管理实务'), 0);
  // complete student info: student01 and every journey user except the incomplete ones
  for (const id of [1001, 1003, ...AGREEMENT_USERS.map((u) => u.id), 3800, 3801, 3802, 3803]) {
    if (id === 2604 || id === 2605 || id === 2614) continue;
    for (const f of INFO_FIELDS) if (f !== 'mobile') add('INSERT INTO agr_student_info (user_id, field, value) VALUES (?,?,?)', [id, f, COMPLETE_INFO[f]]);
  }
  // incomplete: a name and a wrongly formed ID number (the form shows it masked; unchanged it is sent as SRC)
  for (const id of [2604, 2605, 2614]) {
    add('INSERT INTO agr_student_info (user_id, field, value) VALUES (?,?,?)', [id, 'name', '资料同学']);
    add('INSERT INTO agr_student_info (user_id, field, value) VALUES (?,?,?)', [id, 'identityId', '1101012000']);
  }
  // the complete-information popup asks these users at every scene
  for (const id of [2606, 2607, 2614]) for (const scene of [2, 3, 4]) add('INSERT INTO agr_scenes (user_id, scene_code) VALUES (?,?)', [id, scene]);
  // face: 2608/2609/2615 have face info (status 1), 2610/2611 have none yet (status 2)
  for (const id of [2608, 2609, 2615])
    add('INSERT INTO agr_face (user_id, required, name, identity_id) VALUES (?,?,?,?)', [id, 1, '人脸同学', '110101199001011234']);
  for (const id of [2610, 2611]) add('INSERT INTO agr_face (user_id, required) VALUES (?,?)', [id, 1]);
  add('INSERT INTO agr_face (user_id, required, identity_id) VALUES (?,?,?)', [2616, 1, '110101199001011234']);
  add("INSERT INTO meta (key, value) VALUES ('agreement_seed', ?)", [AGREEMENT_SEED_VERSION]);
  return s;
}

const CUSTOM_SEED: Record<string, unknown[]> = {
  c_years: ['3'],
  c_exam_date: ['2027-05-20'],
  c_appointment: ['2026-12-01 10:00:00'],
  c_study_period: ['2026-12-01', '2027-05-01'],
  c_channel: ['朋友推荐'],
  c_subjects: ['会计'],
  c_level: ['初级'],
  c_region: ['44', '4401', '440106'],
  c_diploma: ['https://static.yunduo.example/files/diploma.pdf'],
  c_photo: ['https://static.yunduo.example/files/photo.png'],
};

/** Registered in `AREAS` (src/areas.ts), after the personal centre: this module's tables and users. */
export const agreementArea: Area = {
  name: 'agreements',
  schema: SCHEMA,
  async seed(ctx) {
    await ctx.db.batch(seedStatements());
    // the complete-information users have every custom field but the nickname (personal/store.ts keeps them)
    for (const id of [2606, 2607]) await writeValues(ctx, id, 'custom', new Map(Object.entries(CUSTOM_SEED)));
  },
};

export interface RelationRow {
  id: number;
  userId: number;
  protocolId: number;
  targetType: 'course' | 'classpackage';
  commodityId: number | null;
  courseId: number | null;
  packageId: number | null;
  targetName: string;
  status: number;
  signContent: string | null;
  signedAt: number | null;
  flowId: string | null;
  protocolName: string;
  protocolType: number;
  content: string;
}

const REL_SELECT = `SELECT r.*, p.name AS protocol_name, p.protocol_type, p.content FROM agr_relations r JOIN agr_protocols p ON p.id = r.protocol_id`;

export async function relationsOf(ctx: Ctx, userId: number): Promise<RelationRow[]> {
  return ctx.db.all<RelationRow>(`${REL_SELECT} WHERE r.user_id = ? ORDER BY r.id`, [userId]);
}

export async function relation(ctx: Ctx, userId: number, id: number): Promise<RelationRow | undefined> {
  return ctx.db.get<RelationRow>(`${REL_SELECT} WHERE r.user_id = ? AND r.id = ?`, [userId, id]);
}

/** All agreements must be signed (STUDENT_PROTOCOL_TYPE "all") or one suffices. */
export async function protocolAll(ctx: Ctx, companyId: number): Promise<boolean> {
  const row = await ctx.db.get<{ protocolAll: number }>('SELECT protocol_all FROM agr_settings WHERE company_id = ?', [companyId]);
  return row?.protocolAll === 1;
}

export async function studentInfo(ctx: Ctx, userId: number): Promise<Map<string, string>> {
  const rows = await ctx.db.all<{ field: string; value: string }>('SELECT field, value FROM agr_student_info WHERE user_id = ?', [userId]);
  return new Map(rows.map((r) => [r.field, r.value]));
}

export async function writeStudentInfo(ctx: Ctx, userId: number, values: Map<string, string>): Promise<void> {
  if (!values.size) return;
  await ctx.db.batch(
    [...values].map(([field, value]) => ({
      sql: 'INSERT INTO agr_student_info (user_id, field, value) VALUES (?,?,?) ON CONFLICT (user_id, field) DO UPDATE SET value = excluded.value',
      args: [userId, field, value],
    })),
  );
}
