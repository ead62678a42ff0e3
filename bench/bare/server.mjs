#!/usr/bin/env node
// The bare Remix baseline's server: what scripts/serve.mjs does for the portal (Express, compression,
// static /build with long caching, the Remix request handler), without the portal's own parts (request
// log, cross-site check). Started by scripts/bench.mjs after it built bench/bare.
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const dir = path.dirname(url.fileURLToPath(import.meta.url));
process.env.NODE_ENV ??= "production";
const build = await import(url.pathToFileURL(path.join(dir, "build/index.js")).href);

const app = express();
app.disable("x-powered-by");
if (process.env.COMPRESSION !== "0") app.use(compression());
app.use(build.publicPath, express.static(path.resolve(dir, build.assetsBuildDirectory), { immutable: true, maxAge: "1y" }));
app.get("/healthz", (_req, res) => res.type("text/plain").send("ok\n"));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1");
const shutdown = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3_000).unref();
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
