#!/usr/bin/env node
// The portal's production server: what `remix-serve build/index.js` does (Express, the Remix request
// handler, static assets with long caching for /build), plus what operators behind a reverse proxy
// need: COMPRESSION=0 (let the proxy compress), one structured log line per request with the path only
// (remix-serve's morgan line includes query strings, where sign-in codes can travel), TRUST_PROXY by hop
// count or proxy addresses, and refusals before Remix runs: cross-site posts (403), bodies over
// MAX_FORM_BYTES (413, unread), odd requests (bad Host, undecodable path, `?_data=` probes: a small
// branded 400 page). See docs/decisions/002-production-server.md and 012-proxy-trust-and-body-limits.md.
// First: the route-match cache patches @remix-run/router as it loads (decision 057), before Remix is imported.
import { routeMatchCacheStatus } from "./route-match-cache.mjs";
import cluster from "node:cluster";
import { randomUUID, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

/**
 * The request log's status for a request whose client closed the connection before the answer was sent whole:
 * nginx's 499 "client closed request" (issue 36 §4), so such lines are neither errors nor 5xx answers.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * The upstream calls made for a request (the log line's `upstream`): its context's timings, whether or not the
 * answer carries them in `Server-Timing` (operators only, issue 36 §4); a content-cache answer is no call. A
 * build without request contexts: the `upstream;` entries of the header, as before.
 */
function upstreamCalls(res) {
  const timings = res.locals.context?.timings;
  if (Array.isArray(timings)) return timings.filter((t) => !t.cache).length;
  const timing = String(res.getHeader("Server-Timing") ?? "");
  return timing ? (timing.match(/(^|,\s*)upstream;/g) ?? []).length : 0;
}

/** A request id a proxy sent (X-Request-Id) is kept when it is a plain token; otherwise one is made. */
const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{8,64}$/;
/** The pages' gzip level (the `compression` middleware; decision 087). */
export const GZIP_LEVEL = 5;

/** METRICS_TOKEN: the bearer that opens /metrics (at least 16 characters); unset, /metrics is not on the public site. */
export function parseMetricsToken(value) {
  if (value === undefined || value === "") return null;
  if (value.length < 16 || /\s/.test(value)) throw new Error("METRICS_TOKEN: must be at least 16 characters, no spaces");
  return value;
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(req, token) {
  const given = Buffer.from(String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, ""));
  const wanted = Buffer.from(token);
  return /^Bearer\s/i.test(String(req.headers.authorization ?? "")) && given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The route id of an address, as Remix matches it (the server build's route tree, @remix-run/router's
 * matchRoutes: cached per process, decision 057): the request log's and the metrics' `route`. A `.data`
 * address (single fetch) is its page's. No match: "unmatched". A build without routes (tests): "unknown".
 */
export function createRouteIdentifier(routes, { matchRoutes = remixMatchRoutes() } = {}) {
  if (!routes || typeof routes !== "object") return () => "unknown";
  const byParent = new Map();
  for (const route of Object.values(routes)) {
    const key = route.parentId ?? "";
    if (!byParent.has(key)) byParent.set(key, []);
    byParent.get(key).push(route);
  }
  const tree = (parentId) =>
    (byParent.get(parentId) ?? []).map((r) => ({
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      children: r.index ? undefined : tree(r.id),
    }));
  const top = tree("");
  // The addresses asked for come back (decision 087: matching /course/list through ~140 ranked branches cost
  // ~1.3 % of its view), so each one's answer is kept: at most ROUTE_IDS_MAX addresses of at most 200
  // characters, all forgotten when full (ids in addresses make new ones).
  const known = new Map();
  return (pathname) => {
    let id = known.get(pathname);
    if (id !== undefined) return id;
    let page = pathname;
    if (page === "/_root.data") page = "/";
    else if (page.endsWith(".data")) page = page.slice(0, -".data".length);
    const matches = matchRoutes(top, page);
    id = matches?.length ? matches[matches.length - 1].route.id : "unmatched";
    if (pathname.length <= 200) {
      if (known.size >= ROUTE_IDS_MAX) known.clear();
      known.set(pathname, id);
    }
    return id;
  };
}
const ROUTE_IDS_MAX = 2_000;

/** The router Remix's server runtime uses (its matchRoutes, cached per process by decision 057's hook). */
function remixMatchRoutes() {
  return require(require.resolve("@remix-run/router", { paths: [path.dirname(require.resolve("@remix-run/server-runtime"))] })).matchRoutes;
}

/** GET /metrics: this process's (or, in the cluster's primary, every worker's) Prometheus text; 401 without the bearer. */
export function metricsHandler({ token, text, contentType }) {
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (token && !bearerMatches(req, token)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("unauthorized\n");
      return;
    }
    try {
      res.set("Content-Type", contentType).send(await text());
    } catch (error) {
      res
        .status(500)
        .type("text/plain")
        .send(`metrics failed: ${String(error?.message ?? error).slice(0, 100)}\n`);
    }
  };
}

/** A Host that can name a site: name or IPv4 (optionally :port), or [IPv6](:port). */
const HOST_RE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** MAX_FORM_BYTES: the largest url-encoded (or other non-upload) body, default 1 MiB. */
export function parseMaxFormBytes(value) {
  if (value === undefined || value === "") return 1_048_576;
  if (!/^\d+$/.test(value) || Number(value) < 1024 || Number(value) > 64 * 1_048_576) {
    throw new Error("MAX_FORM_BYTES: must be a number of bytes between 1024 and 67108864");
  }
  return Number(value);
}

const PAGES = {
  400: ["请求无效", "Bad request", "这个地址或请求无法处理。", "This address or request cannot be handled."],
  403: ["禁止访问", "Forbidden", "这个请求不是来自本站。", "This request did not come from this site."],
  413: ["内容过大", "Request too large", "提交的内容超过了允许的大小。", "What was sent is larger than allowed."],
  500: ["出错了", "Something went wrong", "请稍后再试。", "Please try again later."],
};

/** The small branded page for answers given before Remix runs (no shell data: both languages). */
export function brandedPage(status) {
  const [zhTitle, enTitle, zhText, enText] = PAGES[status] ?? PAGES[400];
  return `<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${status} ${zhTitle} · ${enTitle}</title><style>body{margin:0;font-family:system-ui,sans-serif;background:#f5f6f8;color:#1f2937}main{max-width:28rem;margin:15vh auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.1);text-align:center}b{display:block;font-size:3rem;color:#2563eb}h1{font-size:1.25rem}p{color:#4b5563}a{color:#2563eb}</style></head><body><main><b>${status}</b><h1>${zhTitle} · ${enTitle}</h1><p>${zhText}<br>${enText}</p><p><a href="/home/index">返回首页 · Home</a></p></main></body></html>\n`;
}

const ASSET_TYPES = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json; charset=utf-8",
};

