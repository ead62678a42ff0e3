#!/usr/bin/env node
// `remix build` (Remix v2's classic esbuild compiler) with five changes to the browser build's esbuild
// options, for fewer, larger and smaller client chunks (decision 040, issue 11: ≤ 100 KB of JS per page):
//
// 1. The stand-ins Remix puts in place of `*.server` modules and `@remix-run/node` in the browser
//    build (an empty CommonJS module each) are marked free of side effects. esbuild otherwise keeps
//    every import of them, even when only a loader (removed from the browser build) used it: each
//    became a ~100-byte chunk of its own, 10-20 extra script requests per page.
// 2. A shared shell chunk. esbuild splits shared code by the exact set of entry points (routes) that
//    reach it, so a module used by the root and by 3 routes got a chunk of its own, one for every such
//    set: 15 chunks under the root alone, all of them loaded on every page anyway. Every route's
//    browser module (and entry.client) now also re-exports the root's browser module as `__shell`, so
//    whatever the root reaches is reached by every entry and esbuild puts it in one chunk with React and
//    Remix: fewer files, and one compression window over the shell instead of 15 small ones.
//    Remix ignores route exports it does not know; nothing outside the root's own browser exports
//    (its loader stays on the server) is added to any page.
// 3. terser over the browser scripts before Remix writes them (below).
// 4. `charset: utf8` (Chinese text as UTF-8, not \uXXXX escapes) and legal comments in `.LEGAL.txt`
//    files beside the scripts instead of at the end of the shell chunk every page downloads.
// 5. The kit's submit button and field (components/ui) join the shell chunk the same way: nearly every form
//    page loads them, each was a sub-kilobyte chunk of its own (a file's gzip overhead and its import lines
//    of hashed chunk names, for ~1 KB of code). On the heaviest form pages (apply/fill, complete information)
//    -0.23 KB gzip; +0.5 KB on the mean page (those without a form carry them unused), all under the budget.
//    Adding use-form or the dialog the same way made the heaviest page heavier (measured): not done.
//
// Everything else is Remix's own build (`remix build` arguments pass through). `remix dev` is unchanged.
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { terseScript } from "./terse.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const devEntry = require.resolve("@remix-run/dev", { paths: [root] });
const esbuildPath = require.resolve("esbuild", { paths: [path.dirname(devEntry)] });
const esbuild = require(esbuildPath);
const appDir = path.join(root, "app");
const ROOT_ROUTE = "root.tsx?browser"; // the id of the root entry point (Remix: route file + "?browser")
const SERVER_ONLY = /\.server(\.[jt]sx?)?$/;
const REMIX_SERVER_RUNTIME = /^@remix-run\/(deno|cloudflare|node)(\/.*)?$/;
/** The kit modules every route (and the root) re-exports, so esbuild puts them in the shell chunk (point 5). */
const KIT = ["components/ui/SubmitButton.tsx", "components/ui/Field.tsx"].map((f) => path.join(appDir, f));
const KIT_EXPORT = KIT.map((f, i) => `\nexport * as __kit${i} from ${JSON.stringify(f)};`).join("") + "\n";
const SHELL_EXPORT = `\nexport * as __shell from ${JSON.stringify(ROOT_ROUTE)};\n` + KIT_EXPORT;

/** Marks Remix's empty stand-ins side-effect free (point 1): Remix's own plugin still loads them. */
const sideEffectFreeStandIns = {
  name: "portal-side-effect-free-stand-ins",
  setup(build) {
    build.onResolve({ filter: SERVER_ONLY }, (args) =>
      path.resolve(args.resolveDir, args.path).startsWith(appDir) ? { path: args.path, namespace: "empty-module", sideEffects: false } : undefined,
    );
    build.onResolve({ filter: REMIX_SERVER_RUNTIME }, (args) => ({ path: args.path, namespace: "empty-module", sideEffects: false }));
  },
};

/**
 * entry.client and the app modules loaded by `import()` (the login pop-up, the socket client...: each
 * is an entry point of its own to esbuild) re-export the root's browser module too (point 2), so that
 * React, Remix and the shell have the same set of entry points and land in one chunk. Such a module
 * only ever loads on a page that has the shell already.
 */
