import type { InStatement } from '@libsql/client';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { hashPassword, seedSalt } from '../db.js';
import { SEED_PASSWORD } from '../seed.js';
import { COURSES, PACKAGES, TEACHERS, TRAINING_PLANS, type Course } from '../catalog/seed.js';
import { enrol, listEnrolments } from './enrolments.js';
import { savePosition } from './progress.js';

/**
 * The personal course section's state (spec 001 §2 personal centre, §7 'Timetable and courses', 'Notes',
 * 'Collections'): notes, favourites, the class timetable, joined training plans.
 * Its tables live beside the main schema like `personal/store.ts`'s:
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 *
 * It also seeds this area's own users (ids 2400-2419, mobiles 1370000xxxx), whose journeys change state that
 * no other test reads. They exist from the start (a sign-in comes before any study call).
 */
export const CENTRE_SEED_VERSION = '3';

const TABLES = ['study_notes', 'study_collects', 'study_timetable', 'study_plan_members', 'study_instead_sign'];
// study_instead_sign is only dropped: the instead sign-up moved to `instead/store.ts` (decision 036)

const SCHEMA = `
CREATE TABLE study_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, commodity_id INTEGER NOT NULL, course_id INTEGER NOT NULL,
  lesson_id INTEGER NOT NULL, content TEXT NOT NULL, position_s INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE study_collects (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, kind TEXT NOT NULL, target_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL, UNIQUE (user_id, kind, target_id));
CREATE TABLE study_timetable (
  id INTEGER PRIMARY KEY AUTOINCREMENT, commodity_id INTEGER NOT NULL, course_id INTEGER NOT NULL, lesson_id INTEGER NOT NULL,
  start_at INTEGER NOT NULL, end_at INTEGER NOT NULL);
CREATE INDEX study_timetable_start ON study_timetable (start_at);
CREATE TABLE study_plan_members (user_id INTEGER NOT NULL, plan_id INTEGER NOT NULL, joined_at INTEGER NOT NULL, PRIMARY KEY (user_id, plan_id));
`;

/** Spec 001 §9 leaves note limits unshown: chosen here (and in the portal's schema). */
export const NOTE_MAX_CHARS = 500;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Beijing time (UTC+8): the school's calendar. */
export const TZ_OFFSET_MS = 8 * HOUR;

/** Monday 00:00 Beijing time of the week holding `ms`, as a UTC timestamp. */
export function weekStart(ms: number): number {
  const local = ms + TZ_OFFSET_MS;
  const dayStart = local - (((local % DAY) + DAY) % DAY);
  const weekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday 0
  return dayStart - weekday * DAY - TZ_OFFSET_MS;
}

