import type { Area } from '../area.js';
import type { Db } from '../db.js';

/**
 * Exam data of the socket server: a small seeded paper and each user's record of it (answers, marks,
 * signs, current question, pause state), persisted in SQLite so that a reconnect loses nothing.
 * The tables live beside the foundation's (registered as an area; /__sandbox/reset restores the seed).
 */
export const EXAM_SCHEMA = `
CREATE TABLE IF NOT EXISTS exam_papers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, duration_s INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS exam_questions (
  id INTEGER PRIMARY KEY, paper_id INTEGER NOT NULL, sort INTEGER NOT NULL, type TEXT NOT NULL,
  stem TEXT NOT NULL, options TEXT NOT NULL, answer TEXT NOT NULL, score INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS exam_records (
  user_id INTEGER NOT NULL, paper_id INTEGER NOT NULL, answers TEXT NOT NULL DEFAULT '{}',
  marks TEXT NOT NULL DEFAULT '[]', signs TEXT NOT NULL DEFAULT '[]', current_id INTEGER,
  paused INTEGER NOT NULL DEFAULT 0, state TEXT NOT NULL DEFAULT 'doing', score INTEGER,
  updated_at INTEGER NOT NULL, PRIMARY KEY (user_id, paper_id));
`;

/** Registered in `AREAS` (src/areas.ts): the socket's paper (records start empty). */
export const examSocketArea: Area = {
  name: 'exam socket',
  schema: EXAM_SCHEMA,
  async seed(ctx) {
    await ctx.db.batch([
      { sql: 'INSERT INTO exam_papers (id, name, duration_s) VALUES (?,?,?)', args: [SEED_PAPER.id, SEED_PAPER.name, SEED_PAPER.durationS] },
      ...SEED_QUESTIONS.map((q, i) => ({
        sql: 'INSERT INTO exam_questions (id, paper_id, sort, type, stem, options, answer, score) VALUES (?,?,?,?,?,?,?,?)',
        args: [q.id, SEED_PAPER.id, i + 1, q.type, q.stem, JSON.stringify(q.options), JSON.stringify(q.answer), q.score],
      })),
    ]);
  },
};

export type QuestionType = 'single' | 'multiple' | 'judge';
interface SeedQuestion {
  id: number;
  type: QuestionType;
  stem: string;
  options: string[];
  answer: string[];
  score: number;
}

export const SEED_PAPER = { id: 9001, name: '人力资源管理师（三级）模拟考试', durationS: 3600 };
export const SEED_QUESTIONS: SeedQuestion[] = [
  {
    id: 90011,
    type: 'single',
    stem: '人力资源规划的首要步骤是？',
    options: ['A. 收集信息', 'B. 预测需求', 'C. 制定计划', 'D. 评估效果'],
    answer: ['A'],
    score: 20,
  },
  {
    id: 90012,
    type: 'single',
    stem: '以下哪项属于内部招募的方式？',
    options: ['A. 校园招聘', 'B. 内部晋升', 'C. 猎头', 'D. 广告招聘'],
    answer: ['B'],
    score: 20,
  },
  {
    id: 90013,
    type: 'multiple',
    stem: '绩效考评的方法包括？',
    options: ['A. 关键事件法', 'B. 行为锚定法', 'C. 德尔菲法', 'D. 360度考评'],
    answer: ['A', 'B', 'D'],
    score: 20,
  },
  { id: 90014, type: 'judge', stem: '劳动合同期限三个月以上不满一年的，试用期不得超过一个月。', options: ['A. 正确', 'B. 错误'], answer: ['A'], score: 20 },
  { id: 90015, type: 'judge', stem: '工作分析的结果只有工作说明书。', options: ['A. 正确', 'B. 错误'], answer: ['B'], score: 20 },
];

export interface ExamRecord {
  paperId: number;
  answers: Record<string, string[]>;
  marks: number[];
  signs: number[];
  currentId: number | null;
  paused: boolean;
  state: 'doing' | 'submitted';
  score: number | null;
}

export class ExamError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface QuestionRow {
  id: number;
  paperId: number;
  sort: number;
  type: QuestionType;
  stem: string;
  options: string;
  answer: string;
  score: number;
}
interface RecordRow {
  userId: number;
  paperId: number;
  answers: string;
  marks: string;
  signs: string;
  currentId: number | null;
  paused: number;
  state: string;
  score: number | null;
}

export class ExamStore {
  constructor(private readonly db: Db) {}

  private async questions(paperId: number): Promise<QuestionRow[]> {
    const rows = await this.db.all<QuestionRow>('SELECT * FROM exam_questions WHERE paper_id = ? ORDER BY sort', [paperId]);
    if (!rows.length) throw new ExamError('404', 'paper not found');
    return rows;
  }

