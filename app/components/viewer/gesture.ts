/**
 * The image viewer's constants and gestures (spec 001 §9): 5 px gesture detection, 120 px horizontal and
 * 80 px vertical swipe, image-load polling every 500 ms, close animation 340 ms desktop and 690 ms mobile.
 */
export const GESTURE_PX = 5;
export const SWIPE_X_PX = 120;
export const SWIPE_Y_PX = 80;
export const LOAD_POLL_MS = 500;
export const CLOSE_MS = { desktop: 340, mobile: 690 } as const;

export type Swipe = "next" | "prev" | "close" | "tap" | null;

/** What a touch that moved by (dx, dy) means: a tap under 5 px, a page turn past 120 px, a close past 80 px down or up. */
export function swipeOf(dx: number, dy: number): Swipe {
  if (Math.abs(dx) < GESTURE_PX && Math.abs(dy) < GESTURE_PX) return "tap";
  if (Math.abs(dx) >= SWIPE_X_PX && Math.abs(dx) >= Math.abs(dy)) return dx < 0 ? "next" : "prev";
  if (Math.abs(dy) >= SWIPE_Y_PX) return "close";
  return null;
}

/** The next index within [0, count) (no wrap). */
export function turn(index: number, count: number, step: 1 | -1): number {
  return Math.min(count - 1, Math.max(0, index + step));
}
