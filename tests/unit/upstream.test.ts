import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod/v4";
import { startTestSandbox, type TestSandbox, thrown } from "./sandbox";

let sandbox: TestSandbox;
// The env is read once, on the first call: point it at this file's sandbox and lower the timeout.
process.env.UPSTREAM_TIMEOUT_MS = "600";

const { createUpstream, UpstreamError, serverTiming, UPSTREAM_TIMEOUT_MS, APP_VERSION, readBlocked } = await import("~/lib/http/upstream.server");
type Ctx = Parameters<typeof createUpstream>[0];

type Recorded = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string> & { authorization: { present: boolean; prefix: string } };
};

beforeAll(async () => {
  sandbox = await startTestSandbox();
  process.env.UPSTREAM_URL = sandbox.url;
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.control("POST", "/reset");
});

function context(overrides: Partial<Ctx> = {}) {
  const cleared: Array<{ mode: string; notice?: string }> = [];
  const ctx: Ctx = {
    request: new Request("http://localhost:3000/course/list?courseName=java"),
    domain: "localhost",
    schoolId: 3,
    companyId: 1,
    systemOs: "linux",
    timings: [],
    clearSession: async (mode, notice) => {
      cleared.push({ mode, notice });
      return `portal_session=cleared-${mode}`;
    },
    ...overrides,
  };
  return { ctx, cleared, upstream: createUpstream(ctx) };
}

const BaseInfo = z.looseObject({ domain: z.string(), siteTitle: z.string() });
const baseInfoCall = { path: "/external/api/v1/company/getBaseInfo", schema: BaseInfo };

async function lastRequest(): Promise<Recorded> {
  const list = await sandbox.control<Recorded[]>("GET", "/requests");
  const last = list.at(-1);
  if (!last) throw new Error("no upstream request recorded");
  return last;
}

function asErrorPage(value: unknown) {
  const page = value as { type?: string; data?: { kind?: string; message?: string; pageId?: string }; init?: { status?: number } };
  expect(page.type).toBe("DataWithResponseInit");
  return { status: page.init?.status, data: page.data ?? {} };
}

describe("the request function", () => {
  it("joins the base path and sends every header of spec 000 section 7", async () => {
    const { token } = await sandbox.control<{ token: string }>("POST", "/tokens", { account: "13800000001" });
    const { upstream, ctx } = context({ token });
    const info = await upstream.call(baseInfoCall);
    expect(info.domain).toBe("localhost");
    const req = await lastRequest();
    expect(req.path).toBe("/external/api/v1/company/getBaseInfo");
    expect(req.query.domain).toBe("localhost");
    expect(req.headers.memory).toBe("1");
    expect(req.headers.platform).toBe("pc");
    expect(req.headers.app_version).toBe("8.1.3");
    expect(APP_VERSION).toBe("8.1.3");
    expect(req.headers.schoolid).toBe("3");
    expect(req.headers.companyid).toBe("1");
    expect(req.headers.system_os).toBe("linux");
    expect(req.headers.authorization).toEqual({ present: true, prefix: token.slice(0, 4) });
    expect(ctx.timings).toHaveLength(1);
    expect(ctx.timings[0]).toMatchObject({ method: "GET", path: "/external/api/v1/company/getBaseInfo", outcome: "ok" });
  });

  it("never sends the token on company-wide calls (auth: none)", async () => {
    const { upstream } = context({ token: "secret-token-value" });
    await upstream.call({ ...baseInfoCall, auth: "none" });
    const req = await lastRequest();
    expect(req.headers.authorization.present).toBe(false);
  });

  it("validates data with the caller's schema and lets unknown fields through", async () => {
    const { upstream } = context();
    const info = await upstream.call(baseInfoCall);
    expect(info.siteTitle.length).toBeGreaterThan(0);
    expect(info).toHaveProperty("companyNameShort"); // not in the schema, passed through
  });

  it("posts JSON bodies", async () => {
    const { upstream } = context();
    const market = await upstream.call({
      path: "/saas-business/v1/companyMarketSet/findMarket",
      body: { domain: "localhost", schoolId: 1 },
      schema: z.looseObject({ serviceFlag: z.unknown() }),
    });
    expect(market).toHaveProperty("serviceFlag");
    expect((await lastRequest()).method).toBe("POST");
  });

  it("times out after UPSTREAM_TIMEOUT_MS (never above the spec's 60 000 ms) with a 504 page", async () => {
    expect(UPSTREAM_TIMEOUT_MS).toBe(60_000);
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", latencyMs: 2_000 });
    const { upstream, ctx } = context();
    // No clock: the sandbox answers 2 000 ms after the call arrives, the portal's 600 ms timer started
    // before it was sent, so the call can only end by the portal's own timeout, which it records.
    const page = asErrorPage(await thrown(upstream.call(baseInfoCall)));
    expect(page.status).toBe(504);
    expect(page.data.kind).toBe("timeout");
    expect(ctx.timings[0]?.outcome).toBe("timeout");
  });

  it("records each call's duration and failures in the metrics by path template (decision 057): no id, no query", async () => {
    const { metrics } = await import("~/lib/http/metrics.server");
    // the registry is the process's: earlier tests of this file may have timed out on the same path
    const timeouts = (text: string) =>
      Number(/portal_upstream_errors_total\{path="\/external\/api\/v1\/company\/getBaseInfo",method="GET",kind="timeout"\} (\d+)/.exec(text)?.[1] ?? 0);
    const before = timeouts(await metrics().text());
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", latencyMs: 2_000 });
    const { upstream } = context();
    await thrown(upstream.call(baseInfoCall));
    await upstream
      .call({
        path: "/course/v1/front/course/detail/5019",
        query: { token: "tok-123" },
        schema: z.unknown(),
        expect: ["business", "unavailable", "bad-response"],
      })
      .catch(() => undefined);
    const text = await metrics().text();
    expect(timeouts(text)).toBe(before + 1);
    expect(text).toMatch(/portal_upstream_request_duration_seconds_count\{path="\/course\/v1\/front\/course\/detail\/:id",method="GET",outcome="[a-z-]+"\} 1/);
    expect(text).not.toMatch(/5019|tok-123/);
  });

  it("stops when the visitor's request is aborted", async () => {
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", latencyMs: 400 });
    const controller = new AbortController();
    const { upstream } = context({ request: new Request("http://localhost:3000/", { signal: controller.signal }) });
    setTimeout(() => controller.abort(), 50);
    const error = await thrown(upstream.call(baseInfoCall));
    expect(error).not.toBeInstanceOf(UpstreamError);
    expect((error as Error).name).toMatch(/Abort/);
  });
});

