#!/usr/bin/env node
// Benchmark of the portal against the sandbox upstream: upstream rounds per page (TTFB / injected
// latency), upstream calls per page view, throughput, client JS per route and lab LCP.
// `npm run bench` builds, starts the sandbox and the portal as child processes, measures, prints a
// table and writes bench/results.json. See bench/README.md for what each figure means.
//
// Options: --no-build (use the existing build), --skip-lcp (no browser), --only=wire,throughput,rounds (run
// only those parts: client JS on the wire, the home vs bare Remix throughput, and/or the upstream rounds
// and calls of every listed page (100 ms injected per call); no LCP).
// CONTENT_TTL_S=0 npm run bench: the same figures without the visitor content cache (default 30 s).
// BENCH_PORT_BASE=5500: the servers listen on 5500, 5501, ... instead of free ports the system picks.
// --only=cpu (issue 24, decision 057): server CPU per signed-in page view of the lessons page, the course list, the
// doing page and the exam paper against the bare Remix page in the same run (portal/bare ratio per page), before
// (ROUTE_MATCH_CACHE=0, or BENCH_BEFORE_DIR=<another checkout, built>: decision 070) and after, with the rounds of
// the same pages at 100 ms per call and the load average.
// --only=lcp (issue 24, decision 075): lab LCP (4x CPU, slow 4G, Chromium through CDP) of home and a course detail
// (visitor), the lessons page, the doing page and the exam paper (signed in), before and after as for --only=cpu;
// BENCH_LIGHTHOUSE=<lighthouse's cli.js> adds Lighthouse's mobile performance score of home, the course list and login.
// --pages=/a,/b: only those pages: rounds and calls, JS on the wire and lab LCP (as the signed-in user for the
// logged-in pages below, else as a visitor); writes bench/results.pages.json.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import { performance } from "node:perf_hooks";
import { BUDGET_BYTES, pageTest, pageWeights } from "./page-weight.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const argv = new Set(process.argv.slice(2));
const SKIP_BUILD = argv.has("--no-build") || process.env.BENCH_SKIP_BUILD === "1";
const ONLY = new Set(
  [...argv]
    .filter((a) => a.startsWith("--only="))
    .flatMap((a) => a.slice("--only=".length).split(","))
    .filter(Boolean),
);
for (const part of ONLY)
  if (!["wire", "throughput", "rounds", "cpu", "lcp"].includes(part)) throw new Error(`--only: unknown part ${part} (wire, throughput, rounds, cpu, lcp)`);
const runs = (part) => ONLY.size === 0 || ONLY.has(part);
const SKIP_LCP = argv.has("--skip-lcp") || process.env.BENCH_SKIP_LCP === "1" || ONLY.size > 0;
const PAGES = [...argv]
  .filter((a) => a.startsWith("--pages="))
  .flatMap((a) => a.slice("--pages=".length).split(","))
  .filter(Boolean);
for (const p of PAGES) if (!p.startsWith("/")) throw new Error(`--pages: ${p} is not a path`);
if (PAGES.length && ONLY.size) throw new Error("--pages and --only do not combine");

const LATENCY_MS = 100;
const ACCOUNT = "13800000001";
const HOME = "/home/index";
// The public content pages measured beside the home page (issue 6): rounds, calls, JS and LCP.
// Issue 15 (decision 035): a question bank chapter page (open to visitors; progress per visitor or user).
const CONTENT_PAGES = ["/course/list", "/course/detail/5019", "/lib/subject/chapter/2011"];
// My exams (issue 15; decision 034): the list, an intro with its record, the fee's pay result (logged in).
const EXAM_PAGES = ["/lib/subject/exampaper", "/lib/subject/exampaper/examintro/9101", "/lib/subject/exampaper/payresult?examId=9103"];
// A page of the personal area (logged-in users only): rounds.user, calls and JS on the wire.
// Issue 16 adds the cart and checkout (logged-in pages: the same measurements).
const PERSONAL_PAGES = [
  "/personal/setting/account",
  "/personal/setting/data",
  "/personal/course/classTable",
  "/personal/course/lessons",
  "/personal/order?OrderTabIndex=2",
  "/info/complete?scene=3&backUrl=%2Fhome%2Findex",
  "/shoppingcart",
  "/payment/order?commodityId=5019",
  "/resource/list",
  "/personal/accountcenter/account/member",
  "/personal/accountcenter/score",
  "/personal/accountcenter/score/exchange",
  "/personal/accountcenter/category",
  "/personal/order?parentId=-1",
  "/personal/course/apply",
  "/personal/course/apply/new?provinceCode=110000",
  "/personal/course/apply/fill/3",
  "/personal/course/apply/detail/2",
  "/homework/list",
  "/homework/8101",
  "/certificate/list",
  "/certificate/create/9103",
  ...EXAM_PAGES,
];
// The form pages (decision 023: forms validate on the server, no zod in the browser).
const FORM_PAGES = ["/join/login", "/join/register", "/login/forget?method=phone"];
// The lesson video page (issue 14), as the seeded student who studies course 5001: JS on the wire.
const VIDEO_PAGE = "/class/type/video/page?commodityId=5001&courseId=101&lessonId=101012";
// Pages measured logged in (as the seeded student).
const LOGGED_IN_PAGES = [...PERSONAL_PAGES, VIDEO_PAGE];
/** Whether a page is measured as the signed-in user: the pages above and any page of the personal centre. */
const signedInPage = (route) => LOGGED_IN_PAGES.includes(route) || route.startsWith("/personal/");
// Client JS on the wire (issue 11): the pages a browser fetches with their modulepreloads and scripts.
const WIRE_PAGES = [
  HOME,
  ...CONTENT_PAGES,
  ...FORM_PAGES,
  ...PERSONAL_PAGES,
  VIDEO_PAGE,
  "/answerslist/0",
  "/groupdetail?id=802",
  "/lib/subject/section/20111",
];
// The question bank's doing page (issue 15), as the bench user: its record is started through the sandbox first.
const DOING_PAGE = "/lib/subject/doing/{recordId}";
// Its report with an explanation's audio previewed in place (decision 035): section 20311 handed in, question 3003.
const REPORT_PAGE = "/lib/subject/report/{recordId}?play=3003&media=audio";
// The timed exam paper of my exams (decision 034), as the bench user: the exam 9102 is joined through the sandbox first.
const EXAM_PAPER_PAGE = "/lib/subject/exampaper/paper/{recordId}";
const ROUNDS_SAMPLES = 20;
const LOAD_CONNECTIONS = 20;
const LOAD_SECONDS = 5;
const LCP_RUNS = 3;
/** BENCH_LCP_REPEAT=1: lab LCP of a repeat visit (cache and service worker of a first visit in place). */
const REPEAT_VISIT = process.env.BENCH_LCP_REPEAT === "1";
const SESSION_SECRET = "bench-secret-0123456789";
const CONTENT_TTL_S = process.env.CONTENT_TTL_S ?? "30";
const PORT_BASE = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : null;
let nextPort = PORT_BASE;
const BARE_DIR = path.join(root, "bench/bare");
// Lighthouse "slow 4G" mobile profile (devtools throttling values).
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75, // 562.5 ms
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8, // 1474.56 kbit/s in bytes/s
  uploadThroughput: (750 * 0.9 * 1024) / 8, // 675 kbit/s in bytes/s
};
const CPU_SLOWDOWN = 4;
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
// What a browser sends: the portal runs with COMPRESSION=1, so HTML is gzipped as in production.
const BROWSER_HEADERS = { "Accept-Encoding": "gzip", Accept: "text/html" };
// What Chromium offers over HTTPS: the scripts' figure "as a browser receives them" beside the gzip one.
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

// ---------------------------------------------------------------------------------------------
// child processes and cleanup

/** @type {Set<{name: string, proc: import('node:child_process').ChildProcess, log: string[]}>} */
const children = new Set();
/** @type {null | { close(): Promise<void> }} */
let browser = null;
let cleaningUp = null;
let interrupted = false;
/** children that exited without being asked to (their last log lines explain a failure) */
const crashed = [];

function log(msg) {
  process.stderr.write(`[bench] ${msg}\n`);
}

function startChild(name, args, env, cwd = root) {
  const proc = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const child = { name, proc, log: [], exited: null };
  const keep = (chunk) => {
    for (const line of String(chunk).split("\n")) {
      if (!line) continue;
      child.log.push(line);
      if (child.log.length > 50) child.log.shift();
    }
  };
  proc.stdout.on("data", keep);
  proc.stderr.on("data", keep);
  child.exited = new Promise((resolve) => proc.on("exit", (code, signal) => resolve({ code, signal })));
  child.exited.then(({ code, signal }) => {
    children.delete(child);
    if (!child.stopping) crashed.push({ name, code, signal, log: child.log });
  });
  children.add(child);
  return child;
}

