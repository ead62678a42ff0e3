#!/usr/bin/env node
// `npm test` (docs/decisions/045-test-build-and-parallel-phases.md, 062): the phases of the suite, each started as
// soon as what it needs is there, all side by side:
//
//   build      npm run build:test: the test build (no terser, no zopfli) and the sandbox      ─ from the start
//   typecheck  npm run typecheck: tsc --noEmit (one program: the portal, the sandbox's sources and tests) ─ from the start, nice 5
//   lint       npm run lint: eslint . (eslint.config.js, decision 051), then the import cycles ─ from the start, nice 5
//              (scripts/import-cycles.mjs, decision 073)
//   format     prettier --check . (.prettierrc, decision 051)                                 ─ from the start, nice 5
//   unit       vitest's `unit` and `unit-isolated` projects: the files that need no build      ─ from the start
//              (vitest.config.ts; `unit` shares each worker between files, decision 054)
//   pages      vitest's `pages` + `pages-isolated` projects: the page tests, on build/     ─ after build
//   e2e        Playwright, on build/ and sandbox/dist                                         ─ after build
//
// Decision 062: on this 2-core machine the suite is CPU-bound (about 1,800 CPU-s in session 9), so its time is
// its CPU divided by the cores only when every phase runs beside the others until the end; Playwright used to
// wait for the six others (it started at +365 s and ran alone for 666 s, the cores half idle in its waits). The
// build gates the two test phases, so the checks that read the code (typecheck, lint, format: no timeouts)
// run at a lower priority (nice 5) and the build gets the cores first (the unit tests keep normal priority:
// niced, their in-process upstream calls met the portal's timeout); after it, Playwright and the page tests run at normal priority and the niced
// phases fill the gaps. Every phase's output is kept and printed whole when it ends, under a header with its
// time and exit code, except Playwright's, which prints as it goes. Exit code: 0 only when every phase passed;
// a failed build skips the page tests and Playwright. The last lines sum up every phase.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import url from "node:url";
import { failureDigest } from "./failure-digest.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
const children = new Set();
const results = [];

