import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { scoreQuestion, SUBJECTS, type Kind, type Question } from './content.js';
import { ownerArgs, ownerSql, paged, QbankError, type QbankStore, type Who } from './store.js';

/**
 * Spec 001 §7 "chapter and section pages and detail" and "video and audio preview" (plus
 * `/examSys/shortAnswerQuestionVideo`): the question bank's chapters and sections with the asker's
 * progress, and the signed, expiring addresses of an explanation's audio and video. Paths and payloads
 * are chosen here (docs/decisions/035-qbank-chapters-and-media.md).
 */

/** A question as the asker left it: its latest handed-in verdict, else answered in a paper not handed in yet, else new. */
export type QuestionState = 'new' | 'answered' | 'right' | 'wrong';

interface Node {
  id: number;
  subjectId: number;
  parentId: number;
  name: string;
  sort: number;
}

export interface Progress {
  questionCount: number;
  doneCount: number;
  rightCount: number;
  wrongCount: number;
}

async function node(store: QbankStore, id: number, section: boolean): Promise<Node> {
  const n = await store.ctx.db.get<Node>('SELECT id, subject_id, parent_id, name, sort FROM qbank_chapters WHERE id = ?', [id]);
  if (!n || (n.parentId !== 0) !== section) throw new QbankError('404', section ? '小节不存在' : '章节不存在');
  return n;
}