async function stopChild(child) {
  if (!children.has(child) || child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.stopping = true;
  child.proc.kill("SIGTERM");
  const timer = setTimeout(() => child.proc.kill("SIGKILL"), 4_000);
  await child.exited;
  clearTimeout(timer);
}

async function cleanup() {
  cleaningUp ??= (async () => {
    if (browser) {
      await browser.close().catch(() => {});
      browser = null;
    }
    await Promise.all([...children].map(stopChild));
  })();
  return cleaningUp;
}

for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${sig}: stopping children`);
    cleanup().finally(() => process.exit(130));
  });
}

function freePort() {
  if (nextPort !== null) return Promise.resolve(nextPort++);
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitReady(child, checkUrl, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child.exited.then((e) => (exited = e));
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`${child.name} exited (code ${exited.code}, signal ${exited.signal}) before it was ready:\n  ${child.log.join("\n  ")}`);
    }
    try {
      const res = await request(checkUrl, { timeoutMs: 2_000 });
      if (res.status === 200) return res;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${child.name} not ready at ${checkUrl} after ${timeoutMs} ms:\n  ${child.log.join("\n  ")}`);
}

async function startSandbox(latencyMs) {
  const port = await freePort();
  const child = startChild(`sandbox(latency ${latencyMs})`, ["sandbox/dist/index.js"], {
    SANDBOX_PORT: String(port),
    SANDBOX_HOST: "127.0.0.1",
    SANDBOX_DB: ":memory:",
    SANDBOX_LATENCY_MS: String(latencyMs),
  });
  const base = `http://127.0.0.1:${port}`;
  const health = await waitReady(child, `${base}/__sandbox/health`);
  const body = JSON.parse(health.body.toString() || "{}");
  if (body.ok !== true) throw new Error(`sandbox health answered ${health.body}`);
  return { child, base, port, latencyMs };
}

async function startPortal(sandbox, { cwd = root, nodeArgs = [], ...extraEnv } = {}) {
  const port = await freePort();
  const child = startChild(
    `portal(upstream latency ${sandbox.latencyMs}${cwd === root ? "" : `, ${cwd}`})`,
    [...nodeArgs, "scripts/serve.mjs"],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      UPSTREAM_URL: sandbox.base,
      SESSION_SECRET,
      COMPRESSION: "1",
      LOG_REQUESTS: "0",
      // the calls per view are read from Server-Timing, the operators' header (issue 36 §4: off by default)
      SERVER_TIMING: "1",
      CONFIG_TTL_S: "30",
      CONTENT_TTL_S,
      ...extraEnv,
    },
    cwd,
  );
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, `${base}/healthz`);
  return { child, base, port, sandbox };
}

