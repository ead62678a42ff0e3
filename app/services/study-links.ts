/**
 * The addresses of the studying flow (issue 14, spec 001 sections 2 and 4), fixed here so that every page
 * that links into it (my courses, continue learning, the course contents, checkout, the question bank) uses
 * the same ones while the pages behind them are built:
 * - every lesson goes through ONE server-side entry chain (`/class/enter/...`): replay check, proxy exam,
 *   agreement, free-course information (scene 3), face check, then the live room, the video page or the
 *   contents; each step is a page without JavaScript and the same route in a dialog with it;
 * - the steps a chain or a checkout can send the student to carry `backUrl` (a same-site path, checked by
 *   `safeRedirect` where it is followed) to come back to afterwards.
 */

const q = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
};

/** The entry chain for one lesson of a course (or class type) bought as `commodityId`. */
export const lessonEntryHref = (commodityId: number | string, courseId: number | string, lessonId: number | string) =>
  `/class/enter/${encodeURIComponent(commodityId)}/${encodeURIComponent(courseId)}/${encodeURIComponent(lessonId)}`;

/** The class video page (spec 001 section 2: `/class/type/video/page`); `t`: start at that second (a note's point, decision 059). */
export const videoPageHref = (commodityId: number | string, courseId: number | string, lessonId: number | string, t?: number) =>
  `/class/type/video/page${q({ commodityId, courseId, lessonId, t })}`;

/** The course contents page (spec 001 section 2). */
export const contentsHref = (commodityId: number | string, courseId: number | string) =>
  `/course/detail/${encodeURIComponent(commodityId)}/${encodeURIComponent(courseId)}/contents`;

/** The contents page at one lesson's row (`#lesson-<id>`): where the entry chain sends a lesson that is not live (spec 001 §4, decision 069). */
export const contentsLessonHref = (commodityId: number | string, courseId: number | string, lessonId: number | string) =>
  `${contentsHref(commodityId, courseId)}#lesson-${encodeURIComponent(lessonId)}`;

/**
 * Where a lesson in a course's own list (the contents, the video page's neighbours) opens: a video lesson its
 * video page (which guards access itself), any other the entry chain (spec 001 §4; decision 069). The chain
 * itself sends a lesson that is not live to the contents, so the contents must not link a video there.
 */
export const lessonOpenHref = (commodityId: number | string, courseId: number | string, lesson: { id: number | string; type: string }) =>
  lesson.type === "video" ? videoPageHref(commodityId, courseId, lesson.id) : lessonEntryHref(commodityId, courseId, lesson.id);

/** The complete-information dialog (spec 001 section 2, dialog 1): scene 2 buying, 3 studying, 4 an exam. */
export const completeInfoHref = (scene: 2 | 3 | 4, backUrl: string) => `/info/complete${q({ scene, backUrl })}`;

/** The personal information form (dialog 2) used before enrolment or agreement signing. */
export const personalInfoHref = (backUrl: string, extra: Record<string, string | number | undefined> = {}) => `/info/personal${q({ ...extra, backUrl })}`;

/** The face flow (spec 001 section 4: status 0 go on, 1 verification window, 2 face-info prompt). */
export const faceCheckHref = (backUrl: string, extra: Record<string, string | number | undefined> = {}) => `/face/check${q({ ...extra, backUrl })}`;

/** The agreement page (spec 001 section 2: `/agreement/{check|edit}/{curId or 0}/{protocolId}`). */
export const agreementHref = (
  mode: "check" | "edit",
  curId: number | string,
  protocolId: number | string,
  query: Record<string, string | number | undefined> = {},
) => `/agreement/${mode}/${encodeURIComponent(curId || 0)}/${encodeURIComponent(protocolId)}${q(query)}`;

/** My agreements (spec 001 section 2: `/personal/order?OrderTabIndex=2`). */
export const myAgreementsHref = () => "/personal/order?OrderTabIndex=2";

/** Order management (spec 001 section 2: `/personal/order?parentId=-1`). */
export const myOrdersHref = () => "/personal/order?parentId=-1";

/** Checkout (spec 001 section 2: `/payment/order`). */
export const checkoutHref = (query: Record<string, string | number | undefined> = {}) => `/payment/order${q(query)}`;

/** Seconds as the video shows them: `m:ss` (a note's point, the resume note). */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

/** The notes page's query (/personal/course/note): one course or a keyword, and the note being edited. */
export type NotesQuery = { course?: number; keyword: string; edit?: number };

/** The notes page with its query; here rather than in the list's component, so a page linking to it (the video page's note box) does not load the list's code. */
export function notesHref(q: NotesQuery): string {
  const params = new URLSearchParams();
  if (q.keyword) params.set("keyword", q.keyword);
  else if (q.course) params.set("course", String(q.course));
  if (q.edit) params.set("edit", String(q.edit));
  const s = params.toString();
  return `/personal/course/note${s ? `?${s}` : ""}`;
}