/** `YYYY-MM-DD HH:mm` in Beijing time. */
export function beijing(ms: number): string {
  return new Date(ms + TZ_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** This area's users: [id, username, nickName, what their journeys do]. */
export const STUDY_USERS: Array<[number, string, string]> = [
  [2400, 'notes01', '韩同学'], // notes journeys (JS)
  [2401, 'notes02', '杨同学'], // notes journeys (no JS)
  [2402, 'collect01', '朱同学'], // favourites journeys (JS)
  [2403, 'collect02', '秦同学'], // favourites journeys (no JS)
  [2404, 'learner01', '尤同学'], // continue learning (JS)
  [2405, 'learner02', '许同学'], // continue learning (no JS)
  [2406, 'empty01', '何同学'], // no courses, notes, favourites (empty states)
];
export const studyMobile = (id: number) => `1370000${id}`;

const NOTE_TEXTS = [
  '六大模块之间的关系：规划是起点，绩效是核心，薪酬是杠杆。',
  '重点：工作分析的方法有观察法、访谈法、问卷调查法。',
  '易错：内部招募与外部招募的优缺点不要记反。',
  '案例题答题步骤：先找问题，再给依据，最后提措施。',
  '复习时把真题按章节归类，效率更高。',
];

function lessonsOf(course: Course) {
  return course.chapters.flatMap((ch) => ch.lessons.map((l) => ({ ...l, chapterName: ch.chapterName })));
}

function seedStatements(now: number): InStatement[] {
  const s: InStatement[] = [];
  const add = (sql: string, args: Array<string | number | null>) => s.push({ sql, args });
  for (const [id, username, nick] of STUDY_USERS) {
    add(
      `INSERT OR IGNORE INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash, member_flag, member_ico,
      head_pic_max, un_read_num, integral_remaining, change_password_config, staff_flag) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      [
        id,
        1,
        1,
        username,
        studyMobile(id),
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

  // the class timetable: every catalog course's lessons in class sessions twice a week, from two weeks
  // before this week to about six weeks after (course n on its own days and hour)
  const anchor = weekStart(now) - 14 * DAY;
  for (const course of COURSES) {
    const n = course.commodityId - 5000;
    lessonsOf(course).forEach((l, k) => {
      const dayOffset = Math.floor(k / 2) * 7 + (k % 2 === 0 ? n % 3 : 3 + (n % 3));
      const start = anchor + dayOffset * DAY + (n % 2 === 0 ? 19 : 14) * HOUR;
      add('INSERT INTO study_timetable (commodity_id, course_id, lesson_id, start_at, end_at) VALUES (?,?,?,?,?)', [
        course.commodityId,
        course.courseId,
        l.id,
        start,
        start + Math.max(45 * MINUTE, l.durationS * 1000),
      ]);
    });
  }

  // notes: student01 on 5001 and 5003, the notes journeys' users on 5001, account02 one (the phone check)
  const note = (userId: number, commodityId: number, lessonIndex: number, text: string, minutesAgo: number) => {
    const course = COURSES.find((c) => c.commodityId === commodityId)!;
    const lesson = lessonsOf(course)[lessonIndex]!;
    const at = now - minutesAgo * MINUTE;
    add('INSERT INTO study_notes (user_id, commodity_id, course_id, lesson_id, content, position_s, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?)', [
      userId,
      commodityId,
      course.courseId,
      lesson.id,
      text,
      Math.min(lesson.durationS, 60 + minutesAgo),
      at,
      at,
    ]);
  };
  for (const userId of [1001, 2400, 2401]) {
    note(userId, 5001, 0, NOTE_TEXTS[0]!, 3000);
    note(userId, 5001, 3, NOTE_TEXTS[1]!, 2000);
    note(userId, 5001, 3, NOTE_TEXTS[2]!, 1500);
  }
  note(1001, 5003, 0, NOTE_TEXTS[3]!, 900);
  note(1001, 5003, 1, NOTE_TEXTS[4]!, 600);
  // account02's note: the phone pages' check of targets covers a note's 编辑 / 删除 (tests/e2e/phone.test.ts, decision 081)
  note(1014, 5001, 0, NOTE_TEXTS[0]!, 3000);

  // favourites: courses and packages
  const collect = (userId: number, kind: 'course' | 'package', targetId: number, minutesAgo: number) =>
    add('INSERT INTO study_collects (user_id, kind, target_id, created_at) VALUES (?,?,?,?)', [userId, kind, targetId, now - minutesAgo * MINUTE]);
  for (const userId of [1001, 2402, 2403]) {
    [5002, 5007, 5013, 5019].forEach((id, i) => collect(userId, 'course', id, 100 + i * 50));
    [301, 303].forEach((id, i) => collect(userId, 'package', id, 90 + i * 40));
  }

  // training plans joined
  add('INSERT INTO study_plan_members (user_id, plan_id, joined_at) VALUES (?,?,?)', [1001, TRAINING_PLANS[0]!.id, now - 25 * DAY]);
  add("INSERT INTO meta (key, value) VALUES ('study_centre_seed', ?)", [CENTRE_SEED_VERSION]);
  return s;
}

/** Registered in `AREAS` (src/areas.ts): this area's tables and users. */
export const centreArea: Area = {
  name: 'study centre',
  schema: SCHEMA,
  async seed(ctx, now) {
    await ctx.db.batch(seedStatements(now));
    // the journeys' users study 5001 (notes) or 5005 (continue learning), stopped in its third lesson
    for (const userId of [2400, 2401]) await enrol(ctx, { userId, commodityId: 5001, source: 'seed' });
    for (const userId of [2404, 2405]) {
      await enrol(ctx, { userId, commodityId: 5005, source: 'seed' });
      const course = COURSES.find((c) => c.commodityId === 5005)!;
      const third = lessonsOf(course)[2]!;
      await savePosition(
        ctx,
        { userId, commodityId: 5005, courseId: course.courseId, lessonId: third.id, positionS: 120, durationS: third.durationS },
        now - HOUR,
      );
    }
  },
};

// ---------------------------------------------------------------- timetable

export interface TimetableEntry {
  id: number;
  commodityId: number;
  courseId: number;
  courseName: string;
  chapterName: string;
  lessonId: number;
  lessonName: string;
  teacherName: string;
  startTime: string;
  endTime: string;
  liveFlag: 0 | 1;
  /** 0 not started, 1 in class, 2 finished */
  status: 0 | 1 | 2;
}

/** The sessions of the user's (unexpired) enrolled courses that start in [from, to), by start time. */
export async function timetable(ctx: Ctx, userId: number, from: number, to: number, now = Date.now()): Promise<TimetableEntry[]> {
  const enrolled = (await listEnrolments(ctx, userId)).filter((e) => e.expiresAt > now).map((e) => e.commodityId);
  if (!enrolled.length) return [];
  const rows = await ctx.db.all<{ id: number; commodityId: number; courseId: number; lessonId: number; startAt: number; endAt: number }>(
    `SELECT id, commodity_id, course_id, lesson_id, start_at, end_at FROM study_timetable
     WHERE start_at >= ? AND start_at < ? AND commodity_id IN (${enrolled.map(() => '?').join(',')}) ORDER BY start_at, commodity_id`,
    [from, to, ...enrolled],
  );
  return rows.flatMap((r) => {
    const course = COURSES.find((c) => c.commodityId === r.commodityId);
    const lesson = course && lessonsOf(course).find((l) => l.id === r.lessonId);
    if (!course || !lesson) return [];
    return [
      {
        id: r.id,
        commodityId: r.commodityId,
        courseId: r.courseId,
        courseName: course.courseName,
        chapterName: lesson.chapterName,
        lessonId: r.lessonId,
        lessonName: lesson.lessonName,
        teacherName: TEACHERS.find((t) => t.id === course.teacherIds[0])?.teacherName ?? '',
        startTime: beijing(r.startAt),
        endTime: beijing(r.endAt),
        liveFlag: lesson.type === 'live' ? 1 : 0,
        status: now < r.startAt ? 0 : now < r.endAt ? 1 : 2,
      } satisfies TimetableEntry,
    ];
  });
}

// ---------------------------------------------------------------- notes

export interface NoteRow {
  noteId: number;
  commodityId: number;
  courseId: number;
  courseName: string;
  lessonId: number;
  lessonName: string;
  chapterName: string;
  content: string;
  positionS: number;
  createTime: string;
  updateTime: string;
}

async function noteRows(ctx: Ctx, userId: number, where: string, args: Array<string | number>): Promise<NoteRow[]> {
  const rows = await ctx.db.all<{
    id: number;
    commodityId: number;
    courseId: number;
    lessonId: number;
    content: string;
    positionS: number;
    createdAt: number;
    updatedAt: number;
  }>(
    `SELECT id, commodity_id, course_id, lesson_id, content, position_s, created_at, updated_at FROM study_notes WHERE user_id = ?${where} ORDER BY updated_at DESC, id DESC`,
    [userId, ...args],
  );
  return rows.flatMap((r) => {
    const course = COURSES.find((c) => c.commodityId === r.commodityId);
    const lesson = course && lessonsOf(course).find((l) => l.id === r.lessonId);
    if (!course || !lesson) return [];
    return [
      {
        noteId: r.id,
        commodityId: r.commodityId,
        courseId: r.courseId,
        courseName: course.courseName,
        lessonId: r.lessonId,
        lessonName: lesson.lessonName,
        chapterName: lesson.chapterName,
        content: r.content,
        positionS: r.positionS,
        createTime: beijing(r.createdAt),
        updateTime: beijing(r.updatedAt),
      },
    ];
  });
}

/** The courses the user has notes in, with how many. */
export async function noteCourses(ctx: Ctx, userId: number) {
  const notes = await noteRows(ctx, userId, '', []);
  const by = new Map<number, { commodityId: number; courseId: number; courseName: string; noteCount: number }>();
  for (const n of notes) {
    const c = by.get(n.commodityId) ?? { commodityId: n.commodityId, courseId: n.courseId, courseName: n.courseName, noteCount: 0 };
    c.noteCount += 1;
    by.set(n.commodityId, c);
  }
  return [...by.values()].sort((a, b) => a.commodityId - b.commodityId);
}

/** The user's notes in one course (class type), grouped by lecture in course order. */
export async function noteLectures(ctx: Ctx, userId: number, commodityId: number) {
  const notes = await noteRows(ctx, userId, ' AND commodity_id = ?', [commodityId]);
  const course = COURSES.find((c) => c.commodityId === commodityId);
  if (!course) return [];
  return lessonsOf(course).flatMap((l) => {
    const own = notes.filter((n) => n.lessonId === l.id);
    return own.length ? [{ lessonId: l.id, lessonName: l.lessonName, chapterName: l.chapterName, notes: own }] : [];
  });
}

/** Notes whose text, course or lecture name contains the keyword (case-insensitive). */
export async function searchNotes(ctx: Ctx, userId: number, keyword: string) {
  const k = keyword.trim().toLowerCase();
  const notes = await noteRows(ctx, userId, '', []);
  return k ? notes.filter((n) => [n.content, n.courseName, n.lessonName].some((x) => x.toLowerCase().includes(k))) : notes;
}

/** Adds a note at a position of a lesson (the lesson pages); null when the lesson is not in that course. */
export async function addNote(ctx: Ctx, n: { userId: number; commodityId: number; lessonId: number; content: string; positionS?: number }, now = Date.now()) {
  const course = COURSES.find((c) => c.commodityId === n.commodityId);
  if (!course || !lessonsOf(course).some((l) => l.id === n.lessonId)) return null;
  const r = await ctx.db.run(
    'INSERT INTO study_notes (user_id, commodity_id, course_id, lesson_id, content, position_s, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?)',
    [n.userId, n.commodityId, course.courseId, n.lessonId, n.content, Math.max(0, Math.round(n.positionS ?? 0)), now, now],
  );
  return r.lastId;
}

/** Whether the note was the user's and is now changed / gone. */
export async function updateNote(ctx: Ctx, userId: number, noteId: number, content: string, now = Date.now()): Promise<boolean> {
  const r = await ctx.db.run('UPDATE study_notes SET content = ?, updated_at = ? WHERE id = ? AND user_id = ?', [content, now, noteId, userId]);
  return r.changes > 0;
}

export async function removeNote(ctx: Ctx, userId: number, noteId: number): Promise<boolean> {
  const r = await ctx.db.run('DELETE FROM study_notes WHERE id = ? AND user_id = ?', [noteId, userId]);
  return r.changes > 0;
}

// ---------------------------------------------------------------- favourites

export async function collectedCourses(ctx: Ctx, userId: number, opts: { keyword?: string; categoryId?: number } = {}) {
  const rows = await ctx.db.all<{ id: number; targetId: number; createdAt: number }>(
    "SELECT id, target_id, created_at FROM study_collects WHERE user_id = ? AND kind = 'course' ORDER BY created_at DESC, id DESC",
    [userId],
  );
  const k = (opts.keyword ?? '').trim().toLowerCase();
  return rows.flatMap((r) => {
    const c = COURSES.find((x) => x.commodityId === r.targetId);
    if (!c) return [];
    if (opts.categoryId !== undefined && c.categoryId !== opts.categoryId) return [];
    if (k && !c.courseName.toLowerCase().includes(k)) return [];
    return [
      {
        collectId: r.id,
        commodityId: c.commodityId,
        courseId: c.courseId,
        courseName: c.courseName,
        cover: c.cover,
        price: c.price,
        categoryId: c.categoryId,
        categoryName: c.categoryName,
        lessonCount: c.lessonCount,
        collectTime: beijing(r.createdAt),
      },
    ];
  });
}

export async function collectedPackages(ctx: Ctx, userId: number, opts: { keyword?: string } = {}) {
  const rows = await ctx.db.all<{ id: number; targetId: number; createdAt: number }>(
    "SELECT id, target_id, created_at FROM study_collects WHERE user_id = ? AND kind = 'package' ORDER BY created_at DESC, id DESC",
    [userId],
  );
  const k = (opts.keyword ?? '').trim().toLowerCase();
  return rows.flatMap((r) => {
    const p = PACKAGES.find((x) => x.id === r.targetId);
    if (!p || (k && !p.packageName.toLowerCase().includes(k))) return [];
    return [
      {
        collectId: r.id,
        packageId: p.id,
        packageName: p.packageName,
        cover: p.cover,
        price: p.price,
        courseCount: p.commodityIds.length,
        collectTime: beijing(r.createdAt),
      },
    ];
  });
}

/** The categories of the user's favourite courses with counts, plus the package count (the page's classify). */
export async function collectClassify(ctx: Ctx, userId: number) {
  const courses = await collectedCourses(ctx, userId);
  const packages = await collectedPackages(ctx, userId);
  const cats = new Map<number, { categoryId: number; categoryName: string; count: number }>();
  for (const c of courses) {
    const e = cats.get(c.categoryId) ?? { categoryId: c.categoryId, categoryName: c.categoryName, count: 0 };
    e.count += 1;
    cats.set(c.categoryId, e);
  }
  return { courseCount: courses.length, packageCount: packages.length, categories: [...cats.values()].sort((a, b) => a.categoryId - b.categoryId) };
}

/** Adds a favourite (the course pages); idempotent. */
export async function collect(ctx: Ctx, userId: number, kind: 'course' | 'package', targetId: number, now = Date.now()) {
  await ctx.db.run('INSERT OR IGNORE INTO study_collects (user_id, kind, target_id, created_at) VALUES (?,?,?,?)', [userId, kind, targetId, now]);
}

export async function removeCollect(ctx: Ctx, userId: number, kind: 'course' | 'package', collectId: number): Promise<boolean> {
  const r = await ctx.db.run('DELETE FROM study_collects WHERE id = ? AND user_id = ? AND kind = ?', [collectId, userId, kind]);
  return r.changes > 0;
}

// ---------------------------------------------------------------- plans

export async function joinedPlans(ctx: Ctx, userId: number) {
  return ctx.db.all<{ planId: number; joinedAt: number }>('SELECT plan_id, joined_at FROM study_plan_members WHERE user_id = ? ORDER BY joined_at DESC', [
    userId,
  ]);
}
