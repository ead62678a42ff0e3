// scripts/serve.mjs in-process (issue 10 §3 and §4): proxy trust, Origin scheme, body limits, odd requests.
import type { AddressInfo } from "node:net";
import net from "node:net";
import type { Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";

process.env.UPSTREAM_URL ??= "http://127.0.0.1:9";

const { createApp } = (await import("../../scripts/serve.mjs")) as {
  createApp: (o: unknown) => { listen(port: number, host: string, cb: () => void): Server };
};
const clientAddress = await import("~/lib/security/client-address.server");
const bodyLimit = await import("~/lib/security/body-limit.server");
const { checkSameOrigin } = await import("~/lib/portal.server");
const { tenantOf } = await import("~/lib/http/tenant.server");
const { getLoadContext } = await import("~/lib/context.server");

type Seen = { url: string; host: string | null; forwarded: string | null; clientIp: unknown; body?: string; context?: unknown };
let server: Server | undefined;
let seen: Seen[] = [];

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  seen = [];
  vi.restoreAllMocks();
});

async function start(
  env: Record<string, string> = {},
  assets: Record<string, unknown> = {},
  answer?: (request: Request, context: { timings?: unknown[] }) => Response | Promise<Response>,
): Promise<string> {
  const build = {
    ...assets,
    entry: { module: { crossSiteReason: (r: Request) => checkSameOrigin(r, tenantOf(r)), getLoadContext, ...clientAddress, ...bodyLimit } },
  };
  const app = createApp({
    build,
    env: { COMPRESSION: "0", LOG_REQUESTS: "1", ...env },
    handleRequest: async (request: Request, context: { clientIp: unknown; timings?: unknown[] }) => {
      const entry: Seen = {
        url: request.url,
        host: request.headers.get("Host"),
        forwarded: request.headers.get("X-Forwarded-For"),
        clientIp: context.clientIp,
        context,
      };
      seen.push(entry);
      if (request.method === "POST") entry.body = await request.text();
      if (answer) return answer(request, context);
      return new Response("ok", { headers: { "Set-Cookie": "a=1" } });
    },
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  return `127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

/** A raw HTTP exchange: the request as written, the status line and body of the answer. */
function raw(address: string, text: string, options: { keepOpen?: boolean } = {}): Promise<{ status: number; body: string }> {
  const [host, port] = address.split(":");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), host, () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      if (options.keepOpen && /\r\n\r\n[\s\S]*<\/html>/.test(answer)) socket.destroy();
    });
    socket.on("close", () => resolve({ status: Number(answer.split(" ")[1]), body: answer }));
    socket.on("error", reject);
  });
}

describe("the request context (decision 053)", () => {
  it("each request gets a context of its own from the build's getLoadContext, with the address resolved here", async () => {
    const address = await start();
    await fetch(`http://${address}/x`);
    await fetch(`http://${address}/y`);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.context).toEqual({ clientIp: "127.0.0.1", timings: [] });
    expect(seen[1]!.context).toEqual({ clientIp: "127.0.0.1", timings: [] });
    expect(seen[1]!.context).not.toBe(seen[0]!.context);
    expect((seen[1]!.context as { timings: unknown[] }).timings).not.toBe((seen[0]!.context as { timings: unknown[] }).timings);
  });
});

