import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n-runtime";
import { useCsrfToken } from "~/components/csrf-token";

/** Spec (issue 14): the position is saved on pause, every 15 s while playing, and on leaving. */
export const SAVE_EVERY_MS = 15_000;
/** Where position reports go (a resource route; CSRF-protected like every POST). */
export const POSITION_ACTION = "/class/type/video/position";

type Ids = { commodityId: number; courseId: number; lessonId: number };

/**
 * The lesson video: a plain HTML5 `<video>` with native controls (no player library). Without JavaScript it
 * starts at the saved position through the media fragment `#t=`; with it the position is also set once the
 * metadata is there, and reported back (pause, every 15 s, leaving: `navigator.sendBeacon`, else `fetch`
 * with keepalive). Visitors watching a trial lesson report nothing (`save` false).
 */
export function VideoPlayer({ src, positionS, ids, label, save }: { src: string; positionS: number; ids: Ids; label: string; save: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const csrf = useCsrfToken();
  const { t } = useTranslation("lesson");
  const fragment = positionS > 0 ? `#t=${positionS}` : "";

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let lastSent = -1;
    const report = () => {
      if (!save || !csrf || !Number.isFinite(video.currentTime)) return;
      const position = Math.floor(video.currentTime);
      if (position === lastSent) return;
      lastSent = position;
      const form = new FormData();
      form.set("csrf", csrf);
      form.set("commodityId", String(ids.commodityId));
      form.set("courseId", String(ids.courseId));
      form.set("lessonId", String(ids.lessonId));
      form.set("positionS", String(position));
      form.set("durationS", String(Number.isFinite(video.duration) ? Math.round(video.duration) : 0));
      if (!navigator.sendBeacon?.(POSITION_ACTION, form)) {
        void fetch(POSITION_ACTION, { method: "POST", body: form, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
      }
    };
    // the fragment may be ignored (a cached element, a browser without fragments): set the position once
    const restore = () => {
      if (positionS > 0 && video.currentTime < 0.5 && positionS < (video.duration || Infinity)) video.currentTime = positionS;
    };
    if (video.readyState >= 1) restore();
    video.addEventListener("loadedmetadata", restore);
    video.addEventListener("pause", report);
    const timer = window.setInterval(() => {
      if (!video.paused) report();
    }, SAVE_EVERY_MS);
    const leave = () => report();
    const hidden = () => {
      if (document.visibilityState === "hidden") report();
    };
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      report(); // leaving within the app (a client-side navigation)
      window.clearInterval(timer);
      video.removeEventListener("loadedmetadata", restore);
      video.removeEventListener("pause", report);
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [src, positionS, save, csrf, ids.commodityId, ids.courseId, ids.lessonId]);

  return (
    <video
      ref={ref}
      key={src}
      controls
      preload="metadata"
      playsInline
      src={src + fragment}
      aria-label={label}
      data-testid="lesson-video"
      className="aspect-video w-full rounded bg-black"
    >
      {t("video.noVideo")}
    </video>
  );
}
