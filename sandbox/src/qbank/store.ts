import type { InStatement } from '@libsql/client';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { hashPassword, seedSalt } from '../db.js';
import { SEED_PASSWORD } from '../seed.js';
import {
  CATEGORIES,
  normaliseAnswer,
  scoreQuestion,
  seededPick,
  subjectContent,
  subjectPapers,
  SUBJECTS,
  validAnswer,
  type Kind,
  type Media,
  type Question,
} from './content.js';

/**
 * The question bank's state (spec 001 §7): content, exercise records, the answer log, wrong questions,
 * collections and points. Tables beside the main schema,
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 */
// 2: records keep the chapter or section they practise (source_id); explanation media with ids, pictures; users 3400-3419
export const QBANK_SEED_VERSION = '2';

const TABLES = ['qbank_questions', 'qbank_chapters', 'qbank_papers', 'qbank_records', 'qbank_answer_log', 'qbank_wrong', 'qbank_collect', 'qbank_points'];

const SCHEMA = `
CREATE TABLE qbank_chapters (
  id INTEGER PRIMARY KEY, subject_id INTEGER NOT NULL, parent_id INTEGER NOT NULL DEFAULT 0, name TEXT NOT NULL, sort INTEGER NOT NULL);
CREATE TABLE qbank_questions (
  id INTEGER PRIMARY KEY, subject_id INTEGER NOT NULL, chapter_id INTEGER NOT NULL, section_id INTEGER NOT NULL,
  sort INTEGER NOT NULL, kind TEXT NOT NULL, stem TEXT NOT NULL, options TEXT NOT NULL, answer TEXT NOT NULL,
  score INTEGER NOT NULL, analysis TEXT NOT NULL, media TEXT);
CREATE TABLE qbank_papers (
  id INTEGER PRIMARY KEY, subject_id INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, duration_s INTEGER,
  question_ids TEXT NOT NULL);
CREATE TABLE qbank_records (
  id INTEGER PRIMARY KEY, user_id INTEGER, client_id TEXT, school_id INTEGER NOT NULL, subject_id INTEGER NOT NULL,
  paper_id INTEGER, exercise_type INTEGER NOT NULL, title TEXT NOT NULL, question_ids TEXT NOT NULL,
  answers TEXT NOT NULL DEFAULT '{}', answer_at TEXT NOT NULL DEFAULT '{}', marks TEXT NOT NULL DEFAULT '[]', signs TEXT NOT NULL DEFAULT '[]',
  current_index INTEGER NOT NULL DEFAULT 0, state TEXT NOT NULL DEFAULT 'doing', duration_s INTEGER,
  started_at INTEGER NOT NULL, deadline_at INTEGER, submitted_at INTEGER, score INTEGER, total_score INTEGER NOT NULL,
  right_count INTEGER, points INTEGER, parent_id INTEGER, source_id INTEGER);
CREATE TABLE qbank_answer_log (
  record_id INTEGER NOT NULL, op_id TEXT NOT NULL, question_id INTEGER NOT NULL, answer TEXT NOT NULL,
  via TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (record_id, op_id));
CREATE TABLE qbank_wrong (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, subject_id INTEGER NOT NULL, question_id INTEGER NOT NULL,
  times INTEGER NOT NULL, last_at INTEGER NOT NULL, UNIQUE (user_id, question_id));
CREATE TABLE qbank_collect (user_id INTEGER NOT NULL, question_id INTEGER NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (user_id, question_id));
CREATE TABLE qbank_points (user_id INTEGER PRIMARY KEY, total INTEGER NOT NULL);
`;

/** Exercise types (decision 027). */
export const EXERCISE_TYPES = { chapter: 1, order: 2, paper: 3, daily: 4, smart: 5, quick: 6, reexamine: 7, wrong: 8 } as const;
export type ExerciseType = keyof typeof EXERCISE_TYPES;
/** First record id; the merge of anonymous records gives new ids above the old. */
export const FIRST_RECORD_ID = 700001;
/** Points for a submitted practice: one per right answer, at most 10 a record (decision 027). */
export const MAX_POINTS_PER_RECORD = 10;

/** Seed users of the question bank's journeys: ids 2700-2719, mobiles 1370000xxxx. */
export const QBANK_USERS = Array.from({ length: 20 }, (_, i) => ({
  id: 2700 + i,
  username: `qbank${String(i).padStart(2, '0')}`,
  mobile: `137000027${String(i).padStart(2, '0')}`,
}));
/** Seed users of the chapter, section and explanation-media journeys: ids 3400-3419 (qbch00.., mobiles 137000034xx). */
export const QBANK_CHAPTER_USERS = Array.from({ length: 20 }, (_, i) => ({
  id: 3400 + i,
  username: `qbch${String(i).padStart(2, '0')}`,
  mobile: `137000034${String(i).padStart(2, '0')}`,
}));

function seedStatements(): InStatement[] {
  const s: InStatement[] = [];
  const add = (sql: string, args: Array<string | number | null>) => s.push({ sql, args });
  for (const subject of SUBJECTS) {
    const { chapters, questions } = subjectContent(subject);
    for (const c of chapters) {
      add('INSERT INTO qbank_chapters (id, subject_id, parent_id, name, sort) VALUES (?,?,?,?,?)', [c.id, subject.id, 0, c.name, c.sort]);
      for (const sec of c.sections)
        add('INSERT INTO qbank_chapters (id, subject_id, parent_id, name, sort) VALUES (?,?,?,?,?)', [sec.id, subject.id, c.id, sec.name, sec.sort]);
    }
    for (const q of questions) {
      add(
        'INSERT INTO qbank_questions (id, subject_id, chapter_id, section_id, sort, kind, stem, options, answer, score, analysis, media) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)',
        [
          q.id,
          q.subjectId,
          q.chapterId,
          q.sectionId,
          q.sort,
          q.kind,
          q.stem,
          JSON.stringify(q.options),
          JSON.stringify(q.answer),
          q.score,
          q.analysis,
          q.media ? JSON.stringify(q.media) : null,
        ],
      );
    }
    for (const p of subjectPapers(subject, questions)) {
      add('INSERT INTO qbank_papers (id, subject_id, name, kind, duration_s, question_ids) VALUES (?,?,?,?,?,?)', [
        p.id,
        p.subjectId,
        p.name,
        p.kind,
        p.durationS,
        JSON.stringify(p.questionIds),
      ]);
    }
  }
  add("INSERT INTO meta (key, value) VALUES ('qbank_seed', ?)", [QBANK_SEED_VERSION]);
  return s;
}

