/**
 * Per-test CPU of a Playwright worker's processes (issue 22), when `E2E_CPU_LOG=<file>` is set: the
 * worker's own process, its Chromium (the browser process, the children it already reaped and those
 * still alive), its portal and its sandbox. One JSON line per test is appended to the file; sum them
 * with `node scripts/e2e-cpu.mjs <file>`. CPU seconds, not wall time, so a loaded machine still gives
 * comparable figures. Linux only (/proc); elsewhere nothing is written.
 */
import { appendFileSync, readdirSync, readFileSync } from "node:fs";

const TICKS = 100; // USER_HZ on Linux

type Proc = { pid: number; ppid: number; self: number; reaped: number; cmd: string };

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command sits in parentheses and may hold spaces: the fields start after the last ')'
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = [11, 12, 13, 14].map((n) => Number(fields[n]) / TICKS);
    return { pid, ppid: Number(fields[1]), self: utime + stime, reaped: cutime + cstime, cmd };
  } catch {
    return null;
  }
}

/** This process's descendants, grouped: chromium, portal, sandbox, other. */
export function cpuByKind(): Record<string, number> | null {
  let pids: number[];
  try {
    pids = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return null;
  }
  const procs = new Map<number, Proc>();
  for (const pid of pids) {
    const proc = readProc(pid);
    if (proc) procs.set(pid, proc);
  }
  const kind = (cmd: string) =>
    /chrom/.test(cmd) ? "chromium" : /sandbox/.test(cmd) ? "sandbox" : /serve\.mjs|build\/server|remix-serve/.test(cmd) ? "portal" : "other";
  const totals: Record<string, number> = { worker: 0, chromium: 0, portal: 0, sandbox: 0, other: 0 };
  const me = procs.get(process.pid);
  if (me) totals.worker = me.self;
  // the worker's direct children carry everything below them (reaped or alive)
  const below = (pid: number): number => {
    const proc = procs.get(pid);
    if (!proc) return 0;
    let sum = proc.self + proc.reaped;
    for (const child of procs.values()) if (child.ppid === pid) sum += below(child.pid);
    return sum;
  };
  for (const child of procs.values()) {
    if (child.ppid === process.pid) {
      const key = kind(child.cmd);
      totals[key] = (totals[key] ?? 0) + below(child.pid);
    }
  }
  return totals;
}

/**
 * What the test made the browser do, counted beside its CPU (E2E_CPU_LOG only): documents loaded (the
 * main frame's and frames' navigations), Remix data requests (client navigations, fetchers, actions), and
 * the axe analyses with the Chromium CPU-s they took (tests/e2e/axe.ts). Reset at each test's start.
 */
export const tally = { documents: 0, data: 0, axe: 0, axeChromium: 0 };

export function resetTally() {
  Object.assign(tally, { documents: 0, data: 0, axe: 0, axeChromium: 0 });
}

export function logTestCpu(file: string, title: string, before: Record<string, number>, after: Record<string, number>, project: string) {
  const delta: Record<string, number> = {};
  for (const key of Object.keys(after)) delta[key] = Math.round(((after[key] ?? 0) - (before[key] ?? 0)) * 100) / 100;
  const counts = { ...tally, axeChromium: Math.round(tally.axeChromium * 100) / 100 };
  appendFileSync(file, `${JSON.stringify({ title, project, ...delta, ...counts })}\n`);
}
