import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

// Issue 25, spec 001 §7: the calls the portal did not make and the shapes that differed (decision 058).

const { c, sandbox } = useSandbox();

const SB = '/saas-business';

describe('the free-course popup query (spec 001 §7: company_id, school_id, userId, sceneCode; §3 containFreeCourseFlag, isShowPopup)', () => {
  it('answers for the caller named in the query, from the scenes asked and the saved group', async () => {
    const { token, userId } = await c.token('13700002606'); // agr2606: asked at scenes 2-4, no group saved
    const popup = (q: Record<string, string | number>) => c.api(`${SB}/student/customize/popup`, { token, query: q });
    const who = { company_id: 1, school_id: 1, userId };
    expect((await popup({ ...who, sceneCode: 3 })).json.data).toEqual({ containFreeCourseFlag: 1, isShowPopup: 1 });
    await c.control('POST', '/agreements/scenes', { userId, scenes: [2] });
    expect((await popup({ ...who, sceneCode: 3 })).json.data).toEqual({ containFreeCourseFlag: 0, isShowPopup: 0 });
    expect((await popup({ ...who, sceneCode: 2 })).json.data).toEqual({ containFreeCourseFlag: 1, isShowPopup: 1 });
  });

  it("refuses a query without the caller's company, school and user", async () => {
    const { token, userId } = await c.token('13700002606');
    const popup = (q: Record<string, string | number>) => c.api(`${SB}/student/customize/popup`, { token, query: q });
    expect((await popup({ sceneCode: 3 })).json).toMatchObject({ code: '0', message: '参数错误' });
    expect((await popup({ sceneCode: 3, company_id: 1, school_id: 1, userId: userId + 1 })).json).toMatchObject({ code: '0' });
    expect((await popup({ sceneCode: 3, company_id: 2, school_id: 1, userId })).json).toMatchObject({ code: '0' });
    expect((await popup({ sceneCode: 3, company_id: 1, userId })).json).toMatchObject({ code: '0' });
  });
});

describe('the question bank (spec 001 §7 /question)', () => {
  it('GET /v1/question/categories: every category, unpaged, with its subject count; visitors may ask', async () => {
    const r = await c.api('/question/v1/question/categories');
    expect(r.json.code).toBe('1');
    expect(r.json.data).toEqual([
      { id: 11, name: '人力资源', subjectCount: expect.any(Number) },
      { id: 12, name: '财务会计', subjectCount: expect.any(Number) },
      { id: 13, name: '计算机', subjectCount: expect.any(Number) },
    ]);
    expect(r.json.data.reduce((n: number, x: { subjectCount: number }) => n + x.subjectCount, 0)).toBe(8); // subjects 201-208
  });
});

describe('the common face check (spec 001 §7 companyFaceVerify commonCheck, commonFaceVerifyUrl)', () => {
  it("answers the student's face state like check, and its verification order passes it", async () => {
    const { token, userId } = await c.token('13700002615'); // agr2615: face status 1
    const FACE = `${SB}/companyFaceVerify`;
    expect((await c.api(`${FACE}/commonCheck`, { token })).json.data).toEqual({ status: 1 });
    const started = (await c.api(`${FACE}/commonFaceVerifyUrl`, { token })).json.data;
    expect(started.url).toContain(`/face/study?orderNo=${started.orderNo}`);
    expect((await c.api(`${FACE}/getResult`, { token, body: { orderNo: started.orderNo } })).json.data).toEqual({ result: 0 });
    await fetch(`${sandbox().url}/face/study`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `orderNo=${started.orderNo}&result=1`,
    });
    expect((await c.api(`${FACE}/getResult`, { token, body: { orderNo: started.orderNo } })).json.data).toEqual({ result: 1 });
    expect((await c.api(`${FACE}/commonCheck`, { token })).json.data).toEqual({ status: 0 });
    expect((await c.api(`${FACE}/commonCheck`)).status).toBe(401); // a token is needed
    expect(userId).toBe(2615);
  });
});
