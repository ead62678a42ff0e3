import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PERSONAL_ROUTE_ID } from "~/route-ids";
import { startTestPortal, text, type TestPortal } from "../portal";

/**
 * Issue 11 §1 and decision 014: matched loaders run in parallel, so the personal layout's guard does not
 * stop a child's loader: EVERY leaf loader and action under /personal calls the one guard itself
 * (`requireStudent`, or a service that does). This walks the built route tree, so a page added without the
 * guard goes red here: each leaf loader is called on its own (as Remix does, beside the layout's), and each
 * leaf action is posted to (Remix runs only the deepest action), as a visitor with a valid CSRF token. The
 * answer must be the login redirect with the page as backUrl, and the upstream must not have been asked
 * anything about a user.
 */
let portal: TestPortal;
let build: ServerBuild;
beforeAll(async () => {
  portal = await startTestPortal();
  build = (await import(/* @vite-ignore */ pathToFileURL(path.resolve(__dirname, "../../../build/index.js")).href)) as ServerBuild;
}, 180_000);
afterAll(() => portal?.close());
beforeEach(() => portal.reset());

type Leaf = { id: string; url: string; index: boolean; loader: boolean; action: boolean };

/** The leaf routes under the personal layout, each with an address it answers. */
function personalLeaves(): Leaf[] {
  const routes = Object.values(build.routes);
  const parents = new Set(routes.map((r) => r.parentId));
  const urlOf = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const own = route.path === "*" ? "no/such/page" : (route.path ?? "");
    return [urlOf(route.parentId), own].filter(Boolean).join("/");
  };
  const underPersonal = (id: string | undefined): boolean => !!id && (id === PERSONAL_ROUTE_ID || underPersonal(build.routes[id]?.parentId));
  return routes
    .filter((r) => underPersonal(r.parentId) && !parents.has(r.id))
    .map((r) => ({ id: r.id, url: `/${urlOf(r.id)}`, index: Boolean(r.index), loader: Boolean(r.module.loader), action: Boolean(r.module.action) }));
}

