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
/** decision 093: the branch loop, whose result is kept per routes array and path */
const BRANCH_LOOP = "  let matches = null;\n  let decoded = decodePath(pathname);\n  for (let i = 0; matches == null && i < branches.length; ++i) {";
const COMPILE = "function compilePath(path, caseSensitive, end) {";
const STATE = 'globalThis[Symbol.for("portal.routeMatchCache")]';
/** Distinct path patterns kept compiled (the portal's routes use ~140; more only via matchPath with odd input). */
export const COMPILED_PATTERNS_MAX = 2_000;
/** Paths whose matches are kept per routes array (decision 093): bounded, forgotten all at once when full. */
export const MATCHED_PATHS_MAX = 5_000;

/** The router's source with the two caches put in, or null when it does not have the expected lines. */
export function patchRouterSource(source) {
  if (source.split(FLATTEN).length !== 2 || source.split(COMPILE).length !== 2 || source.split(BRANCH_LOOP).length !== 2) return null;
  // decision 093: what the loop over the ranked branches found for a path is kept (per routes array, per path): a
  // document request matches its path three times and a client navigation's `.data` path, which no route has, tried
  // every branch (~0.3 ms of a 1.6 ms root-data request); the matches are handed out as copies (their params too)
  const loop = source.slice(source.indexOf(BRANCH_LOOP));
  const end = loop.indexOf("\n  return matches;\n}");
  if (end < 0) return null;
  const original = loop.slice(0, end);
  return (
    source
      .replace(FLATTEN, "let branches = __portalRankedBranches(routes);")
      .replace(COMPILE, "function __portalCompilePathUncached(path, caseSensitive, end) {")
      .replace(
        original,
        () =>
          "  let decoded = decodePath(pathname);\n  let matches = __portalMatched(branches, decoded, allowPartial, () => {\n" +
          original.replace("  let decoded = decodePath(pathname);\n", "") +
          "\n  return matches;\n  });",
      ) +
    `
// --- portal: route matching once per process (scripts/route-match-cache.mjs, decision 057) ---
const __portalCache = (${STATE} = { branches: new WeakMap(), compiled: new Map(), matched: new WeakMap(), flattened: 0, matchedPaths: 0 });
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
function __portalMatched(branches, decoded, allowPartial, find) {
  let byPath = __portalCache.matched.get(branches);
  if (!byPath) __portalCache.matched.set(branches, (byPath = new Map()));
  const key = (allowPartial ? "p" : "e") + decoded;
  let kept = byPath.get(key);
  if (kept === undefined) {
    if (byPath.size >= ${MATCHED_PATHS_MAX}) byPath.clear();
    kept = find();
    byPath.set(key, kept);
    __portalCache.matchedPaths++;
  }
  return kept === null ? null : kept.map((m) => ({ ...m, params: { ...m.params } }));
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
let renderStatus = "not installed";
/** Which of the three render modules were patched as they loaded ("remix", "fog of war", "static router"). */
const renderPatched = new Set();

// --- decision 070: the render's route tree once per build -----------------------------------------------------
//
// Remix's RemixServer makes the route tree of a render from the build's manifest on EVERY document request
// (createServerRoutes), and react-router-dom's createStaticRouter converts it to data routes again
// (convertRoutesToDataRoutes): two new routes arrays per request, so React Router's matching while rendering
// (useRoutes) and Remix's <Scripts> (getPartialManifest: one match per parent path of the address) flatten and
// rank the whole tree each time: the branch cache above is keyed by the routes array. Both trees depend only on
// the build (its manifest and route modules), so they are kept per build: a WeakMap on the manifest's routes
// object, checked against the route modules (a new build has new ones), and the data routes per routes array.
// Nothing in them is per request (no loader data, no location: those are in the static handler's context).
const REMIX_SERVER_FILE = /[\\/]@remix-run[\\/]react[\\/]dist[\\/]server\.js$/;
const STATIC_ROUTER_FILE = /[\\/]react-router-dom[\\/]server\.js$/;
const SERVER_ROUTES = "let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);";
const DATA_ROUTES =
  "let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);";
const RENDER_STATE = 'globalThis[Symbol.for("portal.renderRoutesCache")]';
const RENDER_CACHE = `(${RENDER_STATE} ??= { server: new WeakMap(), data: new WeakMap(), serverRoutes: 0, dataRoutes: 0 })`;

const FOG_OF_WAR_FILE = /[\\/]@remix-run[\\/]react[\\/]dist[\\/]fog-of-war\.js$/;
const PARENT_MATCH = "let matches = router.matchRoutes(router$1.routes, path, router$1.basename);";
/** Parent paths whose route ids are kept per routes array (bounded: a parent path may hold an id). */
export const PARENT_PATHS_MAX = 5_000;

/**
 * Remix's fog-of-war.js with the route ids of the address's parent paths kept per routes array, or null when it
 * does not have the expected line. <Scripts> lists, in the page's route manifest, the routes of each parent path of
 * the address (`/personal/course/lessons`: `/`, `/personal`, `/personal/course`); most of them match nothing, which
 * tries every branch of the tree, on every document request. The ids depend only on the tree and the path.
 */
export function patchFogOfWarSource(source) {
  if (source.split(PARENT_MATCH).length !== 2) return null;
  return (
    source.replace(
      PARENT_MATCH,
      () =>
        "let matches = __portalParentMatches(router$1.routes, path, router$1.basename, () => router.matchRoutes(router$1.routes, path, router$1.basename));",
    ) +
    `
// --- portal: the parent paths' route ids once per routes array (scripts/route-match-cache.mjs, decision 070) ---
function __portalParentMatches(routes, path, basename, match) {
  const cache = ${RENDER_CACHE};
  cache.parents ??= new WeakMap();
  let byPath = cache.parents.get(routes);
  if (!byPath) cache.parents.set(routes, (byPath = new Map()));
  const key = (basename ?? "") + "\\0" + path;
  let ids = byPath.get(key);
  if (ids === undefined) {
    if (byPath.size >= ${PARENT_PATHS_MAX}) byPath.clear();
    ids = (match() ?? []).map((m) => m.route.id);
    byPath.set(key, ids);
  }
  return ids.map((id) => ({ route: { id } }));
}
`
  );
}

/** Remix's server.js with the render's route tree kept per build, or null when it does not have the expected line. */
export function patchRemixServerSource(source) {
  if (source.split(SERVER_ROUTES).length !== 2) return null;
  return (
    source.replace(SERVER_ROUTES, () => "let routes$1 = __portalServerRoutes(routes, manifest, routeModules, context);") +
    `
// --- portal: the render's route tree once per build (scripts/route-match-cache.mjs, decision 070) ---
function __portalServerRoutes(routes, manifest, routeModules, context) {
  const cache = ${RENDER_CACHE};
  const kept = cache.server.get(manifest.routes);
  if (kept && kept.isSpaMode === context.isSpaMode && kept.future === context.future && Object.keys(routeModules).every((id) => kept.modules[id] === routeModules[id])) return kept.routes;
  const made = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
  cache.server.set(manifest.routes, { routes: made, modules: { ...routeModules }, isSpaMode: context.isSpaMode, future: context.future });
  cache.serverRoutes++;
  return made;
}
`
  );
}

/** react-router-dom's server.js with the data routes kept per routes array, or null when it does not have the expected lines. */
export function patchStaticRouterSource(source) {
  if (source.split(DATA_ROUTES).length !== 2) return null;
  return (
    source.replace(DATA_ROUTES, () => "let { manifest, dataRoutes } = __portalDataRoutes(routes);") +
    `
// --- portal: data routes once per routes array (scripts/route-match-cache.mjs, decision 070) ---
function __portalDataRoutes(routes) {
  const cache = ${RENDER_CACHE};
  let kept = cache.data.get(routes);
  if (!kept) {
    const manifest = {};
    const dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);
    kept = { manifest, dataRoutes };
    cache.data.set(routes, kept);
    cache.dataRoutes++;
  }
  return kept;
}
`
  );
}

/**
 * Patches @remix-run/router as Node loads it. Call before anything requires it; idempotent. Returns the
 * status: "installed" (waiting for the router to load), or "late" when the router was loaded already.
 */
export function installRouteMatchCache() {
  if (status !== "not installed") return status;
  const loaded = Object.keys(Module._cache ?? {}).some((file) => ROUTER_FILE.test(file));
  if (loaded) return (status = renderStatus = "late");
  renderStatus = "installed";
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
    // the render's route tree, made once per build (decision 070): without it every render makes a new routes
    // array, which the branch cache above can only miss
    if (typeof filename === "string" && REMIX_SERVER_FILE.test(filename) && !content.includes("__portalServerRoutes")) {
      const patched = patchRemixServerSource(content);
      if (patched) {
        renderPatched.add("remix");
        return compile.call(this, patched, filename);
      }
      renderStatus = "unpatched: @remix-run/react's server.js has changed";
    }
    if (typeof filename === "string" && FOG_OF_WAR_FILE.test(filename) && !content.includes("__portalParentMatches")) {
      const patched = patchFogOfWarSource(content);
      if (patched) {
        renderPatched.add("fog of war");
        return compile.call(this, patched, filename);
      }
      renderStatus = "unpatched: @remix-run/react's fog-of-war.js has changed";
    }
    if (typeof filename === "string" && STATIC_ROUTER_FILE.test(filename) && !content.includes("__portalDataRoutes")) {
      const patched = patchStaticRouterSource(content);
      if (patched) {
        renderPatched.add("static router");
        return compile.call(this, patched, filename);
      }
      renderStatus = "unpatched: react-router-dom's server.js has changed";
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
  const render = globalThis[Symbol.for("portal.renderRoutesCache")];
  return {
    status,
    flattened: cache?.flattened ?? 0,
    patterns: cache?.compiled.size ?? 0,
    // decision 070: the render's route trees made so far (one per build when active)
    render: renderStatus.startsWith("unpatched") ? renderStatus : renderPatched.size === 3 ? "active" : renderStatus,
    serverRoutesMade: render?.serverRoutes ?? 0,
    dataRoutesMade: render?.dataRoutes ?? 0,
  };
}

if (process.env.ROUTE_MATCH_CACHE !== "0") installRouteMatchCache();
