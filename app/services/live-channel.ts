/** The live channel's lesson and places (decision 059), shared by the pages and the browser module live-channel.client.ts. */
export type ChannelLesson = { commodityId: number; courseId: number; lessonId: number };
/** An open course's live room (decision 069): it has no course or lesson of a commodity, only its own id. */
export type ChannelOpenCourse = { openCourseId: number };
export type ChannelTarget = ChannelLesson | ChannelOpenCourse;

/** The payload that names the place's target: `{ commodityId, courseId, lessonId }` or `{ openCourseId }`. */
export function channelData(target: ChannelTarget): Record<string, number> {
  return "openCourseId" in target
    ? { openCourseId: target.openCourseId }
    : { commodityId: target.commodityId, courseId: target.courseId, lessonId: target.lessonId };
}
export type ChannelPlace = "video" | "live" | "replay";

/** A live lesson's place: its replay once finished (status 2), else the live room. */
export function livePlace(liveStatus: number | null): ChannelPlace {
  return liveStatus === 2 ? "replay" : "live";
}
