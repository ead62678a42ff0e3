import * as z from "zod/v4";
import { UpstreamError, type Upstream } from "~/services/upstream.server";

/** Homework (spec 001 §7 "Homework"): lesson lists with counts, can-submit check, detail, save, delete attachments. */
const HW = "/saas-business/v1/homework";
const HSC = "/saas-business/v1/homeworkStudentComplete";

export const HomeworkRow = z.looseObject({
  homeworkId: z.number().int(),
  courseName: z.string(),
  lessonName: z.string(),
  title: z.string(),
  status: z.number().int(),
  closed: z.number().int().catch(0),
});

const Counts = z.object({
  classCount: z.number().int(),
  packageCount: z.number().int(),
  submittedCount: z.number().int(),
  unsubmittedCount: z.number().int(),
});

const Detail = z.object({
  homeworkId: z.number().int(),
  title: z.string(),
  content: z.string(),
  courseName: z.string(),
  lessonName: z.string(),
  closed: z.number().int().catch(0),
  submission: z.object({ content: z.string(), submitTime: z.number() }).nullable(),
  attachments: z.array(z.object({ id: z.number().int(), fileName: z.string(), sourcePath: z.string(), sourceSize: z.number() })).catch([]),
});
export type HomeworkDetail = z.infer<typeof Detail>;

/** The text of a submission: required, at most 5000 characters (the sandbox's rule; the spec gives none). */
export const HomeworkText = z.string().trim().min(1).max(5000);

export function lessonList(upstream: Upstream, type: "class" | "package") {
  return upstream.call({ method: "POST", path: `${HSC}/queryStudentClassOrPackageLessonList`, body: { type }, schema: z.array(HomeworkRow) });
}

export function lessonCounts(upstream: Upstream) {
  return upstream.call({ method: "POST", path: `${HSC}/queryStudentClassOrPackageLessonListCount`, body: {}, schema: Counts });
}

export function homeworkDetail(upstream: Upstream, homeworkId: number) {
  return upstream.call({ method: "POST", path: `${HW}/getStuHomeworkDetail`, body: { homeworkId }, schema: Detail, expect: ["business"] });
}

/** undefined when the homework can be submitted, else the upstream's message. */
export async function canSubmit(upstream: Upstream, homeworkId: number): Promise<string | undefined> {
  try {
    await upstream.call({ method: "POST", path: `${HW}/checkCanSubmitHomework`, body: { homeworkId }, schema: z.unknown(), expect: ["business"] });
    return undefined;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return error.upstreamMessage ?? "";
    throw error;
  }
}

export function saveHomework(upstream: Upstream, homeworkId: number, content: string, attachments: Array<{ fileName: string; sourcePath: string; sourceSize: number }>) {
  return upstream.call({ method: "POST", path: `${HW}/saveHomework`, body: { homeworkId, content, attachments }, schema: z.unknown(), expect: ["business"] });
}

export function deleteAttachments(upstream: Upstream, homeworkId: number, ids: number[]) {
  return upstream.call({ method: "POST", path: `${HW}/delreslist`, body: { homeworkId, ids: ids.join(",") }, schema: z.unknown() });
}
