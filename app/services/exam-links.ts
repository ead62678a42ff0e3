/**
 * The addresses of "my exams" (spec 001 §2: `/lib/subject/exampaper/examintro/{id}` and
 * `/lib/subject/exampaper/payresult`; the list and the paper are this portal's, decision 034).
 * Server and browser.
 */
export const EXAM_LIST = "/lib/subject/exampaper";

/** examType (1 formal, 2 mock) and examState (1 not started, 2 open, 3 ended): 0 or absent = all. */
export const EXAM_TYPES = [1, 2] as const;
export const EXAM_STATES = [1, 2, 3] as const;

export function examListHref(q: { examType?: number; examState?: number; examName?: string; page?: number } = {}): string {
  const search = new URLSearchParams();
  if (q.examType) search.set("examType", String(q.examType));
  if (q.examState) search.set("examState", String(q.examState));
  if (q.examName) search.set("examName", q.examName);
  if (q.page && q.page > 1) search.set("page", String(q.page));
  const text = search.toString();
  return text ? `${EXAM_LIST}?${text}` : EXAM_LIST;
}

export const examIntroHref = (examId: number, handedIn?: number) => `/lib/subject/exampaper/examintro/${examId}${handedIn ? `?handedIn=${handedIn}` : ""}`;

/** The timed paper of one attempt (the attempt's exercise record id is the last segment). */
export const examPaperHref = (recordId: number) => `/lib/subject/exampaper/paper/${recordId}`;

export const PAY_RESULT_PATH = "/lib/subject/exampaper/payresult";
export const payResultHref = (examId: number) => `${PAY_RESULT_PATH}?examId=${examId}`;
