import * as z from "zod/v4";
import { count, flag, id, text } from "~/services/content-schemas.server";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * The class video page's upstream calls (issue 14; paths chosen, see sandbox/README.md "Lessons"): the play
 * answer (the clip, its length, the position saved) and the position reports (pause, every 15 s, leaving).
 */

/** A media address: only absolute http(s) URLs (never `javascript:` or `data:` from the upstream). */
const mediaUrl = text.transform((v) => (/^https?:\/\/[^\s]+$/i.test(v) ? v : ""));

export const PlaySchema = z.looseObject({
  commodityId: id,
  courseId: id,
  courseName: text,
  chapterName: text,
  lessonId: id,
  lessonName: text,
  type: text,
  tryFlag: flag,
  playUrl: mediaUrl,
  /** The lesson's cover (the video's poster; '' when the upstream has none). */
  coverUrl: mediaUrl,
  durationS: count,
  positionS: count,
  enrolled: flag,
});
export type Play = z.infer<typeof PlaySchema>;

export type LessonIds = { commodityId: number; courseId: number; lessonId: number };

export function getPlay(upstream: Upstream, ids: LessonIds) {
  return upstream.call({ path: `/course/v1/user/lesson/play/${ids.commodityId}/${ids.courseId}/${ids.lessonId}`, schema: PlaySchema, expect: ["business"] });
}

/** Position reports are small and frequent: a short timeout, and the caller ignores a failure (the next report repeats it). */
export function savePosition(upstream: Upstream, p: LessonIds & { positionS: number; durationS: number }) {
  return upstream.call({
    method: "POST",
    path: "/course/v1/user/lesson/position",
    body: p,
    schema: z.looseObject({ positionS: count }).nullable(),
    expect: ["business", "timeout", "unavailable", "bad-response"],
    timeoutMs: 10_000,
  });
}
