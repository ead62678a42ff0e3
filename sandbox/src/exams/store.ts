import type { InStatement } from '@libsql/client';
import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { hashPassword, seedSalt } from '../db.js';
import { SEED_PASSWORD } from '../seed.js';
import { FIRST_RECORD_ID, QbankError, QbankStore, type Who } from '../qbank/store.js';
import { scoreQuestion } from '../qbank/content.js';
import { FACE_PASS_TTL_MS } from '../routes/study-agreements.js';
import { ORDER_STATUS } from '../shop/store.js';
import { orderNumber } from '../shop/order-number.js';

/**
 * "My exams" (spec 001 §2 exam routes, §7 queryMyExamList ... joinExam, makePayOrder; decision 034): the
 * exams a student is given, their attempts and their fee. An attempt is a question-bank record (exercise
 * type 9) of the exam's questions with the exam's deadline, so the exercise-session calls and the socket's
 * exam ops (sandbox/src/realtime/exam-socket.ts) answer it like any record; scores come from the record.
 * Tables beside the main schema, an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 */
export const EXAMS_SEED_VERSION = '1';
export const EXAM_EXERCISE_TYPE = 9;
/** The exam fee's commodity type in the shop's orders (1-5 are the shop's). */
export const EXAM_COMMODITY = 6;

const TABLES = ['exams_exams', 'exams_users', 'exams_attempts'];
const SCHEMA = `
CREATE TABLE exams_exams (
  id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL, name TEXT NOT NULL, exam_type INTEGER NOT NULL,
  subject_id INTEGER NOT NULL, question_ids TEXT NOT NULL, duration_s INTEGER NOT NULL, start_at INTEGER NOT NULL,
  end_at INTEGER NOT NULL, price_cents INTEGER NOT NULL, face_flag INTEGER NOT NULL, max_times INTEGER NOT NULL,
  pass_score INTEGER NOT NULL, intro TEXT NOT NULL);
CREATE TABLE exams_users (exam_id INTEGER NOT NULL, user_id INTEGER NOT NULL, order_no TEXT, PRIMARY KEY (exam_id, user_id));
CREATE TABLE exams_attempts (
  record_id INTEGER PRIMARY KEY, exam_id INTEGER NOT NULL, user_id INTEGER NOT NULL, attempt_no INTEGER NOT NULL,
  UNIQUE (exam_id, user_id, attempt_no));
`;

/** examType (chosen: the spec names the filter, not its values): 1 formal exam, 2 mock exam. */
export const EXAM_TYPES = { formal: 1, mock: 2 } as const;
/** examState: 1 not started, 2 in progress (open for joining), 3 ended. */
export const EXAM_STATES = { notStarted: 1, open: 2, ended: 3 } as const;

/** Seed users of the exam journeys: ids 3300-3319, mobiles 1370000xxxx; 3310-3319 must pass face verification. */
export const EXAM_USERS = Array.from({ length: 20 }, (_, i) => ({ id: 3300 + i, username: `exam${String(i).padStart(2, '0')}`, mobile: `1370000${3300 + i}` }));
export const FACE_USER_FROM = 3310;
/** The demo student (student01, the bench's user) is given the exams too, to look at them after `npm start`. */
export const DEMO_STUDENT = 1001;

const DAY = 86_400_000;

