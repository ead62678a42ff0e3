import { readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const TEST_FILES = ["app/**/*.test.{ts,tsx}", "sandbox/test/**/*.test.ts", "tests/unit/**/*.test.ts"];

/**
 * The test files that read the built portal (docs/decisions/045-test-build-and-parallel-phases.md): those
 * that use the page harness (tests/unit/portal.ts) or name build/index.js, build/metafile* or
 * public/build. Read from the files themselves, so a new page test lands in the `pages` project without a
 * list to keep: the `unit` project runs while `npm test` still builds, and must not load a half-written
 * build.
 */
const NEEDS_BUILD = /from "(\.\.?\/)+(tests\/unit\/)?portal"|build\/(index\.js|metafile)|public\/build/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : testFiles(file);
    return /\.test\.tsx?$/.test(e.name) ? [file] : [];
  });
}

/**
 * Test files that change process-wide state (the environment, module mocks, fake timers, globals) run each
 * in a fresh process (`unit-isolated`); every other build-free file shares its worker with the files before
 * it (`unit`, `isolate: false`, decision 054). Measured on this machine, the 20 files of sandbox/test: 72 s of
 * CPU isolated, 33 s shared (a fresh process per file starts vitest and imports the sandbox again).
 */
const PROCESS_STATE = /process\.env|vi\.(stubEnv|stubGlobal|mock|doMock|resetModules|useFakeTimers)\b|useFakeTimers/;

/**
 * What PROCESS_STATE matches but leaves nothing behind for the next file of a shared worker (decision 084), taken
 * out of a file's text before it is tested: a default for a variable (`process.env.X ??= "…"` on a line of its
 * own: whichever file sets it first, the value is a placeholder no shared file calls), and fake timers when an
 * `afterEach` puts the real ones back. Nine files that each paid a process of their own (about 1.5 CPU-s).
 */
