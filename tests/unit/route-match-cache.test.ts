// scripts/route-match-cache.mjs (issue 24, decision 057): @remix-run/router's matching, flattened and ranked once
// per routes array, gives the same matches as the router's own.
import { createRequire } from "node:module";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const { patchRouterSource, patchRemixServerSource, patchStaticRouterSource, patchFogOfWarSource, routeMatchCacheStatus } =
  (await import("../../scripts/route-match-cache.mjs")) as {
    patchRouterSource: (source: string) => string | null;
    patchRemixServerSource: (source: string) => string | null;
    patchStaticRouterSource: (source: string) => string | null;
    patchFogOfWarSource: (source: string) => string | null;
    routeMatchCacheStatus: () => { status: string; flattened: number; patterns: number; render: string };
  };
type Router = typeof import("@remix-run/router");
type Cache = { branches: WeakMap<object, unknown>; compiled: Map<string, unknown>; flattened: number };

const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router", { paths: [require.resolve("@remix-run/server-runtime")] });
const source = fs.readFileSync(routerFile, "utf8");

/** A fresh copy of the router compiled from `text` (patched or not), beside the one the process uses (no load hook). */
function load(text: string): Router {
  return loadModule<Router>(text, routerFile);
}

/** A fresh copy of a CommonJS module compiled from `text`, its own requires resolved from `file`. */
function loadModule<T>(text: string, file: string): T {
  const module = { exports: {} as T };
  const own = createRequire(file);
  new Function("exports", "require", "module", "__filename", "__dirname", text)(module.exports, own, module, file, file);
  return module.exports;
}

// the render's modules (decision 070), as the server loads them
const remixReactFile = require.resolve("@remix-run/react");
const remixServerFile = createRequire(remixReactFile).resolve("./server.js");
const fogOfWarFile = createRequire(remixReactFile).resolve("./fog-of-war.js");
const staticRouterFile = createRequire(remixReactFile).resolve("react-router-dom/server");
type RenderCache = { serverRoutes: number; dataRoutes: number; parents?: WeakMap<object, Map<string, string[]>> };
const renderCache = () => (globalThis as Record<symbol, RenderCache | undefined>)[Symbol.for("portal.renderRoutesCache")];

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      {
        id: "school",
        children: [
          { id: "lessons", path: "personal/course/lessons" },
          { id: "detail", path: "course/detail/:id" },
          { id: "doing", path: "lib/subject/doing/:recordId" },
          { id: "optional", path: "lib/:lang?/news" },
          { id: "caseSensitive", path: "Exact", caseSensitive: true },
          { id: "splat", path: "files/*" },
        ],
      },
      { id: "catch", path: "*" },
    ],
  },
];
const paths = [
  "/",
  "/personal/course/lessons",
  "/course/detail/5019",
  "/course/detail/50%2F19",
  "/lib/subject/doing/77",
  "/lib/news",
  "/lib/en/news",
  "/Exact",
  "/exact",
  "/files/a/b.pdf",
  "/nope/x",
  "/personal/course/lessons/",
];

