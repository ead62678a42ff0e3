import * as z from "zod/v4";
import { KINDS, type QuestionKind } from "~/forms/qbank";
import { count, list, PageSchema } from "~/services/content-schemas.server";
import type { Portal } from "~/lib/portal.server";
import type { PreviewKind } from "~/services/qbank-links";
import { id, text } from "~/lib/http/schemas.server";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/**
 * The question bank and exercise calls of spec 001 §7 (service prefix /question; points under /external).
 * Paths the spec does not show are the ones decision 027 chose with the sandbox.
 */

const num = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)));
const ids = z
  .array(id)
  .nullish()
  .transform((v) => v ?? []);
const answerMap = z
  .record(z.string(), z.array(z.string()))
  .nullish()
  .transform((v) => v ?? {});

export { KINDS, type QuestionKind };
const kind = z.enum(KINDS);

export const StatisticsSchema = z.looseObject({
  recordCount: count,
  submittedCount: count,
  answeredCount: count,
  rightCount: count,
  rightRate: count,
  studyDays: count,
});
export const CategorySchema = z.looseObject({ id, name: text, subjectCount: count, questionCount: count });
export const SubjectSchema = z.looseObject({ id, name: text, categoryId: id, categoryName: text, questionCount: count });
export const UnfinishedSchema = z.looseObject({ recordId: id, title: text, subjectId: id, answered: count, total: count, currentIndex: count }).nullable();

const SectionSchema = z.looseObject({ id, name: text, questionCount: count, doneCount: count });
export const OverviewSchema = z.looseObject({
  subject: z.looseObject({ id, name: text, categoryId: id, questionCount: count, doneCount: count }),
  chapters: list(SectionSchema.extend({ sections: list(SectionSchema) })),
  papers: list(z.looseObject({ id, name: text, kind: z.enum(["practice", "exam"]), durationS: num, questionCount: count, totalScore: count })),
  wrongCount: count,
  collectCount: count,
});
export type Overview = z.infer<typeof OverviewSchema>;

export const RecordSchema = z.looseObject({
  recordId: id,
  subjectId: id,
  paperId: num,
  exerciseType: id,
  title: text,
  questionIds: ids,
  answers: answerMap,
  marks: ids,
  signs: ids,
  currentIndex: count,
  state: z.enum(["doing", "paused", "submitted"]),
  timed: z.boolean().nullish().transform(Boolean),
  durationS: num,
  remainingS: num,
  startedAt: count,
  submittedAt: num,
  score: num,
  totalScore: count,
  rightCount: num,
  points: num,
  parentId: num,
  anonymous: z.boolean().nullish().transform(Boolean),
});
export type ExerciseRecord = z.infer<typeof RecordSchema>;

export const QuestionSchema = z.looseObject({
  id,
  kind,
  stem: text,
  options: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  score: count,
  blanks: count,
});
export type Question = z.infer<typeof QuestionSchema>;
export const PaperQuestionsSchema = z.looseObject({ record: RecordSchema, questions: list(QuestionSchema) });
export type PaperQuestions = z.infer<typeof PaperQuestionsSchema>;

/** An explanation's media (decision 035): its id is the question's; only a picture carries its URL, audio and video are previewed. */
const MediaSchema = z
  .looseObject({
    id,
    kind: z.enum(["audio", "video", "image"]),
    seconds: count,
    url: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
  })
  .nullish()
  .transform((v) => v ?? null);
export const ReportSchema = z.looseObject({
  record: RecordSchema,
  questions: list(
    QuestionSchema.extend({
      answer: z.array(z.string()),
      mine: z.array(z.string()),
      gained: count,
      right: z.boolean(),
      analysis: text,
      media: MediaSchema,
      collected: z.boolean().nullish().transform(Boolean),
    }),
  ),
  wrongIds: ids,
});
export type Report = z.infer<typeof ReportSchema>;
export const PointsSchema = z.looseObject({ recordId: id, points: count, total: count });
export const MergeSchema = z.array(z.looseObject({ oldRecordId: id, recordId: id }));

/** Start kinds of the overview page (spec 001 §7 exercise generation). */
export const START_KINDS = ["chapter", "order", "paper", "daily", "smart", "quick"] as const;
export type StartKind = (typeof START_KINDS)[number];

/** Query every exercise call carries: the school, and the visitor's client id (spec 001 §7). */
function who(portal: Portal) {
  return { schoolId: portal.schoolId, clientId: portal.clientId };
}

/** Business failures the pages turn into messages or 404s. */
const EXPECT = ["business" as const];

