import type { SocketBootstrap } from "~/services/realtime.client";
import { useVideoChannel } from "~/components/study/lesson/use-lesson-channel";
import type { ChannelLesson } from "~/services/live-channel";

/** The video page's live channel (decision 059): renders nothing; `videoIn` / `videoReady` for the page's video. */
export function VideoChannel({ bootstrap, lesson }: { bootstrap: SocketBootstrap | null; lesson: ChannelLesson }) {
  useVideoChannel(bootstrap, lesson, () => document.querySelector<HTMLVideoElement>('[data-testid="lesson-video"]'));
  return null;
}