/** One salt for the question bank's seed users: one scrypt per process, not twenty. */
const USER_SALT = seedSalt('qbank-users');

function userStatements(): InStatement[] {
  return [
    ...[...QBANK_USERS, ...QBANK_CHAPTER_USERS].flatMap((u) => [
      { sql: 'DELETE FROM users WHERE id = ?', args: [u.id] },
      {
        sql: 'INSERT INTO users (id, company_id, school_id, username, mobile, nick_name, password_hash) VALUES (?,?,?,?,?,?,?)',
        args: [u.id, 1, 1, u.username, u.mobile, u.id >= 3400 ? `章节学员${u.id - 3399}` : `题库学员${u.id - 2699}`, hashPassword(SEED_PASSWORD, USER_SALT)],
      },
    ]),
    { sql: "DELETE FROM meta WHERE key = 'qbank_users'", args: [] },
    { sql: "INSERT INTO meta (key, value) VALUES ('qbank_users', ?)", args: [QBANK_SEED_VERSION] },
  ];
}

/** Registered in `AREAS` (src/areas.ts): the question bank's content and its seed users. */
export const qbankArea: Area = {
  name: 'question bank',
  schema: SCHEMA,
  async seed(ctx) {
    await ctx.db.batch([...seedStatements(), ...userStatements()]);
  },
};

export class QbankError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Who asks: a signed-in user, or a visitor by client id. */
export interface Who {
  userId: number | null;
  clientId: string | null;
  schoolId: number;
}

interface QuestionRow {
  id: number;
  subjectId: number;
  chapterId: number;
  sectionId: number;
  sort: number;
  kind: Kind;
  stem: string;
  options: string;
  answer: string;
  score: number;
  analysis: string;
  media: string | null;
}
interface RecordRow {
  id: number;
  userId: number | null;
  clientId: string | null;
  schoolId: number;
  subjectId: number;
  paperId: number | null;
  exerciseType: number;
  title: string;
  questionIds: string;
  answers: string;
  /** per question, when its kept answer was given (ms; the client's `at`, else the arrival): the later answer wins */
  answerAt: string;
  marks: string;
  signs: string;
  currentIndex: number;
  state: string;
  durationS: number | null;
  startedAt: number;
  deadlineAt: number | null;
  submittedAt: number | null;
  score: number | null;
  totalScore: number;
  rightCount: number | null;
  points: number | null;
  parentId: number | null;
  sourceId: number | null;
}

export interface RecordState {
  recordId: number;
  subjectId: number;
  paperId: number | null;
  exerciseType: number;
  title: string;
  questionIds: number[];
  answers: Record<string, string[]>;
  marks: number[];
  signs: number[];
  currentIndex: number;
  state: 'doing' | 'paused' | 'submitted';
  timed: boolean;
  durationS: number | null;
  remainingS: number | null;
  startedAt: number;
  submittedAt: number | null;
  score: number | null;
  totalScore: number;
  rightCount: number | null;
  points: number | null;
  parentId: number | null;
  anonymous: boolean;
}

const parseQuestion = (r: QuestionRow): Question => ({
  id: r.id,
  subjectId: r.subjectId,
  chapterId: r.chapterId,
  sectionId: r.sectionId,
  sort: r.sort,
  kind: r.kind,
  stem: r.stem,
  options: JSON.parse(r.options) as string[],
  answer: JSON.parse(r.answer) as string[],
  score: r.score,
  analysis: r.analysis,
  media: r.media ? (JSON.parse(r.media) as Media) : null,
});

/** A question as the doing page sees it: no answer, no explanation. */
export function publicQuestion(q: Question) {
  return { id: q.id, kind: q.kind, stem: q.stem, options: q.options, score: q.score, blanks: q.kind === 'fill' ? q.answer.length : 0 };
}

/** Writes of one record run one after the other (a burst of resent answers must not overwrite each other). */
const locks = new WeakMap<Ctx, Map<number, Promise<unknown>>>();

type SubmittedListener = (userId: number, recordId: number) => void;
/** Who hears that a signed-in user's record was handed in (the exam socket pushes it: issue 37 §2), per sandbox. */
const submittedListeners = new WeakMap<Ctx, Set<SubmittedListener>>();

