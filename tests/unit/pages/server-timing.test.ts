import { createRequestHandler, type AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestPortal, usePortal, type TestPortal } from "../portal";

/**
 * Issue 36 §4: `Server-Timing` names the upstream's API paths, how many calls a page made and how long each
 * took: the operators' view, not the public's. Off by default; on for every request with `SERVER_TIMING=1`
 * (the page harness and the bench set it), or for one request that carries the metrics token
 * (`Authorization: Bearer <METRICS_TOKEN>`, as `GET /metrics`).
 */

const TOKEN = "operators-metrics-token-0123456789";
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("by default, with METRICS_TOKEN set", () => {
  let portal: TestPortal;
  beforeAll(async () => {
    // SERVER_TIMING "" is unset (the harness sets 1); CONTENT_TTL_S for the visitor page cache below
    portal = await startTestPortal({ env: { SERVER_TIMING: "", METRICS_TOKEN: TOKEN, CONFIG_TTL_S: "30", CONTENT_TTL_S: "30" } });
  }, 180_000);
  afterAll(() => portal.close());
  beforeEach(() => portal.reset());

  it("a visitor's page, a student's page and a page's .data carry no Server-Timing", async () => {
    const visitor = await portal.client().get("/home/index");
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("Server-Timing")).toBeNull();
    const student = portal.client();
    const home = await student.signIn(portal);
    expect(home.status).toBe(200);
    expect(home.headers.get("Server-Timing")).toBeNull();
    const data = await student.fetch("/home/index.data");
    expect(data.status).toBe(200);
    expect(data.headers.get("Server-Timing")).toBeNull();
  });

  it("a request with the metrics token gets it; a wrong token or one without `Bearer` does not", async () => {
    const visitor = portal.client();
    // the calls the view made, or the content cache's answers in their place (CONTENT_TTL_S is on here)
    const named = /(upstream|cache);desc="(hit |stale )?GET \/[a-z]/;
    const page = await visitor.get("/home/index", { headers: bearer(TOKEN) });
    expect(page.headers.get("Server-Timing")).toMatch(named);
    const data = await visitor.fetch("/home/index.data", { headers: bearer(TOKEN) });
    expect(data.headers.get("Server-Timing")).toMatch(named);
    for (const headers of [bearer(`${TOKEN.slice(0, -1)}x`), bearer(`${TOKEN}0`), { Authorization: TOKEN }, bearer("")]) {
      const other = await visitor.get("/home/index", { headers });
      expect(other.status, JSON.stringify(headers)).toBe(200);
      expect(other.headers.get("Server-Timing"), JSON.stringify(headers)).toBeNull();
    }
  });

  it("a page the visitor page cache answers says nothing either; with the token it says it was kept", async () => {
    const { withVisitorPageCache, getLoadContext, portalMetrics } = portal.build.entry.module as unknown as {
      withVisitorPageCache: (h: (r: Request, c?: AppLoadContext) => Promise<Response>) => (r: Request, c?: AppLoadContext) => Promise<Response>;
      getLoadContext: (r: Request, init?: { clientIp?: string }) => AppLoadContext;
      portalMetrics: () => { text(): Promise<string> };
    };
    const remix = createRequestHandler(portal.build, "production");
    const cached = withVisitorPageCache((request, context) => remix(request, context));
    const get = async (headers: Record<string, string> = {}) => {
      const request = new Request("http://127.0.0.1:3000/news?timing=1", { headers });
      const res = await cached(request, getLoadContext(request, { clientIp: "127.0.0.1" }));
      await res.text();
      await new Promise((r) => setTimeout(r, 20)); // the kept copy is read after the visitor's
      return res;
    };
    const hits = async () => Number(/portal_cache_lookups_total\{cache="page",result="hit"\} (\d+)/.exec(await portalMetrics().text())?.[1] ?? 0);
    await get(); // warms the config and content caches: not kept
    await get(); // kept
    const before = await hits();
    const kept = await get();
    expect(await hits()).toBe(before + 1);
    expect(kept.headers.get("Server-Timing")).toBeNull();
    expect((await get(bearer(TOKEN))).headers.get("Server-Timing")).toBe('pagecache;desc="hit"');
  });
});

describe("SERVER_TIMING=1 (the page harness's and the bench's setting)", () => {
  const ctx = usePortal({ env: { SERVER_TIMING: "1" } });

  it("every page says which upstream calls it made, a visitor's too", async () => {
    const page = await ctx.portal.client().get("/home/index");
    expect(page.headers.get("Server-Timing")).toContain('upstream;desc="GET /external/api/v1/company/getBaseInfo"');
  });
});
