// scripts/serve.mjs in-process (issue 24, decision 057): the request log line, the route id, the request id,
// and /metrics behind its bearer.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMetrics } from "~/lib/http/metrics.server";

const { createApp, createRouteIdentifier } = (await import("../../scripts/serve.mjs")) as {
  createApp: (o: unknown) => { listen(port: number, host: string, cb: () => void): Server };
  createRouteIdentifier: (routes: unknown, options?: { matchRoutes?: (routes: never, page: string) => unknown }) => (pathname: string) => string;
};
const clientAddress = await import("~/lib/security/client-address.server");
const bodyLimit = await import("~/lib/security/body-limit.server");
const { getLoadContext } = await import("~/lib/context.server");

/** A server build's route manifest, as Remix writes it (ids, parents, paths, index routes). */
const ROUTES = {
  root: { id: "root", path: "" },
  "routes/_school+/_layout": { id: "routes/_school+/_layout", parentId: "root" },
  "routes/_school+/personal+/course.lessons": {
    id: "routes/_school+/personal+/course.lessons",
    parentId: "routes/_school+/_layout",
    path: "personal/course/lessons",
  },
  "routes/_school+/_catalogue+/course.detail.$id": {
    id: "routes/_school+/_catalogue+/course.detail.$id",
    parentId: "routes/_school+/_layout",
    path: "course/detail/:id",
  },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true },
};
const TOKEN = "metrics-secret-0123456789";

let server: Server | undefined;
let lines: Record<string, unknown>[] = [];
let seenRequestIds: (string | null)[] = [];

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  lines = [];
  seenRequestIds = [];
  vi.restoreAllMocks();
});

async function start(env: Record<string, string> = {}) {
  const metrics = createMetrics({ defaults: false });
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split("\n")) if (line.startsWith("{")) lines.push(JSON.parse(line) as Record<string, unknown>);
    return true;
  });
  const build = { routes: ROUTES, entry: { module: { getLoadContext, ...clientAddress, ...bodyLimit, portalMetrics: () => metrics } } };
  const app = createApp({
    build,
    env: { COMPRESSION: "0", LOG_REQUESTS: "1", ...env },
    handleRequest: async (request: Request) => {
      seenRequestIds.push(request.headers.get("X-Request-Id"));
      return new Response("page", { status: new URL(request.url).pathname.startsWith("/nope") ? 404 : 200 });
    },
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  return { base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, metrics };
}

/** The log lines are written when the answer has gone: wait for them. */
async function linesFor(n: number) {
  await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(n));
  return lines;
}

describe("the request log line (decision 057)", () => {
  it("carries the request id and the route id; never the query string or a token", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/personal/course/lessons?code=sso-code-secret&token=tok-secret`, {
      headers: { Authorization: "Bearer tok-header-secret", Cookie: "portal_session=cookie-secret" },
    });
    const [line] = await linesFor(1);
    expect(line).toMatchObject({ method: "GET", path: "/personal/course/lessons", route: "routes/_school+/personal+/course.lessons", status: 200 });
    expect(line!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("X-Request-Id")).toBe(line!.id);
    expect(seenRequestIds).toEqual([line!.id]);
    expect(JSON.stringify(line)).not.toMatch(/secret|code=|token=|\?/);
  });

  it("keeps a proxy's plain X-Request-Id, replaces an odd one", async () => {
    const { base } = await start();
    await fetch(`${base}/course/detail/5019`, { headers: { "X-Request-Id": "edge-4f2a9c1b7d" } });
    await fetch(`${base}/course/detail/5019`, { headers: { "X-Request-Id": 'x" injected\tvalue' } });
    const [kept, replaced] = await linesFor(2);
    expect(kept).toMatchObject({ id: "edge-4f2a9c1b7d", route: "routes/_school+/_catalogue+/course.detail.$id" });
    expect(replaced!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("names the page's route for its .data request, and `unmatched` for an address no route has", () => {
    const routeOf = createRouteIdentifier(ROUTES);
    expect(routeOf("/personal/course/lessons.data")).toBe("routes/_school+/personal+/course.lessons");
    expect(routeOf("/")).toBe("routes/_index");
    expect(routeOf("/_root.data")).toBe("routes/_index");
    expect(routeOf("/no/such/page")).toBe("unmatched");
    expect(createRouteIdentifier(undefined)("/x")).toBe("unknown");
  });

  it("matches an address once and keeps its route id (decision 087), the same answers the second time", async () => {
    const { matchRoutes } = await import("@remix-run/router");
    const matched: string[] = [];
    const counting = (routes: never, page: string) => (matched.push(page), matchRoutes(routes, page));
    const routeOf = createRouteIdentifier(ROUTES, { matchRoutes: counting });
    const addresses = ["/personal/course/lessons", "/personal/course/lessons.data", "/no/such/page", "/"];
    const first = addresses.map(routeOf);
    expect(first).toEqual(["routes/_school+/personal+/course.lessons", "routes/_school+/personal+/course.lessons", "unmatched", "routes/_index"]);
    expect(addresses.map(routeOf)).toEqual(first);
    expect(matched).toHaveLength(4);
    const long = `/${"x".repeat(300)}`; // long addresses are matched each time, never kept
    expect([routeOf(long), routeOf(long)]).toEqual(["unmatched", "unmatched"]);
    expect(matched).toHaveLength(6);
  });
});

describe("/metrics (decision 057)", () => {
  it("answers 401 without the bearer (or with another), the Prometheus text with it", async () => {
    const { base } = await start({ METRICS_TOKEN: TOKEN });
    await fetch(`${base}/personal/course/lessons?code=abc`);
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain("portal_");
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer metrics-secret-0123456788" } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: TOKEN } })).status).toBe(401);
    const ok = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(ok.headers.get("Cache-Control")).toBe("no-store");
    const text = await ok.text();
    expect(text).toContain('portal_http_request_duration_seconds_count{route="routes/_school+/personal+/course.lessons",method="GET",status="200"} 1');
    expect(text).not.toContain("abc");
  });

  it("without METRICS_TOKEN is no part of the public site: /metrics is an address like any other (the app's 404)", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(await res.text()).toBe("page");
    expect(seenRequestIds).toHaveLength(1);
  });

  it("a METRICS_TOKEN too short to be a secret stops the server with a message naming it", async () => {
    await expect(start({ METRICS_TOKEN: "short" })).rejects.toThrow(/METRICS_TOKEN/);
  });

  it("counts refusals before Remix as `refused`, with their status", async () => {
    const { base, metrics } = await start();
    await fetch(`${base}/x?_data=routes%2Fx`);
    await linesFor(1);
    expect(await metrics.text()).toContain('portal_http_request_duration_seconds_count{route="refused",method="GET",status="400"} 1');
  });
});
