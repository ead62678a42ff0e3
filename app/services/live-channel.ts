/** The live channel's lesson and places (decision 059), shared by the pages and the browser module live-channel.client.ts. */
export type ChannelLesson = { commodityId: number; courseId: number; lessonId: number };
export type ChannelPlace = "video" | "live" | "replay";

/** A live lesson's place: its replay once finished (status 2), else the live room. */
export function livePlace(liveStatus: number | null): ChannelPlace {
  return liveStatus === 2 ? "replay" : "live";
}