  async record(userId: number, paperId: number): Promise<ExamRecord> {
    const qs = await this.questions(paperId);
    let row = await this.db.get<RecordRow>('SELECT * FROM exam_records WHERE user_id = ? AND paper_id = ?', [userId, paperId]);
    if (!row) {
      await this.db.run('INSERT INTO exam_records (user_id, paper_id, current_id, updated_at) VALUES (?,?,?,?)', [userId, paperId, qs[0]!.id, Date.now()]);
      row = (await this.db.get<RecordRow>('SELECT * FROM exam_records WHERE user_id = ? AND paper_id = ?', [userId, paperId]))!;
    }
    return {
      paperId,
      answers: JSON.parse(row.answers) as Record<string, string[]>,
      marks: JSON.parse(row.marks) as number[],
      signs: JSON.parse(row.signs) as number[],
      currentId: row.currentId,
      paused: row.paused === 1,
      state: row.state === 'submitted' ? 'submitted' : 'doing',
      score: row.score,
    };
  }

  private async save(userId: number, r: ExamRecord): Promise<void> {
    await this.db.run(
      'UPDATE exam_records SET answers = ?, marks = ?, signs = ?, current_id = ?, paused = ?, state = ?, score = ?, updated_at = ? WHERE user_id = ? AND paper_id = ?',
      [
        JSON.stringify(r.answers),
        JSON.stringify(r.marks),
        JSON.stringify(r.signs),
        r.currentId,
        r.paused ? 1 : 0,
        r.state,
        r.score,
        Date.now(),
        userId,
        r.paperId,
      ],
    );
  }

  /** A doing record for a write; a submitted or paused paper refuses answers. */
  private async writable(userId: number, paperId: number, allowPaused = false): Promise<ExamRecord> {
    const r = await this.record(userId, paperId);
    if (r.state === 'submitted') throw new ExamError('409', 'paper already submitted');
    if (r.paused && !allowPaused) throw new ExamError('423', 'paper is paused');
    return r;
  }

  private async question(paperId: number, questionId: number): Promise<QuestionRow> {
    const q = (await this.questions(paperId)).find((x) => x.id === questionId);
    if (!q) throw new ExamError('404', 'question not found');
    return q;
  }

  async paperQuestions(userId: number, paperId: number) {
    const [qs, record] = await Promise.all([this.questions(paperId), this.record(userId, paperId)]);
    const paper = await this.db.get<{ id: number; name: string; durationS: number }>('SELECT * FROM exam_papers WHERE id = ?', [paperId]);
    return {
      paper,
      questions: qs.map((q) => ({ id: q.id, sort: q.sort, type: q.type, stem: q.stem, options: JSON.parse(q.options) as string[], score: q.score })),
      record,
    };
  }

  async submitOne(userId: number, paperId: number, questionId: number, answer: unknown): Promise<ExamRecord> {
    const q = await this.question(paperId, questionId);
    const letters = normaliseAnswer(answer);
    const allowed = (JSON.parse(q.options) as string[]).map((o) => o.charAt(0));
    if (letters.some((l) => !allowed.includes(l))) throw new ExamError('400', 'answer is not an option');
    if (q.type !== 'multiple' && letters.length > 1) throw new ExamError('400', 'one answer only');
    const r = await this.writable(userId, paperId);
    if (letters.length) r.answers[String(questionId)] = letters;
    else delete r.answers[String(questionId)];
    r.currentId = questionId;
    await this.save(userId, r);
    return r;
  }

  async flag(kind: 'marks' | 'signs', userId: number, paperId: number, questionId: number, on: boolean): Promise<ExamRecord> {
    await this.question(paperId, questionId);
    const r = await this.writable(userId, paperId, true);
    const set = new Set(r[kind]);
    if (on) set.add(questionId);
    else set.delete(questionId);
    r[kind] = [...set].sort((a, b) => a - b);
    await this.save(userId, r);
    return r;
  }

  async switchQuestion(userId: number, paperId: number, questionId: number): Promise<ExamRecord> {
    await this.question(paperId, questionId);
    const r = await this.writable(userId, paperId);
    r.currentId = questionId;
    await this.save(userId, r);
    return r;
  }

  async setPaused(userId: number, paperId: number, paused: boolean): Promise<ExamRecord> {
    const r = await this.writable(userId, paperId, true);
    r.paused = paused;
    await this.save(userId, r);
    return r;
  }

  async submit(userId: number, paperId: number): Promise<ExamRecord> {
    const qs = await this.questions(paperId);
    const r = await this.writable(userId, paperId, true);
    r.score = qs.reduce((sum, q) => (sameAnswer(r.answers[String(q.id)] ?? [], JSON.parse(q.answer) as string[]) ? sum + q.score : sum), 0);
    r.state = 'submitted';
    r.paused = false;
    await this.save(userId, r);
    return r;
  }

  /** After submitting: every question with the right answer and the user's. */
  async review(userId: number, paperId: number) {
    const r = await this.record(userId, paperId);
    if (r.state !== 'submitted') throw new ExamError('409', 'paper not submitted yet');
    const qs = await this.questions(paperId);
    return {
      record: r,
      questions: qs.map((q) => {
        const answer = JSON.parse(q.answer) as string[];
        const mine = r.answers[String(q.id)] ?? [];
        return { id: q.id, type: q.type, stem: q.stem, options: JSON.parse(q.options) as string[], answer, mine, right: sameAnswer(mine, answer) };
      }),
    };
  }
}

function normaliseAnswer(v: unknown): string[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  const letters = list.map((x) => String(x).trim().toUpperCase()).filter(Boolean);
  return [...new Set(letters)].sort();
}

function sameAnswer(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}
