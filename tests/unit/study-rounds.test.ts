import { describe, expect, it } from "vitest";
import { formBrowser, usePortal } from "./portal";

// Issue 14 (and COMMON 'one upstream round per page'): the class table and the lesson video page start every
// upstream call at once: the shell's, the frame's and the page's own. Measured as the bench does, with the
// company config cached per domain (CONFIG_TTL_S=30, warmed by the first view) and 200 ms of latency on every
// upstream call: a call that starts more than 150 ms after the one before it waited for an answer.

const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });

/** Rounds in a request log: 1 + the gaps of more than 150 ms between consecutive starts. */
function rounds(log: Array<{ at: string }>): number {
  const at = log.map((c) => Date.parse(c.at)).sort((a, b) => a - b);
  return at.length === 0 ? 0 : 1 + at.slice(1).filter((t, i) => t - at[i]! > 150).length;
}

describe("one parallel upstream round per page (issue 14)", () => {
  it.each([
    ["/personal/course/classTable", ["/course/centre/get/user/timetable", "/menu/permission"]],
    ["/personal/course/classTable?view=month&date=2026-03-10", ["/course/centre/user/course/by/timetable", "/menu/permission"]],
    [
      "/class/type/video/page?commodityId=5001&courseId=101&lessonId=101012",
      ["/lesson/entry/5001/101/101012", "/course/5001/101/contents", "/lesson/play/5001/101/101012"],
    ],
  ])("%s renders from one round", async (path, own) => {
    const browser = formBrowser(ctx);
    await browser.logIn("13700002500"); // lesson00 (sandbox/src/study/video.ts) studies 5001
    await browser.page(path); // warms the per-domain config cache
    await ctx.sandbox.control("POST", "/faults", { path: ".", latencyMs: 200 });
    await ctx.sandbox.control("DELETE", "/requests");
    const html = await browser.page(path);
    const log = await ctx.sandbox.control<Array<{ path: string; at: string }>>("GET", "/requests");
    for (const call of [...own, "/getCurrentUser"])
      expect(
        log.some((c) => c.path.includes(call)),
        call,
      ).toBe(true);
    expect(rounds(log), log.map((c) => `${c.at} ${c.path}`).join("\n")).toBe(1);
    expect(html).toContain(path.startsWith("/class") ? "<video" : 'data-testid="class-table"');
  });
});