/** Every question of a subject with the asker's state (records oldest first: a later verdict wins). */
export async function questionStates(store: QbankStore, who: Who, subjectId: number): Promise<{ questions: Question[]; states: Map<number, QuestionState> }> {
  const [questions, rows] = await Promise.all([
    store.subjectQuestions(subjectId),
    store.ctx.db.all<{ state: string; answers: string }>(`SELECT state, answers FROM qbank_records WHERE subject_id = ? AND ${ownerSql(who)} ORDER BY id`, [
      subjectId,
      ...ownerArgs(who),
    ]),
  ]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const verdict = new Map<number, 'right' | 'wrong'>();
  const answered = new Set<number>();
  for (const r of rows) {
    for (const [key, given] of Object.entries(JSON.parse(r.answers) as Record<string, string[]>)) {
      const q = byId.get(Number(key));
      if (!q || !given.length) continue;
      if (r.state === 'submitted') verdict.set(q.id, scoreQuestion(q, given).right ? 'right' : 'wrong');
      else answered.add(q.id);
    }
  }
  const states = new Map<number, QuestionState>(questions.map((q) => [q.id, verdict.get(q.id) ?? (answered.has(q.id) ? 'answered' : 'new')]));
  return { questions, states };
}

function progressOf(questions: Question[], states: Map<number, QuestionState>): Progress {
  let done = 0,
    right = 0,
    wrong = 0;
  for (const q of questions) {
    const s = states.get(q.id) ?? 'new';
    if (s !== 'new') done += 1;
    if (s === 'right') right += 1;
    if (s === 'wrong') wrong += 1;
  }
  return { questionCount: questions.length, doneCount: done, rightCount: right, wrongCount: wrong };
}

const kindCounts = (questions: Question[]) => {
  const out: Record<Kind, number> = { single: 0, multiple: 0, judge: 0, fill: 0, short: 0 };
  for (const q of questions) out[q.kind] += 1;
  return out;
};

/** The asker's latest chapter practice of this chapter or section that is not handed in ('continue'). */
async function unfinishedOf(store: QbankStore, who: Who, sourceId: number) {
  const r = await store.ctx.db.get<{ id: number; answers: string; questionIds: string; currentIndex: number }>(
    `SELECT id, answers, question_ids, current_index FROM qbank_records WHERE exercise_type = 1 AND source_id = ? AND state != 'submitted' AND ${ownerSql(who)} ORDER BY id DESC LIMIT 1`,
    [sourceId, ...ownerArgs(who)],
  );
  if (!r) return null;
  return {
    recordId: r.id,
    answered: Object.keys(JSON.parse(r.answers) as object).length,
    total: (JSON.parse(r.questionIds) as number[]).length,
    currentIndex: r.currentIndex,
  };
}

async function children(store: QbankStore, subjectId: number, parentId: number): Promise<Node[]> {
  return store.ctx.db.all<Node>('SELECT id, subject_id, parent_id, name, sort FROM qbank_chapters WHERE subject_id = ? AND parent_id = ? ORDER BY sort', [
    subjectId,
    parentId,
  ]);
}

/** The chapter page: a subject's chapters, each with its sections' number and the asker's progress. */
export async function chapterPage(store: QbankStore, who: Who, subjectId: number, page: number, pageSize: number) {
  store.subject(subjectId);
  const [chapters, sections, { questions, states }] = await Promise.all([
    children(store, subjectId, 0),
    store.ctx.db.all<{ parentId: number; n: number }>(
      'SELECT parent_id, COUNT(*) AS n FROM qbank_chapters WHERE subject_id = ? AND parent_id != 0 GROUP BY parent_id',
      [subjectId],
    ),
    questionStates(store, who, subjectId),
  ]);
  const sectionCount = new Map(sections.map((s) => [s.parentId, s.n]));
  return paged(
    chapters.map((c) => ({
      id: c.id,
      name: c.name,
      sort: c.sort,
      subjectId,
      sectionCount: sectionCount.get(c.id) ?? 0,
      ...progressOf(
        questions.filter((q) => q.chapterId === c.id),
        states,
      ),
    })),
    page,
    pageSize,
  );
}

/** The chapter detail: names, the asker's progress, the kinds of its questions and the practice to continue. */
export async function chapterDetail(store: QbankStore, who: Who, chapterId: number) {
  const c = await node(store, chapterId, false);
  const subject = store.subject(c.subjectId);
  const [{ questions, states }, sections, unfinished] = await Promise.all([
    questionStates(store, who, c.subjectId),
    children(store, c.subjectId, c.id),
    unfinishedOf(store, who, c.id),
  ]);
  const mine = questions.filter((q) => q.chapterId === c.id);
  return {
    id: c.id,
    name: c.name,
    sort: c.sort,
    subjectId: subject.id,
    subjectName: subject.name,
    categoryId: subject.categoryId,
    sectionCount: sections.length,
    ...progressOf(mine, states),
    kinds: kindCounts(mine),
    unfinished,
  };
}

/** The section page: a chapter's sections with the asker's progress. */
export async function sectionPage(store: QbankStore, who: Who, chapterId: number, page: number, pageSize: number) {
  const c = await node(store, chapterId, false);
  const [sections, { questions, states }] = await Promise.all([children(store, c.subjectId, c.id), questionStates(store, who, c.subjectId)]);
  return paged(
    sections.map((s) => ({
      id: s.id,
      name: s.name,
      sort: s.sort,
      chapterId: c.id,
      ...progressOf(
        questions.filter((q) => q.sectionId === s.id),
        states,
      ),
    })),
    page,
    pageSize,
  );
}

/** The section detail: names, progress, the practice to continue, and each question (stem, kind, the asker's state; no answer). */
export async function sectionDetail(store: QbankStore, who: Who, sectionId: number) {
  const s = await node(store, sectionId, true);
  const subject = SUBJECTS.find((x) => x.id === s.subjectId)!;
  const [chapter, { questions, states }, unfinished] = await Promise.all([
    node(store, s.parentId, false),
    questionStates(store, who, s.subjectId),
    unfinishedOf(store, who, s.id),
  ]);
  const mine = questions.filter((q) => q.sectionId === s.id);
  return {
    id: s.id,
    name: s.name,
    sort: s.sort,
    chapterId: chapter.id,
    chapterName: chapter.name,
    subjectId: subject.id,
    subjectName: subject.name,
    categoryId: subject.categoryId,
    ...progressOf(mine, states),
    kinds: kindCounts(mine),
    unfinished,
    questions: mine.map((q) => ({ id: q.id, sort: q.sort, kind: q.kind, stem: q.stem, score: q.score, state: states.get(q.id) ?? 'new' })),
  };
}

/* ------------------------------------------------------------ explanation media ---- */

/** How long a preview address plays (seconds). */
export const PREVIEW_TTL_S = 600;
const SECRET = randomBytes(16);
const signOf = (questionId: number, kind: string, expires: number) =>
  createHmac('sha256', SECRET).update(`${questionId}.${kind}.${expires}`).digest('hex').slice(0, 32);

/** A preview address is the sandbox's own and still valid. */
export function validPlay(questionId: number, kind: string, expires: number, sign: string, now = Date.now()): boolean {
  if (!Number.isSafeInteger(expires) || expires < now || !/^[0-9a-f]{32}$/.test(sign)) return false;
  return timingSafeEqual(Buffer.from(sign), Buffer.from(signOf(questionId, kind, expires)));
}

/**
 * The preview of an explanation's audio or video (`want` 'short': the short-answer question video call):
 * only for the asker's handed-in record that holds the question, answering a signed address that plays
 * for PREVIEW_TTL_S seconds.
 */
export async function mediaPreview(
  store: QbankStore,
  who: Who,
  recordId: number,
  questionId: number,
  want: 'audio' | 'video' | 'short',
  origin: string,
  now = Date.now(),
) {
  const r = await store.owned(who, recordId);
  if (r.state !== 'submitted') throw new QbankError('409', '练习尚未交卷');
  if (!(JSON.parse(r.questionIds) as number[]).includes(questionId)) throw new QbankError('404', '题目不在本次练习中');
  const [q] = await store.questions([questionId]);
  const kind = want === 'short' ? 'video' : want;
  if (!q || !q.media || q.media.kind !== kind || (want === 'short' && q.kind !== 'short')) {
    throw new QbankError('404', kind === 'video' ? '该题没有讲解视频' : '该题没有讲解音频');
  }
  const expires = now + PREVIEW_TTL_S * 1000;
  const file = `${questionId}.${kind === 'video' ? 'webm' : 'wav'}`;
  return {
    questionId,
    kind,
    seconds: q.media.seconds,
    expiresAt: expires,
    url: `${origin}/s/api/question/v1/media/play/${file}?expires=${expires}&sign=${signOf(questionId, kind, expires)}`,
  };
}

/** The picture of an explanation (a small SVG drawn from the question's text). */
export function explanationSvg(q: Question): string {
  const esc = (v: string) => v.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const words = q.analysis.match(/「[^」]+」/g)?.slice(0, 3) ?? [];
  const boxes = words
    .map(
      (w, i) =>
        `<rect x="${20 + i * 130}" y="50" width="110" height="44" rx="6" fill="#dbeafe" stroke="#1d4ed8"/><text x="${75 + i * 130}" y="77" text-anchor="middle" font-size="13">${esc(w)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="120" viewBox="0 0 420 120" role="img" aria-label="${esc(q.analysis)}">` +
    `<rect width="420" height="120" fill="#fff"/><text x="20" y="30" font-size="14" font-weight="bold">图解（第${q.sort}题）</text>${boxes}</svg>`
  );
}
