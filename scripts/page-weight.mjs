// Client JS per page, read from the build as `npm start` serves it (decision 040): for every route
// that renders a page, the scripts a first visit loads (Remix's entry module and its imports, then every
// route of the page's chain with its imports: the modulepreloads and module imports of the HTML) and
// their bytes on the wire for a gzip-only client and for a brotli one: the precompressed copy
// (scripts/precompress.mjs) when there is one, the file itself otherwise (serve.mjs sends it as is).
// Used by scripts/bench.mjs (--only=wire) on a release build.
//
// tests/unit/page-weight.test.ts (the ≤ 100 KB budget) runs on the test build (`npm run build:test`,
// decision 045: no terser, no precompressed copies) and uses releasePageWeights: the same scripts, each
// made as the release makes it (scripts/terse.mjs, then precompress.mjs's brotli and gzip), so the
// numbers are the release's byte for byte.
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import url from "node:url";
import { brotli, gzipSmallest } from "./precompress.mjs";
import { terseScript } from "./terse.mjs";

export const BUDGET_BYTES = 100 * 1024;

/** The browser manifest Remix wrote (public/build/manifest-*.js). */
export function readManifest(buildDir) {
  const file = fs.readdirSync(buildDir).find((name) => /^manifest-[\w]+\.js$/.test(name));
  if (!file) throw new Error(`no manifest-*.js in ${buildDir}: build first`);
  const text = fs.readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

/** Bytes a client receives for one script: `encoding` "gzip", "br" or "identity". */
export function wireBytes(buildDir, publicPath, src, encoding) {
  const file = path.join(buildDir, src.slice(publicPath.length));
  const copy = encoding === "gzip" ? `${file}.gz` : encoding === "br" ? `${file}.br` : null;
  return fs.statSync(copy && fs.existsSync(copy) ? copy : file).size;
}

/** Every page route (not the root) with the scripts a first visit loads. */
function pageScripts(manifest, isPage) {
  const routes = manifest.routes;
  const pages = [];
  for (const route of Object.values(routes)) {
    if (route.id === "root" || !isPage(route.id, route.module)) continue;
    const chain = [];
    for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r);
    const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain) {
      scripts.add(r.module);
      for (const i of r.imports ?? []) scripts.add(i);
    }
    pages.push({ id: route.id, scripts: [...scripts] });
  }
  return pages;
}

/** Sums each page's scripts' bytes (`size(src, encoding)`), heaviest (gzip) first. */
function weigh(pages, size) {
  return pages
    .map(({ id, scripts }) => {
      const sum = (encoding) => scripts.reduce((n, src) => n + size(src, encoding), 0);
      return { id, files: scripts.length, gzip: sum("gzip"), br: sum("br"), raw: sum("identity"), scripts };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/**
 * Every page route's first-visit scripts and their weight, heaviest (gzip) first, from the files and
 * precompressed copies on disk (a release build: `npm run build`).
 * `isPage(id, moduleUrl)` says whether a route renders (has a default export).
 */
export function pageWeights({ buildDir, publicPath = "/build/", isPage }) {
  return weigh(pageScripts(readManifest(buildDir), isPage), (src, encoding) => wireBytes(buildDir, publicPath, src, encoding));
}

/** Whether build/ is a test build (scripts/remix-build.mjs with PORTAL_TEST_BUILD=1: no terser). */
export function isTestBuild(serverBuildDir) {
  return fs.existsSync(path.join(serverBuildDir, "test-build.json"));
}

const here = path.dirname(url.fileURLToPath(import.meta.url));
const CACHE_DIR = path.join(here, "../node_modules/.cache/page-weight");
/** What a script's release bytes depend on besides its text: the two scripts and the tools' versions. */
const RECIPE = (() => {
  const require = createRequire(import.meta.url);
  const parts = ["terse.mjs", "precompress.mjs"].map((f) => fs.readFileSync(path.join(here, f), "utf8"));
  for (const pkg of ["terser", "@gfx/zopfli"]) parts.push(require(`${pkg}/package.json`).version);
  return parts.concat(process.versions.zlib, process.versions.brotli ?? "").join("\0");
})();

/**
 * One script's bytes as the release serves it: terser (when `terser`, i.e. the build skipped it), then
 * the copies precompress.mjs keeps (brotli 11, the smaller of zopfli and zlib 9) when smaller than the
 * file, the file otherwise. Kept in node_modules/.cache/page-weight by the script's text and RECIPE: a
 * second run on a build with the same chunks costs a hash per script (a clean clone pays it once).
 */
export async function releaseScriptBytes(file, { terser }) {
  const text = fs.readFileSync(file, "utf8");
  const key = crypto
    .createHash("sha256")
    .update(RECIPE)
    .update(terser ? "\0terser\0" : "\0as-is\0")
    .update(text)
    .digest("hex");
  const cached = path.join(CACHE_DIR, `${key}.json`);
  try {
    return JSON.parse(fs.readFileSync(cached, "utf8"));
  } catch {
    // not measured yet
  }
  const body = Buffer.from(terser ? await terseScript(text) : text);
  const br = brotli(body).length;
  const gzip = (await gzipSmallest(body, file)).length;
  const bytes = { identity: body.length, br: Math.min(br, body.length), gzip: Math.min(gzip, body.length) };
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    fs.writeFileSync(cached, JSON.stringify(bytes));
  } catch {
    // a read-only node_modules: measure again next time
  }
  return bytes;
}

/**
 * pageWeights as the release build would give them, from any build: each script of a page (the union,
 * once each) made as the release makes it (releaseScriptBytes). `terser`: whether the build skipped it
 * (default: isTestBuild of the server build beside public/build).
 */
export async function releasePageWeights({
  buildDir,
  publicPath = "/build/",
  isPage,
  terser = isTestBuild(path.join(path.dirname(path.dirname(buildDir)), "build")),
}) {
  const pages = pageScripts(readManifest(buildDir), isPage);
  const bytes = new Map();
  for (const src of new Set(pages.flatMap((p) => p.scripts))) {
    bytes.set(src, await releaseScriptBytes(path.join(buildDir, src.slice(publicPath.length)), { terser }));
  }
  return weigh(pages, (src, encoding) => bytes.get(src)[encoding]);
}

/** Whether a route's browser module renders a page, from esbuild's metafile of the browser build. */
export function pageTest(metafile, buildDir, publicPath = "/build/") {
  const root = path.dirname(path.dirname(buildDir)); // public/build → the project
  return (_id, moduleUrl) => {
    const output = metafile.outputs[path.relative(root, path.join(buildDir, moduleUrl.slice(publicPath.length)))];
    return Boolean(output?.exports.includes("default"));
  };
}
