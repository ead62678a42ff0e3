import { io as ioClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashOf } from '../src/context.js';
import { start, type Client } from './helpers.js';
import type { Sandbox } from '../src/server.js';

let sb: Sandbox;
let c: Client;
beforeAll(async () => ({ sb, c } = await start()));
afterAll(async () => sb.close());

const PAPER = 9001;

/** A tiny client of the exam socket: request/answer by seq. */
async function open(query = '') {
  const ws = new WebSocket(`${sb.url.replace('http', 'ws')}/websocket${query}`);
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  let seq = 0;
  const pending = new Map<number, (m: any) => void>();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    pending.get(m.seq)?.(m);
    pending.delete(m.seq);
  });
  const call = (op: string, data: Record<string, unknown> = {}) =>
    new Promise<any>((r) => {
      seq += 1;
      pending.set(seq, r);
      ws.send(JSON.stringify({ op, seq, data }));
    });
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  return { ws, call, closed };
}

async function authed(account = '13800000001') {
  const t = await c.token(account);
  const s = await open(`?sessionid=${hashOf(t.token).slice(0, 16)}&userId=${t.userId}`);
  const a = await s.call('auth', { companyId: 1, schoolId: 1, userId: t.userId, token: t.token, date: Date.now(), deviceId: 'd1', module: 'question' });
  expect(a).toMatchObject({ op: 'auth', seq: 1, code: '1', data: { userId: t.userId, module: 'question', sessionOk: true } });
  return { ...s, t };
}

describe('exam socket /websocket', () => {
  it('refuses a wrong token and closes with 4001; nothing but auth/heartbeat before auth', async () => {
    const s = await open();
    expect(await s.call('paperQuestions', { paperId: PAPER })).toMatchObject({ code: '401' });
    expect(await s.call('heartbeat')).toMatchObject({ op: 'heartbeat', code: '1' });
    const t = await c.token('13800000001');
    expect(await s.call('auth', { companyId: 1, userId: t.userId + 1, token: t.token })).toMatchObject({ code: '401' });
    expect(await s.closed).toBe(4001);
  });

  it('runs the exam operations and keeps the answers across a reconnect', async () => {
    await c.control('POST', '/reset');
    const s = await authed();
    const p = await s.call('paperQuestions', { paperId: PAPER });
    expect(p.code).toBe('1');
    expect(p.data.questions.map((q: any) => q.type)).toEqual(['single', 'single', 'multiple', 'judge', 'judge']);
    expect(p.data.questions[0]).not.toHaveProperty('answer');
    expect((await s.call('submitOne', { paperId: PAPER, questionId: 90011, answer: 'A' })).data.answers).toEqual({ 90011: ['A'] });
    expect((await s.call('submitOne', { paperId: PAPER, questionId: 90011, answer: ['A', 'B'] })).code).toBe('400');
    await s.call('submitOne', { paperId: PAPER, questionId: 90013, answer: ['D', 'A', 'B'] });
    expect((await s.call('mark', { paperId: PAPER, questionId: 90012 })).data.marks).toEqual([90012]);
    expect((await s.call('sign', { paperId: PAPER, questionId: 90014 })).data.signs).toEqual([90014]);
    expect((await s.call('switchQuestion', { paperId: PAPER, questionId: 90014 })).data.currentId).toBe(90014);
    expect((await s.call('pause', { paperId: PAPER })).data.paused).toBe(true);
    expect((await s.call('submitOne', { paperId: PAPER, questionId: 90014, answer: 'A' })).code).toBe('423');
    s.ws.close();

    const again = await authed();
    const rec = (await again.call('paperQuestions', { paperId: PAPER })).data.record;
    expect(rec).toMatchObject({ answers: { 90011: ['A'], 90013: ['A', 'B', 'D'] }, marks: [90012], signs: [90014], currentId: 90014, paused: true });
    expect((await again.call('review', { paperId: PAPER })).code).toBe('409');
    await again.call('resume', { paperId: PAPER });
    await again.call('submitOne', { paperId: PAPER, questionId: 90014, answer: 'A' });
    const done = await again.call('submit', { paperId: PAPER });
    expect(done.data).toMatchObject({ state: 'submitted', score: 60 });
    expect((await again.call('submitOne', { paperId: PAPER, questionId: 90015, answer: 'B' })).code).toBe('409');
    const review = await again.call('review', { paperId: PAPER });
    expect(review.data.questions.map((q: any) => q.right)).toEqual([true, false, true, true, false]);
    // (a live room of a course student01 bought: the channel's refusals are the next test's)
    expect((await again.call('liveIn', { commodityId: 5003, courseId: 103, lessonId: 103043 })).code).toBe('1');
    expect((await c.control('POST', '/realtime/drop')).status).toBe(200);
    expect(await again.closed).toBe(1012);

    await c.control('POST', '/reset');
    const fresh = await authed();
    expect((await fresh.call('paperQuestions', { paperId: PAPER })).data.record.answers).toEqual({});
    fresh.ws.close();
  });
});