/** The thrown or returned answer of a route function, as a Response. */
async function answerOf(run: () => unknown): Promise<Response> {
  try {
    const value = await run();
    if (value instanceof Response) return value;
    throw new Error(`answered data instead of a redirect: ${JSON.stringify(value).slice(0, 200)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // `throw data(..., { status })` (single fetch's DataWithResponseInit): an answer, not a redirect
    const init = (thrown as { type?: string; init?: ResponseInit | null }).init;
    if ((thrown as { type?: string }).type === "DataWithResponseInit") return new Response(null, init ?? { status: 200 });
    throw thrown;
  }
}

/** Pages that refuse a malformed query (404) before anything else get a well-formed one. */
const QUERY: Record<string, string> = { "/personal/accountcenter/invoice": "?orderNo=A1" };
const loginOf = (url: string) => `/join/login?backUrl=${encodeURIComponent(url)}`;
/** Upstream calls that concern a user (the per-domain configuration and school calls are not). */
const userCalls = async () => (await portal.calls()).filter((c) => !/config|school|company|domain|template|menu\/list|tenant/i.test(c.path));

describe("every personal leaf guards itself (issue 11 §1)", () => {
  it("finds the personal pages in the built tree (the walk itself works)", () => {
    const leaves = personalLeaves();
    const urls = leaves.map((l) => l.url);
    expect(leaves.length).toBeGreaterThanOrEqual(25);
    expect(urls).toContain("/personal/setting/account");
    expect(urls).toContain("/personal/course/classTable");
    expect(urls).toContain("/personal/accountcenter/score/exchange");
    expect(urls).toContain("/personal/no/such/page");
    expect(leaves.filter((l) => l.action).length).toBeGreaterThanOrEqual(10);
  });

  it("each leaf loader, run on its own, sends a visitor to login before any call about the user", async () => {
    const visitor = portal.client();
    await visitor.get("/home/index"); // warms the per-domain configuration
    const wrong: string[] = [];
    for (const leaf of personalLeaves().filter((l) => l.loader)) {
      await portal.clearCalls();
      const url = leaf.url + (QUERY[leaf.url] ?? "");
      const request = new Request(`http://127.0.0.1:3000${url}`, { headers: { Host: "127.0.0.1:3000" } });
      const params = leaf.url.startsWith("/personal/no/") ? { "*": "no/such/page" } : {};
      const res = await answerOf(() => build.routes[leaf.id]!.module.loader!({ request, params, context: { clientIp: "127.0.0.1" } }));
      const calls = await userCalls();
      if (res.status !== 302 || res.headers.get("Location") !== loginOf(url) || calls.length) {
        wrong.push(`${leaf.id}: ${res.status} ${res.headers.get("Location")} calls ${calls.map((c) => c.path).join(",")}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("each leaf action sends a visitor's valid post to login before any call about the user", async () => {
    const visitor = portal.client();
    const csrf = await visitor.csrf("/join/login");
    const wrong: string[] = [];
    for (const leaf of personalLeaves().filter((l) => l.action)) {
      await portal.clearCalls();
      // an index route's action is reached with `?index` (else the layout's); uploads post multipart
      const target = leaf.index ? `${leaf.url}?index` : leaf.url;
      const form = new FormData();
      for (const [k, v] of Object.entries({ csrf, intent: "remove", noteId: "1", id: "1" })) form.set(k, v);
      const res = await visitor.fetch(target, {
        method: "POST",
        body: /avatar|data$|upload$/.test(leaf.url) ? form : new URLSearchParams({ csrf, intent: "remove", noteId: "1", id: "1" }),
      });
      const calls = await userCalls();
      const location = res.headers.get("Location") ?? "";
      if (res.status !== 302 || location.split("&")[0] !== loginOf(leaf.url) || calls.length) {
        wrong.push(`${leaf.id}: ${res.status} ${location} calls ${calls.map((c) => c.path).join(",")}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("each leaf loader, run on its own, refuses a student permitted nothing with the 403 (the account page excepted)", async () => {
    await portal.sandbox.control("POST", "/permissions", {
      account: "student01",
      permissions: { course: [], setting: [], message: [], order: [], accountcenter: [] },
    });
    const student = portal.client();
    await student.signIn(portal);
    const cookie = [...student.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    // the section indexes redirect (to the first permitted entry or the frame's 403), the catch-all is the 404,
    // the account page is always permitted (the forced password change goes there): decision 014
    const pages = personalLeaves().filter((l) => l.loader && !l.index && !l.url.startsWith("/personal/no/") && l.url !== "/personal/setting/account");
    const urls = pages.map((l) => l.url + (QUERY[l.url] ?? ""));
    urls.push("/personal/order?parentId=-1", "/personal/order?OrderTabIndex=2");
    const byUrl = new Map(pages.map((l) => [l.url + (QUERY[l.url] ?? ""), l.id]));
    const wrong: string[] = [];
    for (const url of urls) {
      const id = byUrl.get(url) ?? "routes/_school+/personal+/order+/_index";
      const request = new Request(`http://127.0.0.1:3000${url}`, { headers: { Host: "127.0.0.1:3000", Cookie: cookie } });
      const res = await answerOf(() => build.routes[id]!.module.loader!({ request, params: {}, context: { clientIp: "127.0.0.1" } })).catch(
        (e: unknown) => new Response(String(e), { status: 599 }),
      );
      if (res.status !== 403) wrong.push(`${url}: ${res.status}`);
    }
    expect(urls.length).toBeGreaterThanOrEqual(20);
    expect(wrong).toEqual([]);
  });
});

describe("spec 000 §8: HTTP 403 with action cc or waf inside the personal centre (issue 25)", () => {
  it("offers the security-check page like the question bank, not the no-permission page", async () => {
    const student = portal.client();
    await student.signIn(portal);
    for (const action of ["cc", "waf"]) {
      await portal.fault({ path: "/user-center/note/course", status: 403, headers: { action }, body: "<html><body>请完成安全验证</body></html>", times: 1 });
      const page = await student.get("/personal/course/note");
      expect(page.status, action).toBe(403);
      expect(page.html, action).toMatch(/href="\/security-check\/[^"]+"/);
      expect(text(page.html), action).toContain("需要通过安全验证后才能继续访问。");
    }
  });
});
