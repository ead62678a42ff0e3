#!/usr/bin/env node
// `npm test` (docs/decisions/045-test-build-and-parallel-phases.md): the phases of the suite, started as
// soon as what they need is there instead of one after the other:
//
//   typecheck  tsc --noEmit (the portal; the sandbox is type-checked by build:sandbox, which compiles it)
//   lint       eslint . (eslint.config.js, decision 051)                                    ─ from the start
//   format     prettier --check . (.prettierrc, decision 051)                               ─ from the start
//   build      npm run build:test: the test build (no terser, no zopfli) and the sandbox
//   unit       vitest's `unit` and `unit-isolated` projects: the files that need no build    ─ from the start
//              (vitest.config.ts; `unit` shares each worker between files, decision 054)
//   pages      vitest's `pages` + `pages-isolated`: the page tests, on build/            ─ after build
//   e2e        Playwright, on build/ and sandbox/dist                                       ─ after all six pass
//
// The first six run side by side (about 2 cores' worth of work between them); each one's output is
// kept and printed whole when it ends, under a header with its time and exit code, so the log reads as
// a sequence. Playwright runs alone at the end and prints as it goes. Exit code: 0 only when every phase
// passed; a failed phase skips Playwright, as `a && b` did. The last lines sum up every phase.
import { spawn } from "node:child_process";
import path from "node:path";
import url from "node:url";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
const children = new Set();
const results = [];

/** Runs one phase; `buffered`: keep its output and print it whole at the end. Resolves to its result. */
function run(name, command, args, { buffered = true, env = {} } = {}) {
  const at = Date.now();
  process.stdout.write(`[test] ${name}: started at +${seconds(at - started)} (${[path.basename(command), ...args].join(" ")})\n`);
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...colour, ...env },
    stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    detached: true, // its own process group: an interrupt stops it with everything it started
  });
  children.add(child);
  const output = [];
  if (buffered) {
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
  }
  return new Promise((resolve) => {
    const done = (code) => {
      children.delete(child);
      const result = { name, code, start: at - started, ms: Date.now() - at };
      results.push(result);
      const verdict = code === 0 ? "passed" : `FAILED (exit ${code})`;
      if (buffered) {
        process.stdout.write(`\n──── ${name}: ${verdict} in ${seconds(result.ms)} ────\n`);
        process.stdout.write(Buffer.concat(output));
        process.stdout.write(`──── end of ${name} ────\n\n`);
      } else {
        process.stdout.write(`[test] ${name}: ${verdict} in ${seconds(result.ms)}\n`);
      }
      resolve(result);
    };
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.stack ?? error}\n`));
      done(127);
    });
    child.on("exit", (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const typecheck = run("typecheck", bin("tsc"), ["--noEmit"]);
const lint = run("lint", bin("eslint"), ["."]);
const format = run("format", bin("prettier"), ["--check", "."]);
const unit = run("vitest unit", bin("vitest"), ["run", "--project", "unit", "--project", "unit-isolated"]);
const pages = run("build", npm, ["run", "build:test"]).then((build) =>
  build.code === 0 ? run("vitest pages", bin("vitest"), ["run", "--project", "pages", "--project", "pages-isolated"]) : { name: "vitest pages", code: null },
);
const early = await Promise.all([typecheck, lint, format, unit, pages]);

let ok = early.every((r) => r.code === 0);
if (ok) {
  const e2e = await run("playwright", bin("playwright"), ["test"], { buffered: false });
  ok = e2e.code === 0;
} else {
  process.stdout.write("[test] playwright: skipped (an earlier phase failed)\n");
}

process.stdout.write(`\n[test] phases (start → time):\n`);
for (const r of results) {
  process.stdout.write(
    `[test]   ${r.name.padEnd(13)} +${seconds(r.start).padStart(8)} → ${seconds(r.ms).padStart(8)}  ${r.code === 0 ? "passed" : `FAILED (exit ${r.code})`}\n`,
  );
}
process.stdout.write(`[test] npm test: ${ok ? "passed" : "FAILED"} in ${seconds(Date.now() - started)}\n`);
process.exit(ok ? 0 : 1);
