import * as z from "zod/v4";
import { agreementGate } from "~/services/agreements.server";
import { count, flag, id, text } from "~/services/content-schemas.server";
import { faceGate } from "~/services/face.server";
import type { Portal } from "~/lib/portal.server";
import { isLoggedIn } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { completeInfoGate } from "~/services/student-info.server";
import { contentsLessonHref, lessonEntryHref } from "~/services/study-links";
import type { Upstream } from "~/lib/http/upstream.server";
import type { LessonIds } from "~/services/video.server";

/**
 * THE lesson entry chain (spec 001 §4 'Entering a lesson', issue 14): one server-side decision that the entry
 * page (`/class/enter/...`, a page without JavaScript, a dialog with it) and the live-room entry
 * (`/classModule/toLiveroom`, which runs it again so that no step can be skipped) share.
 *
 * 0. Access: a visitor goes to login with the entry as backUrl (a trial video lesson excepted); a student not
 *    enrolled goes to the course's buy page (a trial video lesson excepted).
 * 1. A finished live lesson (status 2) with viewReplayFlag 0: 'replay unavailable'.
 * 2. Live or meeting lessons: proxy-exam check → agreement check → free-course popup (scene code 3) → face
 *    check → the live room (opened in a new tab). The four answers are asked in one parallel round and read in
 *    that order; the agreement, complete-information and face steps are pages of their own that come back to
 *    the entry (backUrl) when done, so the chain resumes where it stopped.
 * 3. Other lessons (not live): the course detail contents page, at the lesson's row (decision 069). The
 *    contents and the video page link a video lesson to its video page directly (lessonOpenHref); the chain is
 *    the entry of the timetable and the lists of the personal centre.
 */

export const LIVE_TYPES = new Set(["live", "meeting"]);
/** Spec 001 §9: the free-course popup's scene code. */
export const FREE_COURSE_SCENE = 3;

export const EntryInfoSchema = z
  .looseObject({
    commodityId: id,
    courseId: id,
    courseName: text,
    lessonId: id,
    lessonName: text,
    chapterName: text,
    type: text,
    tryFlag: flag,
    durationS: count,
    liveStatus: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v))),
    viewReplayFlag: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v))),
    provider: text,
    liveType: text,
    startTime: text,
    enrolled: flag,
  })
  .nullable();
export type EntryInfo = NonNullable<z.infer<typeof EntryInfoSchema>>;

export function getEntryInfo(upstream: Upstream, ids: LessonIds) {
  return upstream.call({ path: `/course/v1/user/lesson/entry/${ids.commodityId}/${ids.courseId}/${ids.lessonId}`, schema: EntryInfoSchema });
}

/** What a lesson shows in a step's page or dialog. */
export type LessonSummary = Pick<
  EntryInfo,
  "commodityId" | "courseId" | "lessonId" | "courseName" | "lessonName" | "chapterName" | "type" | "liveStatus" | "startTime"
>;

export type EntryStep =
  /** spec 001 §5: a course missing commodityId or course/classTypeId */
  | { kind: "missingId" }
  | { kind: "notFound" }
  | { kind: "redirect"; to: string; reason: "login" | "buy" | "agreement" | "completeInfo" | "face" | "contents" }
  | { kind: "replayUnavailable"; lesson: LessonSummary }
  /** `message` the school's reason ('' for the portal's own); `submitTimeType` 1 sign-up open (offered), 2 not */
  | { kind: "proxyExam"; message: string; submitTimeType: 1 | 2; lesson: LessonSummary }
  | { kind: "live"; lesson: LessonSummary; roomHref: string; meetingPassword: string };

/** A path segment or query value that is a whole positive id. */
export function entryId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,12}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

export function idsOf(raw: { commodityId?: string | null; courseId?: string | null; lessonId?: string | null }): LessonIds | undefined {
  const commodityId = entryId(raw.commodityId);
  const courseId = entryId(raw.courseId);
  const lessonId = entryId(raw.lessonId);
  return commodityId && courseId && lessonId ? { commodityId, courseId, lessonId } : undefined;
}

/** The live-room entry of a lesson (spec 001 §2 `/classModule/toLiveroom`). */
export const liveRoomHref = (ids: LessonIds) =>
  `/classModule/toLiveroom?${new URLSearchParams({ commodityId: String(ids.commodityId), courseId: String(ids.courseId), lessonId: String(ids.lessonId) })}`;

/** The buy page of a course (its detail page, where it is bought). */
export const buyHref = (commodityId: number) => `/course/detail/${commodityId}`;