describe("the route-match cache", () => {
  it("finds the two lines it replaces in this @remix-run/router", () => {
    expect(patchRouterSource(source)).not.toBeNull();
    expect(patchRouterSource("function other() {}")).toBeNull();
  });

  it("matches exactly as the router does, flattening and ranking a routes array once", () => {
    const plain = load(source);
    const cached = load(patchRouterSource(source)!);
    const cache = (globalThis as Record<symbol, Cache>)[Symbol.for("portal.routeMatchCache")]!;
    const strip = (matches: ReturnType<Router["matchRoutes"]>) =>
      matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase }));
    for (let round = 0; round < 3; round++) {
      for (const path of paths) expect(strip(cached.matchRoutes(routes, path)), path).toEqual(strip(plain.matchRoutes(routes, path)));
    }
    expect(cache.flattened).toBe(1);
    // a static handler (Remix's query) matches through the router's private matchRoutes: the same cache
    const handler = cached.createStaticHandler(routes);
    // its data routes are a routes array of their own: flattened by the first query, never again
    for (let round = 0; round < 3; round++) for (const path of paths) void handler.query(new Request(`http://x${path}`));
    expect(cache.flattened).toBe(2);
    expect(cache.compiled.size).toBeLessThan(50);
  });

  it("keeps what each path matched (decision 093): the router's matches, handed out as copies, the branches tried once a path", () => {
    const plain = load(source);
    const cached = load(patchRouterSource(source)!);
    const cache = (globalThis as Record<symbol, Cache & { matchedPaths: number }>)[Symbol.for("portal.routeMatchCache")]!;
    const own = structuredClone(routes);
    const strip = (matches: ReturnType<Router["matchRoutes"]>) =>
      matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null;
    const before = cache.matchedPaths;
    for (let round = 0; round < 3; round++) {
      for (const path of [...paths, "/personal/course/lessons.data", "/nope/x.data"]) {
        const got = cached.matchRoutes(own, path);
        expect(strip(got), path).toEqual(strip(plain.matchRoutes(own, path)));
        // a caller that changes what it was given changes nothing for the next one
        for (const m of got ?? []) {
          (m.params as Record<string, string>).id = "changed";
          (m as { pathname: string }).pathname = "/changed";
        }
      }
    }
    // each path (and each kind: the partial matching of the router's lazy routes apart) tried the branches once
    expect(cache.matchedPaths - before).toBe(paths.length + 2);
    expect(strip(cached.matchRoutes(own, "/course/detail/5019"))?.at(-1)).toEqual({
      id: "detail",
      params: { id: "5019" },
      pathname: "/course/detail/5019",
      base: "/course/detail/5019",
    });
  });

  it("finds the lines it replaces in the render's modules (@remix-run/react, react-router-dom)", () => {
    expect(patchRemixServerSource(fs.readFileSync(remixServerFile, "utf8"))).not.toBeNull();
    expect(patchStaticRouterSource(fs.readFileSync(staticRouterFile, "utf8"))).not.toBeNull();
    expect(patchFogOfWarSource(fs.readFileSync(fogOfWarFile, "utf8"))).not.toBeNull();
    for (const patch of [patchRemixServerSource, patchStaticRouterSource, patchFogOfWarSource]) expect(patch("function other() {}")).toBeNull();
  });

  it("makes the render's route tree once per build and the static router's data routes once per tree (decision 070)", async () => {
    type StaticServer = typeof import("react-router-dom/server");
    const source = fs.readFileSync(staticRouterFile, "utf8");
    const plain = loadModule<StaticServer>(source, staticRouterFile);
    const cached = loadModule<StaticServer>(patchStaticRouterSource(source)!, staticRouterFile);
    const made = renderCache()?.dataRoutes ?? 0;
    const strip = (router: ReturnType<StaticServer["createStaticRouter"]>) => ({
      routes: JSON.stringify(router.routes, (key, value: unknown) => (typeof value === "function" ? `fn:${key}` : value)),
      matches: router.state.matches.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, data: m.route === router.routes[0] })),
    });
    const handler = plain.createStaticHandler(routes);
    let first: ReturnType<StaticServer["createStaticRouter"]> | undefined;
    for (const path of ["/personal/course/lessons", "/course/detail/5019", "/files/a/b.pdf", "/"]) {
      const context = await handler.query(new Request(`http://x${path}`));
      if (context instanceof Response) throw new Error(`${path}: a response`);
      const mine = cached.createStaticRouter(routes, context);
      expect(strip(mine), path).toEqual(strip(plain.createStaticRouter(routes, context)));
      // the matches carry the data routes of the kept tree (what React Router renders)
      for (const m of mine.state.matches) expect(JSON.stringify(mine.routes)).toContain(`"id":"${m.route.id}"`);
      first ??= mine;
      expect(mine.routes).toBe(first.routes);
    }
    expect(renderCache()!.dataRoutes).toBe(made + 1);

    // Remix's RemixServer: the route tree of its render from the build's manifest, once while the build is the same
    const remix = loadModule<{ RemixServer: (props: Record<string, unknown>) => unknown }>(
      patchRemixServerSource(fs.readFileSync(remixServerFile, "utf8"))!,
      remixServerFile,
    );
    const manifestRoutes = {
      root: { id: "root", path: "", hasLoader: false, module: "" },
      lessons: { id: "lessons", parentId: "root", path: "personal/course/lessons", hasLoader: false, module: "" },
    };
    const modules = { root: { default: () => null }, lessons: { default: () => null } };
    const serverRoutesBefore = renderCache()!.serverRoutes;
    const remixHandler = plain.createStaticHandler([{ id: "root", path: "", children: [{ id: "lessons", path: "personal/course/lessons" }] }]);
    const future = {};
    for (let i = 0; i < 3; i++) {
      const context = await remixHandler.query(new Request("http://x/personal/course/lessons"));
      if (context instanceof Response) throw new Error("a response");
      // a new route modules object per request, as Remix's handler makes it, with the same modules
      remix.RemixServer({
        context: { manifest: { routes: manifestRoutes }, routeModules: { ...modules }, future, isSpaMode: false, staticHandlerContext: context },
        url: "http://x/personal/course/lessons",
      });
    }
    expect(renderCache()!.serverRoutes).toBe(serverRoutesBefore + 1);
    // another build (other modules): its own tree
    const context = await remixHandler.query(new Request("http://x/personal/course/lessons"));
    if (context instanceof Response) throw new Error("a response");
    remix.RemixServer({
      context: {
        manifest: { routes: manifestRoutes },
        routeModules: { ...modules, lessons: { default: () => null } },
        future,
        isSpaMode: false,
        staticHandlerContext: context,
      },
      url: "http://x/personal/course/lessons",
    });
    expect(renderCache()!.serverRoutes).toBe(serverRoutesBefore + 2);
  });

  it("lists the same routes in the page's manifest, matching each parent path once per tree (decision 070)", () => {
    type FogOfWar = { getPartialManifest: (manifest: unknown, router: unknown) => { routes: Record<string, unknown>; version: string } };
    const source = fs.readFileSync(fogOfWarFile, "utf8");
    const plain = loadModule<FogOfWar>(source, fogOfWarFile);
    const cached = loadModule<FogOfWar>(patchFogOfWarSource(source)!, fogOfWarFile);
    const ids = ["root", "index", "school", "lessons", "detail", "doing", "optional", "caseSensitive", "splat", "catch"];
    const manifest = { version: "1", routes: Object.fromEntries(ids.map((id) => [id, { id }])) };
    const tree = structuredClone(routes);
    // the tree is read once to look up a parent path's ids, and once more only to match it
    const reads = [0, 0];
    for (let round = 0; round < 2; round++) {
      for (const path of paths) {
        const state = { location: { pathname: path }, matches: [{ route: { id: "root" } }] };
        const expected = Object.keys(plain.getPartialManifest(manifest, { routes: tree, basename: "/", state }).routes).sort();
        const router = {
          get routes() {
            reads[round]!++;
            return tree;
          },
          basename: "/",
          state,
        };
        const mine = cached.getPartialManifest(manifest, router);
        expect(Object.keys(mine.routes).sort(), path).toEqual(expected);
        expect(mine.version).toBe("1");
      }
    }
    // the second round matched nothing: every parent path's ids were kept
    expect(reads[1]).toBeLessThan(reads[0]!);
    // each distinct parent path matched once: `/`, `/personal`, `/personal/course`, `/course`, ...
    const kept = renderCache()!.parents!.get(tree)!;
    expect(kept.size).toBeGreaterThan(5);
    expect(kept.size).toBeLessThan(paths.length * 3);
  });

  it("is active in this process when scripts/serve.mjs loaded it first", async () => {
    // under vitest @remix-run/router may be loaded before this file (other files of the worker): "late" then
    expect(routeMatchCacheStatus().status).toMatch(/^(installed|active|late)$/);
  });
});
