import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { hashPassword, seedSalt } from '../db.js';
import { COURSES, OPEN_COURSES, type Course, type Lesson } from '../catalog/seed.js';
import { SEED_PASSWORD } from '../seed.js';
import { enrol, isEnrolled } from './enrolments.js';

/**
 * The lesson side of studying (issue 14): what the entry chain asks about a lesson (live status, replay flag,
 * live provider and address), the per-student gates it meets (proxy-exam schedule, agreement, free-course
 * information, face), open-course sign-ups, the lesson clips and their Range serving.
 *
 * Tables live beside the main schema like the personal centre's (`personal/store.ts`):
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`). The seed users of the lesson journeys (ids 2500-2519, mobiles 1370000xxxx)
 * are inserted into `users` here, so that the journeys' positions and gates never touch other users.
 */
export const LESSON_SEED_VERSION = '2';

const TABLES = ['study_live', 'study_gates', 'study_open_signups'];

const SCHEMA = `
CREATE TABLE study_live (
  commodity_id INTEGER NOT NULL, lesson_id INTEGER NOT NULL, type TEXT, live_status INTEGER, view_replay_flag INTEGER,
  provider TEXT, live_type TEXT, address_flag INTEGER, PRIMARY KEY (commodity_id, lesson_id));
CREATE TABLE study_gates (user_id INTEGER NOT NULL, gate TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (user_id, gate));
CREATE TABLE study_open_signups (user_id INTEGER NOT NULL, open_course_id INTEGER NOT NULL, created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, open_course_id));
`;

/** Live lesson states (spec 001 §4 'Entering a lesson'): 0 not started, 1 on air, 2 finished. */
export type LiveStatus = 0 | 1 | 2;
export type LessonType = 'video' | 'live' | 'meeting' | 'doc';
/** Live providers: gh, zs and cc need an address from the upstream (spec 001 §5 'Agreements'); `yd` is the school's own room. */
export type LiveProvider = 'gh' | 'zs' | 'cc' | 'yd';
/** The lesson module's own gate: the proxy-exam schedule check (agreements, popup and face: study-agreements.ts). */
export type Gate = 'proxyExam';
export const GATES: Gate[] = ['proxyExam'];

export interface LessonInfo {
  commodityId: number;
  courseId: number;
  courseName: string;
  courseType: string;
  freeFlag: 0 | 1;
  chapterId: number;
  chapterName: string;
  lessonId: number;
  lessonName: string;
  type: LessonType;
  tryFlag: 0 | 1;
  durationS: number;
  liveStatus: LiveStatus | null;
  viewReplayFlag: 0 | 1 | null;
  provider: LiveProvider | null;
  liveType: string | null;
  hasAddress: boolean;
  startTime: string | null;
}

/** The seed users of the lesson journeys: [id, username, mobile, nickName, enrolled commodities]. */
export const LESSON_USERS: Array<[number, string, string, string, number[]]> = [
  [2500, 'lesson00', '13700002500', '课时同学', [5001, 5003, 5005]], // vitest
  [2501, 'lesson01', '13700002501', '视频同学', [5001, 5003, 5005]], // e2e, JS
  [2502, 'lesson02', '13700002502', '直播同学', [5001, 5003, 5005]], // e2e, no JS
  [2503, 'lesson03', '13700002503', '门槛同学', [5001, 5003, 5005]], // vitest gates
  // notes on the video page and the live channel of the socket (decision 059)
  [2504, 'lesson04', '13700002504', '笔记同学', [5001, 5003, 5005]], // vitest, video-page notes (no JS)
  [2505, 'lesson05', '13700002505', '随记同学', [5001, 5003, 5005]], // e2e, video-page notes at 390 px (JS)
  [2506, 'lesson06', '13700002506', '频道同学', [5001, 5003, 5005]], // e2e, the live channel of the socket
  // entering 5005's live lesson through its agreement (study/agreements.ts gives them one to sign): plain, e-sign
  [3800, 'entry00', '13700003800', '入口甲', [5005]], // e2e, JS, plain agreement
  [3801, 'entry01', '13700003801', '入口乙', [5005]], // e2e, no JS, plain agreement
  [3802, 'entry02', '13700003802', '入口丙', [5005]], // e2e, JS, e-sign agreement
  [3803, 'entry03', '13700003803', '入口丁', [5005]], // e2e, no JS, e-sign agreement
];

/**
 * The seeded live lessons (the catalogue's one live lesson of each course with four chapters):
 * 5001 finished without replay, 5003 on air at a gh room, 5005 finished with replay at a cc big class;
 * the others not started, at zs.
 */
function liveDefaults(commodityId: number): { liveStatus: LiveStatus; viewReplayFlag: 0 | 1; provider: LiveProvider; liveType: string } {
  if (commodityId === 5001) return { liveStatus: 2, viewReplayFlag: 0, provider: 'gh', liveType: '' };
  if (commodityId === 5003) return { liveStatus: 1, viewReplayFlag: 1, provider: 'gh', liveType: '' };
  if (commodityId === 5005) return { liveStatus: 2, viewReplayFlag: 1, provider: 'cc', liveType: 'bigClass' };
  return { liveStatus: 0, viewReplayFlag: 1, provider: 'zs', liveType: '' };
}

