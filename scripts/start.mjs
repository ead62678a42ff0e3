#!/usr/bin/env node
// `npm start`: the sandbox upstream (127.0.0.1:4000) and the portal (port 3000) pointed at it.
// Ctrl-C stops both. Built beforehand by `npm run build` (the npm script does it).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import url from "node:url";
import { startBanner } from "./start-banner.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4000);
const portalPort = Number(process.env.PORT ?? 3000);
const portalHost = process.env.HOST ?? "127.0.0.1";
const upstreamUrl = `http://127.0.0.1:${sandboxPort}`;

const children = [];
let stopping = false;

function run(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(target, label) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(target);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${label} did not become ready at ${target}`);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 1_500).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on("exit", r))))).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

run("sandbox", ["sandbox/dist/index.js"], {
  SANDBOX_PORT: String(sandboxPort),
  SANDBOX_HOST: "127.0.0.1",
});
await waitFor(`${upstreamUrl}/__sandbox/health`, "sandbox");

run("portal", ["scripts/serve.mjs"], {
  NODE_ENV: "production",
  PORT: String(portalPort),
  HOST: portalHost,
  UPSTREAM_URL: process.env.UPSTREAM_URL ?? upstreamUrl,
  SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(24).toString("hex"),
  // the banner below is the first screen: request lines only when asked for (issue 39 §13)
  LOG_REQUESTS: process.env.LOG_REQUESTS ?? "0",
});
await waitFor(`http://127.0.0.1:${portalPort}/healthz`, "portal");

console.log(startBanner({ portalPort, upstreamUrl }));
