import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reportPositions, SAVE_EVERY_MS, type PageLike, type Report } from "~/components/study/lesson/position-reporter.client";

// Issue 14: the position is saved on pause, every 15 s while playing and on leaving; restored once.

class FakeVideo extends EventTarget {
  currentTime = 0;
  duration = 8;
  paused = true;
  readyState = 0;
}
class FakePage extends EventTarget implements PageLike {
  isHidden = false;
  hidden() {
    return this.isHidden;
  }
}

let video: FakeVideo;
let page: FakePage;
let sent: Report[];
beforeEach(() => {
  vi.useFakeTimers();
  video = new FakeVideo();
  page = new FakePage();
  sent = [];
});
afterEach(() => vi.useRealTimers());

const start = (restoreS?: number) => reportPositions(video as unknown as HTMLMediaElement, page, (r) => sent.push(r), { restoreS });

describe("position reports", () => {
  it("reports on pause, in whole seconds, with the duration", () => {
    start();
    video.currentTime = 3.7;
    video.dispatchEvent(new Event("pause"));
    expect(sent).toEqual([{ positionS: 3, durationS: 8 }]);
  });

  it("reports every 15 s while playing, not while paused, and never the same second twice in a row", () => {
    start();
    video.paused = false;
    video.currentTime = 1;
    vi.advanceTimersByTime(SAVE_EVERY_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ positionS: 1, durationS: 8 }]);
    vi.advanceTimersByTime(SAVE_EVERY_MS); // still at 1 s
    expect(sent).toHaveLength(1);
    video.currentTime = 5;
    vi.advanceTimersByTime(SAVE_EVERY_MS);
    expect(sent.at(-1)).toEqual({ positionS: 5, durationS: 8 });
    video.paused = true;
    video.currentTime = 6;
    vi.advanceTimersByTime(SAVE_EVERY_MS * 3);
    expect(sent).toHaveLength(2);
    expect(SAVE_EVERY_MS).toBe(15_000);
  });

  it("reports when the page is hidden or left, and when the player goes away", () => {
    const stop = start();
    video.currentTime = 2;
    page.isHidden = true;
    page.dispatchEvent(new Event("visibilitychange"));
    video.currentTime = 4;
    page.dispatchEvent(new Event("pagehide"));
    video.currentTime = 6;
    stop();
    expect(sent.map((r) => r.positionS)).toEqual([2, 4, 6]);
    // stopped: nothing more
    video.currentTime = 7;
    video.dispatchEvent(new Event("pause"));
    vi.advanceTimersByTime(SAVE_EVERY_MS);
    expect(sent).toHaveLength(3);
  });

  it("restores the saved position once the metadata is there, unless the fragment already did", () => {
    start(5);
    expect(video.currentTime).toBe(0);
    video.readyState = 1;
    video.dispatchEvent(new Event("loadedmetadata"));
    expect(video.currentTime).toBe(5);
    const other = new FakeVideo();
    other.readyState = 1;
    other.currentTime = 5; // #t=5 applied by the browser
    reportPositions(other as unknown as HTMLMediaElement, page, () => undefined, { restoreS: 5 });
    expect(other.currentTime).toBe(5);
    const past = new FakeVideo();
    past.readyState = 1;
    reportPositions(past as unknown as HTMLMediaElement, page, () => undefined, { restoreS: 9 }); // past the end: start over
    expect(past.currentTime).toBe(0);
  });
});
