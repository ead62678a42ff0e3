import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { KINDS, scoreQuestion, subjectContent, subjectPapers, SUBJECTS, CATEGORIES } from '../src/qbank/content.js';
import { useSandbox } from './helpers.js';

const { c, sandbox } = useSandbox();

const Q = '/question/v1';

describe('question bank content (spec 001 §7; decision 027)', () => {
  it('has 3 categories, 8 subjects and more than 300 questions of every kind, with chapters, sections, papers and media', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(3);
    expect(SUBJECTS.length).toBeGreaterThanOrEqual(8);
    const all = SUBJECTS.flatMap((s) => subjectContent(s).questions);
    expect(all.length).toBeGreaterThanOrEqual(300);
    for (const k of KINDS) expect(all.filter((q) => q.kind === k).length).toBeGreaterThan(40);
    expect(new Set(all.map((q) => q.id)).size).toBe(all.length);
    expect(all.filter((q) => q.media?.kind === 'audio').length).toBeGreaterThan(0);
    expect(all.filter((q) => q.media?.kind === 'video').length).toBeGreaterThan(0);
    const { chapters, questions } = subjectContent(SUBJECTS[0]!);
    expect(chapters.every((ch) => ch.sections.length === 2)).toBe(true);
    const papers = subjectPapers(SUBJECTS[0]!, questions);
    expect(papers.map((p) => p.kind)).toEqual(['practice', 'exam']);
    expect(papers[1]!.durationS).toBe(1800);
    // deterministic: the same content twice
    expect(JSON.stringify(subjectContent(SUBJECTS[3]!))).toBe(JSON.stringify(subjectContent(SUBJECTS[3]!)));
  });
});

describe('scoring (decision 027)', () => {
  it('single and judge: exact letter', () => {
    const q = { kind: 'single' as const, answer: ['B'], score: 2 };
    expect(scoreQuestion(q, ['B'])).toEqual({ score: 2, right: true });
    expect(scoreQuestion(q, ['A'])).toEqual({ score: 0, right: false });
    expect(scoreQuestion(q, [])).toEqual({ score: 0, right: false });
  });
  it('multiple: all = full, some without a wrong one = half, any wrong = 0', () => {
    const q = { kind: 'multiple' as const, answer: ['A', 'B', 'D'], score: 4 };
    expect(scoreQuestion(q, ['A', 'B', 'D'])).toEqual({ score: 4, right: true });
    expect(scoreQuestion(q, ['A', 'D'])).toEqual({ score: 2, right: false });
    expect(scoreQuestion(q, ['A', 'C'])).toEqual({ score: 0, right: false });
  });
  it('fill: each blank a share, full-width and spaces ignored, alternatives with |', () => {
    const q = { kind: 'fill' as const, answer: ['工作分析', 'HR|人力资源'], score: 2 };
    expect(scoreQuestion(q, [' 工作 分析', 'ＨＲ'])).toEqual({ score: 2, right: true });
    expect(scoreQuestion(q, ['工作分析', '薪酬'])).toEqual({ score: 1, right: false });
  });
  it('short answer: by keywords, rounded down; right only with every keyword', () => {
    const q = { kind: 'short' as const, answer: ['招聘', '甄选', '培训'], score: 10 };
    expect(scoreQuestion(q, ['先招聘，再甄选，最后培训'])).toEqual({ score: 10, right: true });
    expect(scoreQuestion(q, ['招聘与培训'])).toEqual({ score: 6, right: false });
    expect(scoreQuestion(q, [''])).toEqual({ score: 0, right: false });
  });
});

