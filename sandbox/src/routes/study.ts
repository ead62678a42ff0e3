import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, body, query, unauthorized, type Auth, type Ctx } from '../context.js';
import { fail, ok, type Envelope } from '../envelope.js';
import { COURSES, PACKAGES, TRAINING_PLANS } from '../catalog/seed.js';
import {
  addNote,
  collectClassify,
  collectedCourses,
  collectedPackages,
  joinedPlans,
  noteCourses,
  noteLectures,
  NOTE_MAX_CHARS,
  removeCollect,
  removeNote,
  searchNotes,
  timetable,
  TZ_OFFSET_MS,
  updateNote,
} from '../study/centre.js';
import { isEnrolled, listEnrolments } from '../study/enrolments.js';
import { latelyLearned, readProgress } from '../study/progress.js';
import { SB, withCompany } from './config.js';

/**
 * The personal course section's calls (spec 001 §7 'Timetable and courses', 'Notes', 'Collections'; the
 * instead sign-up is `routes/instead.ts`). The spec gives paths, not payloads: the payloads here are chosen and described in
 * docs/decisions/024 (and mirrored by the portal's zod schemas in app/services/*.server.ts).
 */
export const COURSE_USER = '/s/api/course/v1/user';
export const CENTRE = `${SB}/v1/course/centre`;
export const NOTE = `${SB}/v1/user-center/note`;
export const COLLECT = `${SB}/v1/user-center/collect`;
export const PLAN = `${SB}/v1/student/study/plan`;

/** Failures of this area (codes chosen in the 14xxxxxxx range, Chinese like every upstream message). */
export const STUDY_FAILURES = {
  badDate: ['140010001', '日期参数错误'],
  rangeTooLong: ['140010002', '查询范围不能超过42天'],
  noteNotFound: ['140020001', '笔记不存在'],
  noteEmpty: ['140020002', '笔记内容不能为空'],
  noteTooLong: ['140020003', `笔记内容不能超过${NOTE_MAX_CHARS}字`],
  noteLesson: ['140020004', '只能在已报名课程的课时中记笔记'],
  collectNotFound: ['140030001', '收藏不存在'],
} as const;
const failWith = (k: keyof typeof STUDY_FAILURES): Envelope<null> => fail(STUDY_FAILURES[k][0], STUDY_FAILURES[k][1]);

/** At most six weeks per timetable call (a month view shows up to six weeks). */
export const MAX_RANGE_DAYS = 42;
const DAY = 86_400_000;

type Handler = (auth: Auth, req: FastifyRequest, reply: FastifyReply, cid: number) => Promise<unknown>;

/** A call of a logged-in user of the company (401 otherwise). */
function withUser(ctx: Ctx, h: Handler) {
  return withCompany(ctx, async (cid, req, reply) => {
    const auth = await authOf(ctx, req, cid);
    if (!auth) return unauthorized(reply);
    return h(auth, req, reply, cid);
  });
}

/** `YYYY-MM-DD` → 00:00 Beijing time of that day (a UTC timestamp), or undefined. */
export function dayStart(text: unknown): number | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return undefined;
  return ms - TZ_OFFSET_MS;
}

const positiveId = (v: unknown): number | undefined => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const pageOf = (req: FastifyRequest) => {
  const q = query(req);
  const page = positiveId(q.page) ?? 1;
  const pageSize = Math.min(50, positiveId(q.pageSize) ?? 10);
  return { page, pageSize };
};
const paged = <T>(all: T[], page: number, pageSize: number) => ({
  records: all.slice((page - 1) * pageSize, page * pageSize),
  total: all.length,
  current: page,
  size: pageSize,
});

