import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

/**
 * How THE request function (`send` in upstream.server.ts) talks HTTP to the upstream: Node's `http`/`https`
 * client over one keep-alive agent per protocol for the process (decision 087). Node's `fetch` (undici) did
 * the same exchange for ~2× the CPU (Request/Response/Headers objects, web streams for the body, WebIDL
 * checks): measured against the sandbox, a 8 KB answer cost ~500-590 µs of CPU through `fetch` and
 * ~250-280 µs here, and a signed-in view makes 6-10 calls.
 *
 * What `fetch` did and this keeps: no redirect is followed (the status is the caller's), the call's abort
 * signal ends it at any point (before the answer or while its body is read), `Accept-Encoding: gzip,
 * deflate` (and `br` over https) is offered and a compressed answer is decoded, the body is read as UTF-8
 * with a leading BOM dropped. A kept connection the upstream closed while idle (its keep-alive timeout) is
 * retried once on a new one, for GET only: a POST is never sent twice.
 */

/** An upstream answer: its status, a header by (lower-case) name, and the body as text. */
export type UpstreamAnswer = { status: number; header(name: string): string | undefined; text: string };

export type ExchangeInit = { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal };

/**
 * Idle connections are closed after 4 s: under the 5 s keep-alive of Node servers and far under nginx's
 * 75 s, so the portal closes first and rarely meets a connection the upstream closed.
 */
const IDLE_SOCKET_MS = 4_000;
const agents = {
  "http:": new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  "https:": new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
};

/** Errors of a kept connection the other side had closed: the request never reached the upstream. */
const STALE_SOCKET_CODES = new Set(["ECONNRESET", "EPIPE"]);

export async function exchange(url: string, init: ExchangeInit): Promise<UpstreamAnswer> {
  try {
    return await once(url, init);
  } catch (error) {
    const retry = init.method === "GET" && (error as { staleSocket?: boolean }).staleSocket === true && !init.signal.aborted;
    if (!retry) throw error;
    return once(url, init);
  }
}

function once(target: string, { method, headers, body, signal }: ExchangeInit): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const url = new URL(target);
    const secure = url.protocol === "https:";
    const sent: Record<string, string> = { "Accept-Encoding": secure ? "gzip, deflate, br" : "gzip, deflate", ...headers };
    if (body !== undefined) sent["Content-Length"] = String(Buffer.byteLength(body));
    else if (method !== "GET" && method !== "HEAD") sent["Content-Length"] = "0";
    const client = secure ? https : http;
    let answered = false;
    const req = client.request(url, { method, headers: sent, agent: agents[secure ? "https:" : "http:"] });
    const onAbort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new DOMException("The operation was aborted", "AbortError"));
    signal.addEventListener("abort", onAbort, { once: true });
    const done = () => signal.removeEventListener("abort", onAbort);
    req.on("error", (error: NodeJS.ErrnoException) => {
      done();
      if (!answered && req.reusedSocket && error.code && STALE_SOCKET_CODES.has(error.code)) Object.assign(error, { staleSocket: true });
      reject(error);
    });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", (error) => {
        done();
        reject(error);
      });
      res.on("close", () => {
        if (!res.complete) {
          done();
          reject(signal.aborted ? signal.reason : new Error("the upstream answer ended early"));
        }
      });
      res.on("end", () => {
        done();
        try {
          const raw = decoded(Buffer.concat(chunks), res.headers["content-encoding"]);
          let text = raw.toString("utf8");
          if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
          const { headers: received } = res;
          resolve({
            status: res.statusCode ?? 0,
            header: (name) => {
              const value = received[name.toLowerCase()];
              return Array.isArray(value) ? value.join(", ") : value;
            },
            text,
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.end(body);
  });
}

/** The body as sent, or decoded when the upstream compressed it. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case undefined:
    case "":
    case "identity":
      return body;
    case "gzip":
    case "x-gzip":
      return zlib.gunzipSync(body);
    case "deflate":
      // zlib-wrapped as the standard says, or raw as some servers send it
      try {
        return zlib.inflateSync(body);
      } catch {
        return zlib.inflateRawSync(body);
      }
    case "br":
      return zlib.brotliDecompressSync(body);
    default:
      throw new Error(`unknown content-encoding ${encoding}`);
  }
}
