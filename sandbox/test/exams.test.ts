import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { passMark, stateOf } from '../src/exams/store.js';
import { useSandbox } from './helpers.js';

/** My exams in the sandbox (spec 001 §7 "Question bank and exams"; decision 034). Users 3300-3319. */
const { c, sandbox } = useSandbox();

const E = '/question/api/v1/front/exam';
const mobile = (id: number) => `1370000${id}`;

async function socket(token: string, userId: number) {
  const ws = new WebSocket(`${sandbox().url.replace('http', 'ws')}/websocket`);
  await new Promise((r) => ws.once('open', r));
  let seq = 0;
  const pending = new Map<number, (m: any) => void>();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    pending.get(m.seq)?.(m);
  });
  const call = (op: string, data: Record<string, unknown>) =>
    new Promise<any>((r) => {
      pending.set(++seq, r);
      ws.send(JSON.stringify({ op, seq, data }));
    });
  await call('auth', { companyId: 1, schoolId: 1, userId, token, module: 'question' });
  return { call, close: () => ws.close() };
}

describe('exam rules', () => {
  it('the pass mark is the percentage of the total, rounded up; the state follows the window', () => {
    expect(passMark(60, 38)).toBe(23);
    expect(passMark(60, 100)).toBe(60);
    expect(passMark(0, 38)).toBe(0);
    expect(stateOf({ startAt: 10, endAt: 20 }, 5)).toBe(1);
    expect(stateOf({ startAt: 10, endAt: 20 }, 10)).toBe(2);
    expect(stateOf({ startAt: 10, endAt: 20 }, 20)).toBe(3);
  });
});

describe('exam calls', () => {
  it("need a token; answer only the student's own exams", async () => {
    expect((await c.api(`${E}/queryMyExamList`)).status).toBe(401);
    const other = await c.token('13800000003'); // member01 has no exams
    expect((await c.api(`${E}/queryMyExamList`, { token: other.token })).json.data.total).toBe(0);
    expect((await c.api(`${E}/queryDetail/9101`, { token: other.token })).json).toMatchObject({ code: '404', message: '考试不存在' });
  });

  it('joinExam makes an exercise record of type 9 with the exam deadline; handInPaper scores it once', async () => {
    const t = await c.token(mobile(3300));
    const j = await c.api(`${E}/joinExam`, { token: t.token, body: { examId: 9102 } });
    expect(j.json.data).toMatchObject({ examId: 9102, attemptNo: 1, resumed: false });
    const recordId = j.json.data.recordId;
    const detail = await c.api(`/question/v1/exercise/record/detail/${recordId}`, { token: t.token });
    expect(detail.json.data).toMatchObject({ exerciseType: 9, timed: true, durationS: 1200, totalScore: 38 });
    const key = (await c.control('GET', `/exams/key/${recordId}`)).json as Array<{ questionId: number; answer: string[]; score: number }>;
    await c.api('/question/v1/exercise/session/batch/submit', {
      token: t.token,
      body: { recordId, answers: key.slice(0, 3).map((k) => ({ questionId: k.questionId, answer: k.answer })) },
    });
    const h = await c.api(`${E}/handInPaper/${recordId}`, { token: t.token });
    expect(h.json.data).toMatchObject({ examId: 9102, score: 7, totalScore: 38, rightCount: 3, passed: false });
    const again = await c.api(`${E}/handInPaper/${recordId}`, { token: t.token });
    expect(again.json.data.score).toBe(7);
    const rec = await c.api(`${E}/queryExamRecord/9102`, { token: t.token });
    expect(rec.json.data).toEqual([expect.objectContaining({ recordId, attemptNo: 1, state: 'submitted', score: 7, passed: false })]);
    const of = await c.api('/question/student/exercise/exam/record', { token: t.token, query: { recordId } });
    expect(of.json.data).toMatchObject({ examId: 9102, recordId, attemptNo: 1 });
  });

  it("the fee order is made once while unpaid, in the shop's orders; paid, joining is allowed", async () => {
    const t = await c.token(mobile(3301));
    expect((await c.api(`${E}/joinExam`, { token: t.token, body: { examId: 9103 } })).json).toMatchObject({ code: '130010003', message: '请先支付考试费用' });
    const a = await c.api('/question/api/v1/front/question/makePayOrder/9103', { method: 'POST', token: t.token });
    const b = await c.api('/question/api/v1/front/question/makePayOrder/9103', { method: 'POST', token: t.token });
    expect(a.json.data.orderNo).toBe(b.json.data.orderNo);
    expect(a.json.data.payCents).toBe(2990);
    const orders = await c.api('/saas-business/v1/payOrder/findOrderList', { token: t.token, body: {} });
    expect(orders.json.data.list[0].items[0]).toMatchObject({ commodityType: 6, commodityId: 9103, commodityName: '经济法基础付费考试' });
    await c.raw(`/__pay/${a.json.data.orderNo}`, { body: { action: 'pay' } });
    expect((await c.api(`${E}/pay/9103`, { token: t.token })).json.data).toMatchObject({ needPay: 1, payState: 1 });
    expect((await c.api('/question/api/v1/examUser/queryPayInfo/9103', { token: t.token })).json.data).toMatchObject({
      payState: 1,
      orderNo: a.json.data.orderNo,
      payResult: 'paid',
    });
    expect((await c.api('/question/api/v1/front/question/makePayOrder/9103', { method: 'POST', token: t.token })).json.code).toBe('130010007');
    expect((await c.api(`${E}/joinExam`, { token: t.token, body: { examId: 9103 } })).json.code).toBe('1');
  });

  it('the examFace op answers the face status for a face exam (0 once verified), 0 for others', async () => {
    const t = await c.token(mobile(3310));
    const s = await socket(t.token, t.userId);
    expect((await s.call('examFace', { examId: 9104 })).data).toMatchObject({ examId: 9104, faceFlag: 1, status: 1 });
    expect((await s.call('examFace', { examId: 9102 })).data).toMatchObject({ faceFlag: 0, status: 0 });
    expect((await s.call('examFace', { examId: 999 })).code).toBe('404');
    expect((await c.api(`${E}/joinExam`, { token: t.token, body: { examId: 9104 } })).json.message).toBe('请先完成人脸识别');
    // the face flow passes
    const url = await c.api('/saas-business/companyFaceVerify/getFaceVerifyUrl', { token: t.token });
    const orderNo = url.json.data.orderNo;
    await c.raw('/face/study', { body: { orderNo, result: '1' } });
    await c.api('/saas-business/companyFaceVerify/getResult', { token: t.token, body: { orderNo } });
    expect((await s.call('examFace', { examId: 9104 })).data.status).toBe(0);
    expect((await c.api(`${E}/joinExam`, { token: t.token, body: { examId: 9104 } })).json.code).toBe('1');
    s.close();
  });
});
