/**
 * Where the student is in a lesson video, reported to the portal (issue 14): on pause, every 15 s while
 * playing, when the page is hidden or left (`pagehide`), and when the player goes away within the app. The same
 * whole second is not sent twice in a row. Browser-only; `send` is the transport (sendBeacon or fetch keepalive).
 */
export const SAVE_EVERY_MS = 15_000;

export type VideoLike = Pick<HTMLMediaElement, "currentTime" | "duration" | "paused" | "readyState" | "addEventListener" | "removeEventListener">;
export type PageLike = {
  addEventListener(type: "pagehide" | "visibilitychange", listener: () => void): void;
  removeEventListener(type: "pagehide" | "visibilitychange", listener: () => void): void;
  hidden(): boolean;
};
export type Report = { positionS: number; durationS: number };

/** Starts reporting; returns the function that stops it (and sends a last report). */
export function reportPositions(video: VideoLike, page: PageLike, send: (report: Report) => void, options: { restoreS?: number } = {}): () => void {
  let lastSent = -1;
  const report = () => {
    if (!Number.isFinite(video.currentTime)) return;
    const positionS = Math.floor(video.currentTime);
    if (positionS === lastSent) return;
    lastSent = positionS;
    send({ positionS, durationS: Number.isFinite(video.duration) ? Math.round(video.duration) : 0 });
  };
  // the media fragment #t= may be ignored (a reused element, a browser without fragments): set it once
  const restoreS = options.restoreS ?? 0;
  const restore = () => {
    if (restoreS > 0 && video.currentTime < 0.5 && restoreS < (Number.isFinite(video.duration) ? video.duration : Infinity)) video.currentTime = restoreS;
  };
  if (video.readyState >= 1) restore();
  const timer = setInterval(() => {
    if (!video.paused) report();
  }, SAVE_EVERY_MS);
  const onHidden = () => {
    if (page.hidden()) report();
  };
  video.addEventListener("loadedmetadata", restore);
  video.addEventListener("pause", report);
  page.addEventListener("pagehide", report);
  page.addEventListener("visibilitychange", onHidden);
  return () => {
    report();
    clearInterval(timer);
    video.removeEventListener("loadedmetadata", restore);
    video.removeEventListener("pause", report);
    page.removeEventListener("pagehide", report);
    page.removeEventListener("visibilitychange", onHidden);
  };
}

/** The transport: a beacon (survives the page being left), else a keepalive fetch. */
export function postForm(action: string, form: FormData): void {
  if (navigator.sendBeacon?.(action, form)) return;
  void fetch(action, { method: "POST", body: form, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}