/** The seeded exams (times relative to the seeding), every one given to every exam seed user and to student01. */
export function seedExams(now: number) {
  const q = (subjectId: number, from: number) => Array.from({ length: 10 }, (_, i) => (subjectId - 200) * 1000 + from + i);
  return [
    {
      id: 9101,
      name: '人力资源管理师（三级）正式考试',
      examType: 1,
      subjectId: 201,
      questionIds: q(201, 1),
      durationS: 1800,
      startAt: now - DAY,
      endAt: now + 30 * DAY,
      priceCents: 0,
      faceFlag: 0,
      maxTimes: 1,
      passScore: 60,
      intro: '本场考试共 10 题，限时 30 分钟，仅可参加 1 次。交卷后可在考试记录中查看成绩。',
    },
    {
      id: 9102,
      name: '初级会计实务模拟考试',
      examType: 2,
      subjectId: 203,
      questionIds: q(203, 1),
      durationS: 1200,
      startAt: now - DAY,
      endAt: now + 30 * DAY,
      priceCents: 0,
      faceFlag: 0,
      maxTimes: 0,
      passScore: 60,
      intro: '模拟考试不限次数，限时 20 分钟。',
    },
    {
      id: 9103,
      name: '经济法基础付费考试',
      examType: 1,
      subjectId: 204,
      questionIds: q(204, 1),
      durationS: 1800,
      startAt: now - DAY,
      endAt: now + 30 * DAY,
      priceCents: 2990,
      faceFlag: 0,
      maxTimes: 2,
      passScore: 60,
      intro: '本场考试需支付考试费 29.90 元，支付后可参加 2 次。',
    },
    {
      id: 9104,
      name: '税法人脸核验考试',
      examType: 1,
      subjectId: 205,
      questionIds: q(205, 1),
      durationS: 1800,
      startAt: now - DAY,
      endAt: now + 30 * DAY,
      priceCents: 0,
      faceFlag: 1,
      maxTimes: 2,
      passScore: 60,
      intro: '本场考试开考前需完成人脸识别。',
    },
    {
      id: 9105,
      name: '计算机基础期末考试',
      examType: 1,
      subjectId: 206,
      questionIds: q(206, 1),
      durationS: 3600,
      startAt: now + 3 * DAY,
      endAt: now + 10 * DAY,
      priceCents: 0,
      faceFlag: 0,
      maxTimes: 1,
      passScore: 60,
      intro: '考试尚未开始，请在开考后进入。',
    },
    {
      id: 9106,
      name: '劳动关系协调员模拟考试（往期）',
      examType: 2,
      subjectId: 202,
      questionIds: q(202, 1),
      durationS: 1200,
      startAt: now - 20 * DAY,
      endAt: now - DAY,
      priceCents: 0,
      faceFlag: 0,
      maxTimes: 0,
      passScore: 60,
      intro: '本场考试已结束。',
    },
  ];
}

const USER_SALT = seedSalt('exam-users');

function userStatements(): InStatement[] {
  return [
    ...EXAM_USERS.flatMap((u) => [
      { sql: 'DELETE FROM users WHERE id = ?', args: [u.id] },
      {
        sql: 'INSERT INTO users (id, company_id, school_id, username, mobile, nick_name, password_hash) VALUES (?,?,?,?,?,?,?)',
        args: [u.id, 1, 1, u.username, u.mobile, `考试学员${u.id - 3299}`, hashPassword(SEED_PASSWORD, USER_SALT)],
      },
    ]),
    { sql: "DELETE FROM meta WHERE key = 'exams_users'", args: [] },
    { sql: "INSERT INTO meta (key, value) VALUES ('exams_users', ?)", args: [EXAMS_SEED_VERSION] },
  ];
}