/** Calls `listener` whenever a user's record is handed in (by the student, the socket or the clock); answers how to stop. */
export function onRecordSubmitted(ctx: Ctx, listener: SubmittedListener): () => void {
  let set = submittedListeners.get(ctx);
  if (!set) submittedListeners.set(ctx, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export class QbankStore {
  constructor(readonly ctx: Ctx) {}
  private get db() {
    return this.ctx.db;
  }

  private locked<R>(recordId: number, work: () => Promise<R>): Promise<R> {
    let map = locks.get(this.ctx);
    if (!map) locks.set(this.ctx, (map = new Map()));
    const before = map.get(recordId) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => undefined);
    map.set(recordId, tail);
    void tail.then(() => {
      if (map.get(recordId) === tail) map.delete(recordId);
    });
    return run;
  }

  /* ------------------------------------------------------------ content ---- */

  async questions(ids: number[]): Promise<Question[]> {
    if (!ids.length) return [];
    const rows = await this.db.all<QuestionRow>(`SELECT * FROM qbank_questions WHERE id IN (${ids.map(() => '?').join(',')})`, ids);
    const byId = new Map(rows.map((r) => [r.id, parseQuestion(r)]));
    return ids.map((id) => byId.get(id)).filter((q): q is Question => Boolean(q));
  }

  async subjectQuestions(subjectId: number, where = '', args: Array<number> = []): Promise<Question[]> {
    const rows = await this.db.all<QuestionRow>(`SELECT * FROM qbank_questions WHERE subject_id = ? ${where} ORDER BY sort`, [subjectId, ...args]);
    return rows.map(parseQuestion);
  }

  subject(subjectId: number) {
    const s = SUBJECTS.find((x) => x.id === subjectId);
    if (!s) throw new QbankError('404', '科目不存在');
    return s;
  }

  categories(page: number, pageSize: number, only?: Set<number>) {
    const list = CATEGORIES.filter((c) => !only || only.has(c.id)).map((c) => {
      const subjects = SUBJECTS.filter((s) => s.categoryId === c.id);
      return { id: c.id, name: c.name, subjectCount: subjects.length, questionCount: subjects.length * 40 };
    });
    return paged(list, page, pageSize);
  }

  async studiedCategoryIds(who: Who): Promise<Set<number>> {
    const rows = await this.db.all<{ subjectId: number }>(`SELECT DISTINCT subject_id FROM qbank_records WHERE ${ownerSql(who)}`, ownerArgs(who));
    return new Set(rows.map((r) => this.subject(r.subjectId).categoryId));
  }

  subjects(opts: { page: number; pageSize: number; categoryId?: number; keyword?: string }) {
    const kw = opts.keyword?.trim().toLowerCase();
    const list = SUBJECTS.filter((s) => (opts.categoryId === undefined || s.categoryId === opts.categoryId) && (!kw || s.name.toLowerCase().includes(kw))).map(
      (s) => ({ id: s.id, name: s.name, categoryId: s.categoryId, categoryName: CATEGORIES.find((c) => c.id === s.categoryId)!.name, questionCount: 40 }),
    );
    return paged(list, opts.page, opts.pageSize);
  }

  async overview(who: Who, subjectId: number) {
    const subject = this.subject(subjectId);
    const [chapters, papers, counts, done, wrong, collect] = await Promise.all([
      this.db.all<{ id: number; parentId: number; name: string; sort: number }>(
        'SELECT id, parent_id, name, sort FROM qbank_chapters WHERE subject_id = ? ORDER BY parent_id, sort',
        [subjectId],
      ),
      this.db.all<{ id: number; name: string; kind: string; durationS: number | null; questionIds: string }>(
        'SELECT * FROM qbank_papers WHERE subject_id = ? ORDER BY id',
        [subjectId],
      ),
      this.db.all<{ sectionId: number; n: number }>('SELECT section_id, COUNT(*) AS n FROM qbank_questions WHERE subject_id = ? GROUP BY section_id', [
        subjectId,
      ]),
      this.doneQuestionIds(who, subjectId),
      who.userId
        ? this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM qbank_wrong WHERE user_id = ? AND subject_id = ?', [who.userId, subjectId])
        : undefined,
      who.userId
        ? this.db.get<{ n: number }>(
            'SELECT COUNT(*) AS n FROM qbank_collect c JOIN qbank_questions q ON q.id = c.question_id WHERE c.user_id = ? AND q.subject_id = ?',
            [who.userId, subjectId],
          )
        : undefined,
    ]);
    const all = await this.subjectQuestions(subjectId);
    const doneIn = (pred: (q: Question) => boolean) => all.filter((q) => pred(q) && done.has(q.id)).length;
    const countOf = new Map(counts.map((c) => [c.sectionId, c.n]));
    return {
      subject: { id: subject.id, name: subject.name, categoryId: subject.categoryId, questionCount: all.length, doneCount: done.size },
      chapters: chapters
        .filter((c) => c.parentId === 0)
        .map((c) => ({
          id: c.id,
          name: c.name,
          questionCount: all.filter((q) => q.chapterId === c.id).length,
          doneCount: doneIn((q) => q.chapterId === c.id),
          sections: chapters
            .filter((s) => s.parentId === c.id)
            .map((s) => ({ id: s.id, name: s.name, questionCount: countOf.get(s.id) ?? 0, doneCount: doneIn((q) => q.sectionId === s.id) })),
        })),
      papers: await Promise.all(
        papers.map(async (p) => {
          const ids = JSON.parse(p.questionIds) as number[];
          const qs = await this.questions(ids);
          return { id: p.id, name: p.name, kind: p.kind, durationS: p.durationS, questionCount: ids.length, totalScore: qs.reduce((a, q) => a + q.score, 0) };
        }),
      ),
      wrongCount: wrong?.n ?? 0,
      collectCount: collect?.n ?? 0,
    };
  }

  private async doneQuestionIds(who: Who, subjectId: number): Promise<Set<number>> {
    const rows = await this.db.all<{ answers: string }>(`SELECT answers FROM qbank_records WHERE subject_id = ? AND ${ownerSql(who)}`, [
      subjectId,
      ...ownerArgs(who),
    ]);
    const out = new Set<number>();
    for (const r of rows) for (const k of Object.keys(JSON.parse(r.answers) as object)) out.add(Number(k));
    return out;
  }

  /* ------------------------------------------------------------ generation ---- */

  async generate(
    who: Who,
    type: ExerciseType,
    opts: { subjectId?: number; categoryId?: number; chapterId?: number; sectionId?: number; paperId?: number; recordId?: number },
  ): Promise<RecordState> {
    let subjectId = opts.subjectId ?? 0;
    let ids: number[] = [];
    let title = '';
    let paperId: number | null = null;
    let durationS: number | null = null;
    let parentId: number | null = null;
    let sourceId: number | null = null;
    const now = Date.now();
    switch (type) {
      case 'chapter': {
        const subject = this.subject(subjectId);
        const chapterId = opts.sectionId ? undefined : opts.chapterId;
        const node = await this.db.get<{ id: number; name: string; parentId: number }>(
          'SELECT id, name, parent_id FROM qbank_chapters WHERE id = ? AND subject_id = ?',
          [opts.sectionId ?? chapterId ?? 0, subject.id],
        );
        if (!node) throw new QbankError('404', '章节不存在');
        const qs = await this.subjectQuestions(subject.id, node.parentId === 0 ? 'AND chapter_id = ?' : 'AND section_id = ?', [node.id]);
        ids = qs.map((q) => q.id);
        title = `${subject.name} · ${node.name}`;
        sourceId = node.id;
        break;
      }
      case 'order': {
        const subject = this.subject(subjectId);
        const done = await this.doneQuestionIds(who, subject.id);
        const qs = await this.subjectQuestions(subject.id);
        const fresh = qs.filter((q) => !done.has(q.id));
        ids = (fresh.length ? fresh : qs).slice(0, 20).map((q) => q.id);
        title = `${subject.name} · 顺序练习`;
        break;
      }
      case 'paper': {
        const paper = await this.db.get<{ id: number; subjectId: number; name: string; kind: string; durationS: number | null; questionIds: string }>(
          'SELECT * FROM qbank_papers WHERE id = ?',
          [opts.paperId ?? 0],
        );
        if (!paper) throw new QbankError('404', '试卷不存在');
        subjectId = paper.subjectId;
        ids = JSON.parse(paper.questionIds) as number[];
        title = paper.name;
        paperId = paper.id;
        durationS = paper.durationS;
        break;
      }
      case 'daily': {
        const subject = this.subject(subjectId);
        const day = Math.floor((now + 8 * 3600_000) / 86_400_000);
        ids = seededPick(await this.subjectQuestions(subject.id), 10, day * 1000 + subject.id).map((q) => q.id);
        title = `${subject.name} · 每日一练`;
        break;
      }
      case 'smart': {
        const subject = this.subject(subjectId);
        const [qs, done, wrong] = await Promise.all([
          this.subjectQuestions(subject.id),
          this.doneQuestionIds(who, subject.id),
          who.userId
            ? this.db.all<{ questionId: number }>(
                'SELECT question_id FROM qbank_wrong WHERE user_id = ? AND subject_id = ? ORDER BY times DESC, last_at DESC',
                [who.userId, subject.id],
              )
            : Promise.resolve([]),
        ]);
        const order = [...wrong.map((w) => w.questionId), ...qs.filter((q) => !done.has(q.id)).map((q) => q.id), ...qs.map((q) => q.id)];
        ids = [...new Set(order)].slice(0, 10);
        title = `${subject.name} · 智能组卷`;
        break;
      }
      case 'quick': {
        const subject = this.subject(subjectId);
        if (subject.categoryId !== opts.categoryId) throw new QbankError('404', '科目不存在');
        const n = await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM qbank_records WHERE ${ownerSql(who)}`, ownerArgs(who));
        ids = seededPick(await this.subjectQuestions(subject.id), 10, subject.id * 97 + (n?.n ?? 0) * 31 + 7).map((q) => q.id);
        title = `${subject.name} · 快速练习`;
        break;
      }
      case 'reexamine': {
        const old = await this.owned(who, opts.recordId ?? 0);
        if (old.state !== 'submitted') throw new QbankError('409', '练习尚未交卷');
        subjectId = old.subjectId;
        ids = JSON.parse(old.questionIds) as number[];
        title = old.title.endsWith('（重做）') ? old.title : `${old.title}（重做）`;
        paperId = old.paperId;
        durationS = old.durationS;
        parentId = old.id;
        break;
      }
      case 'wrong': {
        if (!who.userId) throw new QbankError('401', '请先登录');
        const subject = this.subject(subjectId);
        const rows = await this.db.all<{ questionId: number }>(
          'SELECT question_id FROM qbank_wrong WHERE user_id = ? AND subject_id = ? ORDER BY last_at DESC LIMIT 20',
          [who.userId, subject.id],
        );
        if (!rows.length) throw new QbankError('404', '暂无错题');
        ids = rows.map((r) => r.questionId);
        title = `${subject.name} · 错题练习`;
        break;
      }
    }
    if (!ids.length) throw new QbankError('404', '没有可练习的题目');
    const qs = await this.questions(ids);
    const total = qs.reduce((a, q) => a + q.score, 0);
    const { lastId } = await this.db.run(
      `INSERT INTO qbank_records (id, user_id, client_id, school_id, subject_id, paper_id, exercise_type, title, question_ids, duration_s, started_at, deadline_at, total_score, parent_id, source_id)
       VALUES ((SELECT COALESCE(MAX(id), ${FIRST_RECORD_ID - 1}) + 1 FROM qbank_records),?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      [
        who.userId,
        who.userId ? null : who.clientId,
        who.schoolId,
        subjectId,
        paperId,
        EXERCISE_TYPES[type],
        title,
        JSON.stringify(ids),
        durationS,
        now,
        durationS ? now + durationS * 1000 : null,
        total,
        parentId,
        sourceId,
      ],
    );
    return this.state(await this.row(lastId));
  }

  /* ------------------------------------------------------------ records ---- */

  private async row(recordId: number): Promise<RecordRow> {
    const r = await this.db.get<RecordRow>('SELECT * FROM qbank_records WHERE id = ?', [recordId]);
    if (!r) throw new QbankError('404', '练习记录不存在');
    return r;
  }

  /** The record when it is the asker's (by user, or by client id for a visitor's record); a timed one past its end is handed in. */
  async owned(who: Who, recordId: number): Promise<RecordRow> {
    let r = await this.db.get<RecordRow>('SELECT * FROM qbank_records WHERE id = ?', [recordId]);
    const mine = r && (r.userId !== null ? r.userId === who.userId : r.clientId !== null && r.clientId === who.clientId);
    if (!r || !mine) throw new QbankError('404', '练习记录不存在');
    if (r.state !== 'submitted' && r.deadlineAt !== null && Date.now() >= r.deadlineAt) {
      await this.finish(r);
      r = await this.row(recordId);
    }
    return r;
  }

  state(r: RecordRow): RecordState {
    return {
      recordId: r.id,
      subjectId: r.subjectId,
      paperId: r.paperId,
      exerciseType: r.exerciseType,
      title: r.title,
      questionIds: JSON.parse(r.questionIds) as number[],
      answers: JSON.parse(r.answers) as Record<string, string[]>,
      marks: JSON.parse(r.marks) as number[],
      signs: JSON.parse(r.signs) as number[],
      currentIndex: r.currentIndex,
      state: r.state === 'submitted' ? 'submitted' : r.state === 'paused' ? 'paused' : 'doing',
      timed: r.deadlineAt !== null,
      durationS: r.durationS,
      remainingS: r.deadlineAt === null ? null : r.state === 'submitted' ? 0 : Math.max(0, Math.ceil((r.deadlineAt - Date.now()) / 1000)),
      startedAt: r.startedAt,
      submittedAt: r.submittedAt,
      score: r.score,
      totalScore: r.totalScore,
      rightCount: r.rightCount,
      points: r.points,
      parentId: r.parentId,
      anonymous: r.userId === null,
    };
  }

  async paperQuestions(who: Who, recordId: number) {
    const r = await this.owned(who, recordId);
    const qs = await this.questions(JSON.parse(r.questionIds) as number[]);
    return { record: this.state(r), questions: qs.map(publicQuestion) };
  }

  private async writable(who: Who, recordId: number, allowPaused = false): Promise<RecordRow> {
    const r = await this.owned(who, recordId);
    if (r.state === 'submitted') throw new QbankError('409', '已交卷');
    if (r.state === 'paused' && !allowPaused) throw new QbankError('423', '练习已暂停');
    return r;
  }

  private indexOf(r: RecordRow, questionId: number): number {
    const i = (JSON.parse(r.questionIds) as number[]).indexOf(questionId);
    if (i < 0) throw new QbankError('404', '题目不在本次练习中');
    return i;
  }

  /**
   * One answer. `opId` (the client's id of this answer) makes it idempotent: an op already applied is
   * acknowledged without being applied or logged again (a resend after a lost acknowledgement).
   * `at` (ms, when the student gave it, by the client's clock; without it, when it arrives) makes the later
   * answer win per question (issue 37 §2, two tabs or a device that was offline): an answer given before the
   * question's kept one is acknowledged with `stale: true` and the kept answers, neither applied nor logged.
   */
  submitOne(
    who: Who,
    recordId: number,
    questionId: number,
    answer: unknown,
    opId: string | undefined,
    via: 'http' | 'socket',
    at?: unknown,
  ): Promise<RecordState & { duplicate: boolean; stale: boolean }> {
    return this.locked(recordId, () => this.submitOneNow(who, recordId, questionId, answer, opId, via, givenAt(at)));
  }

  private async submitOneNow(
    who: Who,
    recordId: number,
    questionId: number,
    answer: unknown,
    opId: string | undefined,
    via: 'http' | 'socket',
    at: number,
  ): Promise<RecordState & { duplicate: boolean; stale: boolean }> {
    const r = await this.writable(who, recordId);
    const index = this.indexOf(r, questionId);
    const [q] = await this.questions([questionId]);
    const given = normaliseAnswer(q!.kind, answer);
    if (!validAnswer(q!, given)) throw new QbankError('400', '答案格式不正确');
    const op = opId && /^[\w-]{1,64}$/.test(opId) ? opId : undefined;
    if (op) {
      const seen = await this.db.get('SELECT 1 AS x FROM qbank_answer_log WHERE record_id = ? AND op_id = ?', [recordId, op]);
      if (seen) return { ...this.state(r), duplicate: true, stale: false };
    }
    const answerAt = JSON.parse(r.answerAt || '{}') as Record<string, number>;
    if ((answerAt[String(questionId)] ?? 0) > at) return { ...this.state(r), duplicate: false, stale: true };
    answerAt[String(questionId)] = at;
    const answers = JSON.parse(r.answers) as Record<string, string[]>;
    if (given.length) answers[String(questionId)] = given;
    else delete answers[String(questionId)];
    await this.db.batch([
      {
        sql: 'UPDATE qbank_records SET answers = ?, answer_at = ?, current_index = ? WHERE id = ?',
        args: [JSON.stringify(answers), JSON.stringify(answerAt), index, recordId],
      },
      {
        sql: 'INSERT INTO qbank_answer_log (record_id, op_id, question_id, answer, via, at) VALUES (?,?,?,?,?,?)',
        args: [recordId, op ?? `srv-${Date.now()}-${Math.random().toString(36).slice(2)}`, questionId, JSON.stringify(given), via, Date.now()],
      },
    ]);
    return { ...this.state(await this.row(recordId)), duplicate: false, stale: false };
  }

  async batchSubmit(who: Who, recordId: number, items: Array<{ questionId: number; answer: unknown; opId?: string; at?: unknown }>, via: 'http' | 'socket') {
    let last: RecordState | undefined;
    for (const it of items) last = await this.submitOne(who, recordId, it.questionId, it.answer, it.opId, via, it.at);
    return last ?? this.state(await this.owned(who, recordId));
  }

  flag(kind: 'marks' | 'signs', who: Who, recordId: number, questionId: number, on: boolean): Promise<RecordState> {
    return this.locked(recordId, async () => {
      const r = await this.writable(who, recordId, true);
      this.indexOf(r, questionId);
      const set = new Set(JSON.parse(kind === 'marks' ? r.marks : r.signs) as number[]);
      if (on) set.add(questionId);
      else set.delete(questionId);
      await this.db.run(`UPDATE qbank_records SET ${kind} = ? WHERE id = ?`, [JSON.stringify([...set].sort((a, b) => a - b)), recordId]);
      return this.state(await this.row(recordId));
    });
  }

  switchQuestion(who: Who, recordId: number, index: number): Promise<RecordState> {
    return this.locked(recordId, async () => {
      const r = await this.writable(who, recordId, true);
      const n = (JSON.parse(r.questionIds) as number[]).length;
      if (!Number.isInteger(index) || index < 0 || index >= n) throw new QbankError('400', '题号不正确');
      await this.db.run('UPDATE qbank_records SET current_index = ? WHERE id = ?', [index, recordId]);
      return this.state(await this.row(recordId));
    });
  }

  setPaused(who: Who, recordId: number, paused: boolean): Promise<RecordState> {
    return this.locked(recordId, async () => {
      const r = await this.writable(who, recordId, true);
      if (paused && r.deadlineAt !== null) throw new QbankError('422', '计时考试不能暂停');
      await this.db.run('UPDATE qbank_records SET state = ? WHERE id = ?', [paused ? 'paused' : 'doing', recordId]);
      return this.state(await this.row(recordId));
    });
  }

  submit(who: Who, recordId: number): Promise<RecordState> {
    return this.locked(recordId, async () => {
      const r = await this.owned(who, recordId);
      if (r.state !== 'submitted') await this.finish(r);
      return this.state(await this.row(recordId));
    });
  }

  /** Scores the record, keeps wrong questions (signed-in users) and hands it in. */
  private async finish(r: RecordRow): Promise<void> {
    const qs = await this.questions(JSON.parse(r.questionIds) as number[]);
    const answers = JSON.parse(r.answers) as Record<string, string[]>;
    let score = 0;
    let right = 0;
    const stmts: InStatement[] = [];
    const now = Date.now();
    for (const q of qs) {
      const given = answers[String(q.id)] ?? [];
      const s = scoreQuestion(q, given);
      score += s.score;
      if (s.right) right += 1;
      if (r.userId !== null && given.length && !s.right) {
        stmts.push({
          sql: `INSERT INTO qbank_wrong (user_id, subject_id, question_id, times, last_at) VALUES (?,?,?,1,?)
          ON CONFLICT (user_id, question_id) DO UPDATE SET times = times + 1, last_at = excluded.last_at`,
          args: [r.userId, q.subjectId, q.id, now],
        });
      }
    }
    stmts.unshift({
      sql: "UPDATE qbank_records SET state = 'submitted', score = ?, right_count = ?, submitted_at = ? WHERE id = ? AND state != 'submitted'",
      args: [score, right, now, r.id],
    });
    await this.db.batch(stmts);
    if (r.userId !== null) for (const listener of submittedListeners.get(this.ctx) ?? []) listener(r.userId, r.id);
  }

  /** The report: every question with the right answer, the given one, the score and the explanation. */
  async report(who: Who, recordId: number) {
    const r = await this.owned(who, recordId);
    if (r.state !== 'submitted') throw new QbankError('409', '练习尚未交卷');
    const state = this.state(r);
    const qs = await this.questions(state.questionIds);
    const collected = who.userId
      ? new Set((await this.db.all<{ questionId: number }>('SELECT question_id FROM qbank_collect WHERE user_id = ?', [who.userId])).map((c) => c.questionId))
      : new Set<number>();
    const questions = qs.map((q) => {
      const mine = state.answers[String(q.id)] ?? [];
      const s = scoreQuestion(q, mine);
      // the media's id is the question's; audio and video are played through the preview calls, a picture is public (decision 035)
      const media = q.media ? { id: q.id, kind: q.media.kind, seconds: q.media.seconds, ...(q.media.kind === 'image' ? { url: imagePath(q.id) } : {}) } : null;
      return { ...publicQuestion(q), answer: q.answer, mine, gained: s.score, right: s.right, analysis: q.analysis, media, collected: collected.has(q.id) };
    });
    return { record: state, questions, wrongIds: questions.filter((q) => !q.right).map((q) => q.id) };
  }

  async records(who: Who, page: number, pageSize: number) {
    const rows = await this.db.all<RecordRow>(`SELECT * FROM qbank_records WHERE ${ownerSql(who)} ORDER BY id DESC`, ownerArgs(who));
    return paged(
      rows.map((r) => this.state(r)),
      page,
      pageSize,
    );
  }

  async unfinished(who: Who) {
    const r = await this.db.get<RecordRow>(
      `SELECT * FROM qbank_records WHERE state != 'submitted' AND ${ownerSql(who)} ORDER BY id DESC LIMIT 1`,
      ownerArgs(who),
    );
    if (!r) return null;
    const fresh = await this.owned(who, r.id); // a timed one past its end is handed in here
    if (fresh.state === 'submitted') return null;
    const s = this.state(fresh);
    return {
      recordId: s.recordId,
      title: s.title,
      subjectId: s.subjectId,
      answered: Object.keys(s.answers).length,
      total: s.questionIds.length,
      currentIndex: s.currentIndex,
    };
  }

  async statistics(who: Who) {
    const rows = await this.db.all<RecordRow>(`SELECT * FROM qbank_records WHERE ${ownerSql(who)}`, ownerArgs(who));
    let answered = 0;
    let right = 0;
    const days = new Set<number>();
    for (const r of rows) {
      answered += Object.keys(JSON.parse(r.answers) as object).length;
      if (r.rightCount) right += r.rightCount;
      days.add(Math.floor((r.startedAt + 8 * 3600_000) / 86_400_000));
    }
    const submitted = rows.filter((r) => r.state === 'submitted').length;
    return {
      recordCount: rows.length,
      submittedCount: submitted,
      answeredCount: answered,
      rightCount: right,
      rightRate: answered ? Math.round((right * 100) / answered) : 0,
      studyDays: days.size,
    };
  }

  /**
   * Statistics by weeks (the last 8, Monday first), by the months of this year, or by the months of the
   * academic year (September to August), in China time: answers given and right answers handed in.
   */
  async trend(who: Who, by: 'weeks' | 'years' | 'academic', now = Date.now()) {
    const CN = 8 * 3600_000;
    const local = new Date(now + CN);
    const starts: number[] = [];
    const labels: string[] = [];
    if (by === 'weeks') {
      const day = (local.getUTCDay() + 6) % 7; // Monday 0
      const monday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - day) - CN;
      for (let i = 7; i >= 0; i--) {
        const start = monday - i * 7 * 86_400_000;
        const d = new Date(start + CN);
        starts.push(start);
        labels.push(`${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`);
      }
      starts.push(monday + 7 * 86_400_000);
    } else {
      const y = local.getUTCFullYear();
      const first = by === 'years' ? Date.UTC(y, 0, 1) : Date.UTC(local.getUTCMonth() >= 8 ? y : y - 1, 8, 1);
      for (let i = 0; i <= 12; i++) {
        const d = new Date(first);
        d.setUTCMonth(d.getUTCMonth() + i);
        starts.push(d.getTime() - CN);
        if (i < 12) labels.push(`${d.getUTCMonth() + 1}月`);
      }
    }
    const [answers, handed] = await Promise.all([
      this.db.all<{ at: number }>(
        `SELECT l.at FROM qbank_answer_log l JOIN qbank_records r ON r.id = l.record_id WHERE ${ownerSql(who).replace(/\b(user_id|client_id)\b/g, 'r.$1')} AND l.at >= ? AND l.at < ?`,
        [...ownerArgs(who), starts[0]!, starts.at(-1)!],
      ),
      this.db.all<{ submittedAt: number; rightCount: number }>(
        `SELECT submitted_at, right_count FROM qbank_records WHERE ${ownerSql(who)} AND submitted_at >= ? AND submitted_at < ?`,
        [...ownerArgs(who), starts[0]!, starts.at(-1)!],
      ),
    ]);
    const bucket = (t: number) => starts.findIndex((s, i) => i < starts.length - 1 && t >= s && t < starts[i + 1]!);
    const out = labels.map((label, i) => ({ label, start: starts[i]!, answered: 0, right: 0 }));
    for (const a of answers) {
      const b = bucket(a.at);
      if (b >= 0) out[b]!.answered += 1;
    }
    for (const r of handed) {
      const b = bucket(r.submittedAt);
      if (b >= 0) out[b]!.right += r.rightCount ?? 0;
    }
    return { by, buckets: out };
  }

  /** Today's (China time) daily practice of a subject: the asker's latest record, and the rank of today's best scores. */
  async daily(who: Who, subjectId: number, now = Date.now()) {
    this.subject(subjectId);
    const CN = 8 * 3600_000;
    const dayStart = Math.floor((now + CN) / 86_400_000) * 86_400_000 - CN;
    const [mine, rows] = await Promise.all([
      this.db.get<RecordRow>(
        `SELECT * FROM qbank_records WHERE exercise_type = 4 AND subject_id = ? AND started_at >= ? AND ${ownerSql(who)} ORDER BY id DESC LIMIT 1`,
        [subjectId, dayStart, ...ownerArgs(who)],
      ),
      this.db.all<{ userId: number; nickName: string | null; score: number; rightCount: number; submittedAt: number }>(
        `SELECT r.user_id, u.nick_name, MAX(r.score) AS score, MAX(r.right_count) AS right_count, MIN(r.submitted_at) AS submitted_at
         FROM qbank_records r JOIN users u ON u.id = r.user_id
         WHERE r.exercise_type = 4 AND r.subject_id = ? AND r.state = 'submitted' AND r.submitted_at >= ? AND r.user_id IS NOT NULL
         GROUP BY r.user_id ORDER BY score DESC, submitted_at ASC LIMIT 10`,
        [subjectId, dayStart],
      ),
    ]);
    return {
      today: mine ? { recordId: mine.id, state: this.state(mine).state, score: mine.score, totalScore: mine.totalScore } : null,
      rank: rows.map((r, i) => ({
        rank: i + 1,
        userId: r.userId,
        nickName: r.nickName ?? '',
        score: r.score,
        rightCount: r.rightCount,
        me: r.userId === who.userId,
      })),
    };
  }

  /* ------------------------------------------------------------ anonymous ---- */

  /** At login (spec 000 §4): a visitor's records become the user's, each under a new id. */
  async mergeAnonymous(clientId: string, userId: number): Promise<Array<{ oldRecordId: number; recordId: number }>> {
    if (!clientId) return [];
    const rows = await this.db.all<{ id: number }>('SELECT id FROM qbank_records WHERE client_id = ? AND user_id IS NULL ORDER BY id', [clientId]);
    const out: Array<{ oldRecordId: number; recordId: number }> = [];
    for (const { id } of rows) {
      const { lastId } = await this.db.run(
        `INSERT INTO qbank_records (id, user_id, client_id, school_id, subject_id, paper_id, exercise_type, title, question_ids, answers, answer_at, marks, signs, current_index, state, duration_s, started_at, deadline_at, submitted_at, score, total_score, right_count, points, parent_id, source_id)
         SELECT (SELECT MAX(id) + 1 FROM qbank_records), ?, NULL, school_id, subject_id, paper_id, exercise_type, title, question_ids, answers, answer_at, marks, signs, current_index, state, duration_s, started_at, deadline_at, submitted_at, score, total_score, right_count, points, parent_id, source_id
         FROM qbank_records WHERE id = ?`,
        [userId, id],
      );
      await this.db.batch([
        { sql: 'UPDATE qbank_answer_log SET record_id = ? WHERE record_id = ?', args: [lastId, id] },
        { sql: 'UPDATE qbank_records SET parent_id = ? WHERE parent_id = ?', args: [lastId, id] },
        { sql: 'DELETE FROM qbank_records WHERE id = ?', args: [id] },
      ]);
      out.push({ oldRecordId: id, recordId: lastId });
    }
    return out;
  }

  /* ------------------------------------------------------------ wrong, collect, points ---- */

  async wrongList(userId: number, subjectId: number | undefined, page: number, pageSize: number) {
    const rows = await this.db.all<{ id: number; subjectId: number; questionId: number; times: number; lastAt: number }>(
      `SELECT * FROM qbank_wrong WHERE user_id = ? ${subjectId ? 'AND subject_id = ?' : ''} ORDER BY last_at DESC, id DESC`,
      subjectId ? [userId, subjectId] : [userId],
    );
    const qs = new Map((await this.questions(rows.map((r) => r.questionId))).map((q) => [q.id, q]));
    return paged(
      rows.map((r) => ({
        id: r.id,
        parentId: r.subjectId,
        questionId: r.questionId,
        times: r.times,
        lastAt: r.lastAt,
        kind: qs.get(r.questionId)!.kind,
        stem: qs.get(r.questionId)!.stem,
      })),
      page,
      pageSize,
    );
  }

  /** DELETE wrong/{id} with parentId (the subject the entry is filed under). */
  async deleteWrong(userId: number, id: number, parentId: number): Promise<boolean> {
    const { changes } = await this.db.run('DELETE FROM qbank_wrong WHERE id = ? AND user_id = ? AND subject_id = ?', [id, userId, parentId]);
    return changes > 0;
  }

  async collect(userId: number, questionId: number, on: boolean) {
    const [q] = await this.questions([questionId]);
    if (!q) throw new QbankError('404', '题目不存在');
    if (on) await this.db.run('INSERT OR IGNORE INTO qbank_collect (user_id, question_id, at) VALUES (?,?,?)', [userId, questionId, Date.now()]);
    else await this.db.run('DELETE FROM qbank_collect WHERE user_id = ? AND question_id = ?', [userId, questionId]);
    return { questionId, collected: on };
  }

  async collectList(userId: number, page: number, pageSize: number) {
    const rows = await this.db.all<{ questionId: number; at: number }>('SELECT question_id, at FROM qbank_collect WHERE user_id = ? ORDER BY at DESC', [
      userId,
    ]);
    const qs = new Map((await this.questions(rows.map((r) => r.questionId))).map((q) => [q.id, q]));
    return paged(
      rows.map((r) => ({
        questionId: r.questionId,
        at: r.at,
        subjectId: qs.get(r.questionId)!.subjectId,
        kind: qs.get(r.questionId)!.kind,
        stem: qs.get(r.questionId)!.stem,
      })),
      page,
      pageSize,
    );
  }

  async pointsTotal(userId: number): Promise<number> {
    return (await this.db.get<{ total: number }>('SELECT total FROM qbank_points WHERE user_id = ?', [userId]))?.total ?? 0;
  }

  /** incr integral by record id: once per submitted record of this user; answers the points it gained. */
  async incrPoints(userId: number, recordId: number): Promise<{ recordId: number; points: number; total: number }> {
    const r = await this.owned({ userId, clientId: null, schoolId: 0 }, recordId);
    if (r.state !== 'submitted') throw new QbankError('409', '练习尚未交卷');
    if (r.points === null) {
      const points = Math.min(r.rightCount ?? 0, MAX_POINTS_PER_RECORD);
      const { changes } = await this.db.run('UPDATE qbank_records SET points = ? WHERE id = ? AND points IS NULL', [points, recordId]);
      if (changes)
        await this.db.run('INSERT INTO qbank_points (user_id, total) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET total = total + excluded.total', [
          userId,
          points,
        ]);
    }
    const after = await this.row(recordId);
    return { recordId, points: after.points ?? 0, total: await this.pointsTotal(userId) };
  }

  /** For the control API and tests: every applied answer of a record, oldest first. */
  answerLog(recordId: number) {
    return this.db.all<{ opId: string; questionId: number; answer: string; via: string; at: number }>(
      'SELECT op_id, question_id, answer, via, at FROM qbank_answer_log WHERE record_id = ? ORDER BY at, rowid',
      [recordId],
    );
  }
}

/** When an answer was given: the client's `at` (ms since 1970, a safe integer), else now (its arrival). */
function givenAt(at: unknown): number {
  const n = typeof at === 'string' && /^\d{1,15}$/.test(at) ? Number(at) : at;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : Date.now();
}

/** The public address (path on the sandbox's host) of an explanation's picture. */
export const imagePath = (questionId: number) => `/s/api/question/v1/media/image/${questionId}.svg`;

export function ownerSql(who: Who): string {
  return who.userId !== null ? 'user_id = ?' : 'user_id IS NULL AND client_id = ?';
}
export function ownerArgs(who: Who): Array<number | string> {
  return [who.userId ?? who.clientId ?? '\u0000'];
}

export function paged<T>(list: T[], page: number, pageSize: number) {
  const size = Math.min(Math.max(1, pageSize || 10), 100);
  const current = Math.max(1, page || 1);
  return { records: list.slice((current - 1) * size, current * size), total: list.length, current, size };
}