export function loadStatistics(upstream: Upstream) {
  return upstream.call({ path: "/question/v1/question/front/user/statistics", schema: StatisticsSchema });
}
export function loadStudiedCategories(upstream: Upstream, page: number, pageSize = 10) {
  return upstream.call({ path: "/question/v1/question/front/user/studied/categories", query: { page, pageSize }, schema: PageSchema(CategorySchema) });
}
export function loadAllCategories(portal: Portal, page: number, pageSize = 10) {
  return portal.upstream.call({
    path: "/question/v1/question/front/user/all/categories",
    query: { page, pageSize, schoolIdParam: portal.schoolId },
    schema: PageSchema(CategorySchema),
  });
}
/**
 * `GET /v1/question/categories` (spec 001 §7): every category of the school, unpaged: the subject filter's
 * choices (the paged `all/categories` are the category cards; a filter built from one page of them missed
 * the categories on the other pages).
 */
export function loadCategoryOptions(upstream: Upstream) {
  return upstream.call({ path: "/question/v1/question/categories", schema: list(z.looseObject({ id, name: text })) });
}
export function loadSubjects(upstream: Upstream, q: { page: number; pageSize?: number; categoryId?: number; keyword?: string }) {
  return upstream.call({
    path: "/question/v1/question/subjects",
    query: { page: q.page, pageSize: q.pageSize ?? 12, categoryId: q.categoryId, keyword: q.keyword || undefined },
    schema: PageSchema(SubjectSchema),
  });
}
export function loadUnfinished(portal: Portal) {
  return portal.upstream.call({ path: "/question/v1/exercise/unfinished", query: who(portal), schema: UnfinishedSchema });
}
export function loadOverview(portal: Portal, subjectId: number) {
  return portal.upstream.call({ path: `/question/v1/exercise/overview/${subjectId}`, query: who(portal), schema: OverviewSchema, expect: EXPECT });
}

export const DailySchema = z.looseObject({
  today: z
    .looseObject({ recordId: id, state: z.enum(["doing", "paused", "submitted"]), score: num, totalScore: count })
    .nullish()
    .transform((v) => v ?? null),
  rank: list(z.looseObject({ rank: count, userId: id, nickName: text, score: count, rightCount: count, me: z.boolean().nullish().transform(Boolean) })),
});
/** Today's practice and the daily practice rank of a subject (spec 001 §7; path of decision 027). */
export function loadDaily(portal: Portal, subjectId: number) {
  return portal.upstream.call({ path: `/question/v1/exercise/daily/today/${subjectId}`, query: who(portal), schema: DailySchema, expect: EXPECT });
}

/** Starts an exercise; the generate paths of spec 001 §7 (quick and re-examine as shown; the rest decision 027). */
export function startExercise(
  portal: Portal,
  kind: StartKind | "reexamine",
  p: { subjectId?: number; categoryId?: number; chapterId?: number; sectionId?: number; paperId?: number; recordId?: number },
) {
  const path = {
    chapter: `/question/v1/exercise/chapter/generate/${p.subjectId}/${p.chapterId}`,
    order: `/question/v1/exercise/order/paper/generate/${p.subjectId}`,
    paper: `/question/v1/exercise/paper/generate/${p.paperId}`,
    daily: `/question/v1/exercise/daily/paper/generate/${p.subjectId}`,
    smart: `/question/v1/exercise/smart/paper/generate/${p.subjectId}`,
    quick: `/question/v1/exercise/quick/paper/generate/${p.categoryId}/${p.subjectId}`,
    reexamine: `/question/v1/exercise/reexamine/paper/generate/${p.recordId}`,
  }[kind];
  const query: Record<string, string | number | undefined> = { ...who(portal), sectionId: p.sectionId };
  // a visitor's re-examine is the unlogin call (spec 001 §7 anonymous exercise)
  if (kind === "reexamine" && !portal.token) {
    return portal.upstream.call({
      method: "POST",
      path: "/question/v1/exercise/unlogin/reexamine/paper/generate",
      query: { clientId: portal.clientId },
      body: { recordId: p.recordId },
      schema: RecordSchema,
      expect: EXPECT,
    });
  }
  return portal.upstream.call({ method: "POST", path, query, schema: RecordSchema, expect: EXPECT });
}

export function loadPaperQuestions(portal: Portal, recordId: number) {
  return portal.upstream.call({
    method: "POST",
    path: "/question/v1/exercise/session/paper/questions/v2",
    query: who(portal),
    body: { recordId },
    schema: PaperQuestionsSchema,
    expect: EXPECT,
  });
}

export type SessionOp =
  | { op: "answer"; questionId: number; answer: string[] }
  | { op: "mark"; questionId: number; on: boolean }
  | { op: "sign"; questionId: number; on: boolean }
  | { op: "switch"; index: number }
  | { op: "pause" }
  | { op: "resume" };

