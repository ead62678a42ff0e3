import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as routeIds from "~/route-ids";

/**
 * Decision 050: the route modules sit in folders by area (remix-flat-routes, remix.config.js), and moving a
 * module must not move a page. The URL tree Remix builds from remix.config.js (path, index, nesting; not the
 * ids, which follow the files) is held against tests/unit/route-tree.expected.txt, the tree as it was before
 * the folders (`npx remix routes --json` of the flat app/routes). A changed URL, a lost or extra route, or a
 * page nested under another layout turns this red; a move inside the folders does not.
 */
const ROOT = path.resolve(__dirname, "../..");

type Route = { id: string; parentId?: string; path?: string; index?: boolean; file: string };

async function manifest(): Promise<Record<string, Route>> {
  // the config reader of Remix's classic compiler (what `remix build` and `npx remix routes` use)
  const { readConfig } = await import("@remix-run/dev/dist/config.js");
  return (await readConfig(ROOT)).routes;
}

/** One line per route, indented by nesting: its path (as `npx remix routes` shows it), `(index)`, or `(layout)` when pathless; siblings sorted. */
function urlTree(routes: Record<string, Route>, parentId?: string, depth = 0): string {
  return Object.values(routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => {
      const label = `${r.path ?? ""}${r.index ? " (index)" : ""}` || "(layout)";
      return "  ".repeat(depth) + label + "\n" + urlTree(routes, r.id, depth + 1);
    })
    .sort()
    .join("");
}

describe("the route tree (decision 050)", () => {
  it("has the URLs, index routes and nesting it had before the folders", async () => {
    const expected = readFileSync(path.join(__dirname, "route-tree.expected.txt"), "utf8");
    expect(urlTree(await manifest())).toBe(expected);
  });

  it("knows every route id the code names (app/route-ids.ts)", async () => {
    const routes = await manifest();
    for (const id of Object.values(routeIds)) expect(routes[id], id).toBeDefined();
  });

  it("keeps no more than 40 route modules in one folder", async () => {
    const perFolder = new Map<string, number>();
    for (const r of Object.values(await manifest())) perFolder.set(path.dirname(r.file), (perFolder.get(path.dirname(r.file)) ?? 0) + 1);
    const crowded = [...perFolder].filter(([, n]) => n > 40);
    expect(crowded).toEqual([]);
  });

  it("leaves no module in app/routes that is neither a route nor a test, server module or `__` helper", async () => {
    const files = new Set(Object.values(await manifest()).map((r) => r.file));
    const walk = (dir: string): string[] =>
      readdirSync(path.join(ROOT, "app", dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
      );
    const stray = walk("routes").filter((f) => !files.has(f) && !/\.test\.tsx?$|\.server\.tsx?$|(^|\/)__[^/]+$/.test(f));
    expect(stray).toEqual([]);
  });
});
