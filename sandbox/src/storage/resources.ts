import type { Area } from '../area.js';
import { hashPassword, seedSalt } from '../db.js';
import { SEED_PASSWORD } from '../seed.js';

/**
 * Shared resources of a student (spec 001 §3 "Uploaded resource", §7 "Resources"). The table lives beside
 * the main schema like the personal centre's (`personal/store.ts`): (re)created and seeded on first use
 * after a (re)seed. Its own seed users 2900-2919 (mobiles 1370000xxxx) keep the upload journeys apart from
 * every other test file's state.
 */
export const FILES_SEED_VERSION = '6';
/** The space a student has for resources (the sandbox's choice: 200 MB). */
export const SPACE_TOTAL_BYTES = 200 * 1024 * 1024;

export const FILE_USERS: Array<[number, string, string, string]> = [
  [2900, 'files01', '13700002900', '韩同学'], // uploads with JS
  [2901, 'files02', '13700002901', '杨同学'], // uploads without JS
  [2902, 'files03', '13700002902', '朱同学'], // space exhausted (deduction applies)
  [2903, 'files04', '13700002903', '秦同学'], // image preview (JS)
  [2904, 'files05', '13700002904', '尤同学'], // image links (no JS)
  [2905, 'files06', '13700002905', '许同学'], // homework (JS)
  [2906, 'files07', '13700002906', '何同学'], // homework (no JS)
  [2907, 'files08', '13700002907', '吕同学'], // image preview on a phone (JS)
  // issue 17, the rest (decision 037): ids 3600-3619
  [3600, 'files20', '13700003600', '施同学'], // the 5 MB limit without JS (exactly 5 MB accepted, 6 MB refused)
  [3601, 'files21', '13700003601', '张同学'], // resource detail, batch video delete (JS)
  [3602, 'files22', '13700003602', '孔同学'], // resource detail, batch video delete (no JS)
  [3603, 'files23', '13700003603', '曹同学'], // resources are VIP-only for this student (getVipFlag)
  [3604, 'files24', '13700003604', '严同学'], // homework preview, video, finish page, leave notifications (JS)
  [3605, 'files25', '13700003605', '华同学'], // the same without JS
  [3606, 'files26', '13700003606', '金同学'], // certificate unlock fields, update student, create (JS)
  [3607, 'files27', '13700003607', '魏同学'], // the same without JS
  [3608, 'files28', '13700003608', '陶同学'], // homework 5 MB / 6 MB without JS
];

const SCHEMA = `
CREATE TABLE file_resources (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, company_id INTEGER NOT NULL, file_name TEXT NOT NULL,
  file_type TEXT NOT NULL, source_path TEXT NOT NULL, source_size INTEGER NOT NULL, file_category TEXT NOT NULL,
  upload_type INTEGER NOT NULL DEFAULT 0, create_time INTEGER NOT NULL);
CREATE TABLE file_space (user_id INTEGER PRIMARY KEY, extra_used INTEGER NOT NULL, deduction INTEGER NOT NULL);
CREATE TABLE file_cert_read (user_id INTEGER NOT NULL, cert_id INTEGER NOT NULL, PRIMARY KEY (user_id, cert_id));
CREATE TABLE file_cert_student (user_id INTEGER NOT NULL, cert_id INTEGER NOT NULL, field_code TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (user_id, cert_id, field_code));
CREATE TABLE file_cert_created (user_id INTEGER NOT NULL, cert_id INTEGER NOT NULL, create_time INTEGER NOT NULL, PRIMARY KEY (user_id, cert_id));
CREATE TABLE file_vip (user_id INTEGER PRIMARY KEY);
`;

/** Registered in `AREAS` (src/areas.ts): the file tables and their users. */
export const filesArea: Area = {
  name: 'files',
  schema: SCHEMA,
  async seed(ctx) {
    await ctx.db.batch([
      ...FILE_USERS.map(([id, username, mobile, nick]) => ({
        sql: `INSERT OR IGNORE INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash, member_flag, member_ico,
          head_pic_max, un_read_num, integral_remaining, change_password_config, staff_flag) VALUES (?,1,1,?,?,NULL,?,?,0,NULL,NULL,0,0,0,0)`,
        args: [id, username, mobile, nick, hashPassword(SEED_PASSWORD, seedSalt(username))],
      })),
      { sql: 'INSERT INTO file_space (user_id, extra_used, deduction) VALUES (?,?,1)', args: [2902, SPACE_TOTAL_BYTES] },
      { sql: 'INSERT INTO file_vip (user_id) VALUES (?)', args: [3603] }, // resources are for members only (getVipFlag 1)
      // homework videos kept as resources (category video) and a pdf, for the detail page and the batch delete
      ...[3601, 3602].flatMap((user) =>
        (
          [
            ['作业视频-第一次.mp4', 'mp4', 'video', 3_145_728],
            ['作业视频-第二次.mp4', 'mp4', 'video', 2_097_152],
            ['课堂讲义.pdf', 'pdf', 'pdf', 524_288],
          ] as Array<[string, string, string, number]>
        ).map(([name, type, category, size], i) => ({
          sql: 'INSERT INTO file_resources (user_id, company_id, file_name, file_type, source_path, source_size, file_category, upload_type, create_time) VALUES (?,1,?,?,?,?,?,0,?)',
          args: [user, name, type, `1/2026-11-0${i + 1}/coldatatypefile/seed${user}x${i}abcdef.${type}`, size, category, Date.UTC(2026, 10, i + 1, 2)],
        })),
      ),
      { sql: "INSERT INTO meta (key, value) VALUES ('files_seed', ?)", args: [FILES_SEED_VERSION] },
    ]);
  },
};
