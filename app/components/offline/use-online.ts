import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser has a network (issue 37 §1: the offline state is visible); the server renders online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

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