function shellEntries(entryFile) {
  const reachShell = new Set([path.resolve(entryFile)]);
  return {
    name: "portal-shell-entries",
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== "dynamic-import" || args.pluginData?.portalShell) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: { portalShell: true },
        });
        if (resolved.errors.length === 0 && resolved.namespace === "file" && resolved.path.startsWith(appDir + path.sep)) reachShell.add(resolved.path);
        return resolved.errors.length ? undefined : resolved;
      });
      build.onLoad({ filter: /\.[jt]sx?$/ }, (args) => {
        if (!reachShell.has(args.path)) return undefined;
        return { contents: fs.readFileSync(args.path, "utf8") + SHELL_EXPORT, loader: path.extname(args.path).slice(1), resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** Wraps Remix's browser-route-modules plugin: each route's browser module re-exports the root's (point 2). */
function withShell(plugin) {
  return {
    ...plugin,
    setup(build) {
      const onLoad = (options, callback) =>
        build.onLoad(options, async (args) => {
          const result = await callback(args);
          const file = args.path.replace(/\?browser$/, "");
          if (!result?.contents) return result;
          // A resource route has no browser exports: Remix gives it `module.exports = {}`, which made esbuild's
          // CommonJS helpers a chunk of their own (reached by those routes but not by the shell): an
          // empty ES module instead, never loaded by a page anyway.
          if (result.contents === "module.exports = {};") result.contents = "export {};";
          else if (file !== "root.tsx") result.contents += SHELL_EXPORT;
          else result.contents += KIT_EXPORT;
          return result;
        });
      return plugin.setup({ ...build, onLoad, onResolve: build.onResolve.bind(build), onStart: build.onStart.bind(build), onEnd: build.onEnd.bind(build) });
    },
  };
}

function tune(options) {
  // the browser JS build (Remix's CSS bundle build is a browser build too, without entry.client)
  const entryFile = options.platform === "browser" ? options.entryPoints?.["entry.client"] : undefined;
  if (!entryFile) return options;
  const plugins = options.plugins.map((p) => (p.name === "browser-route-modules" ? withShell(p) : p));
  return { ...options, charset: "utf8", legalComments: "external", plugins: [sideEffectFreeStandIns, shellEntries(entryFile), ...plugins, terse] };
}

/**
 * Every esbuild context Remix opens. Remix's `build` never disposes its compiler's contexts, and the exit
 * right after it (ours below, and Remix's own CLI) closed esbuild's service while those contexts still had
 * requests in flight: the Go process printed "fatal error: all goroutines are asleep - deadlock!" and a
 * goroutine dump in the middle of `npm start` (issue 26). Disposing them first lets the service end cleanly.
 */
const contexts = [];
async function openContext(options) {
  const context = await esbuild.context(tune(options));
  contexts.push(context);
  return context;
}
async function disposeContexts() {
  await Promise.all(contexts.splice(0).map((c) => c.dispose().catch(() => undefined)));
}

require.cache[esbuildPath].exports = { ...esbuild, context: openContext, build: (options) => esbuild.build(tune(options)) };

/**
 * Point 3: terser over the browser build's scripts (scripts/terse.mjs) before Remix writes them. esbuild's
 * minifier is fast but leaves about 3 % of a gzip stream on the table: the shell chunk went from 93.4 to
 * 90.3 KB gzip (84.6 to 81.2 KB brotli). File names (esbuild's content hashes) stay: the same input gives
 * the same output, so a test build's chunk and the release's have the same name. Not with --sourcemap
 * (the maps would not match).
 *
 * PORTAL_TEST_BUILD=1 (`npm run build:test`, what `npm test` builds; decision 045) skips it: terser takes
 * 10-40 s on this machine and only changes bytes on the wire, which tests/unit/page-weight.test.ts
 * measures by running the same terser and compression over the page's chunks itself. The build then
 * leaves build/test-build.json to say so.
 */
const TEST_BUILD = process.env.PORTAL_TEST_BUILD === "1";
const terse = {
  name: "portal-terser",
  setup(build) {
    build.onEnd(async (result) => {
      if (TEST_BUILD || !result.outputFiles || build.initialOptions.sourcemap) return;
      const started = Date.now();
      let before = 0;
      let after = 0;
      for (const [index, file] of result.outputFiles.entries()) {
        if (!file.path.endsWith(".js")) continue;
        const code = file.text;
        const out = await terseScript(code);
        before += code.length;
        after += out.length;
        if (out === code) continue;
        const contents = Buffer.from(out);
        result.outputFiles[index] = {
          path: file.path,
          contents,
          get text() {
            return out;
          },
        };
      }
      console.log(`[build] terser: ${before} → ${after} bytes of browser scripts (${Date.now() - started} ms)`);
    });
  },
};

/**
 * A test build rewrites scripts a release build had precompressed (same names, now without terser): their
 * .br/.gz copies (scripts/precompress.mjs) are then older than the script and would still be served.
 */
function dropStaleCopies(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const copy = path.join(entry.parentPath ?? entry.path, entry.name);
    if (!entry.isFile() || !/\.(br|gz)$/.test(entry.name)) continue;
    const source = copy.slice(0, -3);
    if (!fs.existsSync(source) || fs.statSync(source).mtimeMs > fs.statSync(copy).mtimeMs) fs.rmSync(copy);
  }
}

const args = process.argv.slice(2);
const { cli } = require(devEntry);
const marker = path.join(root, "build/test-build.json");
try {
  await cli.run(["build", ...args]);
  await disposeContexts();
  // tests/unit/page-weight.test.ts reads it: the browser scripts were not run through terser
  if (TEST_BUILD) {
    fs.writeFileSync(marker, `${JSON.stringify({ terser: false })}\n`);
    dropStaleCopies(path.join(root, "public/build"));
  } else fs.rmSync(marker, { force: true });
} catch (error) {
  console.error(error);
  process.exit(1);
}
process.exit(0);