/** Whether the request's Accept-Encoding takes `encoding` (present, and not `;q=0`). */
function accepts(req, encoding) {
  return String(req.headers["accept-encoding"] ?? "")
    .split(",")
    .some((part) => {
      const [name, ...params] = part.trim().split(";");
      return name.trim() === encoding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
}

/**
 * The build's scripts and styles as scripts/precompress.mjs wrote them (brotli 11, gzip 9), for a
 * browser that accepts the encoding (decision 023): fewer bytes than compressing on the fly, and no
 * compression work per request. Anything else falls through to express.static (and compression).
 */
function precompressed(dir) {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = ASSET_TYPES[path.extname(req.path)];
    if (!type) return next();
    let file;
    try {
      file = path.join(dir, path.normalize(decodeURIComponent(req.path)));
    } catch {
      return next(); // a malformed escape: express.static answers it
    }
    if (!file.startsWith(dir + path.sep)) return next();
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ]) {
      if (!accepts(req, encoding) || !fs.existsSync(file + suffix)) continue;
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Vary", "Accept-Encoding");
      return res.sendFile(file + suffix, { immutable: true, maxAge: "1y" }, (error) => error && next(error));
    }
    next();
  };
}

/**
 * The Express app. `build` is the Remix server build (its entry module exports the shared functions);
 * `handleRequest` (Request, loadContext) → Response is Remix's handler, replaceable in tests.
 */
