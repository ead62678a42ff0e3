import { describe, expect, it } from 'vitest';
import { parseRange } from '../src/study/video.js';
import { useSandbox } from './helpers.js';

const { c, sandbox } = useSandbox();

describe('lesson clips with HTTP Range', () => {
  it('answers the whole clip, then 206 with Content-Range for a range, a suffix and an open range', async () => {
    const whole = await fetch(`${sandbox().url}/__media/clip-1.webm`);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(bytes.length).toBeLessThanOrEqual(200 * 1024);
    expect([...bytes.slice(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML: a real WebM file
    const size = bytes.length;

    const part = await fetch(`${sandbox().url}/__media/clip-1.webm`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 200));

    const tail = await fetch(`${sandbox().url}/__media/clip-1.webm`, { headers: { range: 'bytes=-50' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(size - 50));

    const open = await fetch(`${sandbox().url}/__media/clip-1.webm`, { headers: { range: `bytes=${size - 10}-` } });
    expect(open.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect((await open.arrayBuffer()).byteLength).toBe(10);
  });

  it('answers 416 past the end and 404 for an unknown clip', async () => {
    const past = await fetch(`${sandbox().url}/__media/clip-2.webm`, { headers: { range: 'bytes=99999999-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toMatch(/^bytes \*\/\d+$/);
    expect((await fetch(`${sandbox().url}/__media/..%2Fsrc%2Fseed.ts`)).status).toBe(404);
  });

  it("serves each clip's poster as a small JPEG", async () => {
    for (const n of [1, 2, 3]) {
      const res = await fetch(`${sandbox().url}/__media/clip-${n}.jpg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]); // a real JPEG
      expect(bytes.length).toBeLessThan(16 * 1024);
    }
    expect((await fetch(`${sandbox().url}/__media/clip-4.jpg`)).status).toBe(404);
  });

  it('parses ranges as RFC 9110 says', () => {
    expect(parseRange(undefined, 10)).toEqual({ status: 200, start: 0, end: 9 });
    expect(parseRange('bytes=2-4', 10)).toEqual({ status: 206, start: 2, end: 4 });
    expect(parseRange('bytes=2-40', 10)).toEqual({ status: 206, start: 2, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ status: 206, start: 7, end: 9 });
    expect(parseRange('bytes=5-2', 10)).toEqual({ status: 416 });
    expect(parseRange('bytes=0-1,4-5', 10)).toEqual({ status: 200, start: 0, end: 9 });
    expect(parseRange('items=0-1', 10)).toEqual({ status: 200, start: 0, end: 9 });
  });
});

describe('lesson entry answers', () => {
  it('tells the chain about a lesson: type, live status, replay flag, provider, enrolment', async () => {
    const { token } = await c.token('lesson00');
    let r = await c.api('/course/v1/user/lesson/entry/5001/101/101043', { token }); // 5001's live lesson: finished, no replay
    expect(r.json.data).toMatchObject({ type: 'live', liveStatus: 2, viewReplayFlag: 0, provider: 'gh', enrolled: 1 });
    r = await c.api('/course/v1/user/lesson/entry/5003/103/103043', { token });
    expect(r.json.data).toMatchObject({ type: 'live', liveStatus: 1, provider: 'gh', enrolled: 1 });
    r = await c.api('/course/v1/user/lesson/entry/5002/102/102011');
    expect(r.json.data).toMatchObject({ type: 'video', tryFlag: 1, enrolled: 0, liveStatus: null });
    r = await c.api('/course/v1/user/lesson/entry/5001/102/101011');
    expect(r.json).toMatchObject({ code: '1', data: null });
  });

  it('saves a position and answers it on the next play; refuses a student not enrolled', async () => {
    const { token } = await c.token('lesson00');
    let r = await c.api('/course/v1/user/lesson/play/5001/101/101012', { token });
    expect(r.json.data).toMatchObject({ lessonId: 101012, positionS: 0, durationS: 8 });
    expect(r.json.data.playUrl).toMatch(/\/__media\/clip-\d\.webm$/);
    r = await c.api('/course/v1/user/lesson/position', { token, body: { commodityId: 5001, courseId: 101, lessonId: 101012, positionS: 3.4, durationS: 8 } });
    expect(r.json.code).toBe('1');
    r = await c.api('/course/v1/user/lesson/play/5001/101/101012', { token });
    expect(r.json.data.positionS).toBe(3);
    const other = await c.token('student02');
    r = await c.api('/course/v1/user/lesson/play/5001/101/101012', { token: other.token });
    expect(r.json.code).toBe('130020001');
    r = await c.api('/course/v1/user/lesson/play/5001/101/101011', { token: other.token }); // a trial lesson
    expect(r.json.data).toMatchObject({ tryFlag: 1, positionS: 0 });
  });

  it('answers the live room address, or none when the provider has none', async () => {
    const { token } = await c.token('lesson00');
    let r = await c.api('/course/v1/user/live/room/5003/103/103043', { token });
    expect(r.json.data).toMatchObject({ provider: 'gh' });
    expect(r.json.data.address).toMatch(/\/__live\/room\?/);
    await c.control('POST', '/study/lesson', { commodityId: 5003, lessonId: 103043, addressFlag: 0, provider: 'zs' });
    r = await c.api('/course/v1/user/live/room/5003/103/103043', { token });
    expect(r.json.data).toMatchObject({ provider: 'zs', address: '' });
    const page = await fetch(r.json.data.address || `${sandbox().url}/__live/room?name=x&provider=gh&status=1`);
    expect(await page.text()).toContain('直播间');
  });

  it('answers the proxy-exam schedule check a test sets', async () => {
    // (the agreement, popup and face answers the chain asks are the agreements module's (routes/study-agreements.ts,
    // tests/unit/agreements-services.test.ts); this module's gate control knows only the proxy exam now)
    const { token, userId } = await c.token('lesson03');
    const check = async () => (await c.api('/saas-business/v1/student/instead/check/schedule', { token })).json.data;
    // spec 001 §3 "Proxy-exam check: needSignUp, submitTimeType"
    expect(await check()).toEqual({ needSignUp: 0, submitTimeType: 0, msg: '' });
    await c.control('POST', '/study/gate', { userId, gate: 'proxyExam', value: '请先完成代报名考试的报名' });
    expect(await check()).toEqual({ needSignUp: 1, submitTimeType: 1, msg: '请先完成代报名考试的报名' });
    await c.control('POST', '/study/gate', { userId, gate: 'proxyExam', value: { submitTimeType: 2 } });
    expect(await check()).toEqual({ needSignUp: 1, submitTimeType: 2, msg: '' });
    await c.control('POST', '/study/gate', { userId, gate: 'proxyExam', value: null });
    expect((await check()).needSignUp).toBe(0);
    expect((await c.control('POST', '/study/gate', { userId, gate: 'other', value: '1' })).status).toBe(400);
    expect((await c.control('POST', '/study/gate', { userId, gate: 'face', value: '1' })).status).toBe(400);
  });

  it('signs up for an open course and then answers its room', async () => {
    const { token } = await c.token('lesson00');
    let r = await c.api('/course/v1/user/open-course/402/room', { token });
    expect(r.json.code).toBe('130020005');
    r = await c.api('/course/v1/user/open-course/402/signup', { token, body: {} });
    expect(r.json.data).toEqual({ signedUp: 1 });
    expect((await c.api('/course/v1/user/open-course/signups', { token })).json.data).toEqual([402]);
    r = await c.api('/course/v1/user/open-course/402/room', { token });
    expect(r.json.data.address).toMatch(/\/__live\/room\?/);
  });
});
