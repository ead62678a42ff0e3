import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/server.js';
import { COURSES, NEWS, PACKAGES } from '../src/catalog/seed.js';
import { Client, start } from './helpers.js';

let sb: Sandbox;
let c: Client;

beforeAll(async () => ({ sb, c } = await start()));
afterAll(async () => sb?.close());

describe('seeded public content of company 1', () => {
  it("has the issue's minimum amounts", () => {
    expect(COURSES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(COURSES.map((x) => x.categoryId)).size).toBeGreaterThanOrEqual(5);
    expect(COURSES.filter((x) => x.freeFlag === 1).length).toBeGreaterThanOrEqual(3);
    expect(COURSES.every((x) => x.chapters.length >= 3 && x.teacherIds.length >= 1)).toBe(true);
    expect(PACKAGES).toHaveLength(5);
    expect(NEWS.length).toBeGreaterThanOrEqual(10);
  });

  it('pages, filters, searches and sorts courses', async () => {
    let r = await c.api('/course/v1/front/course/page', { query: { pageSize: 12 } });
    expect(r.json.code).toBe('1');
    expect(r.json.data).toMatchObject({ total: 36, current: 1, size: 12 });
    expect(r.json.data.records).toHaveLength(12);
    expect(r.json.data.records[0].cover).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__static\/covers\/course-5001\.svg$/);
    r = await c.api('/course/v1/front/course/page', { query: { courseName: 'python' } });
    expect(r.json.data.records.map((x: { courseName: string }) => x.courseName)).toEqual(['Python 编程从入门到实践']);
    r = await c.api('/course/v1/front/course/page', { query: { categoryId: 4, priceType: 'free' } });
    expect(r.json.data.total).toBe(1);
    r = await c.api('/course/v1/front/course/page', { query: { sort: 'priceAsc', pageSize: 50 } });
    const prices = r.json.data.records.map((x: { price: number }) => x.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
  });

  it('answers course detail with teachers and chapters, contents only for the matching course id, null for unknown ids', async () => {
    let r = await c.api('/course/v1/front/course/detail/5019');
    expect(r.json.data).toMatchObject({ commodityId: 5019, courseId: 119, courseName: 'Python 编程从入门到实践', price: 699, memberPrice: 559 });
    expect(r.json.data.teachers[0].teacherName).toBe('陈思远');
    expect(r.json.data.chapters[0].lessons[0].tryFlag).toBe(1);
    r = await c.api('/course/v1/front/course/5019/119/contents');
    expect(r.json.data.chapters.length).toBeGreaterThanOrEqual(3);
    r = await c.api('/course/v1/front/course/5019/101/contents');
    expect(r.json).toEqual({ code: '1', message: 'success', data: null });
    r = await c.api('/course/v1/front/course/detail/9999');
    expect(r.json.data).toBeNull();
  });

  it.each([
    ['/course/v1/front/package/detail/301', 'packageName', '人力资源管理全能套餐'],
    ['/course/v1/front/teacher/detail/201', 'teacherName', '王丽华'],
    ['/saas-business/v1/front/news/detail/601', 'title', '2025 年下半年人力资源管理师考试报名通知'],
    ['/saas-business/v1/front/qa/detail/701', 'title', '人力资源规划的第一步是什么？'],
    ['/saas-business/v1/front/group/detail/801', 'groupName', '人力资源备考交流组'],
    ['/saas-business/v1/front/apply/detail/1001', 'examName', '人力资源管理师（三级）'],
    ['/saas-business/v1/front/training-plan/detail/1301', 'planName', '新入职 HR 成长计划'],
    ['/saas-business/v1/front/custom-page', 'title', '关于云朵在线学院'],
  ])('%s', async (path, field, value) => {
    const r = await c.api(path);
    expect(r.json.data[field]).toBe(value);
  });

  it.each([
    ['/course/v1/front/category/tree', 6],
    ['/course/v1/front/open-course/list', 6],
    ['/course/v1/front/teacher/list', 10],
    ['/saas-business/v1/front/group/list', 4],
    ['/saas-business/v1/front/vip/levels', 3],
    ['/saas-business/v1/front/apply/list', 4],
    ['/saas-business/v1/front/student-voice/list', 6],
    ['/saas-business/v1/front/training-plan/list', 4],
  ])('%s lists %i items', async (path, n) => {
    expect((await c.api(path)).json.data).toHaveLength(n);
  });

  it('gives another company no content and an unknown domain the company error', async () => {
    expect((await c.api('/course/v1/front/course/page', { domain: 'single.localhost' })).json.data.total).toBe(0);
    expect((await c.api('/course/v1/front/teacher/list', { domain: 'unknown.example' })).json).toMatchObject({ code: '100000001', message: '公司不存在' });
  });

  it('serves SVG covers', async () => {
    const r = await c.raw('/__static/covers/course-5001.svg');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('image/svg+xml');
    expect(r.text).toContain('width="320" height="180"');
    expect((await c.raw('/__static/covers/..%2Fetc.svg')).status).toBe(404);
  });
});
