import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestCtx, startTestSandbox, type TestSandbox } from "./sandbox";

// The company config cache against a real sandbox: a load shared by several requests must not be
// tied to the first request's connection.
let sandbox: TestSandbox;
process.env.UPSTREAM_TIMEOUT_MS = "2000";
process.env.CONFIG_TTL_S = "30";

let upstreamMod: typeof import("~/lib/http/upstream.server");
let config: typeof import("~/services/config.server");

beforeAll(async () => {
  sandbox = await startTestSandbox();
  process.env.UPSTREAM_URL = sandbox.url;
  upstreamMod = await import("~/lib/http/upstream.server");
  config = await import("~/services/config.server");
});
afterAll(() => sandbox.close());

function upstreamWith(signal: AbortSignal) {
  return upstreamMod.createUpstream(requestCtx({ request: new Request("http://localhost:3000/home/index", { signal }) }));
}

describe("loadConfig shared by concurrent requests", () => {
  it("one visitor leaving mid-load does not fail the others waiting on the same key; one upstream call", async () => {
    await sandbox.control("POST", "/reset");
    await sandbox.control("POST", "/faults", { path: "getCompanyAlias", latencyMs: 400, times: 1 });
    const leaving = new AbortController();
    const first = config.loadConfig(upstreamWith(leaving.signal), "alias");
    const second = config.loadConfig(upstreamWith(new AbortController().signal), "alias");
    setTimeout(() => leaving.abort(), 100);
    const [a, b] = await Promise.allSettled([first, second]);
    expect(b.status).toBe("fulfilled");
    expect(a.status).toBe("fulfilled");
    const calls = await sandbox.control<unknown[]>("GET", `/requests?path=${encodeURIComponent("getCompanyAlias")}`);
    expect(calls).toHaveLength(1);
  });
});