/** One exercise-session POST (spec 001 §7: answer submit, mark modify, sign modify, question switch, pause, resume). */
export function sessionOp(portal: Portal, recordId: number, o: SessionOp) {
  const [path, body]: [string, Record<string, unknown>] =
    o.op === "answer"
      ? ["answer/submit", { questionId: o.questionId, answer: o.answer }]
      : o.op === "mark"
        ? ["mark/modify", { questionId: o.questionId, marked: o.on }]
        : o.op === "sign"
          ? ["sign/modify", { questionId: o.questionId, signed: o.on }]
          : o.op === "switch"
            ? ["question/switch", { index: o.index }]
            : [o.op, {}];
  return portal.upstream.call({
    method: "POST",
    path: `/question/v1/exercise/session/${path}`,
    query: who(portal),
    body: { recordId, ...body },
    schema: RecordSchema,
    expect: EXPECT,
  });
}

/** Hands the paper in: the session submit, or for a visitor the unlogin submit (spec 001 §7). */
export function submitExercise(portal: Portal, record: Pick<ExerciseRecord, "recordId" | "paperId" | "exerciseType">) {
  if (!portal.token) {
    return portal.upstream.call({
      method: "POST",
      path: "/question/v1/exercise/unlogin/submit",
      query: { clientId: portal.clientId, recordId: record.recordId, paperId: record.paperId ?? undefined, exerciseType: record.exerciseType },
      body: { answers: [] },
      schema: RecordSchema,
      expect: EXPECT,
    });
  }
  return portal.upstream.call({
    method: "POST",
    path: "/question/v1/exercise/session/submit",
    query: who(portal),
    body: { recordId: record.recordId },
    schema: RecordSchema,
    expect: EXPECT,
  });
}

export const WrongSchema = z.looseObject({ id, parentId: id, questionId: id, times: count, lastAt: count, kind, stem: text });
export const CollectSchema = z.looseObject({ questionId: id, at: count, subjectId: id, kind, stem: text });

/** The wrong-question book (spec 001 §7: wrong-question list, start, submit; DELETE wrong/{id} with parentId). */
export function loadWrongList(upstream: Upstream, q: { subjectId?: number; page: number }) {
  return upstream.call({ path: "/question/v1/wrong/list", query: { subjectId: q.subjectId, page: q.page, pageSize: 20 }, schema: PageSchema(WrongSchema) });
}
export function deleteWrong(upstream: Upstream, wrongId: number, parentId: number) {
  return upstream.call({ method: "DELETE", path: `/question/v1/wrong/${wrongId}`, query: { parentId }, schema: z.unknown(), expect: EXPECT });
}
export function startWrongPractice(portal: Portal, subjectId: number) {
  return portal.upstream.call({
    method: "POST",
    path: `/question/v1/exercise/wrong/start/${subjectId}`,
    query: who(portal),
    schema: RecordSchema,
    expect: EXPECT,
  });
}

/** Collections (spec 001 §7: collect list, add and remove). */
export function loadCollectList(upstream: Upstream, page: number) {
  return upstream.call({ path: "/question/v1/collect/list", query: { page, pageSize: 20 }, schema: PageSchema(CollectSchema) });
}
export function setCollected(upstream: Upstream, questionId: number, on: boolean) {
  return upstream.call({ method: "POST", path: `/question/v1/collect/${on ? "add" : "remove"}`, body: { questionId }, schema: z.unknown(), expect: EXPECT });
}

export const TREND_KINDS = ["weeks", "years", "academicYear"] as const;
export type TrendKind = (typeof TREND_KINDS)[number];
export const TrendSchema = z.looseObject({ buckets: list(z.looseObject({ label: text, answered: count, right: count })) });
/** Statistics by weeks, years and academic year (spec 001 §7; paths of decision 027). */
export function loadTrend(upstream: Upstream, by: TrendKind) {
  return upstream.call({ path: `/question/v1/question/front/user/statistics/${by}`, schema: TrendSchema });
}

export function loadReport(portal: Portal, recordId: number) {
  return portal.upstream.call({ path: `/question/v1/exercise/report/${recordId}`, query: who(portal), schema: ReportSchema, expect: EXPECT });
}

/** Points for a practice (spec 001 §7 "Points score"): incr integral by record id, then the gain; null for a visitor. */
export async function gainPoints(portal: Portal, recordId: number) {
  if (!portal.token) return null;
  try {
    await portal.upstream.call({
      method: "POST",
      path: "/external/api/v1/integral/incr",
      query: { record_id: recordId },
      schema: PointsSchema,
      expect: EXPECT,
    });
    const [gain, total] = await Promise.all([
      portal.upstream.call({
        method: "PUT",
        path: "/external/api/v1/integral/getIntegralGainScore",
        query: { record_id: recordId },
        schema: PointsSchema,
        expect: EXPECT,
      }),
      portal.upstream.call({ path: "/external/api/v1/integral/getscore", schema: z.looseObject({ score: count }), expect: EXPECT }),
    ]);
    return { points: gain.points, total: total.score };
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return null;
    throw error;
  }
}

