// scripts/route-match-cache.mjs (issue 24, decision 057): @remix-run/router's matching, flattened and ranked once
// per routes array, gives the same matches as the router's own.
import { createRequire } from "node:module";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const { patchRouterSource, routeMatchCacheStatus } = (await import("../../scripts/route-match-cache.mjs")) as {
  patchRouterSource: (source: string) => string | null;
  routeMatchCacheStatus: () => { status: string; flattened: number; patterns: number };
};
type Router = typeof import("@remix-run/router");
type Cache = { branches: WeakMap<object, unknown>; compiled: Map<string, unknown>; flattened: number };

const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router", { paths: [require.resolve("@remix-run/server-runtime")] });
const source = fs.readFileSync(routerFile, "utf8");

/** A fresh copy of the router compiled from `text` (patched or not), beside the one the process uses (no load hook). */
function load(text: string): Router {
  const module = { exports: {} as Router };
  new Function("exports", "require", "module", "__filename", "__dirname", text)(module.exports, require, module, routerFile, routerFile);
  return module.exports;
}

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

  it("is active in this process when scripts/serve.mjs loaded it first", async () => {
    // under vitest @remix-run/router may be loaded before this file (other files of the worker): "late" then
    expect(routeMatchCacheStatus().status).toMatch(/^(installed|active|late)$/);
  });
});
