import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/v4";
import { requestCtx, startTestSandbox, type TestSandbox, thrown } from "./sandbox";

// The visitor content cache (decision 011) against a real sandbox: the sandbox's request log counts
// the calls that really reached the upstream.
let sandbox: TestSandbox;
process.env.UPSTREAM_TIMEOUT_MS = "2000";
process.env.CONTENT_TTL_S = "30";

type Upstream = typeof import("~/lib/http/upstream.server");
type Ctx = Parameters<Upstream["createUpstream"]>[0];
type Recorded = { method: string; path: string; query: Record<string, string>; headers: Record<string, unknown> & { authorization: { present: boolean } } };

let mod: Upstream;
let catalog: typeof import("~/services/catalog.server");

/** A fresh copy of the request layer (and of the env it reads once), e.g. with another CONTENT_TTL_S. */
async function load(ttl: string) {
  vi.resetModules();
  process.env.CONTENT_TTL_S = ttl;
  mod = await import("~/lib/http/upstream.server");
  catalog = await import("~/services/catalog.server");
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  process.env.UPSTREAM_URL = sandbox.url;
  await load("30");
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.control("POST", "/reset");
  mod.contentCache.clear();
});

function upstreamFor(overrides: Partial<Ctx> = {}) {
  const ctx = requestCtx(overrides);
  return { ctx, upstream: mod.createUpstream(ctx) };
}

const Teachers = z.array(z.looseObject({ id: z.number(), teacherName: z.string() }));
const teachers = { path: "/course/v1/front/teacher/list", schema: Teachers, cache: "visitor" } as const;
const news = (page: number) => ({
  path: "/saas-business/v1/front/news/page",
  query: { page, pageSize: 10 },
  schema: z.looseObject({ total: z.number() }),
  cache: "visitor" as const,
});

async function calls(path: string): Promise<Recorded[]> {
  return sandbox.control<Recorded[]>("GET", `/requests?path=${encodeURIComponent(path)}`);
}

