import type { Area } from '../area.js';
import { hashPassword, seedSalt } from '../db.js';
import { SEED_PASSWORD } from '../seed.js';

/**
 * The community's WRITABLE state (issue 17 part B): questions asked and answers given, group memberships
 * and topics, independent-exam sign-ups. The seeded catalog content (catalog/seed.ts: QUESTIONS, GROUPS,
 * APPLY_ITEMS) stays read-only in memory; routes/community.ts layers these rows over it. Tables are
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 *
 * Own seed users 3000-3003 (password Passw0rd!, mobiles 1370000xxxx) for the community journeys, so those
 * journeys never change state other test files rely on.
 */
export const COMMUNITY_SEED_VERSION = '1';

const TABLES = ['community_questions', 'community_answers', 'community_members', 'community_topics', 'community_signups'];

const SCHEMA = `
CREATE TABLE community_questions (
  id INTEGER PRIMARY KEY AUTOINCREMENT, company_id INTEGER NOT NULL, user_id INTEGER NOT NULL, user_name TEXT NOT NULL,
  title TEXT NOT NULL, content TEXT NOT NULL, course_name TEXT NOT NULL, create_time INTEGER NOT NULL);
CREATE TABLE community_answers (
  id INTEGER PRIMARY KEY AUTOINCREMENT, question_id INTEGER NOT NULL, user_id INTEGER NOT NULL, user_name TEXT NOT NULL,
  content TEXT NOT NULL, create_time INTEGER NOT NULL, read_flag INTEGER NOT NULL DEFAULT 0);
CREATE TABLE community_members (group_id INTEGER NOT NULL, user_id INTEGER NOT NULL, owner INTEGER NOT NULL DEFAULT 0,
  join_time INTEGER NOT NULL, PRIMARY KEY (group_id, user_id));
CREATE TABLE community_topics (
  id INTEGER PRIMARY KEY AUTOINCREMENT, group_id INTEGER NOT NULL, user_id INTEGER NOT NULL, user_name TEXT NOT NULL,
  title TEXT NOT NULL, content TEXT NOT NULL, create_time INTEGER NOT NULL);
CREATE TABLE community_signups (apply_id INTEGER NOT NULL, user_id INTEGER NOT NULL, create_time INTEGER NOT NULL,
  PRIMARY KEY (apply_id, user_id));
INSERT INTO sqlite_sequence (name, seq) VALUES ('community_questions', 20000), ('community_answers', 30000), ('community_topics', 40000);
`;

/** id, username, mobile, nick name: community01 asks and joins (JS run), community02 (no-JS run), community03 answers. */
export const COMMUNITY_USERS: Array<[number, string, string, string]> = [
  [3000, 'community01', '13700003000', '社区同学甲'],
  [3001, 'community02', '13700003001', '社区同学乙'],
  [3002, 'community03', '13700003002', '社区同学丙'],
  [3003, 'community04', '13700003003', '社区同学丁'],
];

/** Registered in `AREAS` (src/areas.ts). */
export const communityArea: Area = {
  name: 'community',
  schema: SCHEMA,
  async seed(ctx, now) {
    await ctx.db.batch([
      ...COMMUNITY_USERS.map(([id, username, mobile, nick]) => ({
        sql: `INSERT OR IGNORE INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash, member_flag, member_ico,
          head_pic_max, un_read_num, integral_remaining, change_password_config, staff_flag) VALUES (?,1,1,?,?,NULL,?,?,0,NULL,?,0,0,0,0)`,
        args: [id, username, mobile, nick, hashPassword(SEED_PASSWORD, seedSalt(username)), `https://static.yunduo.example/avatar/${id}.png`],
      })),
      // community04 created the Python group and belongs to it (my created groups)
      { sql: 'INSERT INTO community_members (group_id, user_id, owner, join_time) VALUES (?,?,1,?)', args: [803, 3003, now - 86_400_000] },
      { sql: "INSERT INTO meta (key, value) VALUES ('community_seed', ?)", args: [COMMUNITY_SEED_VERSION] },
    ]);
  },
};
