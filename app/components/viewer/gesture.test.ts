import { describe, expect, it } from "vitest";
import { CLOSE_MS, LOAD_POLL_MS, swipeOf, turn } from "./gesture";

describe("image viewer gestures (spec 001 §9)", () => {
  it("tells taps, page turns and closes apart by the spec's thresholds", () => {
    expect(swipeOf(4, -4)).toBe("tap");
    expect(swipeOf(5, 0)).toBeNull();
    expect(swipeOf(-119, 10)).toBeNull();
    expect(swipeOf(-120, 10)).toBe("next");
    expect(swipeOf(130, -20)).toBe("prev");
    expect(swipeOf(20, 79)).toBeNull();
    expect(swipeOf(20, 80)).toBe("close");
    expect(swipeOf(0, -90)).toBe("close");
  });
  it("keeps the page within the list and the timings", () => {
    expect(turn(0, 3, -1)).toBe(0);
    expect(turn(2, 3, 1)).toBe(2);
    expect(turn(1, 3, 1)).toBe(2);
    expect(CLOSE_MS).toEqual({ desktop: 340, mobile: 690 });
    expect(LOAD_POLL_MS).toBe(500);
  });
});