describe("error mapping of spec 000 section 8", () => {
  it("401: clears the token and redirects to /upgrade/token with the current path as callback", async () => {
    await sandbox.control("POST", "/faults", { path: "getCurrentUser", status: 401 });
    const { upstream, cleared } = context();
    const response = (await thrown(upstream.call({ path: "/external/api/v1/usersfront/getCurrentUser", schema: z.unknown() }))) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/upgrade/token?callback=${encodeURIComponent("/course/list?courseName=java")}`);
    expect(response.headers.get("Set-Cookie")).toBe("portal_session=cleared-token");
    expect(cleared).toEqual([{ mode: "token", notice: undefined }]);
  });

  it("401 without a token at all: the sandbox refuses getCurrentUser and the portal redirects", async () => {
    const { upstream } = context();
    const response = (await thrown(upstream.call({ path: "/external/api/v1/usersfront/getCurrentUser", schema: z.unknown() }))) as Response;
    expect(response.headers.get("Location")).toMatch(/^\/upgrade\/token\?callback=/);
  });

  it("the 401 callback of a single-fetch data request is the page path", async () => {
    await sandbox.control("POST", "/faults", { path: "getCurrentUser", status: 401 });
    const { upstream } = context({ request: new Request("http://localhost:3000/home/index.data?_routes=root") });
    const response = (await thrown(upstream.call({ path: "/external/api/v1/usersfront/getCurrentUser", schema: z.unknown() }))) as Response;
    expect(response.headers.get("Location")).toBe(`/upgrade/token?callback=${encodeURIComponent("/home/index")}`);
  });

  it("403 with action waf or cc: the returned page is kept and shown through an error page", async () => {
    for (const action of ["waf", "cc"]) {
      await sandbox.control("POST", "/faults", {
        path: "getBaseInfo",
        status: 403,
        headers: { action },
        body: "<html><body>slide to verify</body></html>",
        times: 1,
      });
      const { upstream } = context();
      const page = asErrorPage(await thrown(upstream.call(baseInfoCall)));
      expect(page.status).toBe(403);
      expect(page.data.kind).toBe("intercepted");
      const { readInterceptPage } = await import("~/lib/http/upstream.server");
      expect(await readInterceptPage(page.data.pageId ?? "")).toContain("slide to verify");
    }
  });

  it("403 without cc/waf behaves as 401", async () => {
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", status: 403 });
    const { upstream } = context();
    const response = (await thrown(upstream.call(baseInfoCall))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/upgrade\/token\?callback=/);
  });

  it("409: calls logout, clears the session with the forced-offline notice, goes to the school's login path", async () => {
    const { token } = await sandbox.control<{ token: string }>("POST", "/tokens", { account: "13800000001" });
    await sandbox.control("POST", "/faults", { path: "getCurrentUser", status: 409 });
    const { upstream, cleared } = context({ token });
    const response = (await thrown(upstream.call({ path: "/external/api/v1/usersfront/getCurrentUser", schema: z.unknown() }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home/index");
    expect(cleared).toEqual([{ mode: "all", notice: "forcedOffline" }]);
    const calls = await sandbox.control<Recorded[]>("GET", "/requests");
    expect(calls.map((c) => c.path)).toContain("/saas-business/v1/front/login/loginoutNew");
  });

  it("550: the interception data stored, then /errorPage (spec 000 section 8); on /errorPage itself an error page with the message", async () => {
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", status: 550, message: "host intercepted by the school" });
    const response = (await thrown(context().upstream.call(baseInfoCall))) as Response;
    expect(response.status).toBe(303);
    const id = /^\/errorPage\?blocked=([0-9a-f-]{36})$/.exec(response.headers.get("Location") ?? "")?.[1] ?? "";
    expect(await readBlocked(id)).toEqual({ message: "host intercepted by the school", path: "/course/list?courseName=java" });
    const { upstream } = context({ request: new Request("http://localhost:3000/errorPage.data?blocked=x") });
    const page = asErrorPage(await thrown(upstream.call(baseInfoCall)));
    expect(page.status).toBe(550);
    expect(page.data).toEqual({ kind: "blocked", message: "host intercepted by the school" });
  });

  it("code 600: a typed captcha error for callers that expect it, an error page for others", async () => {
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", code: "600", message: "need slider" });
    const { upstream } = context();
    const error = await thrown(upstream.call({ ...baseInfoCall, expect: ["captcha"] }));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as InstanceType<typeof UpstreamError>).kind).toBe("captcha");
    const page = asErrorPage(await thrown(upstream.call(baseInfoCall)));
    expect(page.data.kind).toBe("captcha");
  });

  it("other codes: a typed business error with the server's message when expected", async () => {
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", code: "120030001", message: "account locked" });
    const { upstream } = context();
    const error = (await thrown(upstream.call({ ...baseInfoCall, expect: ["business"] }))) as InstanceType<typeof UpstreamError>;
    expect(error.kind).toBe("business");
    expect(error.code).toBe("120030001");
    expect(error.upstreamMessage).toBe("account locked");
  });

  it("a permission refusal (code 120050001) is a 403, for a page and a background request; other refusals stay 502 (issue 36 §4)", async () => {
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", code: "120050001", message: "没有权限", times: 2 });
    const page = asErrorPage(await thrown(context().upstream.call(baseInfoCall)));
    expect(page).toEqual({ status: 403, data: { kind: "business", message: "没有权限" } });
    const background = (await thrown(context({ background: true }).upstream.call(baseInfoCall))) as Response;
    expect(background.status).toBe(403);
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", code: "120030001", message: "account locked" });
    expect(asErrorPage(await thrown(context().upstream.call(baseInfoCall))).status).toBe(502);
  });

  it.each(["truncated", "html", "garbage"])("a %s body is a 502 page, never a crash", async (malformed) => {
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", malformed });
    const { upstream } = context();
    const page = asErrorPage(await thrown(upstream.call(baseInfoCall)));
    expect(page.status).toBe(502);
    expect(page.data).toEqual({ kind: "bad-response" });
  });

  it("a schema mismatch is a 502 page", async () => {
    const { upstream } = context();
    const page = asErrorPage(await thrown(upstream.call({ ...baseInfoCall, schema: z.object({ domain: z.number() }) })));
    expect(page.status).toBe(502);
    expect(page.data.kind).toBe("bad-response");
  });

  it("an HTTP 500 from the upstream is a 502 page", async () => {
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", status: 500 });
    const { upstream } = context();
    const page = asErrorPage(await thrown(upstream.call(baseInfoCall)));
    expect(page.status).toBe(502);
    expect(page.data.kind).toBe("unavailable");
  });

  it("a refused connection is a 502 page", async () => {
    const saved = process.env.UPSTREAM_URL;
    const { env } = await import("~/env.server");
    const current = env();
    const original = current.UPSTREAM_URL;
    (current as { UPSTREAM_URL: string }).UPSTREAM_URL = "http://127.0.0.1:1";
    try {
      const { upstream } = context();
      const page = asErrorPage(await thrown(upstream.call(baseInfoCall)));
      expect(page.status).toBe(502);
      expect(page.data.kind).toBe("unavailable");
    } finally {
      (current as { UPSTREAM_URL: string }).UPSTREAM_URL = original;
      process.env.UPSTREAM_URL = saved;
    }
  });

  it("faults with `times` stop after that many calls", async () => {
    await sandbox.control("POST", "/faults", { path: "getBaseInfo", status: 500, times: 1 });
    const { upstream } = context();
    await thrown(upstream.call(baseInfoCall));
    await expect(upstream.call(baseInfoCall)).resolves.toMatchObject({ domain: "localhost" });
  });
});

describe("Server-Timing", () => {
  it("lists each upstream call with its duration", () => {
    const value = serverTiming([
      { method: "GET", path: "/a", ms: 12.345, outcome: "ok" },
      { method: "POST", path: '/b"x', ms: 1, outcome: "timeout" },
    ]);
    expect(value).toBe('upstream;desc="GET /a";dur=12.3, upstream;desc="POST /bx";dur=1.0');
  });
});
