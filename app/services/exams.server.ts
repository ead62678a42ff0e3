import * as z from "zod/v4";
import { count, list, PageSchema } from "~/services/content-schemas.server";
import { EXAM_STATES, EXAM_TYPES } from "~/services/exam-links";
import { startPayment } from "~/services/payment.server";
import type { Portal } from "~/lib/portal.server";
import { id, text } from "~/lib/http/schemas.server";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/**
 * My exams (spec 001 §2 `/lib/subject/exampaper/examintro/{id}` and `/payresult`; §7 "Question bank and
 * exams": queryMyExamList, queryDetail, queryUserExamCount, queryExamRecord, handInPaper, pay, makePayOrder,
 * joinExam, queryPayInfo, /student/exercise/exam/record; decision 034). Service prefix /question.
 * An attempt is an exercise record: its questions, answers and time left come from the exercise-session
 * calls of qbank.server.ts.
 */
const EXAM = "/question/api/v1/front/exam";
const EXPECT = ["business" as const];

export const EXAM_PAGE_SIZE = 10;

const nullableNum = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)));
const flag = z
  .union([z.number(), z.string(), z.boolean()])
  .nullish()
  .transform((v) => v === 1 || v === "1" || v === true);

export const ExamSchema = z.looseObject({
  id,
  examName: text,
  examType: count,
  examState: count,
  startTime: count,
  endTime: count,
  duration: count,
  questionCount: count,
  totalScore: count,
  passScore: count,
  passMark: count,
  price: text,
  needPay: flag,
  payState: flag,
  faceFlag: flag,
  maxTimes: count,
  usedTimes: count,
  bestScore: nullableNum,
  doingRecordId: nullableNum,
  intro: text,
});
export type Exam = z.infer<typeof ExamSchema>;
export const ExamPageSchema = PageSchema(ExamSchema);
export type ExamPage = z.infer<typeof ExamPageSchema>;

export const AttemptSchema = z.looseObject({
  recordId: id,
  attemptNo: count,
  state: z.enum(["doing", "submitted"]).catch("doing"),
  startedAt: count,
  submittedAt: nullableNum,
  score: nullableNum,
  totalScore: count,
  passed: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  remainingS: nullableNum,
});
export type Attempt = z.infer<typeof AttemptSchema>;

export const PayStateSchema = z.looseObject({ examId: id, needPay: flag, price: text, payState: flag });
export const PayInfoSchema = z.looseObject({
  examId: id,
  examName: text,
  price: text,
  needPay: flag,
  payState: flag,
  orderNo: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  payResult: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});
export type PayInfo = z.infer<typeof PayInfoSchema>;
export const JoinSchema = z.looseObject({ examId: id, recordId: id, attemptNo: count, resumed: flag });
export const HandInSchema = z.looseObject({ examId: id, recordId: id, score: count, totalScore: count, rightCount: count, passed: z.boolean().catch(false) });
export const ExamOfRecordSchema = z.looseObject({ examId: id, examName: text, recordId: id, attemptNo: count, faceFlag: flag });
export type ExamOfRecord = z.infer<typeof ExamOfRecordSchema>;

/** The list's filters as the address carries them (`?examType=&examState=&examName=&page=`); anything else is "all". */
export type ExamFilters = { examType: 0 | 1 | 2; examState: 0 | 1 | 2 | 3; examName: string; page: number };

export function filtersOf(url: URL): ExamFilters {
  const pick = <T extends number>(v: string | null, allowed: readonly T[]): T | 0 => {
    const n = Number(v);
    return (allowed as readonly number[]).includes(n) ? (n as T) : 0;
  };
  const page = Number(url.searchParams.get("page"));
  return {
    examType: pick(url.searchParams.get("examType"), EXAM_TYPES),
    examState: pick(url.searchParams.get("examState"), EXAM_STATES),
    examName: (url.searchParams.get("examName") ?? "").trim().slice(0, 50),
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
  };
}

/** queryMyExamList with the spec's parameters: examType, examState, pageIndex, pageSize, examName. */
export function loadMyExams(upstream: Upstream, f: ExamFilters) {
  return upstream.call({
    path: `${EXAM}/queryMyExamList`,
    query: {
      examType: f.examType || undefined,
      examState: f.examState || undefined,
      examName: f.examName || undefined,
      pageIndex: f.page,
      pageSize: EXAM_PAGE_SIZE,
    },
    schema: ExamPageSchema,
  });
}

/** queryUserExamCount/{examType}/{examState} (0 = any): the count on each state tab. */
export async function loadExamCounts(upstream: Upstream, examType: number): Promise<Record<0 | 1 | 2 | 3, number>> {
  const states = [0, 1, 2, 3] as const;
  const answers = await Promise.all(
    states.map((s) => upstream.call({ path: `${EXAM}/queryUserExamCount/${examType}/${s}`, schema: z.looseObject({ count }) })),
  );
  return { 0: answers[0]!.count, 1: answers[1]!.count, 2: answers[2]!.count, 3: answers[3]!.count };
}

export function loadExam(upstream: Upstream, examId: number) {
  return upstream.call({ path: `${EXAM}/queryDetail/${examId}`, schema: ExamSchema, expect: EXPECT });
}

