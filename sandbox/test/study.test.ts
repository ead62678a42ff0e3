import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';
import { createCtx, type Ctx } from '../src/context.js';
import { openDb } from '../src/db.js';
import { seedAreas } from '../src/template.js';
import { coursePercent, latelyLearned, readProgress, savePosition } from '../src/study/progress.js';
import { addNote, collect, collectClassify, noteLectures } from '../src/study/centre.js';
import { COURSES } from '../src/catalog/seed.js';

let token: string;
const U = '/course/v1/user';

const { c } = useSandbox();
beforeEach(async () => {
  token = (await c.token('student01')).token;
});
const api = (path: string, method = 'GET', body?: unknown, t = token) => c.api(path, { method, body, token: t });

/** Catalog lesson id of course 5000+n, chapter c (0-based), lesson l (0-based). */
const lessonId = (n: number, ch: number, l: number) => ((100 + n) * 100 + ch + 1) * 10 + l + 1;

describe('progress store (study/progress.ts)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    const db = await openDb(':memory:');
    await seedAreas(db);
    ctx = createCtx(db, { control: false, latencyMs: 0, tokenTtlS: 60 });
  });

  it('seeds student01 midway through 5001: the fifth lesson (chapter 2, lesson 2) is the lately learned one', async () => {
    const lately = await latelyLearned(ctx, 1001);
    expect(lately).toMatchObject({ commodityId: 5001, courseId: 101, lessonId: lessonId(1, 1, 1), chapterId: 10102 });
    const course = COURSES.find((x) => x.commodityId === 5001)!;
    expect(course.chapters.flatMap((ch) => ch.lessons).some((l) => l.id === lately!.lessonId)).toBe(true);
    const p = await readProgress(ctx, 1001, 5001);
    expect(p.courses).toEqual([
      expect.objectContaining({
        commodityId: 5001,
        finishedCount: 4,
        lessonCount: course.lessonCount,
        percent: Math.floor(400 / course.lessonCount),
        lastLessonId: lessonId(1, 1, 1),
      }),
    ]);
    expect(await latelyLearned(ctx, 1002)).toBeNull();
  });

  it('saves a position, finishes at 90 %, keeps finished, moves lately learned; refuses a lesson of another course', async () => {
    const id = lessonId(5, 0, 0);
    const course = COURSES.find((x) => x.commodityId === 5005)!;
    const dur = course.chapters[0]!.lessons[0]!.durationS;
    expect(await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: id, positionS: 30, durationS: dur })).toMatchObject({
      finished: false,
      positionS: 30,
    });
    expect(await latelyLearned(ctx, 2400)).toMatchObject({ commodityId: 5005, lessonId: id, positionS: 30 });
    expect((await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: id, positionS: dur * 0.9, durationS: dur }))!.finished).toBe(
      true,
    );
    expect((await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: id, positionS: 10, durationS: dur }))!.finished).toBe(true);
    expect((await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: id, positionS: 99_999, durationS: dur }))!.positionS).toBe(dur);
    expect(await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: lessonId(1, 0, 0), positionS: 1, durationS: 10 })).toBeNull();
    expect(await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 101, lessonId: id, positionS: 1, durationS: 10 })).toBeNull();
    const p = await readProgress(ctx, 2400);
    expect(p.courses).toEqual([expect.objectContaining({ commodityId: 5005, finishedCount: 1, percent: coursePercent(1, course.lessonCount) })]);
  });

  it('the lesson pages add notes (only on a lesson of that course) and favourites (idempotent)', async () => {
    const id = await addNote(ctx, { userId: 2406, commodityId: 5005, lessonId: lessonId(5, 0, 1), content: '第二课的笔记', positionS: 42 });
    expect(id).toBeGreaterThan(0);
    expect(await addNote(ctx, { userId: 2406, commodityId: 5005, lessonId: lessonId(1, 0, 1), content: 'x' })).toBeNull();
    expect((await noteLectures(ctx, 2406, 5005))[0]).toMatchObject({
      lessonId: lessonId(5, 0, 1),
      notes: [expect.objectContaining({ noteId: id, content: '第二课的笔记', positionS: 42 })],
    });
    await collect(ctx, 2406, 'course', 5005);
    await collect(ctx, 2406, 'course', 5005);
    await collect(ctx, 2406, 'package', 301);
    expect(await collectClassify(ctx, 2406)).toMatchObject({ courseCount: 1, packageCount: 1 });
  });

  it('percent is floored and bounded', () => {
    expect(coursePercent(0, 13)).toBe(0);
    expect(coursePercent(12, 13)).toBe(92);
    expect(coursePercent(13, 13)).toBe(100);
    expect(coursePercent(1, 0)).toBe(0);
  });
});