/** The bare Remix hello page (bench/bare), served the way the portal is (Express + compression). */
async function startBare() {
  const port = await freePort();
  const child = startChild("bare remix", ["bench/bare/server.mjs"], { PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, `${base}/healthz`);
  return { child, base, port };
}

async function restartPortal(portal) {
  await stopChild(portal.child);
  return startPortal(portal.sandbox);
}

function runBuild(args = ["run", "build"], cwd = root) {
  return new Promise((resolve, reject) => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const proc =
      args[0] === "run"
        ? spawn(npm, args, { cwd, stdio: ["ignore", "inherit", "inherit"] })
        : spawn(process.execPath, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
    const child = { name: "build", proc, log: [], exited: new Promise((r) => proc.on("exit", (code) => r({ code }))) };
    children.add(child);
    proc.on("error", reject);
    child.exited.then(({ code }) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${args.join(" ")} failed (exit ${code})`));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP

/**
 * One request; resolves with status, headers, body and the time to response headers (TTFB).
 * @returns {Promise<{status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer, ttfbMs: number, totalMs: number}>}
 */
function request(target, { method = "GET", headers = {}, body, agent, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(target, { method, headers, agent: agent ?? false, timeout: timeoutMs });
    req.on("response", (res) => {
      const ttfbMs = performance.now() - started;
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ttfbMs, totalMs: performance.now() - started }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${target}`)));
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function json(target, method = "GET", payload) {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  const res = await request(target, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
    body,
  });
  if (res.status >= 400) throw new Error(`${method} ${target} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  const text = res.body.toString();
  return text ? JSON.parse(text) : null;
}

function cookiesOf(res) {
  const list = res.headers["set-cookie"] ?? [];
  return list.map((c) => c.split(";")[0].trim()).filter(Boolean);
}

/** Server-Timing entries of one kind: `upstream` (a call made) or `cache` (a visitor content cache answer). */
function upstreamTimings(res, name = "upstream") {
  const value = [res.headers["server-timing"] ?? ""].flat().join(", ");
  return (value.match(new RegExp(`(^|,\\s*)${name};`, "g")) ?? []).length;
}

async function login(portal) {
  const { code } = await json(`${portal.sandbox.base}/__sandbox/sso/code`, "POST", { account: ACCOUNT });
  if (!code) throw new Error("sandbox gave no sso code");
  const res = await request(`${portal.base}${HOME}?code=${encodeURIComponent(code)}`, { headers: BROWSER_HEADERS });
  if (res.status < 300 || res.status >= 400) {
    throw new Error(`sign-in with ?code= answered ${res.status} instead of a redirect`);
  }
  const cookies = cookiesOf(res);
  if (!cookies.some((c) => /(^|_)portal_session=/.test(c))) {
    throw new Error(`sign-in set no portal_session cookie (got: ${cookies.map((c) => c.split("=")[0]).join(", ") || "none"})`);
  }
  const jar = new Map(cookies.map((c) => [c.split("=")[0], c]));
  // As a browser does: the first page after the sign-in sets the CSRF cookie (the sign-in expired it), and every
  // later view sends it back. Without it each view made and signed a new token (decision 083: the figures before
  // session 12 include that, ~0.3 ms a view); BENCH_CSRF_COOKIE=0 measures that way again.
  // And as its first page's script does (decision 089): the stylesheet fetched into the HTTP cache, the cookie that
  // names it, so later views link it instead of carrying it inline (a returning student's views; BENCH_CSS_COOKIE=0:
  // every view a first visit, +9 KB gzip of HTML each).
  if (process.env.BENCH_CSRF_COOKIE !== "0" || process.env.BENCH_CSS_COOKIE !== "0") {
    const first = await request(`${portal.base}${HOME}`, { headers: { ...BROWSER_HEADERS, Cookie: [...jar.values()].join("; ") } });
    if (process.env.BENCH_CSRF_COOKIE !== "0") for (const c of cookiesOf(first)) jar.set(c.split("=")[0], c);
    const html = (first.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(first.body) : first.body).toString("utf8");
    const stylesheet = html.match(/\/build\/_assets\/(tailwind-[\w-]+\.css)/)?.[1];
    if (process.env.BENCH_CSS_COOKIE !== "0" && stylesheet) jar.set("portal_css", `portal_css=${stylesheet}`);
  }
  return [...jar.values()].filter((c) => !c.endsWith("=")).join("; ");
}

/** A timed exam of the bench user (sandbox question bank, paper 2012): the address of its doing page. */
async function startDoing(portal) {
  const { token } = await json(`${portal.sandbox.base}/__sandbox/tokens`, "POST", { account: ACCOUNT });
  const res = await request(`${portal.sandbox.base}/s/api/question/v1/exercise/paper/generate/2012?domain=127.0.0.1`, {
    method: "POST",
    headers: { Authorization: token },
  });
  const answer = JSON.parse(res.body.toString());
  if (answer?.code !== "1") throw new Error(`starting a paper answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
  return `/lib/subject/doing/${answer.data.recordId}`;
}

/** A handed-in section practice of the bench user (section 20311): its report with question 3003's audio previewed. */
async function startReport(portal) {
  const { token } = await json(`${portal.sandbox.base}/__sandbox/tokens`, "POST", { account: ACCOUNT });
  const api = (path, body) =>
    request(`${portal.sandbox.base}/s/api/question/v1${path}${path.includes("?") ? "&" : "?"}domain=127.0.0.1`, {
      method: "POST",
      headers: { Authorization: token, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const res = await api("/exercise/chapter/generate/203/2031?sectionId=20311");
  const answer = JSON.parse(res.body.toString());
  if (answer?.code !== "1") throw new Error(`starting a section answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
  await api("/exercise/session/submit", { recordId: answer.data.recordId });
  return REPORT_PAGE.replace("{recordId}", String(answer.data.recordId));
}

/** An attempt at the mock exam 9102 of the bench user (sandbox my exams): the address of its paper. */
async function startExamPaper(portal) {
  const { token } = await json(`${portal.sandbox.base}/__sandbox/tokens`, "POST", { account: ACCOUNT });
  const res = await request(`${portal.sandbox.base}/s/api/question/api/v1/front/exam/joinExam?domain=127.0.0.1`, {
    method: "POST",
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify({ examId: 9102 }),
  });
  const answer = JSON.parse(res.body.toString());
  if (answer?.code !== "1") throw new Error(`joining exam 9102 answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
  return `/lib/subject/exampaper/paper/${answer.data.recordId}`;
}

async function page(portal, cookie, route = HOME) {
  const headers = { ...BROWSER_HEADERS, ...(cookie ? { Cookie: cookie } : {}) };
  const res = await request(`${portal.base}${route}`, { headers });
  if (res.status !== 200) throw new Error(`GET ${route} (${cookie ? "user" : "visitor"}) answered ${res.status}`);
  return res;
}

// ---------------------------------------------------------------------------------------------
// measurements

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (!n) return null;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : null;
};
const round = (x, d = 1) => (x === null || x === undefined ? null : Number(x.toFixed(d)));

async function warm(portal, cookie, n = 3, route = HOME) {
  for (let i = 0; i < n; i++) await page(portal, cookie, route);
}

/** Rounds of one page: visitor and user, or the user only for a page visitors cannot see (`userOnly`). */
async function measureRounds(portal, cookie, route = HOME, { userOnly = false, visitorOnly = false } = {}) {
  const result = { visitor: { ttfb: [] }, user: { ttfb: [] } };
  for (const [who, c] of [
    ["visitor", undefined],
    ["user", cookie],
  ]) {
    if (userOnly && who === "visitor") continue;
    if (visitorOnly && who === "user") continue;
    await warm(portal, c, 3, route);
    const ttfb = [];
    for (let i = 0; i < ROUNDS_SAMPLES; i++) ttfb.push((await page(portal, c, route)).ttfbMs);
    result[who] = { ttfb };
  }
  const of = (fn, who) => (result[who].ttfb.length ? round(fn(result[who].ttfb)) : null);
  const min = (xs) => Math.min(...xs);
  const max = (xs) => Math.max(...xs);
  return {
    visitor: result.visitor.ttfb.length ? round(median(result.visitor.ttfb) / LATENCY_MS, 2) : null,
    user: result.user.ttfb.length ? round(median(result.user.ttfb) / LATENCY_MS, 2) : null,
    latencyMs: LATENCY_MS,
    samples: ROUNDS_SAMPLES,
    medianTtfbMs: { visitor: of(median, "visitor"), user: of(median, "user") },
    minTtfbMs: { visitor: of(min, "visitor"), user: of(min, "user") },
    maxTtfbMs: { visitor: of(max, "visitor"), user: of(max, "user") },
  };
}

/** gzip -9 size of a served /build/ file, read from the build directory of the server at `base`. */
const gzip9Cache = new Map();
function gzip9Of(base, src) {
  const dir = base === bareBase ? path.join(BARE_DIR, "public") : path.join(root, "public");
  const file = path.join(dir, src);
  if (!gzip9Cache.has(file)) gzip9Cache.set(file, fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : null);
  return gzip9Cache.get(file);
}
let bareBase = null;

/** The same-origin scripts a page makes the browser fetch: modulepreloads, script src and the inline module imports. */
function scriptsOf(html) {
  const found = new Set();
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = m[0].match(/\bhref="([^"]+)"/)?.[1];
    if (href) found.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1].matchAll(/\bimport\s*(?:[\w*{}\s,]+from\s*)?["']([^"']+)["']/g)) found.add(i[1]);
  }
  return [...found].filter((src) => src.startsWith("/") && !src.startsWith("//"));
}

/**
 * Client JS on the wire for a first visit, as a browser receives it: the page (Accept-Encoding gzip,
 * through the portal's own compression), then every script it references, each counted by the bytes
 * received (the compressed body). Beside it the page's HTML, raw and as sent.
 */
async function measureWire(base, route, cookie) {
  const headers = { ...BROWSER_HEADERS, ...(cookie ? { Cookie: cookie } : {}) };
  const res = await request(`${base}${route}`, { headers });
  if (res.status !== 200) return { status: res.status };
  const gz = String(res.headers["content-encoding"] ?? "") === "gzip";
  const html = (gz ? zlib.gunzipSync(res.body) : res.body).toString("utf8");
  const files = [];
  let brBytes = 0;
  for (const src of scriptsOf(html)) {
    const r = await request(`${base}${src}`, { headers: { "Accept-Encoding": "gzip" } });
    if (r.status !== 200) throw new Error(`GET ${src} (referenced by ${route}) answered ${r.status}`);
    const wire = r.body.length;
    const raw = String(r.headers["content-encoding"] ?? "") === "gzip" ? zlib.gunzipSync(r.body).length : wire;
    files.push({ src, wire, raw, encoding: String(r.headers["content-encoding"] ?? "identity"), gzip9: gzip9Of(base, src) });
    // what a current browser receives over HTTPS (it offers brotli; decision 023)
    const b = await request(`${base}${src}`, { headers: { "Accept-Encoding": BROWSER_ACCEPT_ENCODING } });
    brBytes += b.body.length;
  }
  const wireBytes = files.reduce((n, f) => n + f.wire, 0);
  return {
    status: res.status,
    as: cookie ? "user" : "visitor",
    jsWireKB: round(wireBytes / 1024, 1),
    jsWireBrowserKB: round(brBytes / 1024, 1),
    jsWireBytes: wireBytes,
    jsRawBytes: files.reduce((n, f) => n + f.raw, 0),
    // the same files read from the build and gzipped at level 9 (the manifest figure's method)
    jsGzip9KB: files.every((f) => f.gzip9 !== null) ? round(files.reduce((n, f) => n + f.gzip9, 0) / 1024, 1) : null,
    files: files.length,
    uncompressed: files.filter((f) => f.encoding !== "gzip").map((f) => f.src),
    htmlBytes: { raw: Buffer.byteLength(html), wire: res.body.length },
    largest: files
      .sort((a, b) => b.wire - a.wire)
      .slice(0, 3)
      .map((f) => `${f.src} ${f.wire}`),
  };
}

/**
 * The 100 KB budget (decision 040): the served pages measured above over it (gzip-only or brotli),
 * and every page route of the build as served (scripts/page-weight.mjs: the test's figures).
 */
function wireBudget(wire) {
  const kb = (bytes) => round(bytes / 1024, 1);
  const servedOver = Object.entries(wire)
    .filter(([route, w]) => !route.startsWith("bare") && w.status === 200 && (w.jsWireBytes > BUDGET_BYTES || w.jsWireBrowserKB * 1024 > BUDGET_BYTES))
    .map(([route, w]) => `${route} ${w.jsWireKB}/${w.jsWireBrowserKB} KB`);
  const buildDir = path.join(root, "public/build");
  const metafile = JSON.parse(fs.readFileSync(path.join(root, "build/metafile.js.json"), "utf8"));
  const pages = pageWeights({ buildDir, isPage: pageTest(metafile, buildDir) });
  return {
    budgetKB: BUDGET_BYTES / 1024,
    servedOver,
    pages: pages.length,
    heaviest: pages.slice(0, 3).map((p) => `${p.id} ${kb(p.gzip)} KB gzip / ${kb(p.br)} KB br (${p.files} files)`),
    buildOver: pages.filter((p) => p.gzip > BUDGET_BYTES || p.br > BUDGET_BYTES).map((p) => `${p.id} ${kb(p.gzip)}/${kb(p.br)} KB`),
  };
}

/** The sandbox's log of upstream calls received since the last DELETE. */
async function requestLog(portal) {
  const answer = await json(`${portal.sandbox.base}/__sandbox/requests`);
  const list = Array.isArray(answer) ? answer : answer?.requests;
  if (!Array.isArray(list)) throw new Error(`GET /__sandbox/requests answered no list: ${JSON.stringify(answer).slice(0, 200)}`);
  return list;
}

/** Upstream calls of one page view, from the sandbox's request log and from Server-Timing. */
async function countCalls(portal, cookie, route = HOME) {
  await json(`${portal.sandbox.base}/__sandbox/requests`, "DELETE");
  const res = await page(portal, cookie, route);
  await sleep(150); // background refreshes started by this page view still count for it
  const list = await requestLog(portal);
  const serverTiming = upstreamTimings(res);
  return {
    calls: list.length,
    serverTiming,
    match: serverTiming === list.length,
    cacheHits: upstreamTimings(res, "cache"),
    withToken: list.filter((c) => String(c.headers?.authorization ?? "").trim() !== "").length,
    paths: list.map((c) => `${c.method} ${c.path}`),
  };
}

async function measureCalls(portal) {
  // cold visitor: the first page view after the portal started
  portal = await restartPortal(portal);
  const coldVisitor = await countCalls(portal, undefined);
  await warm(portal, undefined);
  const warmVisitor = await countCalls(portal, undefined);

  const cookie = await login(portal);
  // the cookie must carry a signed-in session: the next page view sends the token upstream
  await json(`${portal.sandbox.base}/__sandbox/requests`, "DELETE");
  await page(portal, cookie);
  const sent = await requestLog(portal);
  if (!sent.some((c) => String(c.headers?.authorization ?? "").trim() !== "")) {
    throw new Error(`after sign-in, ${HOME} with the session cookie sent no upstream call with a token: not signed in`);
  }
  // cold user: restart so the config cache is empty; the session cookie stays valid (cookie session)
  portal = await restartPortal(portal);
  const coldUser = await countCalls(portal, cookie);
  await warm(portal, cookie);
  const warmUser = await countCalls(portal, cookie);
  return {
    portal,
    cookie,
    calls: {
      visitor: { cold: coldVisitor, warm: warmVisitor },
      user: { cold: coldUser, warm: warmUser },
    },
  };
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux; null elsewhere). Unlike
 * req/s it hardly depends on what else the shared machine runs: CPU ms per request compares runs.
 */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // utime + stime, USER_HZ = 100
  } catch {
    return null;
  }
}