/** queryExamRecord/{examId}: past attempts and their scores, oldest first. */
export function loadExamRecord(upstream: Upstream, examId: number) {
  return upstream.call({ path: `${EXAM}/queryExamRecord/${examId}`, schema: list(AttemptSchema), expect: EXPECT });
}

/** exam/pay/{examId}: whether joining costs and is paid. */
export function loadExamPayState(upstream: Upstream, examId: number) {
  return upstream.call({ path: `${EXAM}/pay/${examId}`, schema: PayStateSchema, expect: EXPECT });
}

export function loadPayInfo(upstream: Upstream, examId: number) {
  return upstream.call({ path: `/question/api/v1/examUser/queryPayInfo/${examId}`, schema: PayInfoSchema, expect: EXPECT });
}

export function joinExam(portal: Portal, examId: number) {
  return portal.upstream.call({
    method: "POST",
    path: `${EXAM}/joinExam`,
    query: { schoolId: portal.schoolId },
    body: { examId },
    schema: JoinSchema,
    expect: EXPECT,
  });
}

/** The exam of an attempt (`GET /student/exercise/exam/record`). */
export function loadExamOfRecord(upstream: Upstream, recordId: number) {
  return upstream.call({ path: "/question/student/exercise/exam/record", query: { recordId }, schema: ExamOfRecordSchema, expect: EXPECT });
}

/** The typed answers of the paper form (`answer.{questionId}`), saved in one exercise-session batch submit. */
export function saveExamAnswers(portal: Portal, recordId: number, answers: Array<{ questionId: number; answer: string[]; at?: number }>) {
  if (!answers.length) return Promise.resolve(null);
  return portal.upstream.call({
    method: "POST",
    path: "/question/v1/exercise/session/batch/submit",
    query: { schoolId: portal.schoolId },
    body: { recordId, answers },
    schema: z.unknown(),
    expect: EXPECT,
  });
}

/** handInPaper/{recordId}. */
export function handInPaper(upstream: Upstream, recordId: number) {
  return upstream.call({ path: `${EXAM}/handInPaper/${recordId}`, schema: HandInSchema, expect: EXPECT });
}

/**
 * makePayOrder/{exerciseId} (query domain, added by the request function): the exam fee's unpaid order. The
 * provider's address is asked for by the pay-result page (`payProviderUrl`): a form's redirect to another
 * site meets the CSP `form-action 'self'` (see `/payment/pay`).
 */
export async function makeExamPayOrder(upstream: Upstream, examId: number): Promise<string> {
  const order = await upstream.call({
    method: "POST",
    path: `/question/api/v1/front/question/makePayOrder/${examId}`,
    schema: z.looseObject({ orderNo: z.string() }),
    charges: true,
    expect: EXPECT,
  });
  return order.orderNo;
}

/** The payment provider's address for the fee's order, coming back to `returnUrl`; undefined when refused. */
export function payProviderUrl(upstream: Upstream, orderNo: string, returnUrl: string): Promise<string | undefined> {
  // startPayment answers a business refusal as `{ refused }` (decision 038)
  return startPayment(upstream, orderNo, returnUrl).then((started) => ("payUrl" in started ? started.payUrl : undefined));
}

/** The upstream's exam refusals the pages translate (exams namespace `refuse.*`); any other shows its message. */
export const EXAM_REFUSALS: Readonly<Record<string, string>> = {
  "130010001": "notStarted",
  "130010002": "ended",
  "130010003": "unpaid",
  "130010004": "face",
  "130010005": "noTimes",
  "130010006": "free",
  "130010007": "paid",
};

export const FACE_REFUSAL = "130010004";

/** The form error of a business refusal: `refuse:<key>` for a known code, else `server:<message>`. */
export function refusalOf(error: unknown): string | null {
  if (!(error instanceof UpstreamError) || error.kind !== "business") return null;
  const key = error.code ? EXAM_REFUSALS[error.code] : undefined;
  if (key) return `refuse:${key}`;
  return `server:${error.upstreamMessage ?? error.code ?? ""}`;
}

/** A business `404` (no such exam, or not this student's). */
export function examNotFound(error: unknown): boolean {
  return error instanceof UpstreamError && error.kind === "business" && error.code === "404";
}

/** What a student may do with an exam now: its one action on the intro page. */
export type ExamAction = "continue" | "pay" | "join" | "notStarted" | "ended" | "noTimes";

export function examAction(e: Pick<Exam, "examState" | "doingRecordId" | "needPay" | "payState" | "maxTimes" | "usedTimes">): ExamAction {
  if (e.doingRecordId !== null) return "continue";
  if (e.examState === 1) return "notStarted";
  if (e.examState === 3) return "ended";
  if (e.needPay && !e.payState) return "pay";
  if (e.maxTimes > 0 && e.usedTimes >= e.maxTimes) return "noTimes";
  return "join";
}

/** `YYYY-MM-DD HH:mm` in the school's zone (UTC+8), for exam times and attempts. */
export function examTimeText(ms: number | null): string {
  if (!ms) return "";
  const d = new Date(ms + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
