// Issue 18: two portal instances (the built scripts/serve.mjs) on one sandbox, Redis for their shared
// state, and nginx round-robin in front with deploy/nginx.conf.example (the README's configuration).
// Needs `npm run build` first, and Debian's redis-server and nginx (.ci/run installs them).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../sandbox/src/server";

const root = path.resolve(__dirname, "../..");
const REDIS_BIN = "/usr/bin/redis-server";
const NGINX_BIN = "/usr/sbin/nginx";
const BUILD = path.join(root, "build/index.js");
const base = Number(process.env.INSTANCES_PORT_BASE ?? 6210);
const ports = { redis: base, nginx: base + 1, a: base + 2, b: base + 3, sandbox: base + 4 };
const missing = [REDIS_BIN, NGINX_BIN, BUILD].filter((p) => !existsSync(p));
if (missing.length) console.warn(`[instances.test] SKIPPED: missing ${missing.join(", ")} (.ci/run installs redis-server and nginx; run npm run build first)`);

type Proc = { child: ChildProcess; out: string; err: string };
const procs: Proc[] = [];
function start(cmd: string, args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const p: Proc = { child, out: "", err: "" };
  child.stdout?.on("data", (c: Buffer) => void (p.out += c.toString()));
  child.stderr?.on("data", (c: Buffer) => void (p.err += c.toString()));
  procs.push(p);
  return p;
}
async function stop(p: Proc) {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const gone = new Promise((r) => p.child.once("exit", r));
  p.child.kill("SIGTERM");
  await Promise.race([gone, new Promise((r) => setTimeout(r, 4_000))]);
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
/** One HTTP request from a chosen local address (so nginx sees distinct visitors). */
function request(
  port: number,
  reqPath: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: reqPath, method: opts.method ?? "GET", localAddress: opts.from ?? "127.0.0.1", headers: opts.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout ${reqPath}`)));
    req.end(opts.body);
  });
}

/** A visitor with a cookie jar, talking to one port (nginx or an instance). */
class Visitor {
  cookies = new Map<string, string>();
  constructor(
    public port: number,
    readonly from = "127.0.0.1",
  ) {}
  private keep(a: Answer) {
    for (const line of a.headers["set-cookie"] ?? []) {
      const [pair = ""] = line.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return a;
  }
  private get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async get(p: string, headers: Record<string, string> = {}) {
    return this.keep(await request(this.port, p, { from: this.from, headers: { Cookie: this.cookie, ...headers } }));
  }
  csrf?: string;
  /** Posts the fields with the CSRF token (from a first GET of the form page; one token per visitor). */
  async post(p: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    if (!this.csrf) {
      const page = await this.get(p, headers);
      this.csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
      if (!this.csrf) throw new Error(`no csrf token on ${p} (${page.status})`);
    }
    const csrf = this.csrf;
    const body = new URLSearchParams({ ...fields, csrf }).toString();
    return this.keep(
      await request(this.port, p, {
        method: "POST",
        from: this.from,
        body,
        headers: { Cookie: this.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${this.port}`, ...headers },
      }),
    );
  }
}

const unescape = (s: string) => s.replace(/&amp;/g, "&");
const loginLines = (p: Proc) => (p.out.match(/"method":"POST","path":"\/join\/login"/g) ?? []).length;

