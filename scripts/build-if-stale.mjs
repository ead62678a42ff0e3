#!/usr/bin/env node
// `npm start`'s build step: `npm run build` (about 2.5 min) only when the release build is missing or older
// than its sources (issue 26). After a successful build a stamp (build/start-stamp.json) records it; the
// next start compares the newest modification time under the sources with the stamp's. A test build
// (`npm run build:test`: no terser, build/test-build.json) is never taken for a release build.
// `--force` (or PORTAL_REBUILD=1) always builds.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const STAMP = path.join(root, "build/start-stamp.json");
/** What the build reads: the app, the sandbox's sources, the static files, the build scripts and configuration. */
const SOURCES = [
  "app",
  "public",
  "sandbox/src",
  "sandbox/media",
  "sandbox/tsconfig.json",
  "scripts/remix-build.mjs",
  "scripts/terse.mjs",
  "scripts/precompress.mjs",
  "remix.config.js",
  "postcss.config.js",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];
/** Build output inside the source folders (public/build is written by the build itself). */
const OUTPUT = [path.join(root, "public/build")];

/** The newest modification time (ms) of the files under `p`, build output left out. */
function newest(p) {
  if (OUTPUT.some((o) => p === o || p.startsWith(o + path.sep))) return 0;
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file changes its folder
  for (const name of fs.readdirSync(p)) latest = Math.max(latest, newest(path.join(p, name)));
  return latest;
}

export function buildState() {
  const sourcesAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
  if (!fs.existsSync(STAMP)) return { current: false, why: "no release build yet" };
  if (fs.existsSync(path.join(root, "build/test-build.json"))) return { current: false, why: "the build is a test build (npm run build:test)" };
  for (const out of ["build/index.js", "public/build", "sandbox/dist/index.js"])
    if (!fs.existsSync(path.join(root, out))) return { current: false, why: `${out} is missing` };
  const { builtAt } = JSON.parse(fs.readFileSync(STAMP, "utf8"));
  if (!(typeof builtAt === "number" && builtAt >= sourcesAt)) return { current: false, why: "sources changed since the last build" };
  return { current: true, why: "" };
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  const force = process.argv.includes("--force") || process.env.PORTAL_REBUILD === "1";
  const state = buildState();
  if (state.current && !force) {
    console.log("[start] the build is current: not rebuilding (npm run build, or PORTAL_REBUILD=1 npm start, to force)");
  } else {
    console.log(`[start] building: ${force ? "forced" : state.why}`);
    const startedAt = Date.now();
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
    if (result.status !== 0) process.exit(result.status ?? 1);
    // the sources as they were when the build started: a file saved during the build makes the next start build again
    fs.writeFileSync(STAMP, `${JSON.stringify({ builtAt: startedAt })}\n`);
  }
}
