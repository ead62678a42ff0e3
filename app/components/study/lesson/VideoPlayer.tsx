import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n-runtime";
import { useCsrfToken } from "~/components/csrf-token";
import { postForm, reportPositions } from "~/components/study/lesson/position-reporter.client";

/** Where position reports go (a resource route; CSRF-protected like every POST). */
export const POSITION_ACTION = "/class/type/video/position";

type Ids = { commodityId: number; courseId: number; lessonId: number };

/**
 * The lesson video: a plain HTML5 `<video>` with native controls (no player library). Without JavaScript it
 * starts at the saved position through the media fragment `#t=`; with it the position is also set once the
 * metadata is there, and reported back (pause, every 15 s, leaving: `navigator.sendBeacon`, else `fetch`
 * with keepalive). Visitors watching a trial lesson report nothing (`save` false). `poster` (the lesson's
 * cover) is shown until playback and is the page's largest paint.
 */
export function VideoPlayer({
  src,
  poster,
  positionS,
  ids,
  label,
  save,
}: {
  src: string;
  poster?: string;
  positionS: number;
  ids: Ids;
  label: string;
  save: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const csrf = useCsrfToken();
  const { t } = useTranslation("lesson");
  const fragment = positionS > 0 ? `#t=${positionS}` : "";

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const page = {
      addEventListener: (type: "pagehide" | "visibilitychange", fn: () => void) => (type === "pagehide" ? window : document).addEventListener(type, fn),
      removeEventListener: (type: "pagehide" | "visibilitychange", fn: () => void) => (type === "pagehide" ? window : document).removeEventListener(type, fn),
      hidden: () => document.visibilityState === "hidden",
    };
    return reportPositions(
      video,
      page,
      (r) => {
        if (!save || !csrf) return;
        const form = new FormData();
        form.set("csrf", csrf);
        form.set("commodityId", String(ids.commodityId));
        form.set("courseId", String(ids.courseId));
        form.set("lessonId", String(ids.lessonId));
        form.set("positionS", String(r.positionS));
        form.set("durationS", String(r.durationS));
        postForm(POSITION_ACTION, form);
      },
      { restoreS: positionS },
    );
  }, [src, positionS, save, csrf, ids.commodityId, ids.courseId, ids.lessonId]);

  return (
    <video
      ref={ref}
      key={src}
      controls
      preload="metadata"
      playsInline
      src={src + fragment}
      poster={poster || undefined}
      aria-label={label}
      data-testid="lesson-video"
      className="aspect-video w-full rounded bg-black"
    >
      {t("video.noVideo")}
    </video>
  );
}