/** Closed-loop load: `connections` keep-alive connections, each sending its next request on the answer. */
async function load(target, { connections = LOAD_CONNECTIONS, seconds = LOAD_SECONDS, count = null, headers = {}, pids = {} } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  // `count`: a number of requests instead of a time (CPU per request on a loaded machine: enough requests
  // for the 10 ms ticks of /proc to add up, however slowly they are served)
  const run = async (ms, record, total = null) => {
    const end = performance.now() + ms;
    let ok = 0;
    let errors = 0;
    let issued = 0;
    const lat = [];
    const worker = async () => {
      while (total === null ? performance.now() < end : issued++ < total) {
        try {
          const res = await request(target, { headers, agent });
          if (res.status === 200) ok++;
          else errors++;
          if (record) lat.push(res.totalMs);
        } catch {
          errors++;
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: connections }, worker));
    return { ok, errors, elapsedS: (performance.now() - started) / 1000, lat };
  };
  try {
    await run(1_000, false, count === null ? null : Math.ceil(count / 4)); // warm-up: JIT, sockets, caches
    const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
    const r = await run(seconds * 1_000, true, count);
    const cpuMsPerRequest = Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => {
        const after = cpuMs(pid);
        const before = cpuBefore[name];
        return [name, after === null || before === null || !r.ok ? null : round((after - before) / r.ok, 2)];
      }),
    );
    return {
      cpuMsPerRequest,
      rps: round(r.ok / r.elapsedS, 0),
      requests: r.ok,
      errors: r.errors,
      seconds: round(r.elapsedS, 2),
      latencyMs: { p50: round(percentile(r.lat, 50)), p99: round(percentile(r.lat, 99)) },
    };
  } finally {
    agent.destroy();
  }
}

async function measureThroughput(portal, bare) {
  await warm(portal, undefined);
  const sample = await page(portal, undefined);
  const encoding = String(sample.headers["content-encoding"] ?? "identity");
  const htmlBytes = { [encoding]: sample.body.length, raw: encoding === "gzip" ? zlib.gunzipSync(sample.body).length : sample.body.length };
  const pids = { portal: portal.child.proc.pid, sandbox: portal.sandbox.child.proc.pid };
  // home and the bare page alternate (home, bare, home, bare) and each keeps its better run: a shared
  // machine's load comes and goes, and both figures should see the same moments.
  const homeRuns = [];
  const bareRuns = [];
  for (let i = 0; i < 2; i++) {
    homeRuns.push(await load(`${portal.base}${HOME}`, { headers: BROWSER_HEADERS, pids }));
    bareRuns.push(await load(`${bare.base}/`, { headers: BROWSER_HEADERS, pids: { portal: bare.child.proc.pid } }));
  }
  const best = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const home = { ...best(homeRuns), runsRps: homeRuns.map((r) => r.rps) };
  const bareRemix = { ...best(bareRuns), runsRps: bareRuns.map((r) => r.rps) };
  // The same visitor page rendered every time: a cookie the visitor page cache never answers (decision 041)
  // makes each view go through Remix (loaders on warm config and content caches, render, compression).
  const rendered = await load(`${portal.base}${HOME}`, { headers: { ...BROWSER_HEADERS, Cookie: "portal_session=bench-visitor" }, pids });
  const healthz = await load(`${portal.base}/healthz`, { headers: BROWSER_HEADERS, pids });
  const bareSample = await request(`${bare.base}/`, { headers: BROWSER_HEADERS });
  return {
    connections: LOAD_CONNECTIONS,
    seconds: LOAD_SECONDS,
    upstreamLatencyMs: portal.sandbox.latencyMs,
    home: { ...home, htmlBytes },
    bare: { ...bareRemix, htmlBytes: { wire: bareSample.body.length } },
    rendered,
    renderedBareRatio: bareRemix.rps ? round(rendered.rps / bareRemix.rps, 3) : null,
    healthz,
    ratio: healthz.rps ? round(home.rps / healthz.rps, 3) : null,
    bareRatio: bareRemix.rps ? round(home.rps / bareRemix.rps, 3) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// server CPU per signed-in view against bare Remix (issue 24, decision 057)

/**
 * A client navigation to my courses: the single-fetch `.data` request the browser makes instead of a document once
 * the page has hydrated (decision 093: its path matched no route and every branch was tried). Measured beside the
 * pages (the same bare page, for scale), outside the ≤ 4× goal, which is about documents.
 */
const LESSONS_DATA = "/personal/course/lessons.data";
/** The pages of issue 24's goal: CPU per signed-in view ≤ 4× bare Remix, none over 6×; ≤ 1.3 rounds. */
const ALL_CPU_PAGES = ["/personal/course/lessons", "/course/list", DOING_PAGE, EXAM_PAPER_PAGE, HOME, LESSONS_DATA];
/**
 * BENCH_CPU_PAGES=/course/list,paper: only those of the pages (a path, or a word of it: `doing`, `paper`), e.g. one
 * page's profile under BENCH_CPU_PROF (decision 090); the goals are then read on those pages only.
 */
const CPU_PAGES = process.env.BENCH_CPU_PAGES
  ? ALL_CPU_PAGES.filter((p) => process.env.BENCH_CPU_PAGES.split(",").some((w) => w && (p === w || p.includes(w))))
  : ALL_CPU_PAGES;
if (!CPU_PAGES.length) throw new Error(`BENCH_CPU_PAGES=${process.env.BENCH_CPU_PAGES} names none of ${ALL_CPU_PAGES.join(", ")}`);
const CPU_GOAL = 4;
const CPU_CEILING = 6;
const ROUNDS_GOAL = 1.3;
/** Requests per CPU run (after a quarter as many to warm up), over CPU_CONNECTIONS keep-alive connections. */
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 120);
const CPU_CONNECTIONS = 4;
const CPU_SIDE_BY_SIDE = process.env.BENCH_CPU_SIDE_BY_SIDE === "1";
/**
 * What the CPU runs offer (bare, before and after alike): gzip, as before. BENCH_CPU_ACCEPT_ENCODING="gzip, deflate, br,
 * zstd" measures as Chromium over HTTPS, with brotli; read that with care: a brotli stream has a fixed cost of its own
 * (~0.4 ms a response on this machine, decision 093), which makes the bare page dearer and so every ratio smaller.
 */
const CPU_ACCEPT_ENCODING = process.env.BENCH_CPU_ACCEPT_ENCODING ?? BROWSER_HEADERS["Accept-Encoding"];
const CPU_HEADERS = { ...BROWSER_HEADERS, "Accept-Encoding": CPU_ACCEPT_ENCODING };
/**
 * The portal as it was and as it is, both in one run. "before": BENCH_BEFORE_DIR, another checkout of the portal
 * with its own build (`git worktree add ../before <commit> && cd ../before && npm run build`: a change's before/after
 * from the same run, decision 070), else this build with ROUTE_MATCH_CACHE=0 (every match flattens and ranks the
 * route tree, decision 057).
 */
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR ? path.resolve(process.env.BENCH_BEFORE_DIR) : null;
const CPU_VARIANTS = [
  ["before", BEFORE_DIR ? { cwd: BEFORE_DIR } : { ROUTE_MATCH_CACHE: "0" }],
  ["after", {}],
];
const BEFORE_LABEL = BEFORE_DIR ? `the portal in ${BEFORE_DIR}` : "ROUTE_MATCH_CACHE=0";
/**
 * BENCH_CPU_PROF=<dir>: the CPU runs' portals (before and after, no upstream latency) run under `node --cpu-prof`
 * and write their profiles there when stopped (`<dir>/before`, `<dir>/after`); `node scripts/cpu-profile-top.mjs
 * <file>` says where the time went (decision 083).
 */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;

/** The loader data streamed into a page: the turbo-stream payloads of its inline scripts. */
function streamedData(html) {
  let data = "";
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) if (m[1].includes("streamController.enqueue")) data += m[1];
  return data;
}
const streamedDataBytes = (html) => Buffer.byteLength(streamedData(html));

