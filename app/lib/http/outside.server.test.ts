import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { UpstreamContext } from "~/lib/http/upstream.server";

/**
 * `fetchOutside` (decision 082): the one fetch of an address outside the upstream API. A plain HTTP server of
 * this file stands for the CDN / object store; its routes: `/file` a file, `/moved` a 302 to `/file` (and
 * `/other-host` a 302 to another host), `/slow` never answers.
 */
vi.stubEnv("UPSTREAM_URL", "http://127.0.0.1:4000");
vi.stubEnv("SESSION_SECRET", "test-secret-0123456789");
vi.stubEnv("UPSTREAM_TIMEOUT_MS", "60000");

const { fetchOutside, OutsideError } = await import("~/lib/http/outside.server");
const { fetchTemplateFile } = await import("~/services/field-template.server");
const { createUpstream } = await import("~/lib/http/upstream.server");
const { metrics } = await import("~/lib/http/metrics.server");

const TOKEN = "session-token-4f2a9c";
let server: Server;
let base = "";
let seen: Array<{ url: string; method: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", method: req.method ?? "", headers: req.headers });
    if (req.url === "/file") {
      res.writeHead(200, { "Content-Type": "text/plain" }).end("the file");
    } else if (req.url === "/moved") {
      res.writeHead(302, { Location: "/file" }).end();
    } else if (req.url === "/other-host") {
      res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
    } else if (req.url === "/slow") {
      // never answers (the socket is closed by the client's abort)
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

function context(overrides: Partial<UpstreamContext> = {}): UpstreamContext {
  return {
    request: new Request("http://localhost:3000/info/complete"),
    domain: "localhost",
    schoolId: 3,
    companyId: 1,
    systemOs: "linux",
    token: TOKEN,
    timings: [],
    clearSession: async () => "",
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("fetchOutside", () => {
  it("fetches an http(s) address, timed under its label (never the address), without the session's token", async () => {
    const ctx = context();
    const response = await fetchOutside(ctx, `${base}/file`, { label: "template-file" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("the file");
    expect(ctx.timings).toEqual([expect.objectContaining({ method: "GET", path: "outside/template-file", outcome: "ok" })]);
    expect(JSON.stringify(ctx.timings)).not.toContain("127.0.0.1");
    const [request] = seen;
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers.cookie).toBeUndefined();
    expect(JSON.stringify(request)).not.toContain(TOKEN);
  });

  it("counts in the metrics under its label as a path the template keeps (not `:id`), never the address", async () => {
    await fetchOutside(context(), `${base}/file`, { label: "storage-complete", method: "POST" });
    const text = await metrics().text();
    expect(text).toContain('portal_upstream_request_duration_seconds_count{path="outside/storage-complete",method="POST",outcome="ok"}');
    expect(text).not.toContain("127.0.0.1");
    await expect(fetchOutside(context(), `${base}/file`, { label: "template file" })).rejects.toThrow(/label/);
  });

  it("refuses an address that is not absolute http(s) or carries credentials or the session's token: nothing is sent", async () => {
    for (const address of [
      "file:///etc/passwd",
      "ftp://127.0.0.1/x",
      "javascript:alert(1)",
      "/__static/files/x.rtf",
      "//127.0.0.1/x",
      `http://user:pass@127.0.0.1:1/x`,
      `${base}/file\\@evil.example`,
      `${base}/file?t=${TOKEN}`,
      "not a url",
    ]) {
      const ctx = context();
      const error = await failure(fetchOutside(ctx, address, { label: "template-file" }));
      expect(error, address).toBeInstanceOf(OutsideError);
      expect((error as InstanceType<typeof OutsideError>).kind, address).toBe("refused");
    }
    const ctx = context();
    const error = await failure(fetchOutside(ctx, `${base}/file`, { label: "storage-put", headers: { "X-Token": TOKEN } }));
    expect((error as InstanceType<typeof OutsideError>).kind).toBe("refused");
    expect(seen).toEqual([]);
  });

  it("follows no redirect: a 3xx is `redirect` (to the same host or another), its target never fetched", async () => {
    for (const path of ["/moved", "/other-host"]) {
      seen = [];
      const ctx = context();
      const error = await failure(fetchOutside(ctx, `${base}${path}`, { label: "template-file" }));
      expect(error, path).toBeInstanceOf(OutsideError);
      expect((error as InstanceType<typeof OutsideError>).kind, path).toBe("redirect");
      expect(seen.map((s) => s.url)).toEqual([path]);
      expect(ctx.timings).toEqual([expect.objectContaining({ path: "outside/template-file", outcome: "bad-response" })]);
    }
  });

  it("times out after its time-out (at most the upstream's), as `timeout`", async () => {
    const ctx = context();
    const error = await failure(fetchOutside(ctx, `${base}/slow`, { label: "cities", timeoutMs: 150 }));
    expect(error).toBeInstanceOf(OutsideError);
    expect((error as InstanceType<typeof OutsideError>).kind).toBe("timeout");
    expect(ctx.timings).toEqual([expect.objectContaining({ path: "outside/cities", outcome: "timeout" })]);
  });

  it("stops when the visitor goes away (the request's abort signal): the abort itself, not a mapped failure", async () => {
    const controller = new AbortController();
    const ctx = context({ request: new Request("http://localhost:3000/info/complete", { signal: controller.signal }) });
    const pending = failure(fetchOutside(ctx, `${base}/slow`, { label: "template-file" }));
    await vi.waitFor(() => expect(seen.map((s) => s.url)).toEqual(["/slow"]));
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(OutsideError);
    expect((error as Error).name).toBe("AbortError");
    expect(ctx.timings).toEqual([expect.objectContaining({ outcome: "aborted" })]);
  });

  it("answers any other status as it comes (the caller reads it), timed as `unavailable`", async () => {
    const ctx = context();
    const response = await fetchOutside(ctx, `${base}/missing`, { label: "storage-status", method: "POST", body: "x", accept: "application/json" });
    expect(response.status).toBe(404);
    expect(seen[0]).toMatchObject({ method: "POST", headers: { accept: "application/json" } });
    expect(ctx.timings).toEqual([expect.objectContaining({ method: "POST", path: "outside/storage-status", outcome: "unavailable" })]);
  });
});

describe("the template file (fetchTemplateFile) through it", () => {
  it("does not follow a redirect the file's address answers: no file (the route's 502)", async () => {
    const upstream = createUpstream(context());
    expect(await fetchTemplateFile(upstream, `${base}/moved`)).toBeUndefined();
    expect(seen.map((s) => s.url)).toEqual(["/moved"]);
    const file = await fetchTemplateFile(upstream, `${base}/file`);
    expect(file?.type).toBe("text/plain");
    expect(upstream.ctx.timings.map((t) => t.path)).toEqual(["outside/template-file", "outside/template-file"]);
  });
});
