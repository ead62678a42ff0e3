import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/server.js';
import { Client, start } from './helpers.js';
import { createCtx, type Ctx } from '../src/context.js';
import { openDb } from '../src/db.js';
import { ensureSeeded } from '../src/seed.js';
import { coursePercent, latelyLearned, readProgress, savePosition } from '../src/study/progress.js';
import { COURSES } from '../src/catalog/seed.js';

let sb: Sandbox;
let c: Client;
let token: string;
const U = '/course/v1/user';

beforeAll(async () => ({ sb, c } = await start()));
afterAll(async () => sb.close());
beforeEach(async () => {
  await c.control('POST', '/reset');
  token = (await c.token('student01')).token;
});
const api = (path: string, method = 'GET', body?: unknown, t = token) => c.api(path, { method, body, token: t });

/** Catalog lesson id of course 5000+n, chapter c (0-based), lesson l (0-based). */
const lessonId = (n: number, ch: number, l: number) => ((100 + n) * 100 + ch + 1) * 10 + l + 1;

describe('progress store (study/progress.ts)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    const db = await openDb(':memory:');
    await ensureSeeded(db);
    ctx = createCtx(db, { control: false, latencyMs: 0, tokenTtlS: 60 });
  });

  it('seeds student01 midway through 5001: the fifth lesson (chapter 2, lesson 2) is the lately learned one', async () => {
    const lately = await latelyLearned(ctx, 1001);
    expect(lately).toMatchObject({ commodityId: 5001, courseId: 101, lessonId: lessonId(1, 1, 1), chapterId: 10102 });
    const course = COURSES.find((x) => x.commodityId === 5001)!;
    expect(course.chapters.flatMap((ch) => ch.lessons).some((l) => l.id === lately!.lessonId)).toBe(true);
    const p = await readProgress(ctx, 1001, 5001);
    expect(p.courses).toEqual([expect.objectContaining({ commodityId: 5001, finishedCount: 4, lessonCount: course.lessonCount, percent: Math.floor(400 / course.lessonCount), lastLessonId: lessonId(1, 1, 1) })]);
    expect(await latelyLearned(ctx, 1002)).toBeNull();
  });

  it('saves a position, finishes at 90 %, keeps finished, moves lately learned; refuses a lesson of another course', async () => {
    const id = lessonId(5, 0, 0);
    const course = COURSES.find((x) => x.commodityId === 5005)!;
    const dur = course.chapters[0]!.lessons[0]!.durationS;
    expect(await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: id, positionS: 30, durationS: dur })).toMatchObject({ finished: false, positionS: 30 });
    expect(await latelyLearned(ctx, 2400)).toMatchObject({ commodityId: 5005, lessonId: id, positionS: 30 });
    expect((await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: id, positionS: dur * 0.9, durationS: dur }))!.finished).toBe(true);
    expect((await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: id, positionS: 10, durationS: dur }))!.finished).toBe(true);
    expect((await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: id, positionS: 99_999, durationS: dur }))!.positionS).toBe(dur);
    expect(await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 105, lessonId: lessonId(1, 0, 0), positionS: 1, durationS: 10 })).toBeNull();
    expect(await savePosition(ctx, { userId: 2400, commodityId: 5005, courseId: 101, lessonId: id, positionS: 1, durationS: 10 })).toBeNull();
    const p = await readProgress(ctx, 2400);
    expect(p.courses).toEqual([expect.objectContaining({ commodityId: 5005, finishedCount: 1, percent: coursePercent(1, course.lessonCount) })]);
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
    expect(r.json.data).toMatchObject({ commodityId: 5001, courseId: 101, lessonId: lessonId(1, 1, 1), courseName: expect.any(String), lessonName: expect.any(String) });
    expect((await api('/saas-business/v1/front/learn/lastLearn')).json.data).toEqual(r.json.data);
  });
});