/** Starts a sandbox, the portal before/after and (with `bare`) the bare page; the bench user signed in on each. */
async function cpuServers(latencyMs, withBare) {
  const sandbox = await startSandbox(latencyMs);
  const bare = withBare ? await startBare() : null;
  const portals = {};
  for (const [name, env] of CPU_VARIANTS) {
    const profile = CPU_PROF_DIR && withBare ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${path.join(CPU_PROF_DIR, name)}`] } : {};
    const portal = await startPortal(sandbox, { ...env, ...profile });
    portals[name] = { ...portal, cookie: await login(portal) };
  }
  // the doing page and the exam paper need an attempt of the bench user (the same sandbox for both portals)
  const doing = await startDoing(portals.after);
  const paper = await startExamPaper(portals.after);
  const address = (route) => (route === DOING_PAGE ? doing : route === EXAM_PAPER_PAGE ? paper : route);
  const stop = async () => {
    for (const p of Object.values(portals)) await stopChild(p.child);
    if (bare) await stopChild(bare.child);
    await stopChild(sandbox.child);
  };
  return { sandbox, bare, portals, address, stop };
}

async function measureCpu() {
  const loadAverage = { start: os.loadavg().map((x) => round(x, 2)) };
  const fast = await cpuServers(0, true);
  const pages = {};
  try {
    for (const route of CPU_PAGES) {
      const target = fast.address(route);
      const row = { bytes: {} };
      // bare, before, after, one after the other: a shared machine's load comes and goes, the ratio of
      // neighbouring runs is what compares
      const runOpts = { count: CPU_REQUESTS, connections: CPU_CONNECTIONS };
      row.bare = await load(`${fast.bare.base}/`, { headers: CPU_HEADERS, pids: { portal: fast.bare.child.proc.pid }, ...runOpts });
      const runs = [];
      for (const [name] of CPU_VARIANTS) {
        const p = fast.portals[name];
        const headers = { ...CPU_HEADERS, Cookie: p.cookie };
        const probe = await request(`${p.base}${target}`, { headers: { Accept: "text/html", Cookie: p.cookie } });
        if (probe.status !== 200) throw new Error(`GET ${target} (user, ${name}) answered ${probe.status}`);
        const html = probe.body.toString("utf8");
        row.bytes[name] = {
          html: probe.body.length,
          htmlGzip: zlib.gzipSync(probe.body, { level: 6 }).length,
          data: streamedDataBytes(html),
          dataGzip: zlib.gzipSync(streamedData(html), { level: 6 }).length,
        };
        const run = () => load(`${p.base}${target}`, { headers, pids: { portal: p.child.proc.pid }, ...runOpts }).then((r) => (row[name] = r));
        if (CPU_SIDE_BY_SIDE) runs.push(run);
        else await run();
      }
      // BENCH_CPU_SIDE_BY_SIDE=1: before and after loaded at the same time, so both see the same moments of a
      // shared machine (their CPU per request compares; the bare page still runs alone just before)
      await Promise.all(runs.map((run) => run()));
      const bareMs = row.bare.cpuMsPerRequest.portal;
      pages[route] = {
        bareCpuMs: bareMs,
        ...Object.fromEntries(
          CPU_VARIANTS.map(([name]) => {
            const ms = row[name].cpuMsPerRequest.portal;
            return [
              name,
              { cpuMs: ms, ratio: ms && bareMs ? round(ms / bareMs, 2) : null, rps: row[name].rps, errors: row[name].errors, bytes: row.bytes[name] },
            ];
          }),
        ),
        bareRps: row.bare.rps,
      };
    }
  } finally {
    await fast.stop();
  }
  loadAverage.afterCpu = os.loadavg().map((x) => round(x, 2));
  // rounds at 100 ms per upstream call: signed in on every page, and as a visitor where visitors may look
  const slow = await cpuServers(LATENCY_MS, false);
  try {
    for (const route of CPU_PAGES) {
      const visitorToo = route === HOME || route === "/course/list";
      for (const [name] of CPU_VARIANTS) {
        const p = slow.portals[name];
        const r = await measureRounds(p, p.cookie, slow.address(route), { userOnly: !visitorToo });
        pages[route][name].rounds = { user: r.user, visitor: r.visitor };
      }
    }
  } finally {
    await slow.stop();
  }
  loadAverage.end = os.loadavg().map((x) => round(x, 2));
  const after = Object.values(pages).map((p) => p.after);
  const goalPages = CPU_PAGES.filter((r) => r !== HOME && r !== LESSONS_DATA).map((r) => pages[r].after.ratio);
  return {
    connections: CPU_CONNECTIONS,
    requests: CPU_REQUESTS,
    acceptEncoding: CPU_ACCEPT_ENCODING,
    cpus: os.cpus().length,
    loadAverage,
    pages,
    goals: {
      cpuRatioAtMost4: goalPages.every((r) => r !== null && r <= CPU_GOAL),
      noPageOver6: after.every((p) => p.ratio !== null && p.ratio <= CPU_CEILING),
      roundsAtMost13: after.every((p) => [p.rounds.user, p.rounds.visitor].every((x) => x === null || x <= ROUNDS_GOAL)),
    },
  };
}

function printCpu(cpu) {
  table(
    `Server CPU per signed-in page view (portal process, /proc utime+stime; ${cpu.requests} requests per run over ${cpu.connections} keep-alive connections, Accept-Encoding: ${cpu.acceptEncoding}; bare Remix measured just before each page; ` +
      `goal ≤ ${CPU_GOAL}× bare on the first four, none over ${CPU_CEILING}×; "before" = ${BEFORE_LABEL})`,
    [
      [
        "page",
        "bare ms",
        "before ms",
        "before ×bare",
        "after ms",
        "after ×bare",
        "req/s after",
        "rounds user b/a",
        "rounds visitor b/a",
        "data B b/a (gzip)",
        "HTML B b/a (gzip)",
      ],
      ...Object.entries(cpu.pages).map(([route, p]) => [
        route,
        p.bareCpuMs ?? "n/a",
        p.before.cpuMs ?? "n/a",
        p.before.ratio ?? "n/a",
        p.after.cpuMs ?? "n/a",
        p.after.ratio ?? "n/a",
        p.after.rps,
        `${p.before.rounds?.user ?? "-"} / ${p.after.rounds?.user ?? "-"}`,
        `${p.before.rounds?.visitor ?? "-"} / ${p.after.rounds?.visitor ?? "-"}`,
        `${p.before.bytes.data} / ${p.after.bytes.data} (${p.before.bytes.dataGzip} / ${p.after.bytes.dataGzip})`,
        `${p.before.bytes.html} / ${p.after.bytes.html} (${p.before.bytes.htmlGzip} / ${p.after.bytes.htmlGzip})`,
      ]),
    ],
  );
  const g = cpu.goals;
  console.log(
    `goals: ≤ ${CPU_GOAL}× ${g.cpuRatioAtMost4 ? "met" : "NOT met"}; none over ${CPU_CEILING}× ${g.noPageOver6 ? "met" : "NOT met"}; rounds ≤ ${ROUNDS_GOAL} ${g.roundsAtMost13 ? "met" : "NOT met"}. ` +
      `Load average (1, 5, 15 min) at the start ${cpu.loadAverage.start.join(", ")}, after the CPU runs ${cpu.loadAverage.afterCpu.join(", ")}, at the end ${cpu.loadAverage.end.join(", ")} on ${cpu.cpus} CPUs.`,
  );
}

function readManifest() {
  const buildDir = path.join(root, "public/build");
  let name = null;
  // the manifest the server build points at (older ones may linger in public/build)
  try {
    const server = fs.readFileSync(path.join(root, "build/index.js"), "utf8");
    name = server.match(/manifest-[A-Za-z0-9]+\.js/)?.[0] ?? null;
  } catch {
    // no server build: fall back to the newest manifest
  }
  if (!name || !fs.existsSync(path.join(buildDir, name))) {
    const found = fs
      .readdirSync(buildDir)
      .filter((f) => /^manifest-.*\.(js|json)$/.test(f))
      .map((f) => ({ f, t: fs.statSync(path.join(buildDir, f)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    if (!found.length) throw new Error("no public/build/manifest-*.js: did the build run?");
    name = found[0].f;
  }
  const text = fs.readFileSync(path.join(buildDir, name), "utf8").trim();
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  return { file: `public/build/${name}`, manifest: JSON.parse(text.slice(start, end + 1)) };
}

function measureJs() {
  const { file, manifest } = readManifest();
  const publicPath = "/build/";
  const sizeCache = new Map();
  const sizeOf = (asset) => {
    if (!sizeCache.has(asset)) {
      if (!asset.startsWith(publicPath)) throw new Error(`asset outside ${publicPath}: ${asset}`);
      const buf = fs.readFileSync(path.join(root, "public/build", asset.slice(publicPath.length)));
      sizeCache.set(asset, { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length });
    }
    return sizeCache.get(asset);
  };
  const chain = (id) => {
    const r = manifest.routes[id];
    if (!r) return [];
    return [...(r.parentId ? chain(r.parentId) : []), r];
  };
  const ids = [
    "root",
    "routes/_school+/_catalogue+/home.[index]",
    "routes/_school+/_catalogue+/course.list",
    "routes/_school+/_catalogue+/course.detail.$id",
    "routes/_school+/_sign-in+/upgrade.token",
    "routes/_school+/_sign-in+/join.login",
    "routes/_school+/personal+/setting+/account",
  ].filter((id) => manifest.routes[id]);
  const routes = {};
  for (const id of ids) {
    const assets = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (const r of chain(id)) {
      assets.add(r.module);
      for (const i of r.imports ?? []) assets.add(i);
    }
    let raw = 0;
    let gzip = 0;
    for (const a of assets) {
      const s = sizeOf(a);
      raw += s.raw;
      gzip += s.gzip;
    }
    routes[id] = { files: assets.size, rawBytes: raw, gzipBytes: gzip, gzipKB: round(gzip / 1024, 1) };
  }
  return { manifest: file, routes, missing: ["routes/_school+/_sign-in+/join.login"].filter((id) => !manifest.routes[id]) };
}

async function measureLcp(portal, routes = [HOME, ...CONTENT_PAGES, "/join/login"], cookie = undefined, asUser = signedInPage, runs = LCP_RUNS) {
  // a first visit with the cache off: the browser holds no stylesheet, so no cookie may say it does (decision 089)
  cookie = cookie
    ?.split("; ")
    .filter((c) => !c.startsWith("portal_css="))
    .join("; ");
  const { chromium } = await import("@playwright/test");
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: false, // our own handler closes the browser and the servers
    handleSIGTERM: false,
  });
  const result = {
    upstreamLatencyMs: portal.sandbox.latencyMs,
    profile: {
      cpuSlowdown: CPU_SLOWDOWN,
      latencyMs: SLOW_4G.latency,
      downloadKbps: 1474.56,
      uploadKbps: 675,
      cache: "disabled",
      viewport: "412x823 @1.75x (Lighthouse mobile)",
    },
    runs,
    routes: {},
  };
  for (const route of routes) {
    const signedIn = cookie && asUser(route);
    const probe = await request(`${portal.base}${route}`, { headers: { ...BROWSER_HEADERS, ...(signedIn ? { Cookie: cookie } : {}) } });
    if (probe.status === 404) {
      result.routes[route] = { lcpMs: null, note: "404" };
      continue;
    }
    const lcp = [];
    const fcp = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      if (signedIn) {
        const { hostname } = new URL(portal.base);
        await context.addCookies(
          cookie.split("; ").map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1), domain: hostname, path: "/" })),
        );
      }
      try {
        const pg = await context.newPage();
        const cdp = await context.newCDPSession(pg);
        await cdp.send("Network.enable");
        // BENCH_LCP_REPEAT=1 (issue 37, decision 098): a repeat visit, the browser's cache and the service worker
        // of a first visit (registered after its load, its precache done) in place; else a first visit, cache off
        if (REPEAT_VISIT) {
          await pg.goto(`${portal.base}${route}`, { waitUntil: "load", timeout: 120_000 });
          await pg
            .waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, {
              timeout: 60_000,
            })
            .catch(() => undefined);
          await pg.evaluate(() => navigator.serviceWorker?.ready.then(() => undefined));
        } else await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        await pg.goto(`${portal.base}${route}`, { waitUntil: "load", timeout: 120_000 });
        await pg.waitForTimeout(2_000);
        const m = await pg.evaluate(
          () =>
            new Promise((resolve) => {
              let last = null;
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                if (entries.length) last = entries[entries.length - 1];
              }).observe({ type: "largest-contentful-paint", buffered: true });
              setTimeout(() => {
                const fcpEntry = performance.getEntriesByName("first-contentful-paint")[0];
                resolve({
                  lcp: last ? last.renderTime || last.loadTime || last.startTime : null,
                  element: last?.element ? last.element.tagName.toLowerCase() : null,
                  fcp: fcpEntry ? fcpEntry.startTime : null,
                });
              }, 100);
            }),
        );
        if (m.lcp !== null) lcp.push(m.lcp);
        if (m.fcp !== null) fcp.push(m.fcp);
        result.routes[route] ??= { elements: [] };
        result.routes[route].elements.push(m.element);
      } finally {
        await context.close();
      }
    }
    result.routes[route] = {
      as: signedIn ? "user" : "visitor",
      lcpMs: round(median(lcp), 0),
      fcpMs: round(median(fcp), 0),
      samplesMs: lcp.map((x) => round(x, 0)),
      fcpSamplesMs: fcp.map((x) => round(x, 0)),
      element: result.routes[route]?.elements?.[0] ?? null,
    };
  }
  await browser.close();
  browser = null;
  return result;
}

// ---------------------------------------------------------------------------------------------
// output

function table(title, rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  console.log(`\n${title}`);
  console.log(line(rows[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows.slice(1)) console.log(line(r));
}

function print(results) {
  const { rounds, calls, content, personal, throughput, wire, js, lcp } = results;
  console.log(`\nPortal benchmark  ${results.date}  node ${results.node}`);
  if (!rounds.skipped) {
    table(`Upstream rounds on ${HOME} (median TTFB of ${rounds.samples} sequential requests / ${rounds.latencyMs} ms injected latency)`, [
      ["who", "rounds", "median TTFB ms", "min ms", "max ms"],
      ["visitor", rounds.visitor, rounds.medianTtfbMs.visitor, rounds.minTtfbMs.visitor, rounds.maxTtfbMs.visitor],
      ["user", rounds.user, rounds.medianTtfbMs.user, rounds.minTtfbMs.user, rounds.maxTtfbMs.user],
    ]);
    const callCell = (c) => `${c.calls} / ${c.serverTiming}${c.match ? "" : " (MISMATCH)"}${c.cacheHits ? ` +${c.cacheHits} cached` : ""}`;
    table(
      `Upstream calls per page view of ${HOME} (sandbox request log / Server-Timing entries, + content cache answers; CONTENT_TTL_S=${results.contentTtlS})`,
      [["who", "cold cache", "warm cache"], ...["visitor", "user"].map((who) => [who, ...["cold", "warm"].map((k) => callCell(calls[who][k]))])],
    );
    table(`Content pages: upstream rounds (median TTFB / ${rounds.latencyMs} ms) and calls per warm page view (request log / Server-Timing)`, [
      ["route", "rounds visitor", "rounds user", "TTFB visitor ms", "TTFB user ms", "calls visitor", "calls user"],
      ...Object.entries(content).map(([route, v]) => [
        route,
        v.rounds.visitor,
        v.rounds.user,
        v.rounds.medianTtfbMs.visitor,
        v.rounds.medianTtfbMs.user,
        callCell(v.calls.visitor),
        callCell(v.calls.user),
      ]),
    ]);
    table(`Personal pages (user): upstream rounds (median TTFB / ${rounds.latencyMs} ms) and calls per warm page view`, [
      ["route", "rounds user", "TTFB user ms", "calls user"],
      ...Object.entries(personal).map(([route, v]) =>
        v.rounds ? [route, v.rounds.user, v.rounds.medianTtfbMs.user, callCell(v.calls.user)] : [route, `HTTP ${v.status}`, "", ""],
      ),
    ]);
  }
  if (!throughput.skipped) {
    table(
      `Throughput (${throughput.connections} keep-alive connections, ${throughput.seconds} s each, upstream latency ${throughput.upstreamLatencyMs} ms, visitor, warm cache; home and bare: best of 2 alternating runs)`,
      [
        ["route", "req/s", "p50 ms", "p99 ms", "errors", "CPU ms/req portal", "CPU ms/req sandbox"],
        ...[
          [HOME, throughput.home],
          [`${HOME} rendered (page cache bypassed)`, throughput.rendered],
          ["bare Remix / (bench/bare)", throughput.bare],
          ["/healthz", throughput.healthz],
        ].map(([route, r]) => [
          route,
          r.rps,
          r.latencyMs.p50,
          r.latencyMs.p99,
          r.errors,
          r.cpuMsPerRequest.portal ?? "n/a",
          r.cpuMsPerRequest.sandbox ?? "n/a",
        ]),
        ["ratio home/bare Remix", throughput.bareRatio, "", "", "", "", ""],
        ["ratio rendered home/bare Remix", throughput.renderedBareRatio, "", "", "", "", ""],
        ["ratio home/healthz", throughput.ratio, "", "", "", "", ""],
      ],
    );
    console.log(`(${HOME} visitor page: ${throughput.home.htmlBytes.raw} B of HTML, ${throughput.home.htmlBytes.gzip ?? "-"} B gzip)`);
  }
  table(
    "Client JS on the wire, first visit (the page with Accept-Encoding gzip, then every script it references, bytes received as served: gzip-only client, and a browser offering br; gzip -9 of the same files beside it)",
    [
      ["page", "as", "JS KB wire gzip", "JS KB wire br", "JS KB gzip-9", "JS KB raw", "files", "HTML B raw", "HTML B wire"],
      ...Object.entries(wire)
        .filter(([route]) => route !== "budget")
        .map(([route, w]) =>
          w.status !== 200
            ? [route, "", `HTTP ${w.status}`, "", "", "", "", "", ""]
            : [route, w.as, w.jsWireKB, w.jsWireBrowserKB, w.jsGzip9KB ?? "n/a", round(w.jsRawBytes / 1024, 1), w.files, w.htmlBytes.raw, w.htmlBytes.wire],
        ),
    ],
  );
  if (wire.budget) {
    const b = wire.budget;
    console.log(
      `\nBudget (decision 040): ≤ ${b.budgetKB} KB of JS per page, gzip-only client and brotli. Served pages over it: ${b.servedOver.length ? b.servedOver.join(", ") : "none"}. ` +
        `Every page route of the build (${b.pages} pages, read from public/build): heaviest ${b.heaviest.join("; ")}; over: ${b.buildOver.length ? b.buildOver.join(", ") : "none"}.`,
    );
  }
  table(`Client JS per route (entry + root + route + imports, each file gzip -9; ${js.manifest})`, [
    ["route id", "KB gzip", "KB raw", "files"],
    ...Object.entries(js.routes).map(([id, r]) => [id, r.gzipKB, round(r.rawBytes / 1024, 1), r.files]),
    ...js.missing.map((id) => [id, "n/a", "n/a", "-"]),
  ]);
  if (lcp.skipped) {
    console.log(`\nLab LCP: skipped (${lcp.skipped})`);
  } else {
    table(
      `Lab LCP (headless Chromium, ${lcp.profile.cpuSlowdown}x CPU, slow 4G ${lcp.profile.latencyMs} ms / ${lcp.profile.downloadKbps} kbit/s, cache off, median of ${lcp.runs}; portal on the sandbox with ${lcp.upstreamLatencyMs} ms upstream latency)`,
      [
        ["route", "LCP ms", "FCP ms", "runs ms", "LCP element"],
        ...Object.entries(lcp.routes).map(([r, v]) =>
          v.lcpMs === null && v.note ? [r, "n/a", "n/a", v.note, ""] : [r, v.lcpMs ?? "n/a", v.fcpMs ?? "n/a", v.samplesMs.join(", "), v.element ?? ""],
        ),
      ],
    );
  }
  console.log("");
}

// ---------------------------------------------------------------------------------------------
// main

async function main() {
  const t0 = performance.now();
  if (SKIP_BUILD) log("skipping the build (--no-build)");
  else {
    log("npm run build");
    await runBuild();
  }
  if (!SKIP_BUILD || !fs.existsSync(path.join(BARE_DIR, "build/index.js"))) {
    log("building the bare Remix baseline (bench/bare)");
    await runBuild([path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], BARE_DIR);
  }
  for (const f of ["build/index.js", "sandbox/dist/index.js", "bench/bare/build/index.js"]) {
    if (!fs.existsSync(path.join(root, f))) throw new Error(`${f} is missing: run npm run build`);
  }

  if (PAGES.length) return pagesOnly(t0);
  if (ONLY.size === 1 && ONLY.has("cpu")) return cpuOnly(t0);
  if (ONLY.size === 1 && ONLY.has("lcp")) return lcpOnly(t0);
  const js = measureJs();
  let rounds = { skipped: "--only" };
  let c = { calls: { skipped: "--only" } };
  const content = {};
  const personal = {};

  if (runs("rounds")) {
    // Part 1: sandbox with 100 ms latency per upstream call: rounds and call counts.
    log(`starting sandbox (latency ${LATENCY_MS} ms) and portal`);
    const slow = await startSandbox(LATENCY_MS);
    let portal = await startPortal(slow);
    log("measuring upstream calls (cold and warm)");
    c = await measureCalls(portal);
    portal = c.portal;
    log("measuring rounds (TTFB)");
    rounds = await measureRounds(portal, c.cookie);
    log(`measuring rounds and calls of ${CONTENT_PAGES.join(", ")}`);
    for (const route of CONTENT_PAGES) {
      const r = await measureRounds(portal, c.cookie, route);
      content[route] = {
        rounds: r,
        calls: { visitor: await countCalls(portal, undefined, route), user: await countCalls(portal, c.cookie, route) },
      };
    }
    log(`measuring rounds and calls of ${[...PERSONAL_PAGES, VIDEO_PAGE].join(", ")} (user)`);
    for (const route of [...PERSONAL_PAGES, VIDEO_PAGE]) {
      const probe = await request(`${portal.base}${route}`, { headers: { ...BROWSER_HEADERS, Cookie: c.cookie } });
      if (probe.status !== 200) {
        personal[route] = { status: probe.status };
        continue;
      }
      personal[route] = {
        rounds: await measureRounds(portal, c.cookie, route, { userOnly: true }),
        calls: { user: await countCalls(portal, c.cookie, route) },
      };
    }
    await stopChild(portal.child);
    await stopChild(slow.child);
  }

  // Part 2: sandbox without latency: throughput and LCP measure the portal and the page.
  const wire = {};
  let throughput = { skipped: "--only" };
  let lcp = { skipped: "--only" };
  if (runs("wire") || runs("throughput") || !SKIP_LCP) {
    log("starting sandbox (no latency) and portal");
    const fast = await startSandbox(0);
    const fastPortal = await startPortal(fast);
    const bare = await startBare();
    bareBase = bare.base;
    if (runs("wire")) {
      log("measuring client JS on the wire");
      const fastCookie = await login(fastPortal);
      for (const route of WIRE_PAGES) wire[route] = await measureWire(fastPortal.base, route, LOGGED_IN_PAGES.includes(route) ? fastCookie : undefined);
      wire[DOING_PAGE] = await measureWire(fastPortal.base, await startDoing(fastPortal), fastCookie);
      wire[REPORT_PAGE] = await measureWire(fastPortal.base, await startReport(fastPortal), fastCookie);
      wire[EXAM_PAPER_PAGE] = await measureWire(fastPortal.base, await startExamPaper(fastPortal), fastCookie);
      wire["bare Remix /"] = await measureWire(bare.base, "/");
      wire.budget = wireBudget(wire);
    }
    if (runs("throughput")) {
      log(`measuring throughput (${LOAD_SECONDS} s per run; home and bare Remix twice each)`);
      throughput = await measureThroughput(fastPortal, bare);
    }
    await stopChild(bare.child);
    if (SKIP_LCP) lcp = { skipped: "--skip-lcp" };
    else {
      log("measuring lab LCP in headless Chromium");
      lcp = await measureLcp(fastPortal, [HOME, ...CONTENT_PAGES, "/join/login", VIDEO_PAGE], await login(fastPortal));
    }
    await stopChild(fastPortal.child);
    await stopChild(fast.child);
  }

  let cpu = { skipped: "--only" };
  if (runs("cpu")) {
    log(`measuring server CPU per signed-in view against bare Remix (${CPU_PAGES.join(", ")}), before and after`);
    cpu = await measureCpu();
  }

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    contentTtlS: Number(CONTENT_TTL_S),
    cpu,
    rounds,
    calls: c.calls,
    content,
    personal,
    throughput,
    wire,
    js,
    lcp,
    durationS: round((performance.now() - t0) / 1000, 1),
  };
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  // a partial run (--only) does not replace the full run's results
  const out = ONLY.size ? `bench/results.only-${[...ONLY].sort().join("-")}.json` : "bench/results.json";
  fs.writeFileSync(path.join(root, out), `${JSON.stringify(results, null, 2)}\n`);
  print(results);
  if (!cpu.skipped) printCpu(cpu);
  log(`wrote ${out} in ${results.durationS} s`);
}

/** `--only=cpu`: the CPU per signed-in view and rounds of issue 24's pages, before and after (bench/results.only-cpu.json). */
async function cpuOnly(t0) {
  log(`measuring server CPU per signed-in view against bare Remix (${CPU_PAGES.join(", ")}), before and after`);
  const cpu = await measureCpu();
  const results = { date: new Date().toISOString(), node: process.version, cpu, durationS: round((performance.now() - t0) / 1000, 1) };
  fs.writeFileSync(path.join(root, "bench/results.only-cpu.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nPortal benchmark (--only=cpu)  ${results.date}  node ${results.node}`);
  printCpu(cpu);
  log(`wrote bench/results.only-cpu.json in ${results.durationS} s`);
}

