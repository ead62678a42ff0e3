import * as z from "zod/v4";
import { flag, id, text } from "~/services/content-schemas.server";
import type { Upstream } from "~/lib/http/upstream.server";
import type { LessonIds } from "~/services/video.server";

/**
 * Live rooms (spec 001 §2 `/classModule/toLiveroom`, §5 'Agreements'): the room of a live or meeting lesson
 * and of an open course, open-course sign-ups (paths chosen, see sandbox/README.md "Lessons").
 */

export const RoomSchema = z.looseObject({ provider: text, liveType: text, roomName: text, address: text });
export type Room = z.infer<typeof RoomSchema>;

/**
 * Spec 001 §5: 'Live-room entry needs an address for providers gh, zs, and cc with big-class or empty type,
 * else "address does not exist!"'. The portal has no room of its own for the other providers (a cc small
 * class, the school's own room): they are opened at the address the upstream gives too, and without one there
 * is nothing to open, so the same message applies (decision 025).
 */
export function roomAddress(room: Room): { address: string } | { error: "addressMissing" } {
  const address = room.address.trim();
  return address ? { address } : { error: "addressMissing" };
}

export function getLessonRoom(upstream: Upstream, ids: LessonIds) {
  return upstream.call({ path: `/course/v1/user/live/room/${ids.commodityId}/${ids.courseId}/${ids.lessonId}`, schema: RoomSchema, expect: ["business"] });
}

export function getOpenCourseRoom(upstream: Upstream, openCourseId: number) {
  return upstream.call({ path: `/course/v1/user/open-course/${openCourseId}/room`, schema: RoomSchema, expect: ["business"] });
}

export function openCourseSignups(upstream: Upstream) {
  return upstream.call({
    path: "/course/v1/user/open-course/signups",
    schema: z
      .array(id)
      .nullish()
      .transform((v) => v ?? []),
  });
}

export function signUpOpenCourse(upstream: Upstream, openCourseId: number) {
  return upstream.call({
    method: "POST",
    path: `/course/v1/user/open-course/${openCourseId}/signup`,
    body: {},
    schema: z.looseObject({ signedUp: flag }),
    expect: ["business"],
  });
}
