import type { InStatement } from '@libsql/client';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';

/**
 * The personal centre's state (account bindings, personal data, custom-field values, avatar, messages,
 * archive). Its tables live beside the main schema without changing it: they are
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 */
export const PERSONAL_SEED_VERSION = '2';

const TABLES = ['personal_values', 'personal_third', 'personal_avatars', 'personal_messages', 'personal_verified', 'personal_group', 'personal_files'];

const SCHEMA = `
CREATE TABLE personal_values (
  user_id INTEGER NOT NULL, scope TEXT NOT NULL, field_code TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (user_id, scope, field_code));
CREATE TABLE personal_third (
  user_id INTEGER NOT NULL, type TEXT NOT NULL, nick_name TEXT NOT NULL, PRIMARY KEY (user_id, type));
CREATE TABLE personal_avatars (
  user_id INTEGER NOT NULL, version INTEGER NOT NULL, content_type TEXT NOT NULL, data TEXT NOT NULL,
  PRIMARY KEY (user_id, version));
CREATE TABLE personal_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL,
  message_type TEXT NOT NULL, read_flag INTEGER NOT NULL DEFAULT 0, create_time INTEGER NOT NULL);
CREATE TABLE personal_verified (user_id INTEGER PRIMARY KEY, verified_at INTEGER NOT NULL);
CREATE TABLE personal_group (user_id INTEGER PRIMARY KEY, group_ids TEXT NOT NULL, proxy_id INTEGER);
CREATE TABLE personal_group_wide (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL);
CREATE TABLE personal_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, file_name TEXT NOT NULL, data TEXT NOT NULL);
`;

/** Birthday of the seed user 1001: 2000-05-20 (midnight, China time) as a millisecond timestamp. */
export const SEED_BIRTHDAY_MS = Date.parse('2000-05-20T00:00:00+08:00');

const MESSAGE_TEXTS: Array<[string, string, string]> = [
  ['system', '课程开课提醒', '您报名的《人力资源管理师（三级）精讲班》将于明天 19:00 开课，请准时参加。'],
  ['order', '订单支付成功', '您的订单 202411230001 已支付成功，可在"我的课程"中开始学习。'],
  ['exam', '考试成绩已发布', '《初级会计实务》模拟考试成绩已发布，请到考试记录中查看。'],
  ['system', '账号安全提示', '您的账号于新设备登录，如非本人操作请及时修改密码。'],
  ['homework', '作业批改完成', '第三章课后作业已批改，得分 92 分。'],
];

function seedStatements(now: number): InStatement[] {
  const s: InStatement[] = [];
  const add = (sql: string, args: Array<string | number | null>) => s.push({ sql, args });
  const value = (userId: number, scope: string, code: string, v: unknown) =>
    add('INSERT INTO personal_values (user_id, scope, field_code, value) VALUES (?,?,?,?)', [userId, scope, code, JSON.stringify(v)]);

  // 张同学 (1001): a filled profile; the other users start empty
  value(1001, 'base', 'name', ['张同学']);
  value(1001, 'base', 'sex', ['MALE']);
  value(1001, 'base', 'birthday', [SEED_BIRTHDAY_MS]);
  value(1001, 'base', 'identity_type_code', ['ID_IDCARD']);
  value(1001, 'base', 'identity_id', ['110101200005200011']);
  value(1001, 'base', 'education_code', ['BECHELOR']);
  value(1001, 'contact', 'address', ['北京市东城区示例路 1 号']);
  value(1001, 'other', 'hobby', ['读书']);
  value(1001, 'register', 'register_source', ['PC 官网']);
  value(1001, 'register', 'register_region', ['11', '1101']);
  value(1001, 'custom', 'c_nickname', ['小张']);
  value(1001, 'custom', 'c_level', ['中级']);
  add('INSERT INTO personal_third (user_id, type, nick_name) VALUES (?,?,?)', [1001, 'weixin', '张同学的微信']);
  add('INSERT INTO personal_third (user_id, type, nick_name) VALUES (?,?,?)', [1003, 'qq', '王会员的QQ']);

  // messages: as many unread as the user's unReadNum in the seed, plus two read ones
  const unread: Array<[number, number]> = [
    [1001, 3],
    [1003, 12],
    [4001, 1],
    [1002, 0],
    [1009, 0],
  ];
  let minute = 0;
  for (const [userId, count] of unread) {
    for (let i = 0; i < count + 2; i++) {
      const [type, title, content] = MESSAGE_TEXTS[i % MESSAGE_TEXTS.length]!;
      minute += 7;
      add('INSERT INTO personal_messages (user_id, title, content, message_type, read_flag, create_time) VALUES (?,?,?,?,?,?)', [
        userId,
        `${title}${i >= MESSAGE_TEXTS.length ? ` (${i + 1})` : ''}`,
        content,
        type,
        i < count ? 0 : 1,
        now - minute * 60_000,
      ]);
    }
  }
  add("INSERT INTO meta (key, value) VALUES ('personal_seed', ?)", [PERSONAL_SEED_VERSION]);
  return s;
}

/** Registered in `AREAS` (src/areas.ts): tables and seed of the personal centre. */
export const personalArea: Area = {
  name: 'personal',
  schema: SCHEMA,
  async seed(ctx, now) {
    await ctx.db.batch(seedStatements(now));
    await syncUnread(ctx, null);
  },
};

/** Keeps `users.un_read_num` (getCurrentUser's unReadNum, the header's dot) equal to the unread messages. */
export async function syncUnread(ctx: Ctx, userId: number | null): Promise<void> {
  const sql = `UPDATE users SET un_read_num = (SELECT COUNT(*) FROM personal_messages m WHERE m.user_id = users.id AND m.read_flag = 0)`;
  if (userId === null) await ctx.db.run(`${sql} WHERE id IN (SELECT DISTINCT user_id FROM personal_messages)`);
  else await ctx.db.run(`${sql} WHERE id = ?`, [userId]);
}

export async function readValues(ctx: Ctx, userId: number, scope: string): Promise<Map<string, unknown[]>> {
  const rows = await ctx.db.all<{ fieldCode: string; value: string }>('SELECT field_code, value FROM personal_values WHERE user_id = ? AND scope = ?', [
    userId,
    scope,
  ]);
  return new Map(rows.map((r) => [r.fieldCode, JSON.parse(r.value) as unknown[]]));
}

export async function writeValues(ctx: Ctx, userId: number, scope: string, values: Map<string, unknown[]>): Promise<void> {
  await ctx.db.batch(
    [...values].map(([code, v]) => ({
      sql: 'INSERT INTO personal_values (user_id, scope, field_code, value) VALUES (?,?,?,?) ON CONFLICT (user_id, scope, field_code) DO UPDATE SET value = excluded.value',
      args: [userId, scope, code, JSON.stringify(v)],
    })),
  );
}