export function createApp({ build, env = process.env, handleRequest: remixHandler = createRequestHandler(build, env.NODE_ENV ?? "production") }) {
  const { crossSiteReason, parseTrustProxy, resolveClient, capStream, DEFAULT_UPLOAD_BYTES, withVisitorPageCache } = build.entry.module;
  // The request's context, made once per request (as the Express adapter's `getLoadContext`, decision 053):
  // the address resolved here, the upstream timings, the portal its loaders share. Older builds: the address only.
  const getLoadContext = build.entry.module.getLoadContext ?? ((_request, init) => ({ ...init }));
  // decision 041: a visitor's public section page answered from a short per-origin/address/language cache
  const handleRequest = withVisitorPageCache ? withVisitorPageCache(remixHandler) : remixHandler;
  // The multipart cap is the file's limit plus room for the form's other fields (decision 037); builds
  // without the newer exports keep the old single cap.
  const multipartMax = build.entry.module.MULTIPART_MAX_BYTES ?? DEFAULT_UPLOAD_BYTES;
  const multipartDrain = build.entry.module.UPLOAD_DRAIN_BYTES ?? multipartMax;
  let trust;
  try {
    trust = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    throw new Error(`TRUST_PROXY: must be 0, a number of proxy hops (1-20) or a list of proxy addresses: ${error.message}`);
  }
  const maxFormBytes = parseMaxFormBytes(env.MAX_FORM_BYTES);
  const metricsToken = parseMetricsToken(env.METRICS_TOKEN);
  // decision 057: this process's Prometheus registry (older builds and test builds have none)
  const portalMetrics = build.entry.module.portalMetrics?.();
  const routeIdOf = createRouteIdentifier(build.routes);
  const write = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

  const app = express();
  app.disable("x-powered-by");
  // Express's own "trust proxy" takes the left-most forwarded host and protocol: the client's, so it
  // stays off; resolveClient (TRUST_PROXY) picks the address, host and protocol instead.
  app.set("trust proxy", false);
  // gzip level 5, not zlib's default 6 (decision 087): on an 87 KB page 22 742 B instead of 22 574 B (+0.7 %),
  // for about a third less of the CPU gzip takes (~1.3 instead of ~1.7-3 ms a signed-in view on this machine)
  if (env.COMPRESSION !== "0") app.use(compression({ level: GZIP_LEVEL }));

  // Every request: an id (the proxy's X-Request-Id when it is a plain token, else a new one), sent back and
  // passed on to Remix; when it is answered, its duration by route id and status (metrics) and one log line.
  const logRequests = env.LOG_REQUESTS !== "0";
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const given = headerOf(req, "x-request-id");
    const id = given && REQUEST_ID_RE.test(given) ? given : randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    // the route id Remix served, or what answered before Remix: refused, static (build assets, public files)
    const routeOf = () => res.locals.route ?? (res.locals.refused ? "refused" : "static");
    const logLine = (status, ms, extra) => {
      const line = {
        t: new Date().toISOString(),
        id,
        method: req.method,
        path: req.path, // never the query string: it may carry a sign-in code or token
        route: routeOf(),
        status,
        ms: Number(ms.toFixed(1)),
        upstream: upstreamCalls(res),
        ...extra,
      };
      if (res.locals.refused) line.refused = res.locals.refused;
      write(line);
    };
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      portalMetrics?.observeRequest({ route: routeOf(), method: req.method, status: res.statusCode }, ms / 1000);
      if (logRequests) logLine(res.statusCode, ms);
    });
    // The client closed the connection before the answer was sent whole (a download cancelled, a page left
    // while it loaded; issue 36 §4). Nothing failed here: it is logged once, as an aborted request, in the
    // request log with nginx's 499 ("client closed request") and `aborted: true`, not as an error with a
    // 500 that never reached anyone (the error handler below stays quiet about it). `failed`: the answer's
    // own stream broke and writeBody cut the connection, which is an error and is logged as one.
    res.on("close", () => {
      if (res.writableFinished || res.locals.failed) return;
      res.locals.aborted = true;
      if (logRequests) logLine(CLIENT_CLOSED_REQUEST, Number(process.hrtime.bigint() - started) / 1e6, { aborted: true });
    });
    next();
  });

  // Operators' metrics on the public site only with a bearer (METRICS_TOKEN); else only on METRICS_PORT.
  if (portalMetrics && metricsToken) {
    app.get(
      "/metrics",
      (_req, res, next) => {
        res.locals.route = "metrics";
        next();
      },
      metricsHandler({ token: metricsToken, text: () => portalMetrics.text(), contentType: portalMetrics.registry.contentType }),
    );
  }

  /** Answers before Remix: the branded page, the reason in the request log line (no stack). */
  function refuse(req, res, status, reason, { unreadBody = false } = {}) {
    res.locals.refused = reason;
    if (unreadBody) res.set("Connection", "close"); // do not read the rest of the body
    res.status(status).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
    res.send(req.method === "HEAD" ? "" : brandedPage(status));
  }

  // Who is asking, and odd requests that Express or Remix would answer with a bare 500/400 and a stack.
  app.use((req, res, next) => {
    const client = resolveClient(trust, {
      socketAddress: req.socket.remoteAddress,
      headers: { get: (name) => headerOf(req, name) },
      secure: Boolean(req.socket.encrypted),
    });
    if (!client.host || !HOST_RE.test(client.host)) return refuse(req, res, 400, "bad host");
    const [pathname, query = ""] = req.originalUrl.split(/\?(.*)/s);
    try {
      decodeURIComponent(pathname);
    } catch {
      return refuse(req, res, 400, "bad path");
    }
    // Remix's old data requests: single fetch uses `.data` addresses, so `_data` is only ever a probe.
    if (/(?:^|&)_data(?:=|&|$)/.test(query)) return refuse(req, res, 400, "data probe");
    res.locals.client = client;
    next();
  });

  // Cross-site requests that change something are refused before Remix runs any action or loader.
  app.use((req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !crossSiteReason) return next();
    const reason = crossSiteReason(
      new Request(originOf(res.locals.client) + req.originalUrl, { method: "POST", headers: remixHeaders(req, res.locals.client) }),
    );
    if (!reason) return next();
    refuse(req, res, 403, `cross-site: ${reason}`, { unreadBody: true });
  });

  // Body limits (issue 10 §4, decision 037): uploads (multipart) up to the file limit plus the form's
  // allowance, everything else MAX_FORM_BYTES. A multipart body declared over that but within the drain
  // ceiling still reaches the app, which reads no further than the file's limit and answers with the
  // page and the spec's size message; the rest is then read and discarded (drainRest).
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const multipart = /^multipart\/form-data/i.test(req.headers["content-type"] ?? "");
    const limit = multipart ? multipartMax : maxFormBytes;
    const ceiling = multipart ? Math.max(limit, multipartDrain) : limit;
    const length = req.headers["content-length"];
    if (length !== undefined && Number(length) > ceiling) return refuse(req, res, 413, "body too large", { unreadBody: true });
    res.locals.bodyLimit = limit;
    res.locals.drainLimit = ceiling;
    if (multipart || length !== undefined || !req.headers["transfer-encoding"]) return next();
    // A chunked form body: read it here up to the limit, so no route ever holds more.
    const chunks = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        req.pause();
        refuse(req, res, 413, "body too large", { unreadBody: true });
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (over) return;
      res.locals.body = Buffer.concat(chunks);
      next();
    });
    req.on("error", next);
  });

  if (build.publicPath && build.assetsBuildDirectory) {
    const assets = path.resolve(root, build.assetsBuildDirectory);
    app.use(build.publicPath, precompressed(assets), express.static(assets, { immutable: true, maxAge: "1y" }));
  }
  // A page's address (no dot in its last segment) is never a file of public/: no stat per page view.
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h", redirect: false });
  app.use((req, res, next) => {
    if (!/\.[^/]*$/.test(req.path)) return next();
    // the service worker and its registration (issue 37 §1): checked on every load, never answered from a cache
    if (req.path === "/sw.js" || req.path === "/sw-register.js") res.setHeader("Cache-Control", "no-cache");
    return publicFiles(req, res, next);
  });

  app.all("*", async (req, res, next) => {
    try {
      res.locals.route = routeIdOf(req.path);
      const client = res.locals.client;
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const init = { method: req.method, headers: remixHeaders(req, client, res.locals.requestId), signal: controller.signal };
      const streamed = req.method !== "GET" && req.method !== "HEAD" && !res.locals.body;
      if (req.method !== "GET" && req.method !== "HEAD") {
        init.body = res.locals.body ?? capStream(requestBody(req, res.locals.drainLimit ?? maxFormBytes), res.locals.bodyLimit ?? maxFormBytes);
        init.duplex = "half";
      }
      const request = new Request(originOf(client) + req.originalUrl, init);
      // clientIp: the socket address, or the address the trusted proxies saw (TRUST_PROXY)
      const context = getLoadContext(request, { clientIp: client.ip });
      res.locals.context = context; // its upstream timings, for the request log
      const response = await handleRequest(request, context);
      // An action that answered before reading the whole body (a refused upload): the rest is read and
      // thrown away, so the browser still sending it receives the page instead of a reset connection.
      if (streamed) drainRest(req, res.locals.drainLimit ?? maxFormBytes);
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // Anything else that fails: one log line without a stack, the branded page.
  app.use((error, req, res, _next) => {
    // The client went away (issue 36 §4): what broke is only the answer nobody reads any more (the upstream
    // file's stream cut by the request's signal, express's sendFile "Request aborted"). The request log has
    // its line (499, aborted); this is no error of ours.
    if (res.locals.aborted || error?.code === "ECONNABORTED") {
      if (!res.destroyed) res.destroy();
      return;
    }
    const status = Number(error?.status ?? error?.statusCode);
    const code = status >= 400 && status < 500 ? status : 500;
    process.stderr.write(`${JSON.stringify({ level: "error", msg: String(error?.message ?? error).slice(0, 200), path: req.path, status: code })}\n`);
    if (res.headersSent) return res.end();
    refuse(req, res, code, code === 500 ? "server error" : "bad request");
  });

  return app;
}

/**
 * The request body as a web stream for Remix (what createReadableStreamFromReadable does), except that
 * a reader giving up (the multipart parser cancels on a refused file) does not destroy the socket:
 * the rest of the body is drained instead (drainRest), so the answer reaches the browser.
 */
function requestBody(req, ceiling) {
  let onData;
  return new ReadableStream(
    {
      start(controller) {
        onData = (chunk) => {
          req.bodyBytes = (req.bodyBytes ?? 0) + chunk.length;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on("data", onData);
        req.once("end", () => {
          try {
            controller.close();
          } catch {
            /* already cancelled */
          }
        });
        const fail = (error) => {
          try {
            controller.error(error);
          } catch {
            /* already cancelled or closed */
          }
        };
        req.once("error", fail);
        req.once("close", () => {
          if (!req.complete) fail(new Error("request body aborted"));
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        req.off("data", onData);
        drainRest(req, ceiling);
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/**
 * Reads and discards what is left of a request body, up to `ceiling` bytes in all (the socket is
 * destroyed past it: a body that large was never a form of ours).
 */
function drainRest(req, ceiling) {
  if (req.complete || req.destroyed || req.draining) return;
  req.draining = true;
  for (const listener of req.listeners("data")) req.off("data", listener);
  req.on("data", (chunk) => {
    req.bodyBytes = (req.bodyBytes ?? 0) + chunk.length;
    if (req.bodyBytes > ceiling) req.destroy();
  });
  req.resume();
}

/** Writes Remix's answer (as @remix-run/express does). */
async function sendRemixResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

/**
 * The body to the client, flushing the compression stream only when the page pauses (decision 023).
 * @remix-run/node's writeReadableStreamToWritable calls `res.flush()` after every chunk: React writes
 * a page in ~2 KB chunks, so compression ended a deflate block ~35 times per page (home: 27 KB of gzip
 * instead of 20 KB, and a zlib call per chunk, the largest single cost in the profile). A burst of
 * chunks now goes out as one block; a pause (a deferred part still loading) still flushes at once.
 */
async function writeBody(body, res) {
  const reader = body.getReader();
  let scheduled = false;
  const flushSoon = () => {
    if (scheduled || typeof res.flush !== "function") return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!res.writableEnded && !res.destroyed) res.flush();
    });
  };
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) {
        res.end();
        break;
      }
      res.write(value);
      flushSoon();
    }
  } catch (error) {
    // the answer's own stream failed (not the client's leaving): an error, logged as one (issue 36 §4)
    if (!res.locals.aborted) res.locals.failed = true;
    res.destroy(error);
    throw error;
  }
}

function headerOf(req, name) {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

function originOf(client) {
  return `${client.proto}://${client.host}`;
}

/** The request's headers for Remix: the resolved host, no forwarded headers (already applied). */
function remixHeaders(req, client, requestId) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  for (const name of ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "forwarded"]) headers.delete(name);
  headers.set("Host", client.host);
  if (requestId) headers.set("X-Request-Id", requestId);
  return headers;
}

/** METRICS_PORT: a second listener for /metrics only (on METRICS_HOST, default 127.0.0.1); unset: none. */
export function parseMetricsPort(value, port) {
  if (value === undefined || value === "") return null;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535 || Number(value) === Number(port)) {
    throw new Error("METRICS_PORT: must be a port number (1-65535) other than PORT");
  }
  return Number(value);
}

/** The metrics listener (METRICS_PORT): GET /metrics, nothing else; the bearer too when METRICS_TOKEN is set. */
async function listenMetrics(port, text, contentType) {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", metricsHandler({ token: parseMetricsToken(process.env.METRICS_TOKEN), text, contentType }));
  app.use((_req, res) => res.status(404).type("text/plain").send("not found\n"));
  const host = process.env.METRICS_HOST ?? "127.0.0.1";
  app.listen(port, host, () => console.log(`[portal] metrics on http://${host}:${port}/metrics`));
}

/** WEB_CONCURRENCY: worker processes on this machine (default 1: no cluster); decision 020. */
export function parseWebConcurrency(value) {
  if (value === undefined || value === "") return 1;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64) throw new Error("WEB_CONCURRENCY: must be a number of processes between 1 and 64");
  return Number(value);
}