describe.skipIf(missing.length > 0)("two instances behind nginx, shared state in Redis (issue 18)", () => {
  let dir = "";
  let redis: Proc;
  let portalA: Proc;
  let portalB: Proc;
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  const control = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${sandbox.url}/__sandbox${p}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`control ${method} ${p}: ${res.status}`);
    return res.json() as Promise<unknown>;
  };

  async function healthy(port: number, p = "/healthz") {
    const deadline = Date.now() + 60_000; // three Node processes starting beside the whole suite on 2 cores (30 s was passed once, session 15)
    while (Date.now() < deadline) {
      try {
        if ((await request(port, p)).status === 200) return;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`port ${port} not healthy at ${p}`);
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "portal-instances-"));
    redis = start(REDIS_BIN, ["--port", String(ports.redis), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"]);
    sandbox = await startSandbox({ port: ports.sandbox, db: ":memory:" });
    const env = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      UPSTREAM_URL: sandbox.url,
      UPSTREAM_TIMEOUT_MS: "3000",
      SESSION_SECRET: "instances-test-secret-0123456789",
      REDIS_URL: `redis://127.0.0.1:${ports.redis}/0`,
      TRUST_PROXY: "1",
      COMPRESSION: "0",
      LOG_REQUESTS: "1",
      CONFIG_TTL_S: "0",
      CONTENT_TTL_S: "0",
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "10",
      RATE_LIMIT_LOGIN_PER_IP: "12",
      WEB_CONCURRENCY: "1",
    };
    portalA = start(process.execPath, ["scripts/serve.mjs"], { ...env, PORT: String(ports.a) });
    // instance B is a node:cluster primary with two workers (WEB_CONCURRENCY): three processes share state
    portalB = start(process.execPath, ["scripts/serve.mjs"], { ...env, PORT: String(ports.b), WEB_CONCURRENCY: "2" });
    const conf = readFileSync(path.join(root, "deploy/nginx.conf.example"), "utf8")
      .replaceAll("__DIR__", dir)
      .replaceAll("__PORTAL_1__", `127.0.0.1:${ports.a}`)
      .replaceAll("__PORTAL_2__", `127.0.0.1:${ports.b}`)
      .replaceAll("__LISTEN__", `127.0.0.1:${ports.nginx}`);
    writeFileSync(path.join(dir, "nginx.conf"), conf);
    start(NGINX_BIN, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log"), "-g", "daemon off;"]);
    await Promise.all([healthy(ports.a), healthy(ports.b)]);
    await healthy(ports.nginx);
  }, 120_000);

  afterAll(async () => {
    for (const p of [...procs].reverse()) await stop(p);
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("WEB_CONCURRENCY=2 started two workers on one port", async () => {
    const deadline = Date.now() + 10_000;
    while ((portalB.out.match(/listening on .* \(worker \d+\)/g) ?? []).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((portalB.out.match(/listening on .* \(worker \d+\)/g) ?? []).length).toBe(2);
    expect(portalA.out).not.toMatch(/\(worker \d+\)/);
  });

  it("nginx compresses; /readyz on each instance reports Redis up", async () => {
    const page = await request(ports.nginx, "/home/index", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("gzip");
    for (const port of [ports.a, ports.b]) {
      const ready = await request(port, "/readyz");
      expect(JSON.parse(ready.body)).toMatchObject({ ready: true, redis: "up" });
    }
  });

  it("10 wrong logins spread over both instances: the 11th gets 429 (per account, shared)", async () => {
    const before = [loginLines(portalA), loginLines(portalB)];
    const visitor = new Visitor(ports.nginx, "127.0.0.5");
    for (let i = 0; i < 10; i++) {
      // a forged left-most X-Forwarded-For, different each time: it must not change who the visitor is
      const res = await visitor.post(
        "/join/login",
        { intent: "password", account: "instances-nobody", password: `wrong-${i}` },
        { "X-Forwarded-For": `203.0.113.${i}` },
      );
      expect(res.status, `attempt ${i + 1}`).not.toBe(429);
    }
    // round robin: both instances took some of the posts
    expect(loginLines(portalA) - before[0]!).toBeGreaterThan(0);
    expect(loginLines(portalB) - before[1]!).toBeGreaterThan(0);
    const eleventh = await visitor.post("/join/login", { intent: "password", account: "instances-nobody", password: "wrong-10" });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers["retry-after"])).toBeGreaterThan(500);
  });

  it("the per-IP limit keys on the address nginx appends, not on a forged left-most X-Forwarded-For", async () => {
    // 127.0.0.5 used 10 of its 12 attempts above (the refused 11th is not counted)
    const visitor = new Visitor(ports.nginx, "127.0.0.5");
    for (const n of [1, 2]) {
      const ok = await visitor.post(
        "/join/login",
        { intent: "password", account: `instances-other${n}`, password: "x" },
        { "X-Forwarded-For": `198.51.100.${n}` },
      );
      expect(ok.status).not.toBe(429);
    }
    const over = await visitor.post("/join/login", { intent: "password", account: "instances-other3", password: "x" }, { "X-Forwarded-For": "198.51.100.3" });
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // another visitor forging the limited address on the left is its own address, not limited
    const other = new Visitor(ports.nginx, "127.0.0.6");
    const fine = await other.post("/join/login", { intent: "password", account: "instances-other4", password: "x" }, { "X-Forwarded-For": "127.0.0.5" });
    expect(fine.status).not.toBe(429);
  });

  it("wrong money codes spread over both instances: the 11th gets 429 (issue 36 §1, counted in Redis)", async () => {
    const { token } = (await control("POST", "/tokens", { account: "acct15" })) as { token: string };
    const student = new Visitor(ports.nginx, "127.0.0.7");
    expect((await student.get(`/home/index?token=${token}`)).status).toBe(302);
    const page = "/personal/accountcenter/balance";
    for (let i = 0; i < 10; i++) expect((await student.post(page, { intent: "recharge", code: `NOPE${i}` })).status, `guess ${i + 1}`).toBe(400);
    const locked = await student.post(page, { intent: "recharge", code: "NOPE10" });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(3000);
  });

  it("a session sealed by one instance reads on the other (no session state on an instance: a restart keeps it)", async () => {
    const { token } = (await control("POST", "/tokens", { account: "student01" })) as { token: string };
    const onA = new Visitor(ports.a, "127.0.0.8");
    expect((await onA.get(`/home/index?token=${token}`)).status).toBe(302);
    const onB = new Visitor(ports.b, "127.0.0.8");
    onB.cookies = onA.cookies;
    const page = await onB.get("/home/index");
    expect(page.status).toBe(200);
    expect(page.body).toContain("张同学");
  });

  it("a captcha challenge begun on one instance completes on the other", async () => {
    await control("PUT", "/captcha", { required: true });
    try {
      const mobile = "13800000006";
      const visitor = new Visitor(ports.a, "127.0.0.7");
      const begun = await visitor.post("/join/login?mode=sms", { intent: "sendCode", mobile });
      expect(begun.status).toBe(200);
      const challenge = /href="([^"]*\/captcha\/challenge[^"]*)"/.exec(begun.body)?.[1];
      expect(challenge, "a challenge link on the page").toBeTruthy();
      const page = await (await fetch(unescape(challenge!))).text();
      const answer = /data-testid="captcha-answer">(\d+)</.exec(page)?.[1] ?? "";
      const form = Object.fromEntries([...page.matchAll(/name="(id|return)" value="([^"]*)"/g)].map((m) => [m[1], unescape(m[2]!)]));
      const solved = await fetch(`${sandbox.url}/captcha/challenge`, { method: "POST", redirect: "manual", body: new URLSearchParams({ ...form, answer }) });
      const back = new URL(solved.headers.get("location") ?? "");
      expect(back.searchParams.get("ticket")).toBeTruthy();
      // back on the OTHER instance, with the same session cookie
      visitor.port = ports.b;
      const done = await visitor.get(back.pathname + back.search);
      expect(done.status).toBe(200);
      expect(done.body).toContain('data-testid="code-sent"');
      expect(await control("GET", `/sms?mobile=${mobile}`)).toMatchObject({ mobile });
    } finally {
      await control("PUT", "/captcha", { required: false });
    }
  });

  it("a 403 intercept page stored by one instance is shown by the other", async () => {
    await control("POST", "/faults", {
      path: "getBaseInfo",
      status: 403,
      headers: { action: "waf" },
      body: "<html><body><p>instances-waf-page</p></body></html>",
      times: 1,
    });
    const blocked = await request(ports.a, "/home/index");
    expect(blocked.status).toBe(403);
    const href = /href="(\/security-check\/[^"]+)"/.exec(blocked.body)?.[1];
    expect(href).toBeTruthy();
    const shown = await request(ports.b, href!);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain("instances-waf-page");
  });

  it("Redis stopped mid-test: pages still render through nginx, /readyz says Redis is down, logged once", async () => {
    await stop(redis);
    for (let i = 0; i < 4; i++) expect((await request(ports.nginx, "/home/index")).status).toBe(200);
    // a login form still answers (the limits count per instance meanwhile)
    const visitor = new Visitor(ports.nginx, "127.0.0.8");
    const res = await visitor.post("/join/login", { intent: "password", account: "instances-down", password: "x" });
    expect(res.status).toBe(400); // the upstream refused the account: the form answers, no 500
    for (const [port, proc, processes] of [
      [ports.a, portalA, 1],
      [ports.b, portalB, 2],
    ] as const) {
      const ready = await request(port, "/readyz");
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ ready: false, redis: "down" });
      // once per process (B's workers may not all have noticed yet), however many requests failed over
      const logged = (proc.err.match(/redis unreachable/g) ?? []).length;
      expect(logged).toBeGreaterThanOrEqual(1);
      expect(logged).toBeLessThanOrEqual(processes);
    }
  });
});