/** Registered in `AREAS` (src/areas.ts): the lesson tables and the lesson journeys' users. */
export const lessonArea: Area = {
  name: 'lessons',
  schema: SCHEMA,
  async seed(ctx) {
    await ctx.db.batch(
      LESSON_USERS.map(([id, username, mobile, nick]) => ({
        sql: `INSERT OR IGNORE INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash) VALUES (?,?,?,?,?,?,?,?)`,
        args: [id, 1, 1, username, mobile, null, nick, hashPassword(SEED_PASSWORD, seedSalt(username))],
      })),
    );
    for (const [id, , , , commodityIds] of LESSON_USERS) {
      for (const commodityId of commodityIds) await enrol(ctx, { userId: id, commodityId, source: 'seed' });
    }
    await ctx.db.run("INSERT INTO meta (key, value) VALUES ('lesson_seed', ?)", [LESSON_SEED_VERSION]);
  },
};

export function findLesson(
  commodityId: number,
  courseId: number,
  lessonId: number,
): { course: Course; lesson: Lesson; chapterId: number; chapterName: string } | undefined {
  const course = COURSES.find((c) => c.commodityId === commodityId);
  if (!course || course.courseId !== courseId) return undefined;
  for (const ch of course.chapters) {
    const lesson = ch.lessons.find((l) => l.id === lessonId);
    if (lesson) return { course, lesson, chapterId: ch.id, chapterName: ch.chapterName };
  }
  return undefined;
}

/** What the entry chain knows about a lesson, seeded values overridden by the test-control API. */
export async function lessonInfo(ctx: Ctx, commodityId: number, courseId: number, lessonId: number): Promise<LessonInfo | undefined> {
  const found = findLesson(commodityId, courseId, lessonId);
  if (!found) return undefined;
  const { course, lesson } = found;
  const o = await ctx.db.get<{
    type: string | null;
    liveStatus: number | null;
    viewReplayFlag: number | null;
    provider: string | null;
    liveType: string | null;
    addressFlag: number | null;
  }>('SELECT type, live_status, view_replay_flag, provider, live_type, address_flag FROM study_live WHERE commodity_id = ? AND lesson_id = ?', [
    commodityId,
    lessonId,
  ]);
  const type = (o?.type ?? lesson.type) as LessonType;
  const live = type === 'live' || type === 'meeting';
  const d = liveDefaults(commodityId);
  return {
    commodityId,
    courseId,
    courseName: course.courseName,
    courseType: course.courseType,
    freeFlag: course.freeFlag,
    chapterId: found.chapterId,
    chapterName: found.chapterName,
    lessonId,
    lessonName: lesson.lessonName,
    type,
    tryFlag: lesson.tryFlag,
    durationS: lesson.durationS,
    liveStatus: live ? ((o?.liveStatus ?? d.liveStatus) as LiveStatus) : null,
    viewReplayFlag: live ? ((o?.viewReplayFlag ?? d.viewReplayFlag) as 0 | 1) : null,
    provider: live ? ((o?.provider ?? d.provider) as LiveProvider) : null,
    liveType: live ? (o?.liveType ?? d.liveType) : null,
    hasAddress: live ? (o?.addressFlag ?? 1) === 1 : false,
    startTime: live ? course.createTime : null,
  };
}

/** Test control: override a lesson's type and live fields (null keeps the seeded value). */
export async function setLesson(
  ctx: Ctx,
  commodityId: number,
  lessonId: number,
  o: {
    type?: string | null;
    liveStatus?: number | null;
    viewReplayFlag?: number | null;
    provider?: string | null;
    liveType?: string | null;
    addressFlag?: number | null;
  },
): Promise<void> {
  await ctx.db.run(
    `INSERT INTO study_live (commodity_id, lesson_id, type, live_status, view_replay_flag, provider, live_type, address_flag) VALUES (?,?,?,?,?,?,?,?)
     ON CONFLICT (commodity_id, lesson_id) DO UPDATE SET type = excluded.type, live_status = excluded.live_status,
     view_replay_flag = excluded.view_replay_flag, provider = excluded.provider, live_type = excluded.live_type, address_flag = excluded.address_flag`,
    [commodityId, lessonId, o.type ?? null, o.liveStatus ?? null, o.viewReplayFlag ?? null, o.provider ?? null, o.liveType ?? null, o.addressFlag ?? null],
  );
}

export async function gateOf(ctx: Ctx, userId: number, gate: Gate): Promise<string | undefined> {
  return (await ctx.db.get<{ value: string }>('SELECT value FROM study_gates WHERE user_id = ? AND gate = ?', [userId, gate]))?.value;
}

