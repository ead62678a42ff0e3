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
    expect((await again.call('liveIn', { channelId: 1 })).code).toBe('1');
    expect((await c.control('POST', '/realtime/drop')).status).toBe(200);
    expect(await again.closed).toBe(1012);

    await c.control('POST', '/reset');
    const fresh = await authed();
    expect((await fresh.call('paperQuestions', { paperId: PAPER })).data.record.answers).toEqual({});
    fresh.ws.close();
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
