import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { COURSES, type Course, type Lesson } from '../catalog/seed.js';

/**
 * Per-lesson learning positions (where the student stopped in each lesson, whether it is finished) and the
 * one "lately learned" lesson per user that `GET lately/learn/course` (spec 001 §7 'Timetable and courses')
 * answers and "continue learning" opens. Its tables live beside the main schema like the personal centre's
 * (`personal/store.ts`):
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 *
 * Writers: the lesson video page (issue 14, `savePosition` on each position report). Readers: my courses
 * (percent and where to continue), the header's continue learning, the lesson pages (resume position).
 */
export const PROGRESS_SEED_VERSION = '1';

/** A lesson counts as finished once the student reached this share of its duration (and stays finished). */
export const FINISHED_SHARE = 0.9;

const TABLES = ['study_progress', 'study_lately'];

const SCHEMA = `
CREATE TABLE study_progress (
  user_id INTEGER NOT NULL, commodity_id INTEGER NOT NULL, course_id INTEGER NOT NULL, lesson_id INTEGER NOT NULL,
  position_s INTEGER NOT NULL, duration_s INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL, PRIMARY KEY (user_id, commodity_id, lesson_id));
CREATE TABLE study_lately (
  user_id INTEGER PRIMARY KEY, commodity_id INTEGER NOT NULL, course_id INTEGER NOT NULL, lesson_id INTEGER NOT NULL,
  updated_at INTEGER NOT NULL);
`;

export interface LessonProgress {
  commodityId: number;
  courseId: number;
  lessonId: number;
  positionS: number;
  durationS: number;
  finished: boolean;
  updatedAt: number;
}
export interface CourseProgress {
  commodityId: number;
  courseId: number;
  lessonCount: number;
  finishedCount: number;
  /** whole percent of the course's lessons finished, 0..100 */
  percent: number;
  /** the lesson last studied in this course, null when none yet */
  lastLessonId: number | null;
  lastStudiedAt: number | null;
}
export interface Progress {
  lessons: LessonProgress[];
  courses: CourseProgress[];
}
export interface LatelyLearned {
  commodityId: number;
  courseId: number;
  courseName: string;
  chapterId: number;
  chapterName: string;
  lessonId: number;
  lessonName: string;
  positionS: number;
  durationS: number;
  updatedAt: number;
}

const MINUTE = 60_000;

/** Seeded positions: student01 (1001) is midway through 5001 (stopped in chapter 2), began 5003; member01 began 5002. */
const SEED: Array<{ userId: number; commodityId: number; finished: number; partial: number; minutesAgo: number }> = [
  { userId: 1001, commodityId: 5003, finished: 1, partial: 0.3, minutesAgo: 3 * 24 * 60 },
  { userId: 1001, commodityId: 5001, finished: 4, partial: 0.5, minutesAgo: 90 },
  { userId: 1003, commodityId: 5002, finished: 0, partial: 0.2, minutesAgo: 60 },
];

export function courseByCommodity(commodityId: number): Course | undefined {
  return COURSES.find((c) => c.commodityId === commodityId);
}

/** The lesson of a course (with its chapter), or undefined when the lesson is not in that course. */
export function lessonOf(course: Course, lessonId: number): { lesson: Lesson; chapterId: number; chapterName: string } | undefined {
  for (const ch of course.chapters) {
    const lesson = ch.lessons.find((l) => l.id === lessonId);
    if (lesson) return { lesson, chapterId: ch.id, chapterName: ch.chapterName };
  }
  return undefined;
}

/** Registered in `AREAS` (src/areas.ts): the progress tables and their seed. */
export const progressArea: Area = {
  name: 'progress',
  schema: SCHEMA,
  async seed(ctx, now) {
    const stmts: Array<{ sql: string; args: Array<number | string | null> }> = [];
    for (const s of SEED) {
      const course = courseByCommodity(s.commodityId)!;
      const lessons = course.chapters.flatMap((c) => c.lessons);
      const at = now - s.minutesAgo * MINUTE;
      lessons.slice(0, s.finished + 1).forEach((l, i) => {
        const done = i < s.finished;
        const updated = at - (s.finished - i) * 30 * MINUTE;
        stmts.push({
          sql: 'INSERT INTO study_progress (user_id, commodity_id, course_id, lesson_id, position_s, duration_s, finished, updated_at) VALUES (?,?,?,?,?,?,?,?)',
          args: [s.userId, s.commodityId, course.courseId, l.id, done ? l.durationS : Math.round(l.durationS * s.partial), l.durationS, done ? 1 : 0, updated],
        });
      });
      const last = lessons[s.finished]!;
      stmts.push({
        sql: 'INSERT INTO study_lately (user_id, commodity_id, course_id, lesson_id, updated_at) VALUES (?,?,?,?,?) ON CONFLICT (user_id) DO UPDATE SET commodity_id = excluded.commodity_id, course_id = excluded.course_id, lesson_id = excluded.lesson_id, updated_at = excluded.updated_at WHERE excluded.updated_at > study_lately.updated_at',
        args: [s.userId, s.commodityId, course.courseId, last.id, at],
      });
    }
    stmts.push({ sql: "INSERT INTO meta (key, value) VALUES ('progress_seed', ?)", args: [PROGRESS_SEED_VERSION] });
    await ctx.db.batch(stmts);
  },
};

export interface SavePosition {
  userId: number;
  commodityId: number;
  courseId: number;
  lessonId: number;
  positionS: number;
  durationS: number;
}