describe('the live channel refuses what the lesson calls refuse (issue 36 §4)', () => {
  // student01 (1001) bought 5001, 5003, 5005 and the package 302, not 5002 (course 102: 102011 its trial lesson,
  // 102012 a paid one). The socket answers the business code and message of the HTTP lesson calls
  // (routes/lesson.ts: play, live room, open-course room), so the stand-in teaches the portal the right contract.
  const NOT_BOUGHT = { commodityId: 5002, courseId: 102, lessonId: 102012 };

  it('liveIn, replayIn and videoIn of a course not bought: 130020001 as the play and room calls, and the place stays empty', async () => {
    await c.control('POST', '/reset');
    const s = await authed();
    const play = await c.api(`/course/v1/user/lesson/play/${NOT_BOUGHT.commodityId}/${NOT_BOUGHT.courseId}/${NOT_BOUGHT.lessonId}`, { token: s.t.token });
    expect(play.json).toMatchObject({ code: '130020001', message: '您尚未购买该课程' });
    for (const op of ['liveIn', 'replayIn', 'videoIn']) {
      expect(await s.call(op, NOT_BOUGHT), op).toMatchObject({ op, code: play.json.code, message: play.json.message, data: null });
    }
    expect(await s.call('videoReady', { ...NOT_BOUGHT, durationS: 8 })).toMatchObject({ code: '409' });
    const place = (await c.control('GET', '/realtime')).json.exam.places.find((p: { userId: number }) => p.userId === s.t.userId);
    expect(place ?? { room: null, video: null }).toMatchObject({ room: null, video: null });
    s.ws.close();
  });

  it('a trial lesson plays without buying (videoIn only); an unknown lesson and an open course not signed up are refused as over HTTP', async () => {
    await c.control('POST', '/reset');
    const s = await authed();
    const trial = { commodityId: 5002, courseId: 102, lessonId: 102011 };
    expect(await s.call('videoIn', trial)).toMatchObject({ code: '1', data: { video: { ...trial, ready: false } } });
    expect(await s.call('liveIn', trial)).toMatchObject({ code: '130020001' });
    expect(await s.call('videoIn', { commodityId: 5001, courseId: 101, lessonId: 101012 })).toMatchObject({ code: '1' });
    // a lesson not in that course, or no lesson named at all: 130020002 (the play call's noLesson)
    expect(await s.call('liveIn', { commodityId: 5001, courseId: 101, lessonId: 102012 })).toMatchObject({ code: '130020002', message: '课时不存在' });
    expect(await s.call('videoIn', {})).toMatchObject({ code: '130020002' });
    // an open course: signed up first (the open-course room's rule), unknown ones not found
    expect(await s.call('liveIn', { openCourseId: 402 })).toMatchObject({ code: '130020005', message: '请先报名该公开课' });
    expect(await s.call('liveIn', { openCourseId: 499 })).toMatchObject({ code: '130020004' });
    expect((await c.api('/course/v1/user/open-course/402/signup', { method: 'POST', body: {}, token: s.t.token })).json.code).toBe('1');
    expect(await s.call('liveIn', { openCourseId: 402 })).toMatchObject({ code: '1', data: { room: { kind: 'live', openCourseId: 402 } } });
    s.ws.close();
  });
});

describe('presence socket.io server', () => {
  it('refuses an unknown session and pushes out_online / front_logout to the user', async () => {
    const t = await c.token('13800000001');
    const bad = ioClient(sb.url, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { userId: t.userId, companyId: 1, sessionId: 'nope' },
      reconnection: false,
    });
    const err = await new Promise<Error>((r) => bad.once('connect_error', r));
    expect(err.message).toBe('unauthorized');
    bad.close();

    const sock = ioClient(sb.url, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { userId: t.userId, companyId: 1, sessionId: hashOf(t.token).slice(0, 16) },
      reconnection: false,
    });
    await new Promise((r) => sock.once('connect', () => r(null)));
    const got = new Promise((r) => sock.once('out_online', r));
    const push = await c.control('POST', '/push', { userId: t.userId, event: 'out_online' });
    expect(push.json).toEqual({ delivered: 1 });
    expect(await got).toEqual({ userId: t.userId });
    expect((await c.control('POST', '/push', { userId: t.userId, event: 'nope' })).status).toBe(400);
    sock.emit('logOn');
    await new Promise((r) => setTimeout(r, 100));
    expect((await c.control('GET', '/realtime')).json.presence.events).toContainEqual({ userId: t.userId, event: 'logOn' });
    sock.close();
  });
});
