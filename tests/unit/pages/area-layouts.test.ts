import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal, type TestPortal } from "../portal";

/**
 * Decision 052: each area folder's `_layout.tsx` owns its guard rule, its `private, no-store` where every
 * page is per user, and its error frame. (A signed-in student's page is `private, no-store` in any case,
 * entry.server.tsx; this holds the layouts' own part, which a page without its own `headers` inherits.)
 */
let portal: TestPortal;
let build: ServerBuild;
beforeAll(async () => {
  portal = await startTestPortal();
  build = (await import(/* @vite-ignore */ pathToFileURL(path.resolve(__dirname, "../../../build/index.js")).href)) as ServerBuild;
}, 180_000);
afterAll(() => portal?.close());

const PER_USER_AREAS = ["_learner+", "_buying+", "_question-bank+/_exams+", "_lessons+"];
const layoutOf = (area: string) => `routes/_school+/${area}/_layout`;

type HeadersFn = (args: { loaderHeaders: Headers; parentHeaders: Headers; actionHeaders: Headers; errorHeaders: Headers | undefined }) => HeadersInit;

/** The `headers` Remix uses for a route: its own, else the nearest ancestor's (server-runtime's getDocumentHeaders). */
function nearestHeaders(id: string): { from: string; value: string | null } | null {
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    const fn = (route.module as { headers?: HeadersFn }).headers;
    if (!fn) continue;
    const empty = new Headers();
    const answer = new Headers(
      typeof fn === "function" ? fn({ loaderHeaders: empty, parentHeaders: empty, actionHeaders: empty, errorHeaders: undefined }) : fn,
    );
    return { from: route.id, value: answer.get("Cache-Control") };
  }
  return null;
}

describe("the area layouts (decision 052)", () => {
  it("every page of a per-user area answers private, no-store, from the area's layout where it sets none itself", () => {
    const wrong: string[] = [];
    let inherited = 0;
    for (const area of PER_USER_AREAS) {
      const layout = layoutOf(area);
      expect(build.routes[layout], layout).toBeDefined();
      expect(nearestHeaders(layout)).toEqual({ from: layout, value: "private, no-store" });
      const pages = Object.values(build.routes).filter((r) => r.module.default && r.id.startsWith(`routes/_school+/${area}/`) && r.id !== layout);
      expect(pages.length, area).toBeGreaterThan(0);
      for (const page of pages) {
        const found = nearestHeaders(page.id);
        if (found?.value !== "private, no-store") wrong.push(`${page.id}: ${JSON.stringify(found)}`);
        if (found?.from === layout) inherited++;
      }
    }
    expect(wrong).toEqual([]);
    expect(inherited).toBeGreaterThanOrEqual(20); // the pages that dropped their own copy
  });

  it("a visitor is sent to login with the page as backUrl from a learner, a buying and an exam page", async () => {
    const visitor = portal.client();
    for (const page of ["/homework/list", "/certificate/list?status=0", "/payment/result?orderNo=1", "/lib/subject/exampaper"]) {
      const answer = await visitor.fetch(page);
      expect(answer.status, page).toBe(302);
      expect(answer.headers.get("Location"), page).toBe(`/join/login?backUrl=${encodeURIComponent(page)}`);
    }
  });

  it("the signed-in areas' layouts guard by themselves: their loader alone sends a visitor to login", async () => {
    const visitor = portal.client();
    for (const [page, area] of [
      ["/homework/list", "_learner+"],
      ["/payment/result", "_buying+"],
      ["/lib/subject/exampaper", "_question-bank+/_exams+"],
    ] as const) {
      // a single-fetch data request that runs the layout's loader only (`_routes`), not the page's
      const answer = await visitor.fetch(`${page}.data?_routes=${encodeURIComponent(layoutOf(area))}`);
      const body = await answer.text();
      expect(body, page).toContain("redirect");
      expect(body, page).toContain("/join/login?backUrl=");
    }
  });
});