describe('lately/learn/course', () => {
  it('needs a token and answers the lately learned catalog lesson (also on the old lastLearn path)', async () => {
    expect((await c.api(`${U}/lately/learn/course`)).status).toBe(401);
    const r = await api(`${U}/lately/learn/course`);
    expect(r.json.data).toMatchObject({
      commodityId: 5001,
      courseId: 101,
      lessonId: lessonId(1, 1, 1),
      courseName: expect.any(String),
      lessonName: expect.any(String),
    });
    expect((await api('/saas-business/v1/front/learn/lastLearn')).json.data).toEqual({
      courseId: 101,
      courseName: r.json.data.courseName,
      lessonId: r.json.data.lessonId,
      lessonName: r.json.data.lessonName,
    });
  });
});

const SB = '/saas-business';
describe('course section calls (spec 001 §7)', () => {
  it('every call needs a token', async () => {
    for (const [m, p] of [
      ['POST', `${SB}/v1/course/centre/get/user/timetable`],
      ['GET', `${U}/get/courses`],
      ['GET', `${SB}/v1/user-center/note/course`],
      ['GET', `${SB}/v1/user-center/collect/classify`],
      ['GET', `${SB}/v1/front/instead/myInsteadSignList`],
      ['GET', `${SB}/v1/student/study/plan/list`],
    ] as const) {
      expect((await c.api(p, { method: m, body: m === 'POST' ? {} : undefined })).status, p).toBe(401);
    }
  });

  it('timetable: a week of sessions of enrolled courses only; bad or too long ranges refused; month grouped by day', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - 14 * 86400_000).toISOString().slice(0, 10);
    const end = new Date(Date.parse(`${today}T00:00:00Z`) + 27 * 86400_000).toISOString().slice(0, 10);
    const r = await api(`${SB}/v1/course/centre/get/user/timetable`, 'POST', { startDate: start, endDate: end });
    expect(r.json.code).toBe('1');
    const entries = r.json.data as Array<{ commodityId: number; startTime: string; lessonId: number; status: number }>;
    expect(entries.length).toBeGreaterThan(5);
    expect(new Set(entries.map((e) => e.commodityId))).toEqual(new Set([5001, 5003, 5005, 5007, 5008, 5010]));
    expect(entries.every((e) => e.startTime.slice(0, 10) >= start && e.startTime.slice(0, 10) <= end)).toBe(true);
    expect((await api(`${SB}/v1/course/centre/get/user/timetable`, 'POST', { startDate: '2025-02-30', endDate: '2025-03-01' })).json.code).toBe('140010001');
    expect((await api(`${SB}/v1/course/centre/get/user/timetable`, 'POST', { startDate: '2025-03-02', endDate: '2025-03-01' })).json.code).toBe('140010001');
    expect((await api(`${SB}/v1/course/centre/get/user/timetable`, 'POST', { startDate: '2025-01-01', endDate: '2025-03-01' })).json.code).toBe('140010002');
    const [y, m] = today.split('-').map(Number);
    const month = await api(`${SB}/v1/course/centre/user/course/by/timetable`, 'POST', { year: y, month: m });
    const days = month.json.data as Array<{ date: string; count: number; lessons: unknown[] }>;
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => d.date.startsWith(today.slice(0, 7)) && d.count === d.lessons.length)).toBe(true);
    expect((await api(`${SB}/v1/course/centre/user/course/by/timetable`, 'POST', { year: 2025, month: 13 })).json.code).toBe('140010001');
    const empty = (await c.token('empty01')).token;
    expect((await api(`${SB}/v1/course/centre/get/user/timetable`, 'POST', { startDate: start, endDate: start }, empty)).json.data).toEqual([]);
  });

  it('my courses: progress and where to continue; name search; packages', async () => {
    const r = (await api(`${U}/get/courses`, 'GET')).json.data;
    expect(r.total).toBe(6);
    expect(r.records[0]).toMatchObject({ commodityId: 5001, lastLessonId: lessonId(1, 1, 1), firstLessonId: lessonId(1, 0, 0), percent: expect.any(Number) });
    expect(r.records.find((x: { commodityId: number }) => x.commodityId === 5005)).toMatchObject({ lastLessonId: null, percent: 0 });
    const found = (await c.api(`${U}/get/courses`, { token, query: { courseName: '人力资源管理师（三级）' } })).json.data;
    expect(found.records.map((x: { commodityId: number }) => x.commodityId)).toEqual([5001]);
    const packs = (await api(`${U}/get/course/packages`)).json.data;
    expect(packs).toEqual([expect.objectContaining({ packageId: 302, courses: expect.arrayContaining([expect.objectContaining({ commodityId: 5007 })]) })]);
  });

  it('notes: by course, by lecture, search, update (own only, non-empty, 500 max), remove', async () => {
    const N = `${SB}/v1/user-center/note`;
    expect((await api(`${N}/course`)).json.data).toEqual([
      expect.objectContaining({ commodityId: 5001, noteCount: 3 }),
      expect.objectContaining({ commodityId: 5003, noteCount: 2 }),
    ]);
    const lectures = (await api(`${N}/lecture/5001`)).json.data as Array<{ lessonId: number; notes: Array<{ noteId: number; content: string }> }>;
    expect(lectures.map((l) => [l.lessonId, l.notes.length])).toEqual([
      [lessonId(1, 0, 0), 1],
      [lessonId(1, 1, 0), 2],
    ]);
    const hits = (await c.api(`${N}/search`, { token, query: { keyword: '招募' } })).json.data;
    expect(hits).toHaveLength(1);
    const id = hits[0].noteId;
    expect((await api(`${N}/update`, 'POST', { noteId: id, content: '  ' })).json.code).toBe('140020002');
    expect((await api(`${N}/update`, 'POST', { noteId: id, content: 'x'.repeat(501) })).json.code).toBe('140020003');
    const other = (await c.token('notes01')).token;
    expect((await api(`${N}/update`, 'POST', { noteId: id, content: 'mine' }, other)).json.code).toBe('140020001');
    expect((await api(`${N}/update`, 'POST', { noteId: id, content: '改过的笔记' })).json.code).toBe('1');
    expect((await c.api(`${N}/search`, { token, query: { keyword: '改过' } })).json.data[0]).toMatchObject({ noteId: id, content: '改过的笔记' });
    expect((await api(`${N}/remove/${id}`, 'DELETE', undefined, other)).json.code).toBe('140020001');
    expect((await api(`${N}/remove/${id}`, 'DELETE')).json.code).toBe('1');
    expect((await api(`${N}/remove/${id}`, 'DELETE')).json.code).toBe('140020001');
    expect((await api(`${N}/remove/abc`, 'DELETE')).json.code).toBe('140020001');
  });

  it('favourites: classify, search, package search, remove', async () => {
    const F = `${SB}/v1/user-center/collect`;
    const cls = (await api(`${F}/classify`)).json.data;
    expect(cls).toMatchObject({ courseCount: 4, packageCount: 2 });
    const cat = cls.categories[0];
    const inCat = (await c.api(`${F}/search`, { token, query: { categoryId: cat.categoryId } })).json.data;
    expect(inCat).toHaveLength(cat.count);
    const all = (await api(`${F}/search`)).json.data;
    expect(all).toHaveLength(4);
    const kw = (await c.api(`${F}/search`, { token, query: { keyword: all[1].courseName.slice(0, 4) } })).json.data;
    expect(kw.map((x: { collectId: number }) => x.collectId)).toContain(all[1].collectId);
    expect((await api(`${F}/remove/${all[0].collectId}`, 'DELETE')).json.code).toBe('1');
    expect((await api(`${F}/search`)).json.data).toHaveLength(3);
    const packs = (await api(`${F}/package/search`)).json.data;
    expect((await api(`${F}/remove/${packs[0].collectId}`, 'DELETE')).json.code).toBe('140030001');
    expect((await api(`${F}/package/remove/${packs[0].collectId}`, 'DELETE')).json.code).toBe('1');
    expect((await api(`${F}/classify`)).json.data).toMatchObject({ courseCount: 3, packageCount: 1 });
  });

  it('plans and proxy exam sign-ups; the area users sign in by their mobiles', async () => {
    expect((await api(`${SB}/v1/student/study/plan/list`)).json.data).toEqual([expect.objectContaining({ planId: 1301, stages: expect.any(Array) })]);
    expect((await api(`${SB}/v1/front/instead/myInsteadSignList`)).json.data.map((x: { status: number }) => x.status)).toEqual([1, 2, 0]); // seeded by instead/store.ts (decision 036)
    expect((await c.token('13700002406')).userId).toBe(2406);
    const t = (await c.token('learner01')).token;
    expect((await api(`${U}/lately/learn/course`, 'GET', undefined, t)).json.data).toMatchObject({ commodityId: 5005, lessonId: lessonId(5, 0, 2) });
  });
});