/**
 * Records where the student is in a lesson and makes it their lately learned lesson. The position is clamped
 * to 0..duration; a lesson once finished stays finished. Returns null (nothing written) when the lesson is not
 * a lesson of that course commodity in the catalog.
 */
export async function savePosition(ctx: Ctx, p: SavePosition, now = Date.now()): Promise<LessonProgress | null> {
  const course = courseByCommodity(p.commodityId);
  if (!course || course.courseId !== p.courseId) return null;
  const found = lessonOf(course, p.lessonId);
  if (!found) return null;
  const durationS = Number.isFinite(p.durationS) && p.durationS > 0 ? Math.round(p.durationS) : found.lesson.durationS;
  const positionS = Math.max(0, Math.min(durationS, Math.round(Number.isFinite(p.positionS) ? p.positionS : 0)));
  const finished = positionS >= durationS * FINISHED_SHARE ? 1 : 0;
  await ctx.db.batch([
    {
      sql: `INSERT INTO study_progress (user_id, commodity_id, course_id, lesson_id, position_s, duration_s, finished, updated_at) VALUES (?,?,?,?,?,?,?,?)
        ON CONFLICT (user_id, commodity_id, lesson_id) DO UPDATE SET position_s = excluded.position_s, duration_s = excluded.duration_s,
        finished = MAX(study_progress.finished, excluded.finished), updated_at = excluded.updated_at`,
      args: [p.userId, p.commodityId, p.courseId, p.lessonId, positionS, durationS, finished, now],
    },
    {
      sql: `INSERT INTO study_lately (user_id, commodity_id, course_id, lesson_id, updated_at) VALUES (?,?,?,?,?)
        ON CONFLICT (user_id) DO UPDATE SET commodity_id = excluded.commodity_id, course_id = excluded.course_id,
        lesson_id = excluded.lesson_id, updated_at = excluded.updated_at`,
      args: [p.userId, p.commodityId, p.courseId, p.lessonId, now],
    },
  ]);
  const row = await ctx.db.get<{ finished: number }>('SELECT finished FROM study_progress WHERE user_id = ? AND commodity_id = ? AND lesson_id = ?', [
    p.userId,
    p.commodityId,
    p.lessonId,
  ]);
  return { commodityId: p.commodityId, courseId: p.courseId, lessonId: p.lessonId, positionS, durationS, finished: row?.finished === 1, updatedAt: now };
}

/**
 * The user's positions per lesson and, per course they have studied (or only `commodityId` when given), the
 * share of lessons finished and the lesson they last studied.
 */
export async function readProgress(ctx: Ctx, userId: number, commodityId?: number): Promise<Progress> {
  const rows = await ctx.db.all<{
    commodityId: number;
    courseId: number;
    lessonId: number;
    positionS: number;
    durationS: number;
    finished: number;
    updatedAt: number;
  }>(
    `SELECT commodity_id, course_id, lesson_id, position_s, duration_s, finished, updated_at FROM study_progress
     WHERE user_id = ?${commodityId !== undefined ? ' AND commodity_id = ?' : ''} ORDER BY commodity_id, lesson_id`,
    commodityId !== undefined ? [userId, commodityId] : [userId],
  );
  const lessons = rows.map((r) => ({ ...r, finished: r.finished === 1 }));
  const byCourse = new Map<number, LessonProgress[]>();
  for (const l of lessons) byCourse.set(l.commodityId, [...(byCourse.get(l.commodityId) ?? []), l]);
  const courses: CourseProgress[] = [];
  for (const [cid, ls] of byCourse) {
    const course = courseByCommodity(cid);
    if (!course) continue;
    const last = ls.reduce((a, b) => (b.updatedAt > a.updatedAt ? b : a));
    const finishedCount = ls.filter((l) => l.finished).length;
    courses.push({
      commodityId: cid,
      courseId: course.courseId,
      lessonCount: course.lessonCount,
      finishedCount,
      percent: coursePercent(finishedCount, course.lessonCount),
      lastLessonId: last.lessonId,
      lastStudiedAt: last.updatedAt,
    });
  }
  return { lessons, courses };
}

/** Whole percent of finished lessons, floored (99.9 % is not "done"), 0 for a course without lessons. */
export function coursePercent(finishedCount: number, lessonCount: number): number {
  if (lessonCount <= 0) return 0;
  return Math.min(100, Math.floor((finishedCount * 100) / lessonCount));
}

/** The lesson the user studied last (any course), with its names and the position reached; null if none. */
export async function latelyLearned(ctx: Ctx, userId: number): Promise<LatelyLearned | null> {
  const row = await ctx.db.get<{ commodityId: number; courseId: number; lessonId: number; updatedAt: number }>(
    'SELECT commodity_id, course_id, lesson_id, updated_at FROM study_lately WHERE user_id = ?',
    [userId],
  );
  if (!row) return null;
  const course = courseByCommodity(row.commodityId);
  const found = course && lessonOf(course, row.lessonId);
  if (!course || !found) return null;
  const pos = await ctx.db.get<{ positionS: number; durationS: number }>(
    'SELECT position_s, duration_s FROM study_progress WHERE user_id = ? AND commodity_id = ? AND lesson_id = ?',
    [userId, row.commodityId, row.lessonId],
  );
  return {
    commodityId: row.commodityId,
    courseId: course.courseId,
    courseName: course.courseName,
    chapterId: found.chapterId,
    chapterName: found.chapterName,
    lessonId: row.lessonId,
    lessonName: found.lesson.lessonName,
    positionS: pos?.positionS ?? 0,
    durationS: pos?.durationS ?? found.lesson.durationS,
    updatedAt: row.updatedAt,
  };
}