describe('question bank calls', () => {
  it('lists categories (paged) and subjects by keyword and category', async () => {
    const cats = await c.api(`${Q}/question/front/user/all/categories`, { query: { page: 1, pageSize: 2 } });
    expect(cats.json.data).toMatchObject({ total: 3, current: 1, size: 2 });
    expect(cats.json.data.records).toHaveLength(2);
    const subj = await c.api(`${Q}/question/subjects`, { query: { categoryId: 12, keyword: '税' } });
    expect(subj.json.data.records.map((s: any) => s.id)).toEqual([205]);
  });

  it('a visitor generates a paper, answers, submits; the report scores it; the merge moves it to the user with a new id', async () => {
    const g = await c.api(`${Q}/exercise/paper/generate/2011`, { method: 'POST', query: { schoolId: 1, clientId: 'visitor-1' } });
    expect(g.json.code).toBe('1');
    const rec = g.json.data;
    expect(rec.questionIds).toHaveLength(20);
    expect(rec.anonymous).toBe(true);
    // another visitor cannot see it
    const other = await c.api(`${Q}/exercise/session/paper/questions/v2`, { body: { recordId: rec.recordId }, query: { clientId: 'visitor-2' } });
    expect(other.json.code).toBe('404');
    const pq = await c.api(`${Q}/exercise/session/paper/questions/v2`, { body: { recordId: rec.recordId }, query: { clientId: 'visitor-1' } });
    const first = pq.json.data.questions[0];
    expect(first.answer).toBeUndefined(); // no answer before handing in
    const sub = await c.api(`${Q}/exercise/unlogin/submit`, {
      body: { answers: [{ questionId: first.id, answer: ['A'] }] },
      query: { clientId: 'visitor-1', recordId: rec.recordId, paperId: 2011, exerciseType: 3 },
    });
    expect(sub.json.data.state).toBe('submitted');
    const t = await c.token('13800000001');
    const merged = await c.api(`${Q}/exercise/unlogin/sync`, { method: 'POST', token: t.token, query: { schoolId: 1, currentId: 'visitor-1' } });
    const m = merged.json.data.find((x: any) => x.oldRecordId === rec.recordId);
    expect(m.recordId).toBeGreaterThan(rec.recordId);
    const report = await c.api(`${Q}/exercise/report/${m.recordId}`, { token: t.token });
    expect(report.json.data.record).toMatchObject({ recordId: m.recordId, anonymous: false, state: 'submitted' });
    expect(report.json.data.questions[0].analysis).toBeTruthy();
    const gone = await c.api(`${Q}/exercise/report/${rec.recordId}`, { query: { clientId: 'visitor-1' } });
    expect(gone.json.code).toBe('404');
  });

  it('answer submit is idempotent by opId; wrong answers are kept; points once per record', async () => {
    const t = await c.token('13800000001');
    const g = await c.api(`${Q}/exercise/chapter/generate/201/2011`, { method: 'POST', token: t.token });
    const rec = g.json.data;
    expect(rec.questionIds).toHaveLength(20);
    const pq = await c.api(`${Q}/exercise/session/paper/questions/v2`, { token: t.token, body: { recordId: rec.recordId } });
    const single = pq.json.data.questions.find((q: any) => q.kind === 'single');
    for (let i = 0; i < 2; i++) {
      const r = await c.api(`${Q}/exercise/session/answer/submit`, {
        token: t.token,
        body: { recordId: rec.recordId, questionId: single.id, answer: ['A'], opId: 'op-1' },
      });
      expect(r.json.data.duplicate).toBe(i === 1);
    }
    const bad = await c.api(`${Q}/exercise/session/answer/submit`, {
      token: t.token,
      body: { recordId: rec.recordId, questionId: single.id, answer: ['A', 'B'] },
    });
    expect(bad.json.code).toBe('400');
    const log = await c.control('GET', `/qbank/answers?recordId=${rec.recordId}`);
    expect(log.json.answers).toHaveLength(1);
    await c.api(`${Q}/exercise/session/submit`, { token: t.token, body: { recordId: rec.recordId } });
    const report = (await c.api(`${Q}/exercise/report/${rec.recordId}`, { token: t.token })).json.data;
    const rightLetter = report.questions.find((q: any) => q.id === single.id).answer[0];
    const wrong = await c.api(`${Q}/wrong/list`, { token: t.token, query: { subjectId: 201 } });
    expect(wrong.json.data.total).toBe(rightLetter === 'A' ? 0 : 1);
    const p1 = await c.api('/external/api/v1/integral/incr', { method: 'POST', token: t.token, query: { record_id: rec.recordId } });
    const p2 = await c.api('/external/api/v1/integral/incr', { method: 'POST', token: t.token, query: { record_id: rec.recordId } });
    expect(p1.json.data.points).toBe(rightLetter === 'A' ? 1 : 0);
    expect(p2.json.data.total).toBe(p1.json.data.total);
  });

  it('a burst of answers sent at once over the socket (a resend after a reconnect) keeps every one', async () => {
    const t = await c.token('13800000001');
    const g = await c.api(`${Q}/exercise/chapter/generate/203/2031`, { method: 'POST', token: t.token });
    const recordId = g.json.data.recordId;
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
    await call('auth', { companyId: 1, schoolId: 1, userId: t.userId, token: t.token, module: 'question' });
    const pq = await call('paperQuestions', { recordId });
    const choice = pq.data.questions.filter((q: any) => q.kind === 'single' || q.kind === 'judge');
    // every message written before any answer comes back
    await Promise.all(choice.map((q: any, i: number) => call('submitOne', { recordId, questionId: q.id, answer: ['A'], opId: `burst-${i}` })));
    ws.close();
    const after = await c.api(`${Q}/exercise/record/detail/${recordId}`, { token: t.token });
    expect(Object.keys(after.json.data.answers).sort()).toEqual(choice.map((q: any) => String(q.id)).sort());
  });

  it('the later answer wins per question: a save with an older `at` than the kept answer is acknowledged as stale, not applied (issue 37 §2)', async () => {
    const t = await c.token('13800000001');
    const g = await c.api(`${Q}/exercise/chapter/generate/201/2011`, { method: 'POST', token: t.token });
    const recordId = g.json.data.recordId;
    const pq = await c.api(`${Q}/exercise/session/paper/questions/v2`, { token: t.token, body: { recordId } });
    const [q1, q2] = pq.json.data.questions.filter((q: any) => q.kind === 'single');
    const submit = (questionId: number, answer: string[], at?: number, opId?: string) =>
      c.api(`${Q}/exercise/session/answer/submit`, { token: t.token, body: { recordId, questionId, answer, at, opId } });
    // tab B gives B at t=2000; tab A's answer given earlier (t=1000) arrives later: B's is kept
    expect((await submit(q1.id, ['B'], 2000, 'b-1')).json.data.stale).toBe(false);
    const late = await submit(q1.id, ['A'], 1000, 'a-1');
    expect(late.json.code).toBe('1');
    expect(late.json.data).toMatchObject({ stale: true, answers: { [String(q1.id)]: ['B'] } });
    // a newer one is applied; the same time is applied too (a later arrival of an equal time wins)
    expect((await submit(q1.id, ['C'], 3000)).json.data.answers[String(q1.id)]).toEqual(['C']);
    expect((await submit(q1.id, ['D'], 3000)).json.data.answers[String(q1.id)]).toEqual(['D']);
    // the batch (a hand-in's unsaved answers) follows the same rule per answer
    const batch = await c.api(`${Q}/exercise/session/batch/submit`, {
      token: t.token,
      body: {
        recordId,
        answers: [
          { questionId: q1.id, answer: ['A'], at: 2500 },
          { questionId: q2.id, answer: ['A'], at: 2500 },
        ],
      },
    });
    expect(batch.json.data.answers).toMatchObject({ [String(q1.id)]: ['D'], [String(q2.id)]: ['A'] });
    // without `at` a save counts as given when it arrives (the upstream's clock): it wins over an earlier time
    expect((await submit(q2.id, ['B'])).json.data.answers[String(q2.id)]).toEqual(['B']);
    expect((await submit(q2.id, ['C'], 5000)).json.data.stale).toBe(true);
    // a stale save is not logged as applied
    const log = await c.control('GET', `/qbank/answers?recordId=${recordId}`);
    expect(log.json.answers.map((a: any) => a.opId)).not.toContain('a-1');
  });

  it('a record handed in over HTTP is pushed at once to every socket of its student (issue 37 §2), not to another student', async () => {
    const t = await c.token('13800000001');
    const other = await c.token('13800000002');
    const g = await c.api(`${Q}/exercise/paper/generate/2012`, { method: 'POST', token: t.token });
    const recordId = g.json.data.recordId;
    const open = async (tok: { token: string; userId: number }) => {
      const ws = new WebSocket(`${sandbox().url.replace('http', 'ws')}/websocket`);
      const pushes: any[] = [];
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw));
        if (m.seq === 0) pushes.push(m);
      });
      await new Promise((r) => ws.once('open', r));
      const authed = new Promise((r) => ws.once('message', r));
      ws.send(JSON.stringify({ op: 'auth', seq: 1, data: { companyId: 1, schoolId: 1, userId: tok.userId, token: tok.token, module: 'question' } }));
      await authed;
      return { ws, pushes };
    };
    const [tabB, tabC, stranger] = await Promise.all([open(t), open(t), open(other)]);
    await c.api(`${Q}/exercise/session/submit`, { token: t.token, body: { recordId } });
    await expect.poll(() => tabC.pushes.length).toBe(1);
    for (const tab of [tabB, tabC]) expect(tab.pushes).toEqual([{ op: 'submit', seq: 0, code: '1', message: '', data: { recordId, state: 'submitted' } }]);
    expect(stranger.pushes).toEqual([]);
    for (const x of [tabB, tabC, stranger]) x.ws.close();
  });

  it('a timed paper reports the time left and is handed in at zero', async () => {
    const t = await c.token('13800000001');
    const g = await c.api(`${Q}/exercise/paper/generate/2012`, { method: 'POST', token: t.token });
    expect(g.json.data).toMatchObject({ timed: true, remainingS: 1800 });
    const paused = await c.api(`${Q}/exercise/session/pause`, { token: t.token, body: { recordId: g.json.data.recordId } });
    expect(paused.json.code).toBe('422');
    await c.control('POST', '/qbank/deadline', { recordId: g.json.data.recordId, inS: -1 });
    const after = await c.api(`${Q}/exercise/record/detail/${g.json.data.recordId}`, { token: t.token });
    expect(after.json.data).toMatchObject({ state: 'submitted', remainingS: 0 });
  });

  it('the socket speaks the exam ops on a record; a resent answer is not applied twice', async () => {
    const t = await c.token('13800000001');
    const g = await c.api(`${Q}/exercise/paper/generate/2012`, { method: 'POST', token: t.token });
    const recordId = g.json.data.recordId;
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
    await call('auth', { companyId: 1, schoolId: 1, userId: t.userId, token: t.token, module: 'question' });
    const pq = await call('paperQuestions', { recordId });
    expect(pq.data.questions).toHaveLength(10);
    const q = pq.data.questions[0];
    const a1 = await call('submitOne', { recordId, questionId: q.id, answer: q.kind === 'fill' || q.kind === 'short' ? ['x'] : ['A'], opId: 'sock-1' });
    const a2 = await call('submitOne', { recordId, questionId: q.id, answer: q.kind === 'fill' || q.kind === 'short' ? ['x'] : ['A'], opId: 'sock-1' });
    expect([a1.data.duplicate, a2.data.duplicate]).toEqual([false, true]);
    expect((await call('mark', { recordId, questionId: q.id })).data.marks).toEqual([q.id]);
    expect((await call('switchQuestion', { recordId, index: 3 })).data.currentIndex).toBe(3);
    expect((await call('submit', { recordId })).data.state).toBe('submitted');
    ws.close();
    const log = await c.control('GET', `/qbank/answers?recordId=${recordId}`);
    expect(log.json.answers.map((a: any) => a.via)).toEqual(['socket']);
  });

  it('statistics by weeks, years and academic year count the answers given', async () => {
    const t = await c.token('13800000001');
    const g = await c.api(`${Q}/exercise/daily/paper/generate/201`, { method: 'POST', token: t.token });
    const pq = await c.api(`${Q}/exercise/session/paper/questions/v2`, { token: t.token, body: { recordId: g.json.data.recordId } });
    const q = pq.json.data.questions.find((x: any) => x.kind === 'judge' || x.kind === 'single');
    await c.api(`${Q}/exercise/session/answer/submit`, { token: t.token, body: { recordId: g.json.data.recordId, questionId: q.id, answer: ['A'] } });
    const weeks = (await c.api(`${Q}/question/front/user/statistics/weeks`, { token: t.token })).json.data;
    expect(weeks.buckets).toHaveLength(8);
    expect(weeks.buckets.at(-1).answered).toBe(1);
    expect(weeks.buckets.slice(0, 7).every((b: any) => b.answered === 0)).toBe(true);
    const years = (await c.api(`${Q}/question/front/user/statistics/years`, { token: t.token })).json.data;
    expect(years.buckets.map((b: any) => b.label)[0]).toBe('1月');
    expect(years.buckets.reduce((n: number, b: any) => n + b.answered, 0)).toBe(1);
    const academic = (await c.api(`${Q}/question/front/user/statistics/academicYear`, { token: t.token })).json.data;
    expect(academic.buckets[0].label).toBe('9月');
    expect(academic.buckets.reduce((n: number, b: any) => n + b.answered, 0)).toBe(1);
    expect((await c.api(`${Q}/question/front/user/statistics/weeks`)).status).toBe(401);
  });

  it("today's daily practice and the rank of today's best scores", async () => {
    const t = await c.token('13800000001');
    const g = await c.api(`${Q}/exercise/daily/paper/generate/202`, { method: 'POST', token: t.token });
    let d = (await c.api(`${Q}/exercise/daily/today/202`, { token: t.token })).json.data;
    expect(d.today).toMatchObject({ recordId: g.json.data.recordId, state: 'doing' });
    expect(d.rank).toEqual([]);
    await c.api(`${Q}/exercise/session/submit`, { token: t.token, body: { recordId: g.json.data.recordId } });
    d = (await c.api(`${Q}/exercise/daily/today/202`, { token: t.token })).json.data;
    expect(d.rank).toEqual([expect.objectContaining({ rank: 1, userId: t.userId, nickName: '张同学', score: 0, me: true })]);
    expect((await c.api(`${Q}/exercise/daily/today/202`, { query: { clientId: 'v' } })).json.data.today).toBeNull();
  });

  it('malformed ids are a clean 400 code, not a 500', async () => {
    const r = await c.api(`${Q}/exercise/report/abc`);
    expect(r.status).toBe(200);
    expect(r.json.code).toBe('400');
  });
});
