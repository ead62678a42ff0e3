import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestCtx, startTestSandbox, type TestSandbox } from "./sandbox";

// Issue 12 part 1: the company's switch pc.wap.redirect (spec 000 section 7.1 sys/config/{companyId}/{code})
// read against the sandbox, which seeds it on; a failing read keeps the phone here.
let sandbox: TestSandbox;
process.env.UPSTREAM_TIMEOUT_MS = "2000";
process.env.CONFIG_TTL_S = "0";

let upstreamMod: typeof import("~/lib/http/upstream.server");
let guards: typeof import("~/lib/guards/guards.server");

beforeAll(async () => {
  sandbox = await startTestSandbox();
  process.env.UPSTREAM_URL = sandbox.url;
  upstreamMod = await import("~/lib/http/upstream.server");
  guards = await import("~/lib/guards/guards.server");
});
afterAll(() => sandbox.close());

const upstream = () => upstreamMod.createUpstream(requestCtx());
const calls = () => sandbox.control<Array<{ path: string }>>("GET", `/requests?path=${encodeURIComponent("pc.wap.redirect")}`);

describe("companyWapRedirect", () => {
  it("reads sys/config/{companyId}/pc.wap.redirect: on as seeded, off when the company turns it off", async () => {
    await sandbox.control("POST", "/reset");
    await sandbox.control("DELETE", "/requests");
    expect(await guards.companyWapRedirect(upstream())).toBe(true);
    expect((await calls()).map((c) => c.path)).toEqual(["/saas-business/v1/sys/config/1/pc.wap.redirect"]);
    await sandbox.control("PATCH", "/companies/1/config", { sysConfig: { "pc.wap.redirect": "0" } });
    expect(await guards.companyWapRedirect(upstream())).toBe(false);
  });

  it("an unreadable switch keeps phones here (optional part, no error page)", async () => {
    await sandbox.control("POST", "/reset");
    await sandbox.control("POST", "/faults", { path: "pc.wap.redirect", status: 500 });
    expect(await guards.companyWapRedirect(upstream())).toBe(false);
  });
});