const summary = (i: EntryInfo): LessonSummary => ({
  commodityId: i.commodityId,
  courseId: i.courseId,
  lessonId: i.lessonId,
  courseName: i.courseName,
  lessonName: i.lessonName,
  chapterName: i.chapterName,
  type: i.type,
  liveStatus: i.liveStatus,
  startTime: i.startTime,
});

/* ---------- the status calls of the chain ---------- */
// The agreement, complete-information and face steps are the gates of their own modules (one way to do each:
// agreements.server.ts `agreementGate`, student-info.server.ts `completeInfoGate`, face.server.ts `faceGate`);
// each is one upstream call, so the chain still asks them in its single parallel round.

/**
 * Spec 001 §3 "Proxy-exam check: needSignUp, submitTimeType" (decision 058): needSignUp 1 stops the chain.
 * submitTimeType 1: the proxy-exam sign-up is open now, the step offers it; 2: it is not (closed or not yet
 * open), the step says so. msg: the school's reason, shown when given.
 */
export const ProxyExamSchema = z.looseObject({
  needSignUp: flag,
  submitTimeType: z.coerce
    .number()
    .nullish()
    .transform((v) => (v === 2 ? (2 as const) : (1 as const))),
  msg: text,
});

/** Spec 001 §7 'Instead sign-up': the proxy-exam schedule check (path chosen). */
async function proxyExamCheck(upstream: Upstream, ids: LessonIds) {
  return upstream.call({
    path: "/saas-business/v1/student/instead/check/schedule",
    query: { commodityId: ids.commodityId, courseId: ids.courseId, lessonId: ids.lessonId },
    schema: ProxyExamSchema,
  });
}

/** Spec 001 §7 'Timetable and courses' `getLesZoomPassword`: a meeting lesson's password (service prefix chosen). */
async function meetingPassword(upstream: Upstream, ids: LessonIds): Promise<string> {
  const answer = await upstream.call({
    path: "/course/front/commodity/getLesZoomPassword",
    query: { commodityId: ids.commodityId, courseId: ids.courseId, lessonId: ids.lessonId },
    schema: z.looseObject({ password: text }),
  });
  return answer.password;
}

/* ---------- the chain ---------- */

/** Runs the chain for one lesson. `ids` undefined: an id was missing or not a number. */
export async function enterLesson(portal: Portal, ids: LessonIds | undefined): Promise<EntryStep> {
  if (!ids) return { kind: "missingId" };
  const backUrl = lessonEntryHref(ids.commodityId, ids.courseId, ids.lessonId);
  const info = await getEntryInfo(portal.upstream, ids);
  if (!info) return { kind: "notFound" };
  const live = LIVE_TYPES.has(info.type);
  const trial = info.tryFlag === 1 && !live;

  // 0. access
  if (!isLoggedIn(portal) && !trial) return { kind: "redirect", to: loginHref(backUrl), reason: "login" };
  if (!info.enrolled && !trial) return { kind: "redirect", to: buyHref(ids.commodityId), reason: "buy" };

  // 3. lessons that are not live: the course detail contents page (spec 001 §4 'Entering a lesson' 3)
  if (!live) return { kind: "redirect", to: contentsLessonHref(ids.commodityId, ids.courseId, ids.lessonId), reason: "contents" };

  // 1. a finished live lesson without replay
  if (info.liveStatus === 2 && info.viewReplayFlag === 0) return { kind: "replayUnavailable", lesson: summary(info) };

  // 2. live or meeting lessons: the four checks, asked at once, read in the spec's order
  const [proxy, agreement, completeInfo, face, password] = await Promise.all([
    proxyExamCheck(portal.upstream, ids),
    agreementGate(portal, { commodityId: ids.commodityId, courseId: ids.courseId, backUrl }),
    completeInfoGate(portal, FREE_COURSE_SCENE, { backUrl }),
    faceGate(portal, { backUrl }),
    info.type === "meeting" ? meetingPassword(portal.upstream, ids) : Promise.resolve(""),
  ]);
  if (proxy.needSignUp === 1) return { kind: "proxyExam", message: proxy.msg, submitTimeType: proxy.submitTimeType, lesson: summary(info) };
  if ("redirect" in agreement) return { kind: "redirect", to: agreement.redirect, reason: "agreement" };
  if ("redirect" in completeInfo) return { kind: "redirect", to: completeInfo.redirect, reason: "completeInfo" };
  if ("redirect" in face) return { kind: "redirect", to: face.redirect, reason: "face" };
  return { kind: "live", lesson: summary(info), roomHref: liveRoomHref(ids), meetingPassword: password };
}