/* ---- chapter and section pages and detail (spec 001 §7; paths of decision 035) ---- */

const progress = { questionCount: count, doneCount: count, rightCount: count, wrongCount: count };
const kindCounts = z.looseObject(Object.fromEntries(KINDS.map((k) => [k, count])) as Record<QuestionKind, typeof count>);
const unfinished = z
  .looseObject({ recordId: id, answered: count, total: count, currentIndex: count })
  .nullish()
  .transform((v) => v ?? null);
export const ChapterItemSchema = z.looseObject({ id, name: text, sectionCount: count, ...progress });
export const SectionItemSchema = z.looseObject({ id, name: text, chapterId: id, ...progress });
export const ChapterDetailSchema = z.looseObject({
  id,
  name: text,
  subjectId: id,
  subjectName: text,
  categoryId: id,
  sectionCount: count,
  ...progress,
  kinds: kindCounts,
  unfinished,
});
export type ChapterDetail = z.infer<typeof ChapterDetailSchema>;
export const QUESTION_STATES = ["new", "answered", "right", "wrong"] as const;
export const SectionDetailSchema = z.looseObject({
  id,
  name: text,
  chapterId: id,
  chapterName: text,
  subjectId: id,
  subjectName: text,
  categoryId: id,
  ...progress,
  kinds: kindCounts,
  unfinished,
  questions: list(z.looseObject({ id, sort: count, kind, stem: text, score: count, state: z.enum(QUESTION_STATES).catch("new") })),
});
export type SectionDetail = z.infer<typeof SectionDetailSchema>;
export const SECTION_PAGE_SIZE = 10;

/** A subject's chapters with the asker's progress (the chapter page call). */
export function loadChapterPage(portal: Portal, subjectId: number, page: number, pageSize = 10) {
  return portal.upstream.call({
    path: "/question/v1/chapter/page",
    query: { ...who(portal), subjectId, page, pageSize },
    schema: PageSchema(ChapterItemSchema),
    expect: EXPECT,
  });
}
/** One chapter: names, progress, kinds, the chapter practice to continue (the chapter detail call). */
export function loadChapterDetail(portal: Portal, chapterId: number) {
  return portal.upstream.call({ path: `/question/v1/chapter/detail/${chapterId}`, query: who(portal), schema: ChapterDetailSchema, expect: EXPECT });
}
/** A chapter's sections with the asker's progress (the section page call). */
export function loadSectionPage(portal: Portal, chapterId: number, page: number, pageSize = SECTION_PAGE_SIZE) {
  return portal.upstream.call({
    path: "/question/v1/section/page",
    query: { ...who(portal), chapterId, page, pageSize },
    schema: PageSchema(SectionItemSchema),
    expect: EXPECT,
  });
}
/** One section: names, progress, the practice to continue and its questions with the asker's state (the section detail call). */
export function loadSectionDetail(portal: Portal, sectionId: number) {
  return portal.upstream.call({ path: `/question/v1/section/detail/${sectionId}`, query: who(portal), schema: SectionDetailSchema, expect: EXPECT });
}

/* ---- explanation media preview (spec 001 §7 "video and audio preview", GET /examSys/shortAnswerQuestionVideo) ---- */

/** Which preview call: audio, video, or the short-answer question's video. */
export { PREVIEW_KINDS, type PreviewKind } from "~/services/qbank-links";
export const MediaPreviewSchema = z.looseObject({ questionId: id, kind: z.enum(["audio", "video"]), url: z.string().min(1), seconds: count, expiresAt: count });
export type MediaPreview = z.infer<typeof MediaPreviewSchema>;

/** The preview call of a question's explanation media in a handed-in record: a playable address that expires. */
export function loadMediaPreview(portal: Portal, recordId: number, questionId: number, want: PreviewKind) {
  const call =
    want === "short"
      ? { path: "/question/examSys/shortAnswerQuestionVideo", query: { ...who(portal), recordId, questionId } }
      : { path: `/question/v1/media/${want}/preview/${questionId}`, query: { ...who(portal), recordId } };
  return portal.upstream.call({ ...call, schema: MediaPreviewSchema, expect: EXPECT });
}

/** A business answer `404` (no such record, subject, paper): the page's 404. */
export function notFoundOn(error: unknown): boolean {
  return error instanceof UpstreamError && error.kind === "business" && error.code === "404";
}