/** Runs one phase; `buffered`: keep its output and print it whole at the end. Resolves to its result. */
function run(name, command, args, { buffered = true, env = {}, nice = 0 } = {}) {
  const at = Date.now();
  const niced = nice && process.platform !== "win32";
  process.stdout.write(
    `[test] ${name}: started at +${seconds(at - started)} (${[path.basename(command), ...args].join(" ")}${niced ? `, nice ${nice}` : ""})\n`,
  );
  // Through `sh`, whose `times` prints the CPU of every process of the phase that was waited for (vitest's workers,
  // tsc, eslint; not Playwright's browsers, which end unreaped): the summary's CPU column, on fd 3
  const argv = niced ? ["nice", "-n", String(nice), command, ...args] : [command, ...args];
  const posix = process.platform !== "win32";
  const child = spawn(posix ? "sh" : argv[0], posix ? ["-c", '"$@"; code=$?; times >&3; exit $code', "sh", ...argv] : argv.slice(1), {
    cwd: root,
    env: { ...process.env, ...colour, ...env },
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    detached: true, // its own process group: an interrupt stops it with everything it started
  });
  children.add(child);
  const output = [];
  // kept either way (the digest of what failed reads it); an unbuffered phase also prints as it goes
  const keep = (out) => (chunk) => {
    output.push(chunk);
    if (!buffered) out.write(chunk);
  };
  child.stdout.on("data", keep(process.stdout));
  child.stderr.on("data", keep(process.stderr));
  let times = "";
  child.stdio[3]?.on("data", (chunk) => (times += chunk));
  return new Promise((resolve) => {
    const done = (code) => {
      children.delete(child);
      const result = {
        name,
        code,
        start: at - started,
        ms: Date.now() - at,
        cpu: cpuOf(times),
        text: code === 0 ? "" : Buffer.concat(output).toString("utf8"),
      };
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
    // the `times` line may arrive just after the exit: wait for it a moment (never for a grandchild's pipes)
    child.on("exit", (code, signal) => {
      const finish = () => done(code ?? (signal ? 128 : 1));
      if (times.includes("\n", times.indexOf("\n") + 1) || !child.stdio[3]) finish();
      else {
        const timer = setTimeout(finish, 500);
        child.stdio[3].on("end", () => (clearTimeout(timer), finish()));
      }
    });
  });
}

/** The machine's busy and idle CPU-seconds so far (Linux /proc/stat: user nice system idle iowait irq softirq steal), or null. */
function machineCpu() {
  try {
    const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const idle = ticks[3] + ticks[4];
    return { busy: (ticks.reduce((a, b) => a + b, 0) - idle) / 100, idle: idle / 100 };
  } catch {
    return null;
  }
}
const machineAtStart = machineCpu();

/** The children's user + system seconds of `times` (its second line: "0m12.340s 0m1.230s"), or null. */
function cpuOf(text) {
  const line = text.trim().split("\n")[1];
  if (!line) return null;
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return parts.length === 2 ? parts[0] + parts[1] : null;
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
const background = { nice: 5 };
const typecheck = run("typecheck", npm, ["run", "typecheck"], background);
const lint = run("lint", npm, ["run", "lint"], background);
const format = run("format", bin("prettier"), ["--check", "."], background);
const unit = run("vitest unit", bin("vitest"), ["run", "--project", "unit", "--project", "unit-isolated"]);
const build = run("build", npm, ["run", "build:test"]);
const skipped = (name) => {
  process.stdout.write(`[test] ${name}: skipped (the build failed)\n`);
  return { name, code: null };
};
const pages = build.then((b) =>
  b.code === 0 ? run("vitest pages", bin("vitest"), ["run", "--project", "pages", "--project", "pages-isolated"]) : skipped("vitest pages"),
);
const e2e = build.then((b) => (b.code === 0 ? run("playwright", bin("playwright"), ["test"], { buffered: false }) : skipped("playwright")));
const all = await Promise.all([typecheck, lint, format, unit, build, pages, e2e]);
const ok = all.every((r) => r.code === 0);

process.stdout.write(`\n[test] phases (start → time, CPU-s of the phase and the processes it reaped):\n`);
for (const r of results) {
  const cpu = r.cpu == null ? "" : `${r.cpu.toFixed(0).padStart(5)} CPU-s`;
  process.stdout.write(
    `[test]   ${r.name.padEnd(13)} +${seconds(r.start).padStart(8)} → ${seconds(r.ms).padStart(8)} ${cpu.padStart(11)}  ${r.code === 0 ? "passed" : `FAILED (exit ${r.code})`}\n`,
  );
}
// Playwright's column leaves out the browsers (a worker ends without reaping its Chromium: E2E_CPU_LOG counts them);
// the machine's own count (/proc/stat, every process, also anything else running) is the figure to compare runs by
const machine = machineCpu();
if (machine && machineAtStart) {
  const busy = machine.busy - machineAtStart.busy;
  const idle = machine.idle - machineAtStart.idle;
  process.stdout.write(`[test]   the machine over the run (/proc/stat): ${busy.toFixed(0)} CPU-s busy, ${idle.toFixed(0)} idle\n`);
}
// What failed, last: a CI log is often read from its tail only, where the phases that ended first (Playwright's
// failures above all) are long gone
for (const r of results) {
  if (r.code === 0 || !r.text) continue;
  process.stdout.write(`\n[test] what failed in ${r.name}:\n`);
  for (const line of failureDigest(r.name, r.text)) process.stdout.write(`[test] | ${line}\n`);
}
process.stdout.write(`[test] npm test: ${ok ? "passed" : "FAILED"} in ${seconds(Date.now() - started)}\n`);
process.exit(ok ? 0 : 1);
