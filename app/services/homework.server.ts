import * as z from "zod/v4";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

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
  /** 1: a paper homework, answered on the question bank's doing page */
  paper: z.coerce.number().catch(0),
  deadline: z.string().nullish(),
});

const Counts = z.object({
  classCount: z.number().int(),
  packageCount: z.number().int(),
  submittedCount: z.number().int(),
  unsubmittedCount: z.number().int(),
});

const FileRow = z.object({ id: z.number().int(), fileName: z.string(), sourcePath: z.string(), sourceSize: z.number() });

const Detail = z.object({
  homeworkId: z.number().int(),
  title: z.string(),
  content: z.string(),
  courseName: z.string(),
  lessonName: z.string(),
  closed: z.number().int().catch(0),
  submission: z.object({ content: z.string(), submitTime: z.number() }).nullable(),
  attachments: z.array(FileRow).catch([]),
  videos: z.array(FileRow).catch([]),
  paper: z.coerce.number().catch(0),
  deadline: z.string().nullish(),
});
export type HomeworkDetail = z.infer<typeof Detail>;

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

export function saveHomework(
  upstream: Upstream,
  homeworkId: number,
  content: string,
  attachments: Array<{ fileName: string; sourcePath: string; sourceSize: number }>,
) {
  return upstream.call({ method: "POST", path: `${HW}/saveHomework`, body: { homeworkId, content, attachments }, schema: z.unknown(), expect: ["business"] });
}

export function deleteAttachments(upstream: Upstream, homeworkId: number, ids: number[]) {
  return upstream.call({ method: "POST", path: `${HW}/delreslist`, body: { homeworkId, ids: ids.join(",") }, schema: z.unknown() });
}

/** `preview`: the homework and what the student handed in, as the teacher sees it. */
/**
 * Deletes one attachment (or video) of the student's submission to a homework: false, and nothing sent,
 * when it is not among theirs (the upstream's delete answers alike either way; issue 21).
 */
export async function deleteOwnAttachment(upstream: Upstream, homeworkId: number, resId: number): Promise<boolean> {
  let detail: HomeworkDetail;
  try {
    detail = await homeworkDetail(upstream, homeworkId);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return false;
    throw error;
  }
  if (![...detail.attachments, ...detail.videos].some((a) => a.id === resId)) return false;
  await deleteAttachments(upstream, homeworkId, [resId]);
  return true;
}

export function previewHomework(upstream: Upstream, homeworkId: number) {
  return upstream.call({
    method: "POST",
    path: `${HW}/preview`,
    body: { homeworkId },
    schema: Detail.extend({ submitted: z.coerce.number().catch(0) }),
    expect: ["business"],
  });
}

const LeaveNotice = z.looseObject({
  id: z.number().int(),
  homeworkId: z.number().int(),
  title: z.string(),
  courseName: z.string().catch(""),
  lessonName: z.string().catch(""),
  deadline: z.string().nullish(),
  leaveTime: z.number().nullish(),
});

/**
 * `findHomeworkLeaveNotifyByUserId` (decision 037): notices of homework left (assigned, 留作业) to the
 * student and not handed in yet. Malformed entries are dropped.
 */
export async function leaveNotices(upstream: Upstream) {
  const list = await upstream.call({ method: "POST", path: `${HW}/findHomeworkLeaveNotifyByUserId`, body: {}, schema: z.array(z.unknown()).catch([]) });
  return list.flatMap((item) => {
    const parsed = LeaveNotice.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const Finish = z.object({
  homeworkId: z.number().int(),
  title: z.string(),
  submitTime: z.number().nullish(),
  paper: z.coerce.number().catch(0),
  attachmentCount: z.number().int().catch(0),
  videoCount: z.number().int().catch(0),
  next: z.object({ homeworkId: z.number().int(), title: z.string() }).nullish(),
});

/** `gotoFinishHomeworkPage/{homeworkId}`: what the finish page shows (a business refusal: not handed in). */
export function finishPage(upstream: Upstream, homeworkId: number) {
  return upstream.call({ path: `${HW}/gotoFinishHomeworkPage/${homeworkId}`, schema: Finish, expect: ["business"] });
}

/** `gotoPaperHomeworkPage`: the question-bank record a paper homework is answered on. */
export function paperRecord(upstream: Upstream, homeworkId: number) {
  return upstream.call({
    path: `${HW}/gotoPaperHomeworkPage`,
    query: { homeworkId },
    schema: z.looseObject({ recordId: z.number().int().positive() }),
    expect: ["business"],
  });
}

/** `uploadVideo/judgeVideoStorage`: undefined when the video fits the student's storage, else the message. */
export async function videoStorageRefusal(upstream: Upstream, size: number): Promise<string | undefined> {
  try {
    await upstream.call({ method: "POST", path: `${HW}/uploadVideo/judgeVideoStorage`, body: { size }, schema: z.unknown(), expect: ["business"] });
    return undefined;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return error.upstreamMessage ?? "";
    throw error;
  }
}

/** `homeworkUpload`: records an uploaded (sealed) video with the homework. Business refusals reach the caller. */
export function saveHomeworkVideo(upstream: Upstream, homeworkId: number, video: { fileName: string; sourcePath: string; sourceSize: number }) {
  return upstream.call({
    method: "POST",
    path: `${HW}/homeworkUpload`,
    body: { homeworkId, ...video, fileCategory: "video" },
    schema: z.unknown(),
    expect: ["business"],
  });
}
