#!/usr/bin/env node
// The portal's production server: what `remix-serve build/index.js` does (Express, the Remix request
// handler, static assets with long caching for /build), plus two switches operators behind a reverse
// proxy need: COMPRESSION=0 (let the proxy compress) and one structured log line per request with the
// path only (remix-serve's morgan line includes query strings, where sign-in codes can travel).
// See docs/decisions/002-production-server.md.
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const buildPath = path.join(root, "build/index.js");
process.env.NODE_ENV ??= "production";

const build = await import(url.pathToFileURL(buildPath).href);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const compress = process.env.COMPRESSION !== "0";
const logRequests = process.env.LOG_REQUESTS !== "0";
const trustProxy = process.env.TRUST_PROXY === "1";

const app = express();
app.disable("x-powered-by");
if (trustProxy) app.set("trust proxy", true);
if (compress) app.use(compression());

if (logRequests) {
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const timing = String(res.getHeader("Server-Timing") ?? "");
      const upstreamCalls = timing ? (timing.match(/(^|,\s*)upstream;/g) ?? []).length : 0;
      const line = {
        t: new Date().toISOString(),
        method: req.method,
        path: req.path, // never the query string: it may carry a sign-in code or token
        status: res.statusCode,
        ms: Number((Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)),
        upstream: upstreamCalls,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    });
    next();
  });
}

// Cross-site requests that change something are refused before Remix runs any action or loader.
const crossSiteReason = build.entry.module.crossSiteReason;
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || !crossSiteReason) return next();
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(", "));
  }
  const reason = crossSiteReason(new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, { method: "POST", headers }));
  if (!reason) return next();
  res.status(403).type("text/plain").send("Forbidden: this request did not come from this site.\n");
});

app.use(build.publicPath, express.static(path.resolve(root, build.assetsBuildDirectory), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
// clientIp: the socket address, or X-Forwarded-For only behind a trusted proxy ("trust proxy" above)
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress }) }));

const server = app.listen(port, host, () => {
  console.log(`[portal] listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3_000).unref();
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