describe("proxy trust (TRUST_PROXY)", () => {
  it("0: forwarded headers count for nothing", async () => {
    const address = await start();
    await fetch(`http://${address}/x`, { headers: { "X-Forwarded-For": "6.6.6.6", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" } });
    expect(seen[0]).toMatchObject({ url: `http://${address}/x`, host: address, forwarded: null, clientIp: "127.0.0.1" });
  });

  it("1: the proxy's entries, not the client's left-most ones; rotating them changes nothing", async () => {
    const address = await start({ TRUST_PROXY: "1" });
    for (const fake of ["1.1.1.1", "2.2.2.2"]) {
      await fetch(`http://${address}/x`, {
        headers: { "X-Forwarded-For": `${fake}, 203.0.113.9`, "X-Forwarded-Host": "evil.example, school.example.com", "X-Forwarded-Proto": "http, https" },
      });
    }
    expect(seen.map((s) => s.clientIp)).toEqual(["203.0.113.9", "203.0.113.9"]);
    expect(seen[0]).toMatchObject({ url: "https://school.example.com/x", host: "school.example.com", forwarded: null });
  });

  it("a list: a peer that is not a listed proxy is the client", async () => {
    const address = await start({ TRUST_PROXY: "10.0.0.0/8" });
    await fetch(`http://${address}/x`, { headers: { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host": "evil.example" } });
    expect(seen[0]).toMatchObject({ clientIp: "127.0.0.1", host: address });
  });

  it("a bad TRUST_PROXY stops the server with a message naming it", () => {
    expect(() =>
      createApp({ build: { entry: { module: { ...clientAddress, ...bodyLimit } } }, env: { TRUST_PROXY: "yes" }, handleRequest: async () => new Response() }),
    ).toThrow("TRUST_PROXY");
  });
});

describe("Origin check compares the scheme", () => {
  it("http://host is refused on an https site", async () => {
    const address = await start({ TRUST_PROXY: "1" });
    const post = (origin: string) =>
      fetch(`http://${address}/join/login`, {
        method: "POST",
        body: "a=1",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-Host": "school.example.com",
          "X-Forwarded-Proto": "https",
          Origin: origin,
        },
      });
    expect((await post("http://school.example.com")).status).toBe(403);
    expect((await post("https://school.example.com")).status).toBe(200);
    expect(seen).toHaveLength(1);
  });
});

describe("cross-site posts (moved down from tests/e2e/foundation.test.ts, issue 22)", () => {
  // (a post with neither header reaches the app, whose CSRF check refuses a forged token: tests/unit/pages/foundation.test.ts)
  it("a cross-site POST, to a page or its .data, gets 403 before the app: no upstream call can follow", async () => {
    const address = await start();
    const attempts: Array<Record<string, string>> = [{ Origin: "http://evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of attempts) {
      for (const path of ["/logout", "/logout.data"]) {
        const response = await fetch(`http://${address}${path}`, {
          method: "POST",
          body: "csrf=forged",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(seen).toEqual([]);
  });
});

describe("body limits (MAX_FORM_BYTES)", () => {
  it("refuses a 20 MB url-encoded post with 413 before reading it", async () => {
    const address = await start();
    // Only the headers are sent and the socket stays open: an answer at all means the server did not wait
    // for the 20 MB (no clock needed: a server that waited would never answer, and the test would time out).
    const answer = await raw(
      address,
      `POST /join/login HTTP/1.1\r\nHost: ${address}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 20971520\r\n\r\ncsrf=x&a=`,
      { keepOpen: true },
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/Connection: close/i);
    expect(seen).toHaveLength(0);
  });

  it("caps chunked bodies while streaming; smaller ones reach the app whole", async () => {
    const address = await start({ MAX_FORM_BYTES: "2048" });
    const chunk = "a".repeat(1000);
    const head = `POST /join/login HTTP/1.1\r\nHost: ${address}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
    const chunked = (n: number) => head + `${(1000).toString(16)}\r\n${chunk}\r\n`.repeat(n) + "0\r\n\r\n";
    expect((await raw(address, chunked(3))).status).toBe(413);
    expect(seen).toHaveLength(0);
    expect((await raw(address, chunked(2))).status).toBe(200);
    expect(seen[0]?.body).toHaveLength(2000);
    const big = await fetch(`http://${address}/join/login`, {
      method: "POST",
      body: "a".repeat(2049),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(big.status).toBe(413);
  });
});

describe("multipart limits (decision 037: the file's limit, the page's message)", () => {
  const boundary = "----servetest";
  const form = (fileBytes: number) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\ntok\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.alloc(fileBytes, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}` };

  it("a 5 MB file and its form reach the app whole (the cap is the file's limit plus the form's allowance)", async () => {
    const address = await start();
    const body = form(5 * 1024 * 1024);
    const answer = await fetch(`http://${address}/resource/list`, { method: "POST", body, headers });
    expect(answer.status).toBe(200);
    expect(seen[0]?.body?.length).toBe(body.length);
  });

  it("a 6 MB file reaches the app, which answers after reading a little: the answer arrives, the rest is drained", async () => {
    let read = 0;
    const app2 = createApp({
      build: { entry: { module: { crossSiteReason: () => undefined, ...clientAddress, ...bodyLimit } } },
      env: { COMPRESSION: "0", LOG_REQUESTS: "0" },
      handleRequest: async (request: Request) => {
        const reader = request.body!.getReader();
        while (read < 100 * 1024) {
          const { value, done } = await reader.read();
          if (done) break;
          read += value.byteLength;
        }
        await reader.cancel(); // what the multipart parser does on a refused file
        return new Response("<p>上传文件过大，请控制在5M以内</p>", { status: 400, headers: { "Content-Type": "text/html" } });
      },
    });
    const other = await new Promise<Server>((resolve) => {
      const s = app2.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const port = (other.address() as AddressInfo).port;
      const answer = await fetch(`http://127.0.0.1:${port}/resource/list`, { method: "POST", body: form(6 * 1024 * 1024), headers });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("上传文件过大");
      expect(read).toBeLessThan(1024 * 1024);
      // the connection stays usable: the next request on the same agent is answered too
      const again = await fetch(`http://127.0.0.1:${port}/resource/list`, { method: "POST", body: form(6 * 1024 * 1024), headers });
      expect(again.status).toBe(400);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("a multipart body declared over the drain ceiling gets the bare 413 unread", async () => {
    const address = await start();
    const answer = await raw(
      address,
      `POST /resource/list HTTP/1.1\r\nHost: ${address}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${bodyLimit.UPLOAD_DRAIN_BYTES + 1}\r\n\r\n--x`,
      { keepOpen: true },
    );
    expect(answer.status).toBe(413);
    expect(seen).toHaveLength(0);
  });
});

describe("odd requests: the branded 400 page and one log line without a stack", () => {
  it.each([
    ["Host: a b", "GET /home/index HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n", "bad host"],
    ["/%ff", "GET /%ff HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n", "bad path"],
    ["?_data=", "GET /home/index?_data=root HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n", "data probe"],
  ])("%s", async (_name, request, reason) => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const address = await start();
    const answer = await raw(address, request.replace("HOST", address));
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("请求无效 · Bad request");
    expect(seen).toHaveLength(0);
    const lines = out.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith("{"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ status: 400, refused: reason });
    expect([...out.mock.calls, ...err.mock.calls].map((c) => String(c[0])).join("")).not.toMatch(/\n\s+at /);
  });
});

describe("WEB_CONCURRENCY (issue 18)", () => {
  it("defaults to 1 worker and refuses what is not 1-64", async () => {
    const { parseWebConcurrency } = (await import("../../scripts/serve.mjs")) as { parseWebConcurrency: (v: string | undefined) => number };
    expect(parseWebConcurrency(undefined)).toBe(1);
    expect(parseWebConcurrency("")).toBe(1);
    expect(parseWebConcurrency("4")).toBe(4);
    for (const bad of ["0", "65", "two", "-1", "1.5"]) expect(() => parseWebConcurrency(bad)).toThrow(/WEB_CONCURRENCY/);
  });
});

describe("precompressed build assets (scripts/precompress.mjs, decision 023)", () => {
  it("sends the brotli or gzip copy the browser accepts, the file itself otherwise", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const zlib = await import("node:zlib");
    const http = await import("node:http");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
    const js = Buffer.from(`export const a = "${"x".repeat(2000)}";\n`);
    fs.writeFileSync(path.join(dir, "a.js"), js);
    fs.writeFileSync(path.join(dir, "a.js.br"), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dir, "a.js.gz"), zlib.gzipSync(js, { level: 9 }));
    const address = await start({}, { publicPath: "/build/", assetsBuildDirectory: dir });
    const get = (pathname: string, acceptEncoding?: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const [host, port] = address.split(":");
        http
          .get({ host, port: Number(port), path: pathname, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    try {
      const br = await get("/build/a.js", "gzip, deflate, br, zstd");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]).toMatch(/^application\/javascript/);
      expect(br.headers["cache-control"]).toContain("immutable");
      expect(zlib.brotliDecompressSync(br.body).equals(js)).toBe(true);
      const gz = await get("/build/a.js", "gzip, br;q=0");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gz.body).equals(js)).toBe(true);
      const plain = await get("/build/a.js");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.equals(js)).toBe(true);
      // outside the build directory: nothing precompressed is sent
      const outside = await get("/build/..%2f..%2fetc%2fpasswd", "br");
      expect(outside.headers["content-encoding"]).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("streamed pages through compression (decision 023)", () => {
  it("a burst of chunks is compressed as one block, not flushed chunk by chunk", async () => {
    const zlib = await import("node:zlib");
    const http = await import("node:http");
    // what React writes: ~2 KB chunks of similar markup, all at once
    const chunks = Array.from({ length: 40 }, (_, i) =>
      `<li class="rounded border border-gray-200 p-4 text-sm">课程 ${i} · 云朵在线学院 ${"x".repeat(i % 7)}</li>`.repeat(12),
    );
    const whole = Buffer.from(chunks.join(""));
    const address = await start({ COMPRESSION: "1" }, {}, () => {
      const stream = new ReadableStream({
        start(controller) {
          for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
          controller.close();
        },
      });
      return new Response(stream, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
    const [host, port] = address.split(":");
    const body = await new Promise<Buffer>((resolve, reject) => {
      http
        .get({ host, port: Number(port), path: "/home/index", headers: { "Accept-Encoding": "gzip" } }, (res) => {
          const parts: Buffer[] = [];
          res.on("data", (c: Buffer) => parts.push(c));
          res.on("end", () => resolve(Buffer.concat(parts)));
        })
        .on("error", reject);
    });
    expect(zlib.gunzipSync(body).equals(whole)).toBe(true);
    // one-shot gzip of the same page; a flush per chunk added a deflate block (and a zlib call) per chunk
    const oneShot = zlib.gzipSync(whole).length;
    expect(body.length).toBeLessThan(oneShot * 1.5);
  });
});

describe("the request log (issue 36 §4)", () => {
  /** The JSON lines written to stdout (the request log) and stderr (errors) while `run` runs, and a while after. */
  function captureLogs() {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const lines = (spy: typeof out) =>
      spy.mock.calls
        .map((c) => String(c[0]))
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    return { requests: () => lines(out), errors: () => lines(err) };
  }

  it("counts the upstream calls from the request's timings, whether or not the answer carries Server-Timing", async () => {
    const logs = captureLogs();
    const address = await start({}, {}, (_request, context) => {
      context.timings?.push({ method: "GET", path: "/a", ms: 1, outcome: "ok" }, { method: "GET", path: "/b", ms: 1, outcome: "ok", cache: "hit" });
      return new Response("ok");
    });
    const res = await fetch(`http://${address}/home/index`);
    expect(res.headers.get("Server-Timing")).toBeNull();
    await res.text();
    await expect.poll(() => logs.requests().length).toBe(1);
    // one call made, one answered by the content cache (not a call), as Server-Timing's `upstream;` entries
    expect(logs.requests()[0]).toMatchObject({ path: "/home/index", status: 200, upstream: 1 });
  });

  it("a download the client leaves mid-way is logged as an aborted request (499), not an error with 500", async () => {
    const http = await import("node:http");
    // the upstream's file: a first part, then it keeps the rest coming slowly (as a large file would)
    let upstreamClosed = false;
    const upstream = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/pdf" });
      res.write(Buffer.alloc(64 * 1024, 1));
      const timer = setInterval(() => res.write(Buffer.alloc(1024, 2)), 50);
      res.on("close", () => {
        clearInterval(timer);
        upstreamClosed = true;
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const logs = captureLogs();
    try {
      // what a download route answers (fields.template: fetchOutside with the request's signal, its body streamed on)
      const address = await start({}, {}, async (request) => {
        const file = await fetch(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/file.pdf`, { signal: request.signal });
        return new Response(file.body, { headers: { "Content-Type": "application/pdf", "Content-Disposition": "attachment" } });
      });
      const [host, port] = address.split(":");
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host, port: Number(port), path: "/fields/template/data/annex" }, (res) => {
          res.once("data", () => {
            req.destroy(); // the visitor cancels the download
            resolve();
          });
        });
        req.on("error", () => undefined);
        req.on("timeout", reject);
      });
      // the portal let go of the upstream's file, and whatever it does about the cut stream has been done
      await expect.poll(() => upstreamClosed).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(logs.errors()).toEqual([]);
      expect(logs.requests()).toHaveLength(1);
      expect(logs.requests()[0]).toMatchObject({ path: "/fields/template/data/annex", status: 499, aborted: true });
      expect(logs.requests()[0]).not.toHaveProperty("level", "error");
    } finally {
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it("an answer whose own stream breaks (the client still there) stays an error", async () => {
    const http = await import("node:http");
    const logs = captureLogs();
    const address = await start({}, {}, () => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("<p>part"));
          setTimeout(() => controller.error(new Error("the render failed")), 20);
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/html" } });
    });
    const [host, port] = address.split(":");
    await new Promise<void>((resolve) => {
      const req = http.get({ host, port: Number(port), path: "/home/index" }, (res) => {
        res.on("data", () => undefined);
        res.on("close", resolve);
      });
      req.on("error", () => resolve());
    });
    await expect.poll(() => logs.errors().length).toBe(1);
    expect(logs.errors()[0]).toMatchObject({ level: "error", msg: "the render failed", path: "/home/index", status: 500 });
    await new Promise((r) => setTimeout(r, 100));
    expect(logs.requests().filter((l) => l.aborted)).toEqual([]);
  });

  it('a precompressed file the client leaves mid-way (express\'s sendFile: "Request aborted") is an aborted request too', async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const http = await import("node:http");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aborted-"));
    fs.writeFileSync(path.join(dir, "big.js"), "export {};\n");
    // far larger than the socket buffers: the file is still being sent when the client goes
    fs.writeFileSync(path.join(dir, "big.js.br"), Buffer.alloc(48 * 1024 * 1024, 3));
    const logs = captureLogs();
    try {
      const address = await start({}, { publicPath: "/build/", assetsBuildDirectory: dir });
      const [host, port] = address.split(":");
      await new Promise<void>((resolve) => {
        const req = http.get({ host, port: Number(port), path: "/build/big.js", headers: { "Accept-Encoding": "br" } }, (res) => {
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        });
        req.on("error", () => undefined);
      });
      await expect.poll(() => logs.requests().length).toBe(1);
      await new Promise((r) => setTimeout(r, 100));
      expect(logs.errors()).toEqual([]);
      expect(logs.requests()).toHaveLength(1);
      expect(logs.requests()[0]).toMatchObject({ path: "/build/big.js", route: "static", status: 499, aborted: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
