#!/usr/bin/env node
// Sums the per-test CPU lines that E2E_CPU_LOG=<file> makes Playwright write (tests/e2e/cpu-probe.ts, issue 22):
// `node scripts/e2e-cpu.mjs <file> [top]` prints the totals by process and by file, and the `top` (default 15)
// heaviest tests by Chromium CPU.
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/e2e-cpu.mjs <file> [top]");
  process.exit(2);
}
const rows = readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const kinds = ["chromium", "worker", "portal", "sandbox", "other"];
const sum = (list, key) => list.reduce((total, row) => total + (row[key] ?? 0), 0);
const fmt = (n) => n.toFixed(1).padStart(7);
const all = (row) => kinds.reduce((total, key) => total + (row[key] ?? 0), 0);

console.log(
  `${rows.length} tests; CPU s: ${kinds.map((k) => `${k} ${sum(rows, k).toFixed(1)}`).join(", ")}; all ${rows.reduce((t, r) => t + all(r), 0).toFixed(1)}`,
);
// the counts beside the CPU (tests/e2e/cpu-probe.ts `tally`), when the log has them
const counted = rows.some((row) => "documents" in row);
if (counted)
  console.log(
    `documents loaded ${sum(rows, "documents")}, data requests ${sum(rows, "data")}, axe analyses ${sum(rows, "axe")} (Chromium ${sum(rows, "axeChromium").toFixed(1)} CPU-s)`,
  );
const byFile = new Map();
for (const row of rows) {
  const name = `${row.title.split(" › ")[0]} [${row.project}]`;
  byFile.set(name, [...(byFile.get(name) ?? []), row]);
}
const counts = (list) =>
  counted
    ? ` ${String(sum(list, "documents")).padStart(5)} ${String(sum(list, "data")).padStart(5)} ${String(sum(list, "axe")).padStart(4)} ${fmt(sum(list, "axeChromium"))}`
    : "";
console.log(`\n${"file".padEnd(44)} tests ${kinds.map((k) => k.slice(0, 7).padStart(7)).join(" ")}     all${counted ? "  docs  data  axe  axe-chr" : ""}`);
for (const [name, list] of [...byFile].sort((a, b) => sum(b[1], "chromium") - sum(a[1], "chromium")))
  console.log(
    `${name.padEnd(44)} ${String(list.length).padStart(5)} ${kinds.map((k) => fmt(sum(list, k))).join(" ")} ${fmt(list.reduce((t, r) => t + all(r), 0))}${counts(list)}`,
  );
console.log(`\nheaviest tests by Chromium CPU:`);
for (const row of [...rows].sort((a, b) => b.chromium - a.chromium).slice(0, Number(topArg) || 15))
  console.log(`${fmt(row.chromium)} ${fmt(all(row))}${counted ? ` ${row.documents}d ${row.data}r ${row.axe}a` : ""}  [${row.project}] ${row.title}`);
