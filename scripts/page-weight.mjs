// Client JS per page, read from the build as `npm start` serves it (decision 040): for every route
// that renders a page, the scripts a first visit loads (Remix's entry module and its imports, then every
// route of the page's chain with its imports: the modulepreloads and module imports of the HTML) and
// their bytes on the wire for a gzip-only client and for a brotli one: the precompressed copy
// (scripts/precompress.mjs) when there is one, the file itself otherwise (serve.mjs sends it as is).
// Used by tests/unit/page-weight.test.ts (the ≤ 100 KB budget) and scripts/bench.mjs (--only=wire).
import fs from "node:fs";
import path from "node:path";

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

/**
 * Every page route's first-visit scripts and their weight, heaviest (gzip) first.
 * `isPage(id, moduleUrl)` says whether a route renders (has a default export).
 */
export function pageWeights({ buildDir, publicPath = "/build/", isPage }) {
  const manifest = readManifest(buildDir);
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
    const sum = (encoding) => [...scripts].reduce((n, src) => n + wireBytes(buildDir, publicPath, src, encoding), 0);
    pages.push({ id: route.id, files: scripts.size, gzip: sum("gzip"), br: sum("br"), raw: sum("identity"), scripts: [...scripts] });
  }
  return pages.sort((a, b) => b.gzip - a.gzip);
}

/** Whether a route's browser module renders a page, from esbuild's metafile of the browser build. */
export function pageTest(metafile, buildDir, publicPath = "/build/") {
  const root = path.dirname(path.dirname(buildDir)); // public/build → the project
  return (_id, moduleUrl) => {
    const output = metafile.outputs[path.relative(root, path.join(buildDir, moduleUrl.slice(publicPath.length)))];
    return Boolean(output?.exports.includes("default"));
  };
}
