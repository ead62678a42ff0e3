#!/usr/bin/env node
// The service worker (issue 37 §1, decision 098), after `remix build` (npm run build and build:test):
// 1. esbuild bundles app/sw/service-worker.ts (Workbox 7's precaching, routing and core modules, the
//    portal's own navigation rules) into one script, with this build's version (Remix's manifest version);
// 2. workbox-build's injectManifest puts the precache list in it: every hashed script and stylesheet of
//    public/build and the branded offline page (/offline, revisioned by the build), and writes public/sw.js.
// Prints the worker's size and the precache's (count, bytes).
import crypto from "node:crypto";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import { injectManifest } from "workbox-build";
import { readManifest } from "./page-weight.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const devEntry = require.resolve("@remix-run/dev", { paths: [root] });
const esbuild = require(require.resolve("esbuild", { paths: [path.dirname(devEntry)] }));

export const SW_FILE = path.join(root, "public/sw.js");
export const REGISTER_FILE = path.join(root, "public/sw-register.js");

export async function buildServiceWorker({ quiet = false } = {}) {
  const version = readManifest(path.join(root, "public/build")).version;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-sw-"));
  try {
    const bundled = path.join(tmp, "sw.js");
    await esbuild.build({
      entryPoints: [path.join(root, "app/sw/service-worker.ts")],
      bundle: true,
      format: "iife",
      target: "es2020",
      minify: true,
      legalComments: "none",
      outfile: bundled,
      tsconfig: path.join(root, "tsconfig.json"),
      define: { PORTAL_BUILD: JSON.stringify(version), "process.env.NODE_ENV": '"production"' },
      logLevel: "error",
    });
    // the registration (workbox-window): a script of its own, not in Remix's bundle (outside the page budget)
    await esbuild.build({
      entryPoints: [path.join(root, "app/sw/register-entry.client.ts")],
      bundle: true,
      format: "esm",
      target: "es2020",
      minify: true,
      legalComments: "none",
      outfile: REGISTER_FILE,
      tsconfig: path.join(root, "tsconfig.json"),
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "error",
    });
    const registerBytes = fs.readFileSync(REGISTER_FILE);
    const registerRevision = crypto.createHash("sha256").update(registerBytes).digest("hex").slice(0, 16);
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: SW_FILE,
      globDirectory: path.join(root, "public"),
      globPatterns: ["build/**/*.{js,css}"],
      globIgnores: ["**/*.LEGAL.txt", "**/*.map"],
      // esbuild's content hash is in every name under build/: the URL is its own revision
      dontCacheBustURLsMatching: /^build\/.*-[A-Z0-9]{8}\.(js|css)$/,
      additionalManifestEntries: [
        { url: "/offline", revision: version },
        { url: "/sw-register.js", revision: registerRevision },
      ],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    });
    for (const w of warnings) console.warn(`[sw] ${w}`);
    const script = fs.readFileSync(SW_FILE);
    if (!quiet)
      console.log(
        `[sw] public/sw.js: ${script.length} bytes (${zlib.gzipSync(script, { level: 9 }).length} gzip), public/sw-register.js: ${registerBytes.length} bytes (${zlib.gzipSync(registerBytes, { level: 9 }).length} gzip), precache ${count} files, ${size} bytes (build ${version})`,
      );
    return { version, count, size, bytes: script.length, registerBytes: registerBytes.length };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === url.pathToFileURL(process.argv[1] ?? "").href) {
  try {
    await buildServiceWorker();
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
