import { register as globalRegister } from "prom-client";
import { describe, expect, it } from "vitest";
import { createMetrics, metrics, pathTemplate } from "~/lib/http/metrics.server";
import { UPSTREAM_FAILURE_KINDS } from "~/lib/http/upstream-kinds";

describe("the operators' metrics (decision 057)", () => {
  it("labels an upstream path by its template: no id, code, token or query", () => {
    expect(pathTemplate("/question/v1/exercise/paper/generate/2012?domain=a.example&sectionId=20311")).toBe("/question/v1/exercise/paper/generate/:id");
    expect(pathTemplate("/saas-business/v1/front/login/config")).toBe("/saas-business/v1/front/login/config");
    expect(pathTemplate("/x/v2/record/9f8e7d6c5b4a39281706f5e4d3c2b1a0/answers")).toBe("/x/v2/record/:id/answers");
    expect(pathTemplate("/sso/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig/check")).toBe("/sso/:id/check");
    expect(pathTemplate("/a/b%20c/d")).toBe("/a/:id/d");
  });

  it("counts upstream calls and errors by template, requests by route id and status, caches by result", async () => {
    const m = createMetrics({ defaults: false });
    m.observeUpstream({ method: "GET", path: "/course/v1/detail/5019?token=abc", outcome: "ok" }, 0.12);
    m.observeUpstream({ method: "POST", path: "/course/v1/detail/5020", outcome: "timeout" }, 5);
    m.observeRequest({ route: "routes/_school+/personal+/course.lessons", method: "get", status: 200 }, 0.03);
    m.countCache("content", "hit");
    m.countCache("content", "hit");
    m.countCache("content", "miss");
    const text = await m.text();
    expect(text).toContain('portal_upstream_request_duration_seconds_count{path="/course/v1/detail/:id",method="GET",outcome="ok"} 1');
    expect(text).toContain('portal_upstream_errors_total{path="/course/v1/detail/:id",method="POST",kind="timeout"} 1');
    expect(text).not.toContain('kind="ok"');
    expect(text).toContain('portal_http_request_duration_seconds_count{route="routes/_school+/personal+/course.lessons",method="GET",status="200"} 1');
    expect(text).toContain('portal_cache_lookups_total{cache="content",result="hit"} 2');
    expect(text).toContain('portal_cache_lookups_total{cache="content",result="miss"} 1');
    expect(text).not.toMatch(/5019|5020|token|abc/);
  });

  it("an odd method or outcome is one fixed label, not whatever was sent", async () => {
    const m = createMetrics({ defaults: false });
    m.observeRequest({ route: "root", method: "PROPFIND", status: 405 }, 0.001);
    m.observeUpstream({ method: "GET", path: "/a", outcome: "something-new" }, 0.001);
    const text = await m.text();
    expect(text).toContain('method="OTHER"');
    expect(text).toContain('outcome="other"');
  });

  it("counts every failure kind of the upstream under its own name (one list: upstream-kinds.ts)", async () => {
    const m = createMetrics({ defaults: false });
    for (const kind of UPSTREAM_FAILURE_KINDS) m.observeUpstream({ method: "GET", path: "/a", outcome: kind }, 0.001);
    const text = await m.text();
    for (const kind of UPSTREAM_FAILURE_KINDS) expect(text).toContain(`kind="${kind}"`);
    expect(text).not.toContain('kind="other"');
  });

  it("has event-loop lag and process memory (prom-client's default metrics)", async () => {
    const text = await createMetrics().text();
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_heap_size_used_bytes");
  });

  it("each instance counts its own: two registries share nothing, and nothing goes to prom-client's global one", async () => {
    const a = createMetrics({ defaults: false });
    const b = createMetrics({ defaults: false });
    a.countCache("page", "hit");
    expect(await a.text()).toContain('portal_cache_lookups_total{cache="page",result="hit"} 1');
    expect(await b.text()).not.toContain('cache="page"');
    expect(metrics()).toBe(metrics());
    expect(await globalRegister.metrics()).not.toContain("portal_");
  });
});