function leftBehind(text: string): string {
  const rest = text.replace(/^process\.env\.\w+ \?\?= "[^"\n]*";$/gm, "");
  const restoredAfterEach = /afterEach\((?:async )?\(\) => (?:\{(?:(?!\}\);)[\s\S]){0,300}?)?vi\.useRealTimers\(\)/.test(rest);
  // or each `vi.useFakeTimers(` has its own `finally { vi.useRealTimers(); }` (decision 086)
  const faked = rest.match(/vi\.useFakeTimers\(/g)?.length ?? 0;
  const restoredInFinally = faked > 0 && (rest.match(/finally \{\s*vi\.useRealTimers\(\);/g)?.length ?? 0) >= faked;
  const timersRestored = restoredAfterEach || restoredInFinally;
  return timersRestored ? rest.replace(/(vi\.)?useFakeTimers\b/g, "") : rest;
}
const changesProcess = (text: string) => PROCESS_STATE.test(leftBehind(text));

const root = __dirname;
const allFiles = ["app", "sandbox/test", "tests/unit"]
  .flatMap((dir) => {
    try {
      return testFiles(path.join(root, dir));
    } catch {
      return []; // a folder that does not exist (yet)
    }
  })
  .map((file) => ({ file: path.relative(root, file).split(path.sep).join("/"), text: readFileSync(file, "utf8") }));
const pageFiles = allFiles.filter(({ text }) => NEEDS_BUILD.test(text)).map(({ file }) => file);

/**
 * Page test files that only use the page harness (tests/unit/portal.ts) share their worker with the files
 * before it (`pages`, `isolate: false`, decision 065): the harness loads one copy of the build per
 * environment in a worker and gives it to the next file with the same environment with its in-process state
 * forgotten (decision 084: caches, limits, the memory store), and restores the environment it changed, so a
 * file pays neither a new process, vitest and the node_modules the build imports (about 2.5 CPU-s a file)
 * nor a build copy of its own (about 1.7 CPU-s). Files that change process state themselves or import build/index.js on their
 * own run each in a fresh process, as before (`pages-isolated`).
 */
const OWN_BUILD = /build\/index\.js/;
const isolatedPageFiles = allFiles
  .filter(({ text }) => NEEDS_BUILD.test(text) && (changesProcess(text) || OWN_BUILD.test(text) || !/from "(\.\.?\/)+(tests\/unit\/)?portal"/.test(text)))
  .map(({ file }) => file);
const sharedPageFiles = pageFiles.filter((file) => !isolatedPageFiles.includes(file));
const isolatedFiles = allFiles.filter(({ text }) => !NEEDS_BUILD.test(text) && changesProcess(text)).map(({ file }) => file);

/**
 * The order of the files, so that the phase does not end on a long file started late:
 * 1. the files that wait for the upstream's timeout (their portal has `UPSTREAM_TIMEOUT_FOR_FAULTS`):
 *    form-failure.test.ts spends most of its ~150 s waiting, which costs the cores nothing at the start;
 * 2. the files of the isolated projects (`pages-isolated` before `pages`, `unit-isolated` before `unit`): the
 *    page-weight budget (terser, brotli and zopfli over every page), the two instances behind nginx;
 * 3. within each group the longest last time when vitest's results cache knows both, else the larger file first.
 * vitest runs the projects in name order and, on a clean clone (no cache), the files in the order it found them:
 * those files ran last, after Playwright had ended (the page phase ended 43-122 s after it in session 14's first
 * runs; ordered by size alone, form-failure started at +390 s under load and the phase ended 194 s after it).
 */
const WAITS_ON_TIMEOUTS = /UPSTREAM_TIMEOUT_FOR_FAULTS/;
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const isolated = (spec: TestSpecification) => spec.project.config.isolate !== false;
    const lastTime = (spec: TestSpecification) =>
      cache.getFileTestResults(`${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`)?.duration;
    const size = (spec: TestSpecification) => statSync(spec.moduleId, { throwIfNoEntry: false })?.size ?? 0;
    const waits = (spec: TestSpecification) => WAITS_ON_TIMEOUTS.test(allFiles.find(({ file }) => spec.moduleId.endsWith(`/${file}`))?.text ?? "");
    return [...files].sort((a, b) => {
      if (waits(a) !== waits(b)) return waits(a) ? -1 : 1;
      if (isolated(a) !== isolated(b)) return isolated(a) ? -1 : 1;
      const [timeA, timeB] = [lastTime(a), lastTime(b)];
      if (timeA !== undefined && timeB !== undefined) return timeB - timeA;
      return size(b) - size(a);
    });
  }
}

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(__dirname, "app") },
  },
  test: {
    environment: "node",
    // A limit for a hang, not a speed check (no test asserts time): `npm test` runs the page tests beside
    // Playwright (decision 062), and on this 2-core machine a page test that walks a form through several
    // pages took over 15 s when the cores were shared with three browsers.
    testTimeout: 60_000,
    // vitest's default is one worker fewer than the cores: ONE on this 2-core machine, while a page test
    // spends most of its time waiting on the in-process sandbox and portal. Measured (decision 049): the
    // pages project 295 s → 166 s wall for the same CPU (322 s) with three.
    maxWorkers: os.availableParallelism() + 1,
    // beforeAll/afterAll too (vitest's default is 10 s): a page test file's beforeAll starts a sandbox and
    // imports the 1.4 MB server build, which on a loaded machine (load average 20+ on 2 cores) has taken
    // longer, and a failed beforeAll skips the whole file
    hookTimeout: 60_000,
    // the server build is imported by node itself, not through vite's transform (1.4 MB: parsed, rewritten and
    // source-mapped per run, then compiled again per file): tests/unit/portal.ts loads it with a query per file
    server: { deps: { external: [/\/build\/index\.js/] } },
    env: { SESSION_SECRET: "vitest-session-secret-0123456789" },
    sequence: { sequencer: LongestFirst },
    // Two projects (decision 045): `npm test` (scripts/test.mjs) runs `unit` while it builds, `pages` once
    // the build is there. `npx vitest run <file>` runs either kind as before.
    projects: [
      { extends: true, test: { name: "unit", include: TEST_FILES, exclude: ["**/node_modules/**", ...pageFiles, ...isolatedFiles], isolate: false } },
      { extends: true, test: { name: "unit-isolated", include: isolatedFiles } },
      {
        extends: true,
        test: {
          name: "pages",
          include: sharedPageFiles.length ? sharedPageFiles : ["tests/unit/pages/**/*.test.ts"],
          isolate: false,
          // the page tests load build/index.js: build it when app/ is newer (tests/unit/build.global.ts)
          globalSetup: ["tests/unit/build.global.ts"],
        },
      },
      { extends: true, test: { name: "pages-isolated", include: isolatedPageFiles, globalSetup: ["tests/unit/build.global.ts"] } },
    ],
  },
});
