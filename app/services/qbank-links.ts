/**
 * The question bank's addresses (spec 001 §2: the fifth path segment of doing and report is the record
 * id, as the login's merge rewrite, app/services/exercise-merge.ts, expects). Shared by server and browser.
 */
export const QBANK_HOME = "/lib/subject";
export const overviewHref = (subjectId: number) => `/lib/subject/overview/${subjectId}`;
/** `n` is the question number, 1-based. */
export const doingHref = (recordId: number, n?: number) => `/lib/subject/doing/${recordId}${n ? `?n=${n}` : ""}`;
export const reportHref = (recordId: number) => `/lib/subject/report/${recordId}`;
export const wrongHref = (subjectId?: number) => `/lib/subject/wrong${subjectId ? `?subjectId=${subjectId}` : ""}`;
export const collectHref = "/lib/subject/collect";
export const statisticsHref = (by?: string) => `/lib/subject/statistics${by ? `?by=${by}` : ""}`;
