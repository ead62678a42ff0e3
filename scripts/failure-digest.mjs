// The digest of a failed phase that `npm test` (scripts/test.mjs) prints last.
/**
 * The lines that say what failed in a phase's output (colour codes removed, at most 60): Playwright's numbered
 * failures with the first lines of each error, and its closing counts with the failed and flaky tests named;
 * vitest's FAIL lines and the first lines of each error; otherwise the phase's last 20 lines.
 */
export function failureDigest(name, text) {
  // eslint-disable-next-line no-control-regex
  const lines = text.replace(/\x1b\[[0-9;]*m/g, "").split(/\r?\n/);
  const picked = [];
  if (name === "playwright") {
    for (let i = 0; i < lines.length; i++) {
      if (/^\s+\d+\) \[/.test(lines[i])) {
        picked.push(lines[i].trim());
        let taken = 0;
        for (let j = i + 1; j < lines.length && taken < 6 && !/^\s+\d+\) \[/.test(lines[j]); j++) {
          if (lines[j].trim() && !/^\s*\d+ \|/.test(lines[j])) {
            picked.push(`   ${lines[j].trim()}`);
            taken++;
          }
        }
      }
    }
    const summary = lines.findIndex((l) => /^\s+\d+ (failed|flaky)$/.test(l));
    if (summary >= 0)
      picked.push(
        ...lines
          .slice(summary)
          .filter((l) => l.trim())
          .map((l) => l.trim()),
      );
  } else if (name.startsWith("vitest")) {
    for (let i = 0; i < lines.length; i++) {
      if (/(^|\s)FAIL\s/.test(lines[i])) {
        picked.push(lines[i].trim());
        const error = lines.slice(i + 1, i + 12).find((l) => /Error|expected|Timed out/i.test(l));
        if (error) picked.push(`   ${error.trim()}`);
      }
    }
  }
  const digest = picked.length ? picked : lines.filter((l) => l.trim()).slice(-20);
  return digest.length > 60 ? [...digest.slice(0, 59), `… ${digest.length - 59} more lines`] : digest;
}
