/**
 * vitest globalSetup of the `pages` project (vitest.config.ts): the page tests (tests/unit/portal.ts)
 * drive the built server, so the build must be the one of the sources under test. The test build
 * (scripts/remix-build.mjs with PORTAL_TEST_BUILD=1, decision 045: no terser, no precompressed copies)
 * runs when build/index.js is missing or older than any file it is made from; otherwise nothing happens
 * (`npm test` builds first, scripts/test.mjs). The page-weight test measures the scripts as the release
 * sends them itself (scripts/page-weight.mjs), so no copies are needed here.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const SOURCES = ["app", "remix.config.js", "postcss.config.js", "tsconfig.json", "package.json", "scripts/remix-build.mjs"];

function newest(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // test files beside the code (app/**/*.test.ts) are not part of the build
  return readdirSync(file)
    .filter((name) => !/\.test\.tsx?$/.test(name))
    .reduce((max, name) => Math.max(max, newest(path.join(file, name))), stat.mtimeMs);
}

export function setup() {
  const built = path.join(root, "build/index.js");
  const sourcesAt = Math.max(
    ...SOURCES.map((s) => path.join(root, s))
      .filter(existsSync)
      .map(newest),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sourcesAt) return;
  const started = Date.now();
  process.stdout.write("[vitest] build/ is missing or older than app/: the test build\n");
  execFileSync(process.execPath, [path.join(root, "scripts/remix-build.mjs")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORTAL_TEST_BUILD: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.stdout.write(`[vitest] built in ${Date.now() - started} ms\n`);
}