/** Test control: sets (value) or clears (null) one gate of a user. */
export async function setGate(ctx: Ctx, userId: number, gate: Gate, value: string | null): Promise<void> {
  if (value === null) await ctx.db.run('DELETE FROM study_gates WHERE user_id = ? AND gate = ?', [userId, gate]);
  else
    await ctx.db.run('INSERT INTO study_gates (user_id, gate, value) VALUES (?,?,?) ON CONFLICT (user_id, gate) DO UPDATE SET value = excluded.value', [
      userId,
      gate,
      value,
    ]);
}

export async function openSignups(ctx: Ctx, userId: number): Promise<number[]> {
  const rows = await ctx.db.all<{ openCourseId: number }>('SELECT open_course_id FROM study_open_signups WHERE user_id = ? ORDER BY open_course_id', [userId]);
  return rows.map((r) => r.openCourseId);
}

/** Signs a user up for an open course; idempotent. False for an unknown open course. */
export async function signUpOpenCourse(ctx: Ctx, userId: number, openCourseId: number): Promise<boolean> {
  if (!OPEN_COURSES.some((o) => o.id === openCourseId)) return false;
  await ctx.db.run('INSERT OR IGNORE INTO study_open_signups (user_id, open_course_id, created_at) VALUES (?,?,?)', [userId, openCourseId, Date.now()]);
  return true;
}

/* ---------- who may enter a lesson ---------- */

/** The lesson calls' refusals (business code, message): the HTTP lesson routes and the live socket answer these. */
export const LESSON_FAIL = {
  notBought: ['130020001', '您尚未购买该课程'],
  noLesson: ['130020002', '课时不存在'],
  notLive: ['130020003', '该课时不是直播课'],
  openCourseNotFound: ['130020004', '公开课不存在'],
  openCourseSignUpFirst: ['130020005', '请先报名该公开课'],
  loginFirst: ['130020006', '请先登录'],
} as const;
export type LessonRefusal = keyof typeof LESSON_FAIL;

/**
 * Whether a student (undefined: a visitor) may enter a lesson: enrolled in its course, or, to play it, a trial
 * lesson. `play`: the video (the play call, the socket's `videoIn`); `room`: a live room or its replay (the
 * live-room and meeting-password calls, the socket's `liveIn` / `replayIn`). The one rule of the HTTP lesson
 * calls and the live socket (issue 36 §4: the socket let a student into a course not bought).
 */
export async function lessonAccess(
  ctx: Ctx,
  userId: number | undefined,
  info: LessonInfo,
  use: 'play' | 'room',
): Promise<{ enrolled: boolean; refusal: LessonRefusal | null }> {
  const enrolled = userId !== undefined && (await isEnrolled(ctx, userId, info.commodityId));
  if (enrolled || (use === 'play' && info.tryFlag === 1)) return { enrolled, refusal: null };
  return { enrolled, refusal: userId === undefined ? 'loginFirst' : 'notBought' };
}

/** Why a student may not enter an open course's room (unknown, or not signed up), or null when they may. */
export async function openCourseRefusal(ctx: Ctx, userId: number, openCourseId: number | undefined): Promise<LessonRefusal | null> {
  const open = OPEN_COURSES.find((o) => o.id === openCourseId);
  if (!open) return 'openCourseNotFound';
  return (await openSignups(ctx, userId)).includes(open.id) ? null : 'openCourseSignUpFirst';
}

/* ---------- the lesson clips ---------- */

/** The clips (8 s WebM, VP9 + Opus, 320x180, about 135 KB each; made with ffmpeg, see sandbox/media/README.md). */
export const CLIPS = ['clip-1.webm', 'clip-2.webm', 'clip-3.webm'];
export const CLIP_DURATION_S = 8;
const MEDIA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'media');

/** Each clip's first frame as a JPEG (the lesson's cover: the video's poster), about 6 KB each. */
export const POSTERS = CLIPS.map((c) => c.replace(/\.webm$/, '.jpg'));

/** Lessons share the clips: a lesson's clip is chosen by its id. */
export const clipOf = (lessonId: number) => CLIPS[lessonId % CLIPS.length]!;
/** The poster of a lesson's clip. */
export const posterOf = (lessonId: number) => POSTERS[lessonId % POSTERS.length]!;

const clipCache = new Map<string, Buffer>();
export async function readClip(name: string): Promise<Buffer | undefined> {
  if (!CLIPS.includes(name) && !POSTERS.includes(name)) return undefined;
  let buf = clipCache.get(name);
  if (!buf) {
    await stat(join(MEDIA_DIR, name));
    buf = await readFile(join(MEDIA_DIR, name));
    clipCache.set(name, buf);
  }
  return buf;
}

export type RangeAnswer = { status: 200; start: 0; end: number } | { status: 206; start: number; end: number } | { status: 416 };

/**
 * One byte range of a file of `size` bytes (RFC 9110 §14): `bytes=a-b`, `bytes=a-`, `bytes=-n`. Several
 * ranges or a malformed header answer the whole file (allowed by the RFC); an unsatisfiable one 416.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const whole = { status: 200 as const, start: 0 as const, end: size - 1 };
  if (!header) return whole;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return whole;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return { status: 416 };
    return { status: 206, start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return { status: 416 };
  return { status: 206, start, end };
}
