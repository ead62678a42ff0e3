import { existsSync } from "node:fs";
import os from "node:os";
import { defineConfig } from "@playwright/test";

const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // The seed's outside hosts (the company's chat and statistics scripts, pictures on static.yunduo.example, the
  // hostile hashes' evil.example) are all `.example` (RFC 2606: never resolvable). The browser fails them at once
  // instead of asking DNS (decision 091: the first ask took 0.1-0.4 s on a page), the same on any machine, with
  // no `route` (a route turns Playwright's HTTP cache off for the page).
  "--host-resolver-rules=MAP *.example ~NOTFOUND",
  // E2E_CHROMIUM_ARGS: extra flags, space-separated, for measuring one against the other (decision 086)
  ...(process.env.E2E_CHROMIUM_ARGS?.split(" ").filter(Boolean) ?? []),
];

/**
 * E2E_WORKERS, or one worker per core (docs/decisions/010-parallel-e2e.md, 049, 086). Each worker is a portal, a
 * sandbox and a Chromium. `npm test` runs Playwright beside the page and unit tests (decision 062), so the cores
 * are busy without a worker more to fill the journeys' waits: session 12's pair of whole `npm test` runs (same
 * tree, quiet machine) took 817 s and 1,625 CPU-s with cores + 1 (three) workers, 769 s and 1,526 CPU-s with two;
 * 6 files alone, two pairs: the browser suite's own CPU 9-11 % less with two.
 */
const workers = Number(process.env.E2E_WORKERS) || os.availableParallelism();

/**
 * Debian's `chromium-headless-shell` when the machine has it (.ci/run installs it), else `chromium`
 * (decision 049): the same engine without the full browser's UI layers. Measured on this machine, the
 * exam journeys (8 tests, one worker): Chromium's CPU 53 s → 26 s, the run 65 s → 51 s.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: /.*\.test\.ts$/,
  // Each worker starts its own sandbox and portal (tests/e2e/servers.ts, ports E2E_SANDBOX_PORT and
  // E2E_PORTAL_PORT + the worker's index) and every test resets its worker's sandbox: tests are independent.
  fullyParallel: true,
  workers,
  // E2E_RETRIES (default 0): .ci/run sets 1, so a one-off race costs a retry, not the stop; the list
  // reporter names every test that needed it as "flaky", and a flaky test is a defect to fix
  // (docs/decisions/033-ci-retry-once.md). A test that fails twice fails the run.
  retries: Number(process.env.E2E_RETRIES) || 0,
  // A journey's limit: beside the page tests and three browsers a whole journey (register, then the automatic
  // login) took over 30 s in session 11's merged run (load 15); it bounds a hang, it measures nothing.
  timeout: 60_000,
  // How long an expectation waits for its state (Playwright's default 5 s): `npm test` runs Playwright beside
  // the page tests (decision 062), and a navigation whose loader makes a few upstream calls took over 5 s
  // there (agreements' 'incomplete info'). A state's wait, never an assertion on elapsed time.
  // Session 11's merged run: a send-code answer took over 10 s beside the rest (register.test.ts).
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    // baseURL is the worker's portal: the `baseURL` fixture of tests/e2e/support.ts
    locale: "zh-CN",
    launchOptions: { executablePath, args: chromiumArgs },
    // Only a retried test records a trace (decision 049): recording every test's screencast cost Chromium
    // about a third of its CPU, for traces nobody reads once the test passed.
    trace: "on-first-retry",
    // The service worker (issue 37 §1) only where a journey asks for it (tests/e2e/offline.test.ts): a worker
    // answers navigations itself, out of reach of a page's `route`, and would change what the other journeys measure.
    serviceWorkers: "block",
  },
  // The test pyramid (docs/decisions/016-test-pyramid.md): every journey runs with JavaScript; only the
  // tests about JavaScript being off (forms, menus, dialogs and their no-JS fallbacks) carry the tag
  // `@nojs` — test("…", { tag: "@nojs" }, …) — and run again without it. What a page renders, its
  // guards, redirects and headers are vitest's (tests/unit/pages/), not a browser's.
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", grep: /@nojs/, use: { javaScriptEnabled: false } },
  ],
});
