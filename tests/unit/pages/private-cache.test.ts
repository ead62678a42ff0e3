import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestPortal, type TestPortal } from "../portal";

/**
 * Issue 21 §6: every page a signed-in student sees answers `Cache-Control: private, no-store`, set in one
 * place (entry.server.tsx, `servedSignedIn`), not per route. This walks EVERY page route of the built tree
 * (each route module with a component), so a page added later is checked without anyone listing it: as a
 * signed-in student, the document and its single-fetch data request must both say `private, no-store`,
 * whatever the page answered (200, 403, 404, the error frame). A visitor's page keeps its own rule.
 */
let portal: TestPortal;
let build: ServerBuild;
beforeAll(async () => {
  portal = await startTestPortal();
  build = (await import(/* @vite-ignore */ pathToFileURL(path.resolve(__dirname, "../../../build/index.js")).href)) as ServerBuild;
}, 180_000);
afterAll(() => portal?.close());
beforeEach(() => portal.reset());

/** Seed values for the dynamic segments, so most pages render their real content (any value is checked). */
const PARAM: Record<string, string> = {
  commodityId: "5001",
  courseId: "101",
  lessonId: "1",
  id: "5001",
  recordId: "1",
  subjectId: "1",
  chapterId: "1",
  sectionId: "1",
  itemUserId: "1",
  curId: "101",
  protocolId: "1",
  mode: "sign",
  type: "all",
  suffix: "x",
};

/** Pages that end the session they are shown in (the presence event's offline page, spec 000 §2.1; the token renewal). */
const ENDS_SESSION = new Set(["/redirect/online", "/upgrade/token"]);

/** The address of every page route (route modules with a component), each with its dynamic segments filled. */
function pageUrls(): string[] {
  const routes = Object.values(build.routes);
  const parents = new Set(routes.map((r) => r.parentId));
  const segmentsOf = (id: string | undefined): string[] => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return [];
    const own = (route.path ?? "")
      .split("/")
      .filter(Boolean)
      .map((s) => (s === "*" ? "no/such/page" : s.startsWith(":") ? (PARAM[s.slice(1).replace(/\?$/, "")] ?? "1") : s));
    return [...segmentsOf(route.parentId), ...own];
  };
  const urls = routes.filter((r) => !parents.has(r.id) && r.module.default).map((r) => `/${segmentsOf(r.id).join("/")}`);
  return [...new Set(urls)].sort();
}

describe("a signed-in student's views are never stored (issue 21 §6)", () => {
  it("finds the pages of the built tree (the walk itself works)", () => {
    const urls = pageUrls();
    expect(urls.length).toBeGreaterThanOrEqual(100);
    for (const page of ["/shoppingcart", "/payment/order", "/payment/result", "/resource/list", "/certificate/list", "/personal/setting/data", "/home/index"]) {
      expect(urls).toContain(page);
    }
  });

  it("every page, document and data request, answers private, no-store to a signed-in student", async () => {
    const student = portal.client();
    await student.signIn(portal, "13800000001");
    const wrong: string[] = [];
    let pages = 0;
    for (const url of pageUrls()) {
      if (ENDS_SESSION.has(url)) continue; // would end the session the walk needs
      const document = await student.fetch(url);
      await document.text();
      // a redirect (a guard, an index) is not a page; where it leads is a page of the walk itself
      if (document.status >= 300 && document.status < 400) continue;
      pages++;
      if (document.headers.get("Cache-Control") !== "private, no-store") wrong.push(`${url} ${document.status}: ${document.headers.get("Cache-Control")}`);
      // the same view reached by a client-side navigation (single fetch)
      const dataUrl = `${url === "/" ? "/_root" : url}.data`;
      const dataAnswer = await student.fetch(dataUrl);
      await dataAnswer.text();
      if (dataAnswer.headers.get("Cache-Control") !== "private, no-store")
        wrong.push(`${dataUrl} ${dataAnswer.status}: ${dataAnswer.headers.get("Cache-Control")}`);
    }
    // still signed in at the end: the walk did not check visitor pages by mistake
    const last = await student.get("/personal/setting/data");
    expect(last.url).toBe("/personal/setting/data");
    expect(pages).toBeGreaterThanOrEqual(80);
    expect(wrong).toEqual([]);
  }, 360_000); // alone ~20 s; beside Playwright on 2 cores it passed 180 s once (session 15)

  it("a visitor's public page keeps its own rule (not no-store), and its cart is still private", async () => {
    const visitor = portal.client();
    const home = await visitor.get("/home/index");
    expect(home.status).toBe(200);
    expect(home.headers.get("Cache-Control")).not.toContain("no-store");
    expect(home.headers.get("Cache-Control")).toContain("private");
  });
});