/** Registered in `AREAS` (src/areas.ts), after the question bank, the agreements (face rows) and the shop. */
export const examsArea: Area = {
  name: 'exams',
  schema: SCHEMA,
  async seed(ctx, now) {
    const s: InStatement[] = userStatements();
    for (const e of seedExams(now)) {
      s.push({
        sql: `INSERT INTO exams_exams (id, company_id, name, exam_type, subject_id, question_ids, duration_s, start_at, end_at, price_cents, face_flag, max_times, pass_score, intro)
        VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
        args: [
          e.id,
          1,
          e.name,
          e.examType,
          e.subjectId,
          JSON.stringify(e.questionIds),
          e.durationS,
          e.startAt,
          e.endAt,
          e.priceCents,
          e.faceFlag,
          e.maxTimes,
          e.passScore,
          e.intro,
        ],
      });
      for (const id of [...EXAM_USERS.map((u) => u.id), DEMO_STUDENT])
        s.push({ sql: 'INSERT INTO exams_users (exam_id, user_id) VALUES (?,?)', args: [e.id, id] });
    }
    // 3310-3319: face verification required (name and ID number on file: status 1 until passed)
    for (const u of EXAM_USERS.filter((x) => x.id >= FACE_USER_FROM)) {
      s.push({
        sql: `INSERT INTO agr_face (user_id, required, name, identity_id) VALUES (?,1,?,?)
        ON CONFLICT (user_id) DO UPDATE SET required = 1, name = excluded.name, identity_id = excluded.identity_id, passed_at = NULL`,
        args: [u.id, '考试同学', '110101199001011234'],
      });
    }
    s.push({ sql: "INSERT INTO meta (key, value) VALUES ('exams_seed', ?)", args: [EXAMS_SEED_VERSION] });
    await ctx.db.batch(s);
  },
};

/** The business refusals of the exam calls (code, message), as the upstream answers them. */
export const EXAM_FAILS = {
  notFound: ['404', '考试不存在'],
  notStarted: ['130010001', '考试尚未开始'],
  ended: ['130010002', '考试已结束'],
  unpaid: ['130010003', '请先支付考试费用'],
  face: ['130010004', '请先完成人脸识别'],
  noTimes: ['130010005', '考试次数已用完'],
  free: ['130010006', '该考试无需支付'],
  paid: ['130010007', '考试费用已支付'],
  handedIn: ['409', '已交卷'],
} as const;
export type ExamFail = keyof typeof EXAM_FAILS;

export class ExamsError extends Error {
  readonly code: string;
  constructor(readonly key: ExamFail) {
    super(EXAM_FAILS[key][1]);
    this.code = EXAM_FAILS[key][0];
  }
}

interface ExamRow {
  id: number;
  companyId: number;
  name: string;
  examType: number;
  subjectId: number;
  questionIds: string;
  durationS: number;
  startAt: number;
  endAt: number;
  priceCents: number;
  faceFlag: number;
  maxTimes: number;
  passScore: number;
  intro: string;
}
interface AttemptView {
  recordId: number;
  attemptNo: number;
  state: 'doing' | 'submitted';
  startedAt: number;
  submittedAt: number | null;
  score: number | null;
  totalScore: number;
  passed: boolean | null;
  remainingS: number | null;
}

export const stateOf = (e: Pick<ExamRow, 'startAt' | 'endAt'>, now = Date.now()) =>
  now < e.startAt ? EXAM_STATES.notStarted : now >= e.endAt ? EXAM_STATES.ended : EXAM_STATES.open;

/** The company's face status for a user (as study-agreements.ts answers GET companyFaceVerify/check). */
export async function faceStatusOf(ctx: Ctx, userId: number): Promise<0 | 1 | 2> {
  const row = await ctx.db.get<{ required: number; name: string | null; identityId: string | null; passedAt: number | null }>(
    'SELECT required, name, identity_id, passed_at FROM agr_face WHERE user_id = ?',
    [userId],
  );
  if (!row || !row.required) return 0;
  if (row.passedAt && row.passedAt + FACE_PASS_TTL_MS > Date.now()) return 0;
  return row.name && row.identityId ? 1 : 2;
}

/** Total of a percentage pass mark: passScore is a percentage of the paper's total, rounded up. */
export const passMark = (passScore: number, totalScore: number) => Math.ceil((passScore * totalScore) / 100);

export class ExamsStore {
  private readonly qbank: QbankStore;
  constructor(readonly ctx: Ctx) {
    this.qbank = new QbankStore(ctx);
  }
  private get db() {
    return this.ctx.db;
  }

  private async mine(userId: number, examId: number): Promise<ExamRow & { orderNo: string | null }> {
    const e = await this.db.get<ExamRow & { orderNo: string | null }>(
      'SELECT e.*, u.order_no FROM exams_exams e JOIN exams_users u ON u.exam_id = e.id AND u.user_id = ? WHERE e.id = ?',
      [userId, examId],
    );
    if (!e) throw new ExamsError('notFound');
    return e;
  }

  private async paid(e: { priceCents: number; orderNo: string | null }): Promise<boolean> {
    if (e.priceCents === 0) return true;
    if (!e.orderNo) return false;
    const o = await this.db.get<{ status: number }>('SELECT status FROM shop_orders WHERE order_no = ?', [e.orderNo]);
    return o?.status === ORDER_STATUS.PAID;
  }

  private async totalOf(e: ExamRow): Promise<number> {
    const qs = await this.qbank.questions(JSON.parse(e.questionIds) as number[]);
    return qs.reduce((a, q) => a + q.score, 0);
  }

  /** The attempts of a user at an exam, a timed one past its end handed in first (so the record shows its score). */
  async attempts(userId: number, examId: number): Promise<AttemptView[]> {
    const e = await this.mine(userId, examId);
    const rows = await this.db.all<{ recordId: number; attemptNo: number }>(
      'SELECT record_id, attempt_no FROM exams_attempts WHERE exam_id = ? AND user_id = ? ORDER BY attempt_no',
      [examId, userId],
    );
    const who: Who = { userId, clientId: null, schoolId: 0 };
    const out: AttemptView[] = [];
    for (const a of rows) {
      const s = this.qbank.state(await this.qbank.owned(who, a.recordId));
      out.push({
        recordId: a.recordId,
        attemptNo: a.attemptNo,
        state: s.state === 'submitted' ? 'submitted' : 'doing',
        startedAt: s.startedAt,
        submittedAt: s.submittedAt,
        score: s.score,
        totalScore: s.totalScore,
        passed: s.score === null ? null : s.score >= passMark(e.passScore, s.totalScore),
        remainingS: s.remainingS,
      });
    }
    return out;
  }

  private async view(userId: number, e: ExamRow & { orderNo: string | null }, now = Date.now()) {
    const [attempts, paid, totalScore] = await Promise.all([this.attempts(userId, e.id), this.paid(e), this.totalOf(e)]);
    const scores = attempts.map((a) => a.score).filter((s): s is number => s !== null);
    const doing = attempts.find((a) => a.state === 'doing');
    return {
      id: e.id,
      examName: e.name,
      examType: e.examType,
      examState: stateOf(e, now),
      startTime: e.startAt,
      endTime: e.endAt,
      duration: Math.round(e.durationS / 60),
      questionCount: (JSON.parse(e.questionIds) as number[]).length,
      totalScore,
      passScore: e.passScore,
      passMark: passMark(e.passScore, totalScore),
      price: (e.priceCents / 100).toFixed(2),
      needPay: e.priceCents > 0 ? 1 : 0,
      payState: paid ? 1 : 0,
      faceFlag: e.faceFlag,
      maxTimes: e.maxTimes,
      usedTimes: attempts.length,
      bestScore: scores.length ? Math.max(...scores) : null,
      doingRecordId: doing?.recordId ?? null,
      intro: e.intro,
    };
  }

  /** queryMyExamList: examType (0/absent all), examState (0/absent all), examName (contains), pageIndex, pageSize. */
  async list(userId: number, f: { examType?: number; examState?: number; examName?: string; pageIndex: number; pageSize: number }) {
    const rows = await this.filtered(userId, f);
    const size = Math.min(Math.max(1, f.pageSize || 10), 50);
    const current = Math.max(1, f.pageIndex || 1);
    const records = await Promise.all(rows.slice((current - 1) * size, current * size).map((e) => this.view(userId, e)));
    return { records, total: rows.length, current, size };
  }

  private async filtered(userId: number, f: { examType?: number; examState?: number; examName?: string }) {
    const now = Date.now();
    const name = f.examName?.trim().toLowerCase();
    const rows = await this.db.all<ExamRow & { orderNo: string | null }>(
      'SELECT e.*, u.order_no FROM exams_exams e JOIN exams_users u ON u.exam_id = e.id AND u.user_id = ? ORDER BY e.start_at DESC, e.id',
      [userId],
    );
    return rows.filter(
      (e) => (!f.examType || e.examType === f.examType) && (!f.examState || stateOf(e, now) === f.examState) && (!name || e.name.toLowerCase().includes(name)),
    );
  }

  /** queryUserExamCount/{examType}/{examState} (0 = any). */
  async count(userId: number, examType: number, examState: number) {
    return { count: (await this.filtered(userId, { examType, examState })).length };
  }

  async detail(userId: number, examId: number) {
    return this.view(userId, await this.mine(userId, examId));
  }

  /** exam/pay/{id}: what joining costs and whether it is paid. */
  async payState(userId: number, examId: number) {
    const e = await this.mine(userId, examId);
    return { examId, needPay: e.priceCents > 0 ? 1 : 0, price: (e.priceCents / 100).toFixed(2), payState: (await this.paid(e)) ? 1 : 0, orderNo: e.orderNo };
  }

  /** examUser/queryPayInfo/{id}: the exam's fee order as the payment left it. */
  async payInfo(userId: number, examId: number) {
    const e = await this.mine(userId, examId);
    const o = e.orderNo
      ? await this.db.get<{ orderNo: string; status: number; payCents: number; payResult: string | null; paidAt: number | null }>(
          'SELECT order_no, status, pay_cents, pay_result, paid_at FROM shop_orders WHERE order_no = ?',
          [e.orderNo],
        )
      : undefined;
    return {
      examId,
      examName: e.name,
      price: (e.priceCents / 100).toFixed(2),
      needPay: e.priceCents > 0 ? 1 : 0,
      payState: (await this.paid(e)) ? 1 : 0,
      orderNo: o?.orderNo ?? null,
      orderStatus: o?.status ?? null,
      payResult: o?.payResult ?? null,
      paidAt: o?.paidAt ?? null,
    };
  }

  /** makePayOrder/{exerciseId}: an unpaid order for the exam's fee (the same one while it stays unpaid). */
  async makePayOrder(userId: number, schoolId: number, examId: number) {
    const e = await this.mine(userId, examId);
    if (e.priceCents === 0) throw new ExamsError('free');
    if (await this.paid(e)) throw new ExamsError('paid');
    if (stateOf(e) === EXAM_STATES.ended) throw new ExamsError('ended');
    if (e.orderNo) {
      const o = await this.db.get<{ status: number }>('SELECT status FROM shop_orders WHERE order_no = ?', [e.orderNo]);
      if (o?.status === ORDER_STATUS.UNPAID) return { orderNo: e.orderNo, payCents: e.priceCents, price: (e.priceCents / 100).toFixed(2) };
    }
    const now = Date.now();
    const orderNo = orderNumber(now);
    await this.db.batch([
      {
        sql: `INSERT INTO shop_orders (order_no, user_id, school_id, status, subtotal_cents, member_cents, coupon_cents, user_coupon_id, points_used,
        points_cents, card_code, card_cents, balance_cents, pay_cents, total_cents, idem_key, created_at, paid_at) VALUES (?,?,?,?,?,0,0,NULL,0,0,NULL,0,0,?,?,?,?,NULL)`,
        args: [orderNo, userId, schoolId, ORDER_STATUS.UNPAID, e.priceCents, e.priceCents, e.priceCents, `exam-${examId}-${now}`, now],
      },
      {
        sql: 'INSERT INTO shop_order_items (order_no, commodity_type, commodity_id, commodity_name, buy_source, price_cents, member_price_cents) VALUES (?,?,?,?,NULL,?,NULL)',
        args: [orderNo, EXAM_COMMODITY, examId, e.name, e.priceCents],
      },
      { sql: 'UPDATE exams_users SET order_no = ? WHERE exam_id = ? AND user_id = ?', args: [orderNo, examId, userId] },
    ]);
    return { orderNo, payCents: e.priceCents, price: (e.priceCents / 100).toFixed(2) };
  }

  /**
   * joinExam: the open attempt again, or a new one when the exam is open, paid, the face check passed
   * (face exams) and attempts are left. Refusals in this order: window, fee, face, attempts.
   */
  async join(userId: number, schoolId: number, examId: number) {
    const e = await this.mine(userId, examId);
    const now = Date.now();
    const state = stateOf(e, now);
    if (state === EXAM_STATES.notStarted) throw new ExamsError('notStarted');
    if (state === EXAM_STATES.ended) throw new ExamsError('ended');
    const attempts = await this.attempts(userId, examId);
    const doing = attempts.find((a) => a.state === 'doing');
    if (doing) return { examId, recordId: doing.recordId, attemptNo: doing.attemptNo, resumed: true };
    if (!(await this.paid(e))) throw new ExamsError('unpaid');
    if (e.faceFlag && (await faceStatusOf(this.ctx, userId)) !== 0) throw new ExamsError('face');
    if (e.maxTimes > 0 && attempts.length >= e.maxTimes) throw new ExamsError('noTimes');
    const ids = JSON.parse(e.questionIds) as number[];
    const total = await this.totalOf(e);
    const deadline = Math.min(now + e.durationS * 1000, e.endAt);
    const { lastId } = await this.db.run(
      `INSERT INTO qbank_records (id, user_id, client_id, school_id, subject_id, paper_id, exercise_type, title, question_ids, duration_s, started_at, deadline_at, total_score, parent_id)
       VALUES ((SELECT COALESCE(MAX(id), ${FIRST_RECORD_ID - 1}) + 1 FROM qbank_records),?,NULL,?,?,NULL,?,?,?,?,?,?,?,NULL)`,
      [userId, schoolId, e.subjectId, EXAM_EXERCISE_TYPE, e.name, JSON.stringify(ids), e.durationS, now, deadline, total],
    );
    const attemptNo = attempts.length + 1;
    await this.db.run('INSERT INTO exams_attempts (record_id, exam_id, user_id, attempt_no) VALUES (?,?,?,?)', [lastId, examId, userId, attemptNo]);
    return { examId, recordId: lastId, attemptNo, resumed: false };
  }

  /** The exam an attempt (record) belongs to: GET /student/exercise/exam/record?recordId=. */
  async examOfRecord(userId: number, recordId: number) {
    const a = await this.db.get<{ examId: number; attemptNo: number }>('SELECT exam_id, attempt_no FROM exams_attempts WHERE record_id = ? AND user_id = ?', [
      recordId,
      userId,
    ]);
    if (!a) throw new ExamsError('notFound');
    const e = await this.mine(userId, a.examId);
    return { examId: e.id, examName: e.name, examType: e.examType, recordId, attemptNo: a.attemptNo, faceFlag: e.faceFlag, passScore: e.passScore };
  }

  /** handInPaper/{recordId}: hands the attempt in (once) and answers its score. */
  async handIn(userId: number, recordId: number) {
    const exam = await this.examOfRecord(userId, recordId);
    const s = await this.qbank.submit({ userId, clientId: null, schoolId: 0 }, recordId);
    return {
      examId: exam.examId,
      recordId,
      score: s.score ?? 0,
      totalScore: s.totalScore,
      rightCount: s.rightCount ?? 0,
      passed: (s.score ?? 0) >= passMark(exam.passScore, s.totalScore),
    };
  }

  /** The socket's examFace op: 0 go on, else the face status the face flow starts from (1 verify, 2 face info). */
  async examFace(userId: number, examId: number) {
    const e = await this.mine(userId, examId);
    return { examId, faceFlag: e.faceFlag, status: e.faceFlag ? await faceStatusOf(this.ctx, userId) : 0 };
  }

  /** For tests: the right answers of an attempt's questions. */
  async key(recordId: number) {
    const r = await this.db.get<{ questionIds: string }>('SELECT question_ids FROM qbank_records WHERE id = ? AND exercise_type = ?', [
      recordId,
      EXAM_EXERCISE_TYPE,
    ]);
    if (!r) throw new QbankError('404', '练习记录不存在');
    const qs = await this.qbank.questions(JSON.parse(r.questionIds) as number[]);
    return qs.map((q) => ({ questionId: q.id, kind: q.kind, answer: q.answer, score: q.score, full: scoreQuestion(q, q.answer).score }));
  }

  /** For tests: moves an attempt's deadline (seconds from now). */
  async setDeadline(recordId: number, inS: number) {
    await this.db.run('UPDATE qbank_records SET deadline_at = ? WHERE id = ? AND exercise_type = ?', [Date.now() + inS * 1000, recordId, EXAM_EXERCISE_TYPE]);
  }
}
