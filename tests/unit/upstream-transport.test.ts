import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchange } from "~/lib/http/upstream-transport.server";

// The upstream's HTTP client (decision 087): what Node's fetch did for THE request function, with Node's http
// client over a keep-alive agent. A small server of its own: each path answers one way.
let server: http.Server;
let base: string;
const seen: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders; body: string; socket: number }> = [];
const sockets = new Map<unknown, number>();
let dropNextOnReuse = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size + 1);
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, socket: sockets.get(req.socket) ?? 0 });
      const json = JSON.stringify({ code: "1", data: { text: "学院 ✓" } });
      switch (req.url) {
        case "/gzip":
          res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" }).end(zlib.gzipSync(json));
          return;
        case "/br":
          res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "br" }).end(zlib.brotliCompressSync(json));
          return;
        case "/bom":
          res.writeHead(200, { "Content-Type": "application/json" }).end(`\uFEFF${json}`);
          return;
        case "/redirect":
          res.writeHead(302, { Location: "/plain", action: "CC" }).end();
          return;
        case "/slow-body":
          res.writeHead(200, { "Content-Type": "application/json" });
          res.write('{"code":"1",');
          return; // never ends: the caller's signal has to
        case "/close-after":
          // answers, then closes the kept connection the way an upstream's keep-alive timeout does
          res.writeHead(200, { "Content-Type": "application/json" }).end(json);
          dropNextOnReuse = true;
          return;
        default:
          if (dropNextOnReuse && req.url === "/after-drop" && seen.filter((s) => s.path === "/after-drop").length === 1) {
            dropNextOnReuse = false;
            req.socket.destroy();
            return;
          }
          res.writeHead(200, { "Content-Type": "application/json" }).end(json);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const call = (path: string, init: Partial<Parameters<typeof exchange>[1]> = {}) =>
  exchange(`${base}${path}`, { method: "GET", headers: { schoolId: "3" }, signal: new AbortController().signal, ...init });

describe("upstream transport (decision 087)", () => {
  it("sends the headers and body, reads UTF-8, and keeps the connection for the next call", async () => {
    seen.length = 0;
    const a = await call("/plain");
    const b = await call("/plain?x=1", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"name":"学"}' });
    expect(a.status).toBe(200);
    expect(JSON.parse(a.text)).toEqual({ code: "1", data: { text: "学院 ✓" } });
    expect(b.text).toBe(a.text);
    expect(seen[0]?.headers.schoolid).toBe("3");
    expect(seen[0]?.headers["accept-encoding"]).toBe("gzip, deflate");
    expect(seen[1]).toMatchObject({ method: "POST", body: '{"name":"学"}' });
    expect(seen[1]?.headers["content-length"]).toBe(String(Buffer.byteLength('{"name":"学"}')));
    expect(seen[1]?.socket).toBe(seen[0]?.socket);
  });

  it("decodes gzip and brotli answers and drops a byte order mark", async () => {
    for (const path of ["/gzip", "/br", "/bom"]) expect(JSON.parse((await call(path)).text)).toEqual({ code: "1", data: { text: "学院 ✓" } });
  });

  it("follows no redirect: the status and headers are the caller's", async () => {
    const answer = await call("/redirect");
    expect(answer.status).toBe(302);
    expect(answer.header("Location")).toBe("/plain");
    expect(answer.header("action")).toBe("CC");
  });

  it("stops when the signal aborts, also while the body is being read", async () => {
    const before = new AbortController();
    before.abort(new DOMException("gone", "AbortError"));
    await expect(call("/plain", { signal: before.signal })).rejects.toThrow("gone");
    const during = new AbortController();
    const pending = call("/slow-body", { signal: during.signal });
    setTimeout(() => during.abort(new DOMException("timed out", "TimeoutError")), 50);
    await expect(pending).rejects.toThrow();
  });

  it("retries a GET once on a new connection when the kept one was closed by the upstream", async () => {
    seen.length = 0;
    await call("/close-after");
    const answer = await call("/after-drop");
    expect(answer.status).toBe(200);
    expect(seen.filter((s) => s.path === "/after-drop")).toHaveLength(2);
  });

  it("never sends a POST twice", async () => {
    seen.length = 0;
    await call("/close-after");
    dropNextOnReuse = true;
    const posted = call("/after-drop", { method: "POST", body: "{}" });
    await expect(posted).rejects.toMatchObject({ code: "ECONNRESET" });
    expect(seen.filter((s) => s.path === "/after-drop")).toHaveLength(1);
  });
});