describe("the visitor content cache", () => {
  it("answers a visitor's second identical call without an upstream call, and says so in Server-Timing", async () => {
    const first = upstreamFor();
    const a = await first.upstream.call(teachers);
    const second = upstreamFor();
    const b = await second.upstream.call(teachers);
    expect(b).toEqual(a);
    expect(a.length).toBe(10);
    expect(await calls("teacher/list")).toHaveLength(1);
    expect(first.ctx.timings).toMatchObject([{ method: "GET", path: teachers.path, outcome: "ok" }]);
    expect(first.ctx.timings[0]?.cache).toBeUndefined();
    expect(second.ctx.timings).toMatchObject([{ method: "GET", path: teachers.path, outcome: "ok", cache: "hit" }]);
    const header = mod.serverTiming([...first.ctx.timings, ...second.ctx.timings]);
    expect(header).toMatch(
      /^upstream;desc="GET \/course\/v1\/front\/teacher\/list";dur=[\d.]+;start=0\.0, cache;desc="hit GET \/course\/v1\/front\/teacher\/list";dur=[\d.]+;start=[\d.]+$/,
    );
  });

  it("keeps separate entries per domain, school, company and query", async () => {
    await upstreamFor().upstream.call(news(1));
    await upstreamFor({ domain: "single.localhost", companyId: undefined }).upstream.call(news(1));
    await upstreamFor({ schoolId: 2 }).upstream.call(news(1));
    await upstreamFor({ companyId: 4 }).upstream.call(news(1));
    await upstreamFor().upstream.call(news(2));
    expect(await calls("news/page")).toHaveLength(5);
    expect(mod.contentCache.size()).toBe(5);
    // each of them again: all hits
    await upstreamFor().upstream.call(news(1));
    await upstreamFor({ domain: "single.localhost", companyId: undefined }).upstream.call(news(1));
    await upstreamFor({ schoolId: 2 }).upstream.call(news(1));
    await upstreamFor({ companyId: 4 }).upstream.call(news(1));
    await upstreamFor().upstream.call(news(2));
    expect(await calls("news/page")).toHaveLength(5);
  });

  it("keys on the sorted query and ignores the visitor's operating system", async () => {
    await upstreamFor().upstream.call({ ...news(1), query: { page: 1, pageSize: 10 } });
    await upstreamFor({ systemOs: "windows" }).upstream.call({ ...news(1), query: { pageSize: 10, page: 1 } });
    expect(await calls("news/page")).toHaveLength(1);
  });

  it("never serves nor fills it for a call that sends a token", async () => {
    const { token } = await sandbox.control<{ token: string }>("POST", "/tokens", { account: "13800000001" });
    // a user first: the answer is not stored
    const user = upstreamFor({ token });
    await user.upstream.call(teachers);
    expect(mod.contentCache.size()).toBe(0);
    expect(user.ctx.timings[0]?.cache).toBeUndefined();
    // a visitor fills it, and the user still goes upstream, with the token
    await upstreamFor().upstream.call(teachers);
    await upstreamFor({ token }).upstream.call(teachers);
    const log = await calls("teacher/list");
    expect(log.map((c) => c.headers.authorization.present)).toEqual([true, false, true]);
    expect(mod.contentCache.size()).toBe(1);
  });

  it("never stores an error answer", async () => {
    await sandbox.control("POST", "/faults", { path: "teacher/list", status: 500, times: 1 });
    const failed = await thrown(upstreamFor().upstream.call({ ...teachers, expect: ["unavailable"] }));
    expect(failed).toBeInstanceOf(mod.UpstreamError);
    expect(mod.contentCache.size()).toBe(0);
    await sandbox.control("POST", "/faults", { path: "teacher/list", code: "0", message: "closed", times: 1 });
    expect(await thrown(upstreamFor().upstream.call({ ...teachers, expect: ["business"] }))).toMatchObject({ kind: "business" });
    await sandbox.control("POST", "/faults", { path: "teacher/list", malformed: "garbage", times: 1 });
    expect(await thrown(upstreamFor().upstream.call({ ...teachers, expect: ["bad-response"] }))).toMatchObject({ kind: "bad-response" });
    expect(mod.contentCache.size()).toBe(0);
    // the next call goes upstream and is stored; the one after is a hit
    await upstreamFor().upstream.call(teachers);
    await upstreamFor().upstream.call(teachers);
    expect(await calls("teacher/list")).toHaveLength(4);
  });

  it("an answer that fails the caller's schema is not stored either", async () => {
    const wrong = { ...teachers, schema: z.looseObject({ records: z.array(z.unknown()) }), expect: ["bad-response" as const] };
    expect(await thrown(upstreamFor().upstream.call(wrong))).toMatchObject({ kind: "bad-response" });
    expect(mod.contentCache.size()).toBe(0);
  });

  it("a failed call still becomes the branded error page of the request that asked", async () => {
    await sandbox.control("POST", "/faults", { path: "teacher/list", status: 503, times: 1 });
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const page = (await thrown(upstreamFor().upstream.call(teachers))) as { init?: { status?: number }; data?: { kind?: string } };
    spy.mockRestore();
    expect(page.init?.status).toBe(502);
    expect(page.data?.kind).toBe("unavailable");
  });

  it("shares one upstream call between visitors asking at the same time", async () => {
    await sandbox.control("POST", "/faults", { path: "teacher/list", latencyMs: 200 });
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => upstreamFor().upstream.call(teachers)));
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await calls("teacher/list")).toHaveLength(1);
  });

  it("only caches GETs without a body", async () => {
    const market = {
      method: "POST" as const,
      path: "/saas-business/v1/companyMarketSet/findMarket",
      body: { domain: "localhost", schoolId: 1 },
      schema: z.looseObject({}),
      cache: "visitor" as const,
    };
    await upstreamFor().upstream.call(market);
    await upstreamFor().upstream.call(market);
    expect(await calls("findMarket")).toHaveLength(2);
    expect(mod.contentCache.size()).toBe(0);
  });

  it("freezes shared answers (and users' answers, so a route that changes one fails in every test)", async () => {
    const shared = await upstreamFor().upstream.call(teachers);
    expect(() => (shared as Array<unknown>).push({})).toThrow(TypeError);
    expect(() => {
      (shared[0] as { teacherName: string }).teacherName = "changed";
    }).toThrow(TypeError);
    const { token } = await sandbox.control<{ token: string }>("POST", "/tokens", { account: "13800000001" });
    const own = await upstreamFor({ token }).upstream.call(teachers);
    expect(Object.isFrozen(own[0])).toBe(true);
  });

  it("does not cache free-text course searches, but does cache the list pages", async () => {
    const query = { priceType: "all", sort: "default", page: 1 } as const;
    for (let i = 0; i < 2; i++) await catalog.searchCourses(upstreamFor().upstream, { ...query, courseName: "java" });
    for (let i = 0; i < 2; i++) await catalog.searchCourses(upstreamFor().upstream, { ...query, courseName: "" });
    const log = await calls("course/page");
    expect(log.map((c) => c.query.courseName ?? "")).toEqual(["java", "java", ""]);
  });

  it("the content services use it: a warm visitor home page makes no content call", async () => {
    const run = () => {
      const { upstream } = upstreamFor();
      return Promise.all([catalog.recommendedCourses(upstream, 8), catalog.listPackages(upstream, 1, 4), catalog.listTeachers(upstream)]);
    };
    const cold = await run();
    const warm = await run();
    expect(warm).toEqual(cold);
    expect(await sandbox.control<Recorded[]>("GET", "/requests")).toHaveLength(3);
  });
});

describe("CONTENT_TTL_S", () => {
  it("0 turns the cache off", async () => {
    await load("0");
    try {
      const first = upstreamFor();
      await first.upstream.call(teachers);
      await upstreamFor().upstream.call(teachers);
      expect(await calls("teacher/list")).toHaveLength(2);
      expect(mod.contentCache.size()).toBe(0);
      expect(first.ctx.timings[0]?.cache).toBeUndefined();
    } finally {
      await load("30");
    }
  });

  it("after the TTL an entry is served stale once while one background call refreshes it", async () => {
    await load("1");
    try {
      await upstreamFor().upstream.call(teachers);
      await new Promise((r) => setTimeout(r, 1_100));
      const stale = upstreamFor();
      await stale.upstream.call(teachers);
      expect(stale.ctx.timings).toMatchObject([{ path: teachers.path, cache: "stale" }]);
      expect(mod.serverTiming(stale.ctx.timings)).toMatch(/^cache;desc="stale GET /);
      await vi.waitFor(async () => expect(await calls("teacher/list")).toHaveLength(2));
      const fresh = upstreamFor();
      await fresh.upstream.call(teachers);
      expect(fresh.ctx.timings[0]?.cache).toBe("hit");
      expect(await calls("teacher/list")).toHaveLength(2);
    } finally {
      await load("30");
    }
  });
});
