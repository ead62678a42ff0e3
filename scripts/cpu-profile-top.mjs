#!/usr/bin/env node
// Where a `node --cpu-prof` profile's busy time went (decision 083): shares of the busy samples (idle left
// out) by package or part of the portal (self time), by function (self), by function inclusive (every
// function on the sampled stack, once per sample), and by part of a view (decision 090). `node scripts/cpu-profile-top.mjs <file.cpuprofile> [rows]`.
// `BENCH_CPU_PROF=<dir> node scripts/bench.mjs --no-build --only=cpu` writes such profiles of the bench portals.
import fs from "node:fs";

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [rows]");
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** The package (node_modules/<name>), node's own code, the portal's server build, or V8's pseudo-frames. */
function partOf(url, name) {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  if (/\/build\/(server\/)?index\.js$/.test(url)) return "portal build";
  if (/\/scripts\//.test(url)) return `scripts/${url.split("/scripts/")[1]}`;
  return url.replace(/^file:\/\//, "");
}
const label = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  return `${functionName || "(anonymous)"} ${partOf(url, functionName)}:${lineNumber + 1}`;
};

const self = new Map();
const inclusive = new Map();
const parts = new Map();
let busy = 0;
let idle = 0;
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  const node = byId.get(id);
  if (node.callFrame.functionName === "(idle)") {
    idle += ms;
    return;
  }
  busy += ms;
  add(self, label(node), ms);
  add(parts, partOf(node.callFrame.url, node.callFrame.functionName), ms);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const key = label(byId.get(at));
    if (seen.has(key)) continue;
    seen.add(key);
    add(inclusive, key, ms);
  }
});

/**
 * The parts of a view (decision 090): each busy sample counted once, under the innermost of these on its stack
 * (gzip called from a React write counts as gzip; a component's own code as React rendering).
 */
const VIEW_PARTS = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["turbo-stream (loader data)", (f) => /node_modules\/turbo-stream/.test(f.url)],
  ["gzip", (f) => /zlib/.test(f.url) && /processChunk|_transform|processCallback/.test(f.functionName)],
  ["zod", (f) => /node_modules\/zod/.test(f.url)],
  ["upstream calls (send)", (f) => f.functionName === "send" && /\/build\/(server\/)?index\.js$/.test(f.url)],
  ["React rendering", (f) => /node_modules\/react-dom/.test(f.url)],
  ["route matching", (f) => f.functionName === "matchRoutes"],
  ["scripts/serve.mjs", (f) => /scripts\/serve\.mjs/.test(f.url)],
  ["express, compression", (f) => /node_modules\/(express|compression|on-headers|negotiator)\//.test(f.url)],
  ["http client (upstream sockets)", (f) => /_http_client|_http_agent/.test(f.url)],
  ["http server", (f) => /_http_server|_http_incoming|_http_outgoing|_http_common/.test(f.url)],
  ["Remix server runtime", (f) => /server-runtime/.test(f.url)],
  ["sockets and streams", (f) => /node:net|node:internal\/streams|node:stream/.test(f.url)],
];
const viewParts = new Map();
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  if (byId.get(id).callFrame.functionName === "(idle)") return;
  let part = "other";
  outer: for (let at = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at).callFrame;
    for (const [name, test] of VIEW_PARTS)
      if (test(frame)) {
        part = name;
        break outer;
      }
  }
  add(viewParts, part, ms);
});

const pct = (ms) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;
const top = (title, map, n) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(ms)}  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
};
console.log(`${file}: busy ${(busy / 1000).toFixed(2)} s, idle ${(idle / 1000).toFixed(2)} s, ${profile.samples.length} samples`);
top("self time by package / part", parts, rows);
top("self time by function", self, rows);
top("inclusive time by function", inclusive, rows);
top("by part of a view (innermost on the stack, decision 090)", viewParts, VIEW_PARTS.length + 1);
