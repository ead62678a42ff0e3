import { describe, expect, it } from 'vitest';
import { PREVIEW_TTL_S } from '../src/qbank/chapters.js';
import { useSandbox } from './helpers.js';

/** Chapter and section pages and detail; the explanation media preview calls (spec 001 §7; decision 035). */
const { c, sandbox } = useSandbox();

const Q = '/question/v1';

describe('chapter and section pages and detail', () => {
  it("lists chapters and sections with the asker's progress; a later verdict wins; continue an unfinished chapter practice", async () => {
    const t = await c.token('13700003400');
    const page = await c.api(`${Q}/chapter/page`, { token: t.token, query: { subjectId: 203, page: 1, pageSize: 10 } });
    expect(page.json.data).toMatchObject({ total: 2, current: 1 });
    expect(page.json.data.records[0]).toMatchObject({ id: 2031, sectionCount: 2, questionCount: 20, doneCount: 0, rightCount: 0, wrongCount: 0 });

    // section 20311: question 3001 single, right letter D (content.ts: (id * 7) % 4 = 3); 3002 multiple, A is its wrong letter
    const g = await c.api(`${Q}/exercise/chapter/generate/203/2031`, { method: 'POST', token: t.token, query: { sectionId: 20311 } });
    const recordId = g.json.data.recordId;
    const [q1, q2] = g.json.data.questionIds;
    await c.api(`${Q}/exercise/session/answer/submit`, { token: t.token, body: { recordId, questionId: q1, answer: ['D'] } });
    await c.api(`${Q}/exercise/session/answer/submit`, { token: t.token, body: { recordId, questionId: q2, answer: ['A'] } });
    let s = (await c.api(`${Q}/section/detail/20311`, { token: t.token })).json.data;
    expect(s).toMatchObject({ id: 20311, chapterId: 2031, subjectId: 203, questionCount: 10, doneCount: 2, rightCount: 0, wrongCount: 0 });
    expect(s.unfinished).toMatchObject({ recordId, answered: 2, total: 10 });
    expect(s.questions.slice(0, 3).map((q: any) => q.state)).toEqual(['answered', 'answered', 'new']);
    expect(s.questions[0].answer).toBeUndefined();
    expect(s.kinds).toEqual({ single: 2, multiple: 2, judge: 2, fill: 2, short: 2 });

    await c.api(`${Q}/exercise/session/submit`, { token: t.token, body: { recordId } });
    s = (await c.api(`${Q}/section/detail/20311`, { token: t.token })).json.data;
    expect(s).toMatchObject({ doneCount: 2, rightCount: 1, wrongCount: 1, unfinished: null });
    expect(s.questions.slice(0, 2).map((q: any) => q.state)).toEqual(['right', 'wrong']);
    const chapter = (await c.api(`${Q}/chapter/detail/2031`, { token: t.token })).json.data;
    expect(chapter).toMatchObject({ id: 2031, subjectName: '初级会计实务', sectionCount: 2, questionCount: 20, doneCount: 2, rightCount: 1, wrongCount: 1 });
    const sections = (await c.api(`${Q}/section/page`, { token: t.token, query: { chapterId: 2031 } })).json.data;
    expect(sections.records.map((x: any) => [x.id, x.doneCount])).toEqual([
      [20311, 2],
      [20312, 0],
    ]);

    // the wrong one answered right in a later paper: right now
    const again = (await c.api(`${Q}/exercise/reexamine/paper/generate/${recordId}`, { method: 'POST', token: t.token })).json.data;
    const report = (await c.api(`${Q}/exercise/report/${recordId}`, { token: t.token })).json.data;
    const answer2 = report.questions[1].answer;
    await c.api(`${Q}/exercise/session/answer/submit`, { token: t.token, body: { recordId: again.recordId, questionId: q2, answer: answer2 } });
    await c.api(`${Q}/exercise/session/submit`, { token: t.token, body: { recordId: again.recordId } });
    s = (await c.api(`${Q}/section/detail/20311`, { token: t.token })).json.data;
    expect(s.questions[1].state).toBe('right');
    expect(s).toMatchObject({ rightCount: 2, wrongCount: 0 }); // question 1 was left unanswered in the re-examine: its verdict stays

    // someone else's progress is not mine
    const other = (await c.api(`${Q}/section/detail/20311`, { query: { clientId: 'v-1' } })).json.data;
    expect(other.doneCount).toBe(0);
  });

  it('a section id is not a chapter and the reverse; unknown or malformed ids are clean codes', async () => {
    expect((await c.api(`${Q}/chapter/detail/20311`)).json.code).toBe('404');
    expect((await c.api(`${Q}/section/detail/2031`)).json.code).toBe('404');
    expect((await c.api(`${Q}/section/detail/99999`)).json.code).toBe('404');
    expect((await c.api(`${Q}/chapter/page`, { query: { subjectId: 999 } })).json.code).toBe('404');
    expect((await c.api(`${Q}/chapter/detail/abc`)).json.code).toBe('400');
    expect((await c.api(`${Q}/section/page`)).json.code).toBe('400');
  });
});

