import { useCallback, useEffect, useRef } from "react";
import type { LessonChannel } from "~/services/live-channel.client";
import type { SocketBootstrap } from "~/services/realtime.client";

import type { ChannelLesson, ChannelPlace } from "~/services/live-channel";

export type LessonChannelHandle = {
  /** enter a place (a click on 'enter live'): sent once the socket is up, or dropped when it never comes */
  enter(place: ChannelPlace): void;
  /** the video can play */
  ready(durationS: number): void;
};

/**
 * With JavaScript: the lesson's live channel (spec 000 §7.3, decision 059) on the exam/live socket, opened after
 * hydration from the loader's bootstrap (module `yunduo`); `place` is entered as soon as it opens (the video
 * page: `video`). Without a bootstrap (a visitor, the socket not configured or its config unreachable) the
 * handle does nothing. The client modules load with `import()`, only on the pages that use them.
 */
export function useLessonChannel(bootstrap: SocketBootstrap | null | undefined, lesson: ChannelLesson, place?: ChannelPlace): LessonChannelHandle {
  const channel = useRef<Promise<LessonChannel | null>>(Promise.resolve(null));
  useEffect(() => {
    if (!bootstrap) return;
    let close = () => {};
    let closed = false;
    channel.current = Promise.all([import("~/services/realtime.client"), import("~/services/live-channel.client")])
      .then(([rt, lc]) => {
        if (closed) return null;
        const socket = rt.openRealtime(bootstrap);
        close = () => socket.close();
        const c = new lc.LessonChannel(socket, lesson);
        if (place) void c.enter(place);
        return c;
      })
      .catch(() => null);
    return () => {
      closed = true;
      close();
      channel.current = Promise.resolve(null);
    };
    // one channel per lesson
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bootstrap?.auth.userId, lesson.commodityId, lesson.courseId, lesson.lessonId]);
  const handle = useRef<LessonChannelHandle>({
    enter: (p) => void channel.current.then((c) => c?.enter(p)),
    ready: (d) => void channel.current.then((c) => c?.ready(d)),
  });
  return handle.current;
}

/** The video page's channel: `videoIn` once the socket is up, `videoReady` once the page's video has its metadata. */
export function useVideoChannel(bootstrap: SocketBootstrap | null | undefined, lesson: ChannelLesson, video: () => HTMLVideoElement | null) {
  const channel = useLessonChannel(bootstrap, lesson, "video");
  useEffect(() => {
    const v = video();
    if (!bootstrap || !v) return;
    const ready = () => channel.ready(v.duration);
    if (v.readyState >= 1) ready();
    else v.addEventListener("loadedmetadata", ready, { once: true });
    return () => v.removeEventListener("loadedmetadata", ready);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bootstrap?.auth.userId, lesson.lessonId]);
}

/**
 * The open courses' list (decision 069): 'enter live' / 'watch the replay' of an open course sends `liveIn` /
 * `replayIn` with `{ openCourseId }` on one socket for the page (module `yunduo`), like the class live entry.
 * The socket and its modules load after hydration only when the loader gave a bootstrap (a signed-up student
 * with a course on air or replayable); without JavaScript the link opens the room and nothing is sent.
 */
export function useOpenCourseChannel(bootstrap: SocketBootstrap | null | undefined): (openCourseId: number, place: ChannelPlace) => void {
  const channels = useRef<Promise<((openCourseId: number) => LessonChannel) | null>>(Promise.resolve(null));
  useEffect(() => {
    if (!bootstrap) return;
    let close = () => {};
    let closed = false;
    channels.current = Promise.all([import("~/services/realtime.client"), import("~/services/live-channel.client")])
      .then(([rt, lc]) => {
        if (closed) return null;
        const socket = rt.openRealtime(bootstrap);
        close = () => socket.close();
        const byCourse = new Map<number, LessonChannel>();
        return (openCourseId: number) => {
          let channel = byCourse.get(openCourseId);
          if (!channel) byCourse.set(openCourseId, (channel = new lc.LessonChannel(socket, { openCourseId })));
          return channel;
        };
      })
      .catch(() => null);
    return () => {
      closed = true;
      close();
      channels.current = Promise.resolve(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bootstrap?.auth.userId]);
  return useCallback((openCourseId: number, place: ChannelPlace) => void channels.current.then((of) => of?.(openCourseId).enter(place)), []);
}
