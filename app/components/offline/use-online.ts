/**
 * The end time of a timed paper from the time left the server gave (issue 37 §1: the exam's clock from the
 * upstream's end time). Online, counted from now (this device's clock, as before). Offline the page may be
 * the service worker's copy fetched minutes ago: counted from the moment the server rendered it (the root's
 * clock), so the time spent offline is not given back.
 */
export function deadlineOf(remainingS: number, renderedAt: number | undefined): number {
  const from = typeof navigator !== "undefined" && !navigator.onLine && renderedAt !== undefined && Number.isFinite(renderedAt) ? renderedAt : Date.now();
  return from + remainingS * 1000;
}
