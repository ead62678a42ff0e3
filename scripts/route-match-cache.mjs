// Route matching made once per process (issue 24, decision 057).
//
// @remix-run/router's matchRoutes flattens and ranks the whole route tree on EVERY call (flattenRoutes,
// computeScore, joinPaths, then compilePath builds a new RegExp for each branch it tries). A document
// request of the portal matches three times (Remix's matchServerRoutes, the static handler's query and
// React Router's useRoutes while rendering), over 136 routes: ~17 % of the portal's busy CPU in the issue's
// profile, and much of its garbage. The route tree of a server build never changes while the process runs,
// so the flattened, ranked branches are kept per routes array (a WeakMap: a new build's routes get their
// own), and each path pattern's compiled RegExp once (a bounded Map). Matching itself is unchanged: the
// same branches in the same order, tried by the router's own matchRouteBranch.
//
// The router keeps these functions private (the static handler calls its own matchRoutes), so the cache is
// put into the router's CommonJS source as Node loads it, on the server only (this module is imported by
// scripts/serve.mjs before anything loads Remix). If a router release changes the two lines it looks for,
// nothing is patched, matching stays as it was, and `routeMatchCacheStatus()` says why (the test goes red).
import Module from "node:module";

const ROUTER_FILE = /[\\/]@remix-run[\\/]router[\\/]dist[\\/]router\.cjs\.js$/;
const FLATTEN = "let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);";
const COMPILE = "function compilePath(path, caseSensitive, end) {";
const STATE = 'globalThis[Symbol.for("portal.routeMatchCache")]';
/** Distinct path patterns kept compiled (the portal's routes use ~140; more only via matchPath with odd input). */
export const COMPILED_PATTERNS_MAX = 2_000;

/** The router's source with the two caches put in, or null when it does not have the expected lines. */
export function patchRouterSource(source) {
  if (source.split(FLATTEN).length !== 2 || source.split(COMPILE).length !== 2) return null;
  return (
    source
      .replace(FLATTEN, "let branches = __portalRankedBranches(routes);")
      .replace(COMPILE, "function __portalCompilePathUncached(path, caseSensitive, end) {") +
    `
// --- portal: route matching once per process (scripts/route-match-cache.mjs, decision 057) ---
const __portalCache = (${STATE} = { branches: new WeakMap(), compiled: new Map(), flattened: 0 });
function __portalRankedBranches(routes) {
  let branches = __portalCache.branches.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    __portalCache.branches.set(routes, branches);
    __portalCache.flattened++;
  }
  return branches;
}
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive ? "s" : "i") + (end === false ? "p" : "e") + path;
  let compiled = __portalCache.compiled.get(key);
  if (compiled === undefined) {
    if (__portalCache.compiled.size >= ${COMPILED_PATTERNS_MAX}) __portalCache.compiled.clear();
    compiled = __portalCompilePathUncached(path, caseSensitive, end);
    __portalCache.compiled.set(key, compiled);
  }
  return compiled;
}
`
  );
}

let status = "not installed";

/**
 * Patches @remix-run/router as Node loads it. Call before anything requires it; idempotent. Returns the
 * status: "installed" (waiting for the router to load), or "late" when the router was loaded already.
 */
export function installRouteMatchCache() {
  if (status !== "not installed") return status;
  const loaded = Object.keys(Module._cache ?? {}).some((file) => ROUTER_FILE.test(file));
  if (loaded) return (status = "late");
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (typeof filename === "string" && ROUTER_FILE.test(filename) && !content.includes("__portalRankedBranches")) {
      const patched = patchRouterSource(content);
      if (patched) {
        status = "active";
        return compile.call(this, patched, filename);
      }
      status = "unpatched: @remix-run/router's source has changed";
    }
    return compile.call(this, content, filename);
  };
  return (status = "installed");
}

/**
 * "active" when the router in this process caches its matching; otherwise why not. `flattened` counts the
 * route trees flattened so far (one per server build), `patterns` the compiled path patterns.
 */
export function routeMatchCacheStatus() {
  const cache = globalThis[Symbol.for("portal.routeMatchCache")];
  return { status, flattened: cache?.flattened ?? 0, patterns: cache?.compiled.size ?? 0 };
}

if (process.env.ROUTE_MATCH_CACHE !== "0") installRouteMatchCache();