export function registerStudyRoutes(app: FastifyInstance, ctx: Ctx): void {
  const U = (h: Handler) => withUser(ctx, h);

  // ---- timetable and courses
  // §7 POST get/user/timetable { startDate, endDate } (YYYY-MM-DD, Beijing days, both included): the sessions
  // of the student's enrolled courses, by start time (the week view)
  app.post(
    `${CENTRE}/get/user/timetable`,
    U(async (auth, req) => {
      const b = body(req);
      const from = dayStart(b.startDate);
      const to = dayStart(b.endDate);
      if (from === undefined || to === undefined || to < from) return failWith('badDate');
      if ((to - from) / DAY + 1 > MAX_RANGE_DAYS) return failWith('rangeTooLong');
      return ok(await timetable(ctx, auth.user.id, from, to + DAY));
    }),
  );

  // §7 POST user/course/by/timetable { year, month }: the month's days that have sessions, each with them
  app.post(
    `${CENTRE}/user/course/by/timetable`,
    U(async (auth, req) => {
      const b = body(req);
      const year = Number(b.year);
      const month = Number(b.month);
      if (!Number.isInteger(year) || year < 1900 || year > 2100 || !Number.isInteger(month) || month < 1 || month > 12) return failWith('badDate');
      const from = Date.UTC(year, month - 1, 1) - TZ_OFFSET_MS;
      const to = Date.UTC(year, month, 1) - TZ_OFFSET_MS;
      const entries = await timetable(ctx, auth.user.id, from, to);
      const days = new Map<string, typeof entries>();
      for (const e of entries) days.set(e.startTime.slice(0, 10), [...(days.get(e.startTime.slice(0, 10)) ?? []), e]);
      return ok([...days].map(([date, lessons]) => ({ date, count: lessons.length, lessons })));
    }),
  );

  // §7 GET /course/v1/user/get/courses ?courseName&page&pageSize: my courses with progress and where to continue
  app.get(
    `${COURSE_USER}/get/courses`,
    U(async (auth, req) => {
      const { page, pageSize } = pageOf(req);
      const name = text(query(req).courseName).toLowerCase();
      const now = Date.now();
      const [enrolments, progress] = await Promise.all([listEnrolments(ctx, auth.user.id), readProgress(ctx, auth.user.id)]);
      const all = enrolments.flatMap((e) => {
        const course = COURSES.find((c) => c.commodityId === e.commodityId);
        if (!course || (name && !course.courseName.toLowerCase().includes(name))) return [];
        const p = progress.courses.find((x) => x.commodityId === e.commodityId);
        return [
          {
            commodityId: course.commodityId,
            courseId: course.courseId,
            courseName: course.courseName,
            cover: course.cover,
            courseType: course.courseType,
            packageId: e.packageId,
            packageName: PACKAGES.find((x) => x.id === e.packageId)?.packageName ?? null,
            lessonCount: course.lessonCount,
            finishedCount: p?.finishedCount ?? 0,
            percent: p?.percent ?? 0,
            lastLessonId: p?.lastLessonId ?? null,
            lastStudyTime: p?.lastStudiedAt ?? null,
            firstLessonId: course.chapters[0]?.lessons[0]?.id ?? null,
            expireTime: e.expiresAt,
            expired: e.expiresAt <= now ? 1 : 0,
          },
        ];
      });
      // studied last first, then newest enrolment
      all.sort((a, b) => (b.lastStudyTime ?? 0) - (a.lastStudyTime ?? 0));
      return ok(paged(all, page, pageSize));
    }),
  );

  // §7 GET get/course/packages: the packages the student has, with their courses' progress
  app.get(
    `${COURSE_USER}/get/course/packages`,
    U(async (auth) => {
      const [enrolments, progress] = await Promise.all([listEnrolments(ctx, auth.user.id), readProgress(ctx, auth.user.id)]);
      const ids = [...new Set(enrolments.flatMap((e) => (e.packageId === null ? [] : [e.packageId])))];
      return ok(
        ids.flatMap((id) => {
          const p = PACKAGES.find((x) => x.id === id);
          if (!p) return [];
          const own = enrolments.filter((e) => e.packageId === id);
          return [
            {
              packageId: p.id,
              packageName: p.packageName,
              cover: p.cover,
              expireTime: Math.max(...own.map((e) => e.expiresAt)),
              courses: own.flatMap((e) => {
                const c = COURSES.find((x) => x.commodityId === e.commodityId);
                const pr = progress.courses.find((x) => x.commodityId === e.commodityId);
                return c
                  ? [
                      {
                        commodityId: c.commodityId,
                        courseId: c.courseId,
                        courseName: c.courseName,
                        lessonCount: c.lessonCount,
                        percent: pr?.percent ?? 0,
                        lastLessonId: pr?.lastLessonId ?? null,
                        firstLessonId: c.chapters[0]?.lessons[0]?.id ?? null,
                      },
                    ]
                  : [];
              }),
            },
          ];
        }),
      );
    }),
  );

  // §7: the lesson the student studied last (continue learning), null when none
  app.get(
    `${COURSE_USER}/lately/learn/course`,
    U(async (auth) => ok(await latelyLearned(ctx, auth.user.id))),
  );

  // training plans the student joined (path chosen: the spec lists no plan call), with each stage's courses
  app.get(
    `${PLAN}/list`,
    U(async (auth) => {
      const [joined, enrolments, progress] = await Promise.all([
        joinedPlans(ctx, auth.user.id),
        listEnrolments(ctx, auth.user.id),
        readProgress(ctx, auth.user.id),
      ]);
      return ok(
        joined.flatMap((j) => {
          const plan = TRAINING_PLANS.find((p) => p.id === j.planId);
          if (!plan) return [];
          return [
            {
              planId: plan.id,
              planName: plan.planName,
              cover: plan.cover,
              summary: plan.summary,
              durationWeeks: plan.durationWeeks,
              joinTime: j.joinedAt,
              stages: plan.stages.map((s) => ({
                stageName: s.stageName,
                goal: s.goal,
                courses: s.commodityIds.flatMap((cid) => {
                  const c = COURSES.find((x) => x.commodityId === cid);
                  if (!c) return [];
                  const pr = progress.courses.find((x) => x.commodityId === cid);
                  return [
                    {
                      commodityId: c.commodityId,
                      courseId: c.courseId,
                      courseName: c.courseName,
                      enrolled: enrolments.some((e) => e.commodityId === cid) ? 1 : 0,
                      percent: pr?.percent ?? 0,
                      lastLessonId: pr?.lastLessonId ?? null,
                      firstLessonId: c.chapters[0]?.lessons[0]?.id ?? null,
                    },
                  ];
                }),
              })),
            },
          ];
        }),
      );
    }),
  );

  // ---- notes (§7 'Notes')
  app.get(
    `${NOTE}/course`,
    U(async (auth) => ok(await noteCourses(ctx, auth.user.id))),
  );
  app.get(
    `${NOTE}/lecture/:classTypeId`,
    U(async (auth, req) => {
      const id = positiveId((req.params as { classTypeId?: string }).classTypeId);
      return ok(id === undefined ? [] : await noteLectures(ctx, auth.user.id, id));
    }),
  );
  app.get(
    `${NOTE}/search`,
    U(async (auth, req) => ok(await searchNotes(ctx, auth.user.id, text(query(req).keyword).slice(0, 100)))),
  );
  app.delete(
    `${NOTE}/remove/:noteId`,
    U(async (auth, req) => {
      const id = positiveId((req.params as { noteId?: string }).noteId);
      if (id === undefined || !(await removeNote(ctx, auth.user.id, id))) return failWith('noteNotFound');
      return ok(null);
    }),
  );
  // POST update { noteId, content } changes a note; without noteId, { commodityId, lessonId, positionS, content }
  // adds one at that point of the lesson (the video page's note box, decision 059), answering { noteId }
  app.post(
    `${NOTE}/update`,
    U(async (auth, req) => {
      const b = body(req);
      const id = positiveId(b.noteId);
      const content = text(b.content);
      if (!content) return failWith('noteEmpty');
      if ([...content].length > NOTE_MAX_CHARS) return failWith('noteTooLong');
      if (b.noteId === undefined || b.noteId === null || b.noteId === '') {
        const commodityId = positiveId(b.commodityId);
        const lessonId = positiveId(b.lessonId);
        const positionS = Number(b.positionS);
        if (commodityId === undefined || lessonId === undefined || !(await isEnrolled(ctx, auth.user.id, commodityId))) return failWith('noteLesson');
        const noteId = await addNote(ctx, {
          userId: auth.user.id,
          commodityId,
          lessonId,
          content,
          positionS: Number.isFinite(positionS) && positionS >= 0 ? Math.min(positionS, 86_400) : 0,
        });
        return noteId === null ? failWith('noteLesson') : ok({ noteId });
      }
      if (id === undefined || !(await updateNote(ctx, auth.user.id, id, content))) return failWith('noteNotFound');
      return ok(null);
    }),
  );

  // ---- favourites (§7 'Collections')
  app.get(
    `${COLLECT}/classify`,
    U(async (auth) => ok(await collectClassify(ctx, auth.user.id))),
  );
  // GET search ?keyword&categoryId: favourite courses
  app.get(
    `${COLLECT}/search`,
    U(async (auth, req) => {
      const q = query(req);
      return ok(await collectedCourses(ctx, auth.user.id, { keyword: text(q.keyword).slice(0, 100), categoryId: positiveId(q.categoryId) }));
    }),
  );
  app.get(
    `${COLLECT}/package/search`,
    U(async (auth, req) => ok(await collectedPackages(ctx, auth.user.id, { keyword: text(query(req).keyword).slice(0, 100) }))),
  );
  app.delete(
    `${COLLECT}/remove/:collectId`,
    U(async (auth, req) => {
      const id = positiveId((req.params as { collectId?: string }).collectId);
      if (id === undefined || !(await removeCollect(ctx, auth.user.id, 'course', id))) return failWith('collectNotFound');
      return ok(null);
    }),
  );
  app.delete(
    `${COLLECT}/package/remove/:collectId`,
    U(async (auth, req) => {
      const id = positiveId((req.params as { collectId?: string }).collectId);
      if (id === undefined || !(await removeCollect(ctx, auth.user.id, 'package', id))) return failWith('collectNotFound');
      return ok(null);
    }),
  );
}
