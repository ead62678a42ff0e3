/**
 * The question bank's addresses (spec 001 §2: the fifth path segment of doing and report is the record
 * id, as the login's merge rewrite, app/services/exercise-merge.ts, expects). Shared by server and browser.
 */
export const QBANK_HOME = "/lib/subject";
export const overviewHref = (subjectId: number) => `/lib/subject/overview/${subjectId}`;
/** `n` is the question number, 1-based. */
export const doingHref = (recordId: number, n?: number) => `/lib/subject/doing/${recordId}${n ? `?n=${n}` : ""}`;
export const reportHref = (recordId: number) => `/lib/subject/report/${recordId}`;
/** The report with one explanation's media previewed in place (`media` the preview call: audio, video, short). */
export const reportMediaHref = (recordId: number, questionId: number, media: string) =>
  `/lib/subject/report/${recordId}?play=${questionId}&media=${media}#q-${questionId}`;
/** A chapter's page (its sections, progress, practice); `page` pages its sections. */
export const chapterHref = (chapterId: number, page?: number) => `/lib/subject/chapter/${chapterId}${page && page > 1 ? `?page=${page}` : ""}`;
/** A section's page (its questions with the student's state, progress, practice). */
export const sectionHref = (sectionId: number) => `/lib/subject/section/${sectionId}`;
export const wrongHref = (subjectId?: number) => `/lib/subject/wrong${subjectId ? `?subjectId=${subjectId}` : ""}`;
export const collectHref = "/lib/subject/collect";
export const statisticsHref = (by?: string) => `/lib/subject/statistics${by ? `?by=${by}` : ""}`;

/** The preview calls of an explanation's media (decision 035): audio, video, or the short-answer question's video. */
export const PREVIEW_KINDS = ["audio", "video", "short"] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** Which preview call plays a question's media (a short answer's video has its own, spec 001 §7); null for a picture or none. */
export function previewKindOf(q: { kind: string; media: { kind: "audio" | "video" | "image" } | null }): PreviewKind | null {
  if (!q.media || q.media.kind === "image") return null;
  return q.media.kind === "video" && q.kind === "short" ? "short" : q.media.kind;
}
