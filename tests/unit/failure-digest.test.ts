import { describe, expect, it } from "vitest";
import { failureDigest } from "../../scripts/failure-digest.mjs";

// The digest `npm test` prints last (scripts/test.mjs): a CI log read from its tail names what failed, even when
// Playwright's own report was printed hundreds of lines earlier.
const playwright = [
  "  ✓   1 [js] › tests/e2e/a.test.ts:3:1 › fine (2.0s)",
  "  ✘   2 [js] › tests/e2e/instead.test.ts:23:1 › sign up: province (1.5m)",
  "",
  "  1) [js] › tests/e2e/instead.test.ts:23:1 › sign up: province ",
  "",
  "    \u001b[31mTest timeout of 90000ms exceeded.\u001b[39m",
  "",
  "    Error: page.goto: Target page, context or browser has been closed",
  "    Call log:",
  '      - navigating to "http://127.0.0.1:3200/personal/course/apply/fill/22", waiting until "load"',
  "      107 |   await expect(row).toContainText();",
  "    > 109 |   await page.goto(fillUrl);",
  "        at /work/tests/e2e/instead.test.ts:109:14",
  "        at something else",
  "        at and more",
  "",
  "  1 failed",
  "    [js] › tests/e2e/instead.test.ts:23:1 › sign up: province ",
  "  1 flaky",
  "    [js] › tests/e2e/login.test.ts:188:3 › the DingTalk QR modal ",
  "  2 skipped",
  "  146 passed (9.1m)",
].join("\n");

describe("failureDigest", () => {
  it("names Playwright's failed and flaky tests with the first lines of each error", () => {
    const digest: string[] = failureDigest("playwright", playwright);
    expect(digest[0]).toBe("1) [js] › tests/e2e/instead.test.ts:23:1 › sign up: province");
    expect(digest).toContain("   Test timeout of 90000ms exceeded.");
    expect(digest).toContain("   Error: page.goto: Target page, context or browser has been closed");
    // the code frame's numbered lines are left out
    expect(digest.some((l) => l.includes("107 |"))).toBe(false);
    expect(digest.slice(-6)).toEqual([
      "1 failed",
      "[js] › tests/e2e/instead.test.ts:23:1 › sign up: province",
      "1 flaky",
      "[js] › tests/e2e/login.test.ts:188:3 › the DingTalk QR modal",
      "2 skipped",
      "146 passed (9.1m)",
    ]);
  });

  it("names vitest's failed files and tests with their error", () => {
    const vitest = [
      " ✓ tests/unit/a.test.ts (3 tests) 20ms",
      " FAIL  tests/unit/pages/b.test.ts > a page > shows it",
      "AssertionError: expected 'a' to be 'b'",
      " ❯ tests/unit/pages/b.test.ts:10:3",
    ].join("\n");
    expect(failureDigest("vitest pages", vitest)).toEqual([
      "FAIL  tests/unit/pages/b.test.ts > a page > shows it",
      "   AssertionError: expected 'a' to be 'b'",
    ]);
  });

  it("otherwise the last 20 lines, and never more than 60 lines", () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
    expect(failureDigest("typecheck", text)).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 10}`));
    const many = Array.from({ length: 80 }, (_, i) => ` FAIL  tests/unit/x${i}.test.ts > t`).join("\n");
    const digest: string[] = failureDigest("vitest unit", many);
    expect(digest).toHaveLength(60);
    expect(digest[59]).toBe("… 21 more lines");
  });
});
