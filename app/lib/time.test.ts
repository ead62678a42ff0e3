import { describe, expect, it } from "vitest";
import { formatDay, formatMoment, isoOf, momentOf, schoolTimeZone } from "~/lib/time";

// Decision 061: the one formatter of times a person reads.
const AT = Date.UTC(2026, 10, 25, 16, 45); // 2026-11-26 00:45 in Beijing
const shanghai = { zone: "Asia/Shanghai", now: Date.UTC(2026, 10, 26, 3, 0) }; // 11:00 on the 26th there

describe("formatMoment", () => {
  it("today in the school's zone is the clock alone; another day names its date", () => {
    expect(formatMoment(AT, shanghai)).toBe("00:45");
    expect(formatMoment(AT, { ...shanghai, now: Date.UTC(2026, 10, 27, 3, 0) })).toBe("2026-11-26 00:45");
    expect(formatMoment(AT, shanghai, { withDate: true })).toBe("2026-11-26 00:45");
    expect(formatDay(AT, shanghai)).toBe("2026-11-26");
  });

  it("a configured zone moves the reading; an unknown one falls back to Asia/Shanghai", () => {
    expect(formatMoment(AT, { zone: "Europe/London", now: Number.NaN })).toBe("2026-11-25 16:45");
    expect(schoolTimeZone("Not/AZone")).toBe("Asia/Shanghai");
    expect(schoolTimeZone("")).toBe("Asia/Shanghai");
    expect(schoolTimeZone("America/New_York")).toBe("America/New_York");
  });

  it("an upstream wall-time string is the school's time; ISO strings keep their offset", () => {
    expect(momentOf("2026-11-26 00:45:00", "Asia/Shanghai")).toBe(AT);
    expect(momentOf("2026-11-25T16:45:00Z", "Asia/Shanghai")).toBe(AT);
    expect(formatMoment("2026-11-26 00:45:12", shanghai)).toBe("00:45");
    expect(isoOf("2026-11-26 00:45", "Asia/Shanghai")).toBe("2026-11-25T16:45:00.000Z");
    // across a daylight-saving change the wall time still maps back to itself
    const ny = momentOf("2026-03-08 12:00:00", "America/New_York")!;
    expect(formatMoment(ny, { zone: "America/New_York", now: Number.NaN })).toBe("2026-03-08 12:00");
  });

  it("nothing to show is empty; an unreadable string is shown as written", () => {
    expect(formatMoment(null, shanghai)).toBe("");
    expect(formatMoment(Number.NaN, shanghai)).toBe("");
    expect(formatMoment("soon", shanghai)).toBe("soon");
  });
});
