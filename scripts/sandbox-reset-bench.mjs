// Measures what every test pays to start from the seed: POST /__sandbox/reset plus the first upstream call(s),
// against the built sandbox (npm run build:sandbox) started in this process on a free port with `:memory:`.
// usage: node scripts/sandbox-reset-bench.mjs [rounds=30] [sandbox dist dir, default sandbox/dist] (another build: a before/after)
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const dist = path.resolve(process.argv[3] ?? new URL("../sandbox/dist", import.meta.url).pathname);
const { startSandbox } = await import(pathToFileURL(path.join(dist, "server.js")).href);

const rounds = Number(process.argv[2] ?? 30);
const t0 = performance.now();
const sb = await startSandbox({ port: 0, db: ":memory:" });
const startMs = performance.now() - t0;

async function call(method, path) {
  const res = await fetch(sb.url + path, { method });
  await res.arrayBuffer();
  if (res.status >= 500) throw new Error(`${method} ${path}: ${res.status}`);
}

// the first upstream call of a page (config), and one call into each area that used to be created lazily
const FIRST = ["/s/api/external/api/v1/company/getBaseInfo?domain=localhost"];
const AREAS = [
  "/s/api/question/api/v1/category/list?domain=localhost",
  "/s/api/saas-business/v1/user-center/service/config?domain=localhost",
  "/__sandbox/storage/stats",
];

async function measure(paths) {
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const a = performance.now();
    await call("POST", "/__sandbox/reset");
    for (const p of paths) await call("GET", p);
    times.push(performance.now() - a);
  }
  times.sort((x, y) => x - y);
  const q = (f) => times[Math.min(times.length - 1, Math.floor(f * times.length))].toFixed(1);
  return `median ${q(0.5)} ms, p90 ${q(0.9)} ms, min ${times[0].toFixed(1)} ms`;
}

await measure(FIRST); // warm-up (JIT, the seed's scrypt cache)
console.log(`${dist}: start (seed) ${startMs.toFixed(0)} ms`);
console.log(`reset + first upstream call (${rounds} rounds): ${await measure(FIRST)}`);
console.log(`reset + first call + a call into qbank, config and storage: ${await measure([...FIRST, ...AREAS])}`);
await sb.close();