/**
 * The cluster primary: starts `workers` processes sharing the port (node:cluster hands connections out
 * round-robin), starts a new one when one dies, and passes SIGTERM/SIGINT on for a clean stop.
 */
async function primary(workers, metricsPort) {
  if (metricsPort) {
    // every worker's registry, summed by prom-client's AggregatorRegistry (workers answer over the cluster IPC)
    const { AggregatorRegistry } = await import("prom-client");
    const aggregator = new AggregatorRegistry();
    await listenMetrics(metricsPort, () => aggregator.clusterMetrics(), aggregator.contentType);
  }
  if (!process.env.REDIS_URL) {
    console.warn(
      `[portal] WEB_CONCURRENCY=${workers} without REDIS_URL: limits, captcha and intercept pages are per process (README, "Running several instances")`,
    );
  }
  let stopping = false;
  const listened = new WeakSet();
  cluster.on("listening", (worker) => listened.add(worker));
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (!stopping && !listened.has(worker)) {
      // died before it listened (port taken, bad build): starting another would only loop
      console.error(`[portal] worker ${worker.process.pid} exited (${signal ?? code}) before listening; stopping`);
      stop(1);
    }
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    console.error(`[portal] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, 500);
  });
  let exitCode = 0;
  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = typeof code === "number" ? code : 0;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    setTimeout(() => process.exit(exitCode), 5_000).unref();
  }
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
}

async function main() {
  process.env.NODE_ENV ??= "production";
  let workers;
  try {
    workers = parseWebConcurrency(process.env.WEB_CONCURRENCY);
  } catch (error) {
    console.error(`[portal] ${error.message}\nSee README.md, "Environment".`);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 3000);
  let metricsPort;
  try {
    metricsPort = parseMetricsPort(process.env.METRICS_PORT, port);
    parseMetricsToken(process.env.METRICS_TOKEN);
  } catch (error) {
    console.error(`[portal] ${error.message}\nSee README.md, "Environment".`);
    process.exit(1);
  }
  if (workers > 1 && cluster.isPrimary) return primary(workers, metricsPort);
  const build = await import(url.pathToFileURL(path.join(root, "build/index.js")).href);
  let app;
  try {
    app = createApp({ build });
  } catch (error) {
    console.error(`[portal] ${error.message}\nSee README.md, "Environment".`);
    process.exit(1);
  }
  const registry = build.entry.module.portalMetrics?.().registry;
  if (registry && cluster.isWorker) {
    // the primary's METRICS_PORT asks each worker for its registry
    const { AggregatorRegistry } = await import("prom-client");
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry(); // a worker answers the primary's requests once an AggregatorRegistry exists in it
  } else if (registry && metricsPort) {
    await listenMetrics(metricsPort, () => registry.metrics(), registry.contentType);
  }
  const host = process.env.HOST ?? "0.0.0.0";
  const server = app.listen(port, host, () => {
    const who = cluster.isWorker ? ` (worker ${process.pid})` : "";
    console.log(`[portal] listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}${who}`);
    const matching = routeMatchCacheStatus();
    if (matching.status !== "active" && process.env.ROUTE_MATCH_CACHE !== "0") console.warn(`[portal] route-match cache: ${matching.status}`);
    if (matching.render !== "active" && process.env.ROUTE_MATCH_CACHE !== "0") console.warn(`[portal] render route cache: ${matching.render}`);
  });
  // An idle keep-alive connection stays open longer than a proxy's (nginx 75 s, a cloud balancer's 60 s): with
  // Node's 5 s default, the server closed sockets a client was just reusing, and that request met ECONNRESET
  // (a Playwright run, session 9). headersTimeout must stay above it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  function shutdown() {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3_000).unref();
  }
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) await main();