describe('explanation media', () => {
  it('audio and video previews: signed addresses for a handed-in record that holds the question; the short-answer video call', async () => {
    const t = await c.token('13700003401');
    // subject 203, section 20311: 3003 audio (7 | 3003), 3010 short answer with video (14 | 3010), 3001 nothing
    const g = (await c.api(`${Q}/exercise/chapter/generate/203/2031`, { method: 'POST', token: t.token, query: { sectionId: 20311 } })).json.data;
    const early = await c.api(`${Q}/media/audio/preview/3003`, { token: t.token, query: { recordId: g.recordId } });
    expect(early.json.code).toBe('409'); // not handed in: no explanation yet
    await c.api(`${Q}/exercise/session/submit`, { token: t.token, body: { recordId: g.recordId } });
    const report = (await c.api(`${Q}/exercise/report/${g.recordId}`, { token: t.token })).json.data;
    const media = Object.fromEntries(report.questions.filter((q: any) => q.media).map((q: any) => [q.id, q.media]));
    expect(media[3003]).toEqual({ id: 3003, kind: 'audio', seconds: 2 });
    expect(media[3010]).toEqual({ id: 3010, kind: 'video', seconds: 8 });

    const audio = await c.api(`${Q}/media/audio/preview/3003`, { token: t.token, query: { recordId: g.recordId } });
    expect(audio.json.data).toMatchObject({ questionId: 3003, kind: 'audio', seconds: 2 });
    expect(audio.json.data.expiresAt - Date.now()).toBeLessThanOrEqual(PREVIEW_TTL_S * 1000);
    const played = await fetch(audio.json.data.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/wav');
    const video = await c.api(`/question/examSys/shortAnswerQuestionVideo`, { token: t.token, query: { recordId: g.recordId, questionId: 3010 } });
    expect(video.json.data).toMatchObject({ questionId: 3010, kind: 'video' });
    const part = await fetch(video.json.data.url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/webm');
    expect((await c.api(`${Q}/media/video/preview/3010`, { token: t.token, query: { recordId: g.recordId } })).json.code).toBe('1');

    // the wrong kind, a question without media, a question outside the record, someone else's record
    expect((await c.api(`${Q}/media/video/preview/3003`, { token: t.token, query: { recordId: g.recordId } })).json.code).toBe('404');
    expect((await c.api(`/question/examSys/shortAnswerQuestionVideo`, { token: t.token, query: { recordId: g.recordId, questionId: 3003 } })).json.code).toBe(
      '404',
    );
    expect((await c.api(`${Q}/media/audio/preview/3001`, { token: t.token, query: { recordId: g.recordId } })).json.code).toBe('404');
    expect((await c.api(`${Q}/media/audio/preview/3021`, { token: t.token, query: { recordId: g.recordId } })).json.code).toBe('404');
    expect((await c.api(`${Q}/media/audio/preview/3003`, { query: { recordId: g.recordId, clientId: 'v-2' } })).json.code).toBe('404');
    // a forged or expired address does not play
    const forged = new URL(audio.json.data.url);
    forged.searchParams.set('sign', '0'.repeat(32));
    expect((await fetch(forged)).status).toBe(403);
    const expired = new URL(audio.json.data.url);
    expired.searchParams.set('expires', String(Date.now() - 1000));
    expect((await fetch(expired)).status).toBe(403);
  });

  it('a picture explanation is public, with its URL in the report', async () => {
    // 3025 (11 | 3025, not 7 |): a picture
    const pic = await c.raw('/s/api/question/v1/media/image/3025.svg');
    expect(pic.status).toBe(200);
    expect(pic.headers.get('content-type')).toContain('image/svg+xml');
    expect(pic.text).toContain('<svg');
    expect((await c.raw('/s/api/question/v1/media/image/3003.svg')).status).toBe(404);
    const t = await c.token('13700003402');
    const g = (await c.api(`${Q}/exercise/chapter/generate/203/2032`, { method: 'POST', token: t.token, query: { sectionId: 20321 } })).json.data;
    await c.api(`${Q}/exercise/session/submit`, { token: t.token, body: { recordId: g.recordId } });
    const report = (await c.api(`${Q}/exercise/report/${g.recordId}`, { token: t.token })).json.data;
    expect(report.questions.find((q: any) => q.id === 3025).media).toEqual({
      id: 3025,
      kind: 'image',
      seconds: 0,
      url: `${sandbox().url}/s/api/question/v1/media/image/3025.svg`,
    });
  });
});