/** Issue 24's lab LCP pages: home and a course detail as a visitor's first visit, the rest signed in. */
const LCP_GOAL_PAGES = [HOME, "/course/detail/5019", "/personal/course/lessons", DOING_PAGE, EXAM_PAPER_PAGE];
const LCP_GOAL_MS = 1500;
/** Lighthouse's mobile performance (its own simulated 4x CPU and slow 4G) on these, as a visitor. */
const LIGHTHOUSE_PAGES = [HOME, "/course/list", "/join/login"];

/** Lighthouse's mobile performance score of a page (BENCH_LIGHTHOUSE = its cli.js; /usr/bin/chromium), or null. */
async function lighthouseScore(base, route) {
  const cli = process.env.BENCH_LIGHTHOUSE;
  const out = path.join(os.tmpdir(), `bench-lighthouse-${process.pid}.json`);
  const args = [
    cli,
    `${base}${route}`,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${out}`,
    "--quiet",
    "--chrome-path=/usr/bin/chromium",
    "--chrome-flags=--headless --no-sandbox --disable-gpu",
  ];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr.on("data", (d) => (err = (err + d).slice(-2000)));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  try {
    if (code !== 0) return { score: null, note: `lighthouse exited ${code}: ${err.trim().split("\n").pop()}` };
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    const audit = (id) => report.audits[id]?.numericValue ?? null;
    return {
      score: report.categories.performance.score,
      lcpMs: round(audit("largest-contentful-paint"), 0),
      fcpMs: round(audit("first-contentful-paint"), 0),
      tbtMs: round(audit("total-blocking-time"), 0),
    };
  } finally {
    fs.rmSync(out, { force: true });
  }
}

/** `--only=lcp`: lab LCP of issue 24's pages, before and after side by side on one sandbox (bench/results.only-lcp.json). */
const LCP_ONLY_ROUNDS = Number(process.env.BENCH_LCP_RUNS ?? LCP_RUNS);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);

async function lcpOnly(t0) {
  const servers = await cpuServers(0, false);
  const variants = {};
  const samples = {};
  try {
    // before and after take turns, one sample of each page a round (decision 089): both meet the same moments
    // of a shared machine, as the CPU part's side by side does
    for (let i = 0; i < LCP_ONLY_ROUNDS; i++) {
      for (const [name] of CPU_VARIANTS) {
        const p = servers.portals[name];
        const addresses = LCP_GOAL_PAGES.map(servers.address);
        const user = new Set(addresses.filter((a) => a !== HOME && !a.startsWith("/course/")));
        log(`round ${i + 1}/${LCP_ONLY_ROUNDS}: lab LCP (${name}) of ${addresses.join(", ")}`);
        const lcp = await measureLcp(p, addresses, p.cookie, (route) => user.has(route), 1);
        samples[name] ??= { lcp: {}, profile: lcp.profile, lighthouse: {} };
        LCP_GOAL_PAGES.forEach((page, j) => (samples[name].lcp[page] ??= []).push(lcp.routes[addresses[j]]));
      }
      if (process.env.BENCH_LIGHTHOUSE && i < LIGHTHOUSE_RUNS)
        for (const route of LIGHTHOUSE_PAGES)
          for (const [name] of CPU_VARIANTS) (samples[name].lighthouse[route] ??= []).push(await lighthouseScore(servers.portals[name].base, route));
    }
  } finally {
    await servers.stop();
  }
  for (const [name, s] of Object.entries(samples)) {
    const lcp = {};
    for (const [page, runs] of Object.entries(s.lcp)) {
      const ok = runs.filter((r) => r && r.lcpMs !== null && r.lcpMs !== undefined);
      const lcps = ok.map((r) => r.lcpMs);
      const fcps = ok.map((r) => r.fcpMs).filter((x) => x !== null && x !== undefined);
      lcp[page] = ok.length
        ? { as: ok[0].as, lcpMs: round(median(lcps), 0), fcpMs: round(median(fcps), 0), samplesMs: lcps, fcpSamplesMs: fcps, element: ok[0].element }
        : (runs[0] ?? { lcpMs: null });
    }
    const lighthouse = {};
    for (const [page, runs] of Object.entries(s.lighthouse)) {
      const ok = runs.filter((r) => r.score !== null);
      const mid = (key) => round(median(ok.map((r) => r[key])), key === "score" ? 2 : 0);
      lighthouse[page] = ok.length
        ? { score: mid("score"), lcpMs: mid("lcpMs"), fcpMs: mid("fcpMs"), tbtMs: mid("tbtMs"), samples: ok.map((r) => r.score) }
        : runs[0];
    }
    variants[name] = { lcp, profile: s.profile, lighthouse: process.env.BENCH_LIGHTHOUSE ? lighthouse : { skipped: "BENCH_LIGHTHOUSE unset" } };
  }
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    loadAverage: os.loadavg().map((x) => round(x, 2)),
    variants,
    durationS: round((performance.now() - t0) / 1000, 1),
  };
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench/results.only-lcp.json"), `${JSON.stringify(results, null, 2)}\n`);
  const { profile } = variants.after;
  table(
    `Lab LCP (headless Chromium, ${profile.cpuSlowdown}x CPU, slow 4G ${profile.latencyMs} ms / ${profile.downloadKbps} kbit/s, cache off, median of ${LCP_ONLY_ROUNDS}, before and after in turns; goal ≤ ${LCP_GOAL_MS} ms; "before" = ${BEFORE_LABEL})`,
    [
      ["page", "as", "LCP ms b/a", "FCP ms b/a", "runs ms after", "LCP element after"],
      ...LCP_GOAL_PAGES.map((page) => {
        const b = variants.before.lcp[page] ?? {};
        const a = variants.after.lcp[page] ?? {};
        return [
          page,
          a.as ?? "",
          `${b.lcpMs ?? "n/a"} / ${a.lcpMs ?? "n/a"}`,
          `${b.fcpMs ?? "n/a"} / ${a.fcpMs ?? "n/a"}`,
          (a.samplesMs ?? []).join(", "),
          a.element ?? "",
        ];
      }),
    ],
  );
  if (process.env.BENCH_LIGHTHOUSE) {
    table(`Lighthouse mobile performance (its simulated throttling; median of ${LIGHTHOUSE_RUNS}; goal ≥ 0.95)`, [
      ["page", "score b/a", "FCP ms b/a", "LCP ms b/a", "TBT ms b/a"],
      ...LIGHTHOUSE_PAGES.map((page) => {
        const b = variants.before.lighthouse[page] ?? {};
        const a = variants.after.lighthouse[page] ?? {};
        return [
          page,
          `${b.score ?? b.note ?? "n/a"} / ${a.score ?? a.note ?? "n/a"}`,
          `${b.fcpMs ?? "n/a"} / ${a.fcpMs ?? "n/a"}`,
          `${b.lcpMs ?? "n/a"} / ${a.lcpMs ?? "n/a"}`,
          `${b.tbtMs ?? "n/a"} / ${a.tbtMs ?? "n/a"}`,
        ];
      }),
    ]);
  } else console.log("Lighthouse: skipped (BENCH_LIGHTHOUSE=<path to lighthouse's cli.js> to run it)");
  console.log(`Load average (1, 5, 15 min) at the end ${results.loadAverage.join(", ")} on ${os.cpus().length} CPUs.`);
  log(`wrote bench/results.only-lcp.json in ${results.durationS} s`);
}

/** `--pages=`: rounds and calls (sandbox with latency), then JS on the wire and lab LCP (no latency) of those pages. */
async function pagesOnly(t0) {
  const loggedIn = signedInPage;
  log(`starting sandbox (latency ${LATENCY_MS} ms) and portal`);
  const slow = await startSandbox(LATENCY_MS);
  const portal = await startPortal(slow);
  const cookie = await login(portal);
  const pages = {};
  for (const route of PAGES) {
    log(`measuring rounds and calls of ${route}`);
    const as = loggedIn(route) ? cookie : undefined;
    pages[route] = {
      as: as ? "user" : "visitor",
      rounds: await measureRounds(portal, cookie, route, { userOnly: !!as, visitorOnly: !as }),
      calls: await countCalls(portal, as, route),
    };
  }
  await stopChild(portal.child);
  await stopChild(slow.child);
  log("starting sandbox (no latency) and portal");
  const fast = await startSandbox(0);
  const fastPortal = await startPortal(fast);
  const fastCookie = await login(fastPortal);
  for (const route of PAGES) pages[route].wire = await measureWire(fastPortal.base, route, loggedIn(route) ? fastCookie : undefined);
  const lcp = SKIP_LCP ? { skipped: "--skip-lcp" } : await measureLcp(fastPortal, PAGES, fastCookie);
  await stopChild(fastPortal.child);
  await stopChild(fast.child);
  const results = { date: new Date().toISOString(), node: process.version, pages, lcp, durationS: round((performance.now() - t0) / 1000, 1) };
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench/results.pages.json"), `${JSON.stringify(results, null, 2)}\n`);
  table(`Pages (rounds = median TTFB / ${LATENCY_MS} ms; calls = sandbox request log / Server-Timing; JS as served; lab LCP as in the full run)`, [
    ["route", "as", "rounds", "TTFB ms", "calls", "JS KB wire gzip", "LCP ms", "FCP ms", "LCP element"],
    ...PAGES.map((route) => {
      const v = pages[route];
      const r = v.rounds[v.as];
      const l = lcp.routes?.[route];
      return [
        route,
        v.as,
        r,
        v.rounds.medianTtfbMs[v.as],
        `${v.calls.calls} / ${v.calls.serverTiming}`,
        v.wire.jsWireKB ?? `HTTP ${v.wire.status}`,
        l?.lcpMs ?? "n/a",
        l?.fcpMs ?? "n/a",
        l?.element ?? "",
      ];
    }),
  ]);
  log(`wrote bench/results.pages.json in ${results.durationS} s`);
}

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (error) {
  if (interrupted) {
    await cleanup(); // the signal handler exits with 130
  } else {
    process.stderr.write(`\n[bench] FAILED: ${error?.stack ?? error}\n`);
    for (const c of crashed) {
      process.stderr.write(`[bench] ${c.name} exited unexpectedly (code ${c.code}, signal ${c.signal}); last output:\n  ${c.log.join("\n  ")}\n`);
    }
    await cleanup();
    process.exit(1);
  }
}
