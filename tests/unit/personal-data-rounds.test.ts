import { describe, expect, it } from "vitest";
import { formBrowser, usePortal } from "./portal";
import { requestCtx } from "./sandbox";

// Issue 13 "the bench lists /personal/setting/data (one round)", decision 041: the cascade levels of the
// stored values (student01: register_region 北京市 / 东城区) come from the per-domain option cache on a
// warm server, so the page's upstream calls all start in one parallel round.

const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });
const PAGE = "/personal/setting/data";
type Logged = { path: string; at: string; headers?: Record<string, string> };

async function loggedIn() {
  const b = formBrowser(ctx);
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account: "student01" });
  expect((await b.get(`/home/index?token=${token}`)).status).toBe(302);
  return b;
}

describe("personal data in one upstream round (issue 13)", () => {
  it("a warm page view asks no cascade option and starts every call together (all sent while none is answered)", async () => {
    const b = await loggedIn();
    const first = await b.page(PAGE); // warms the config and option caches
    expect(first).toMatch(/<select[^>]*name="df_register_region"/);
    const paths = async () => (await ctx.sandbox.control<Logged[]>("GET", "/requests")).map((c) => c.path).sort();
    // the calls of a warm view, answered as they come
    await ctx.sandbox.control("DELETE", "/requests");
    await b.page(PAGE);
    const round = await paths();
    expect(round.filter((p) => p.includes("/customize/option/"))).toEqual([]);
    expect(round).toContain("/saas-business/v1/student/setting/get/detail");
    // the same view with every call held unanswered (issue 22: an order of events, not milliseconds): a call
    // made only after another's answer would never be sent, and the log would never hold the whole round
    await ctx.sandbox.control("DELETE", "/requests");
    const hold = await ctx.sandbox.control<{ id: number }>("POST", "/faults", { path: ".", hold: true });
    const view = b.page(PAGE);
    while ((await paths()).length < round.length) await new Promise((r) => setTimeout(r, 20));
    expect(await paths()).toEqual(round);
    await ctx.sandbox.control("DELETE", `/faults/${hold.id}`);
    const html = await view;
    // the stored path still gets its levels: 北京市 chosen at level 1, 东城区 at level 2
    expect(html).toMatch(/<option[^>]*value="11"[^>]*selected|<option[^>]*selected[^>]*value="11"/);
    expect(html).toMatch(/<option[^>]*value="1101"[^>]*selected|<option[^>]*selected[^>]*value="1101"/);
    expect(html).toContain("东城区");
  });
});

describe("the cascade option cache (decision 041)", () => {
  const upstreamFor = async (account: string, ctxOverrides: Partial<Parameters<typeof requestCtx>[0]> = {}) => {
    const { createUpstream } = await import("~/lib/http/upstream.server");
    const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
    return createUpstream(requestCtx({ token, ...ctxOverrides }));
  };
  const optionCalls = async () => (await ctx.sandbox.control<Logged[]>("GET", "/requests")).filter((c) => c.path.includes("/customize/option/"));

  it("asks a level once per domain and school (another student of the domain reuses it), again for another domain or school", async () => {
    const custom = await import("~/services/custom-fields.server");
    custom.cascadeOptionCache.clear();
    await ctx.sandbox.control("DELETE", "/requests");
    const a = await custom.getCascadeOptions(await upstreamFor("student01"), "402", "11");
    const b = await custom.getCascadeOptions(await upstreamFor("member01"), "402", "11");
    expect(a.map((o) => o.label)).toEqual(["东城区", "西城区", "朝阳区"]);
    expect(b).toEqual(a);
    expect(await optionCalls()).toHaveLength(1);
    await custom.getCascadeOptions(await upstreamFor("student01", { schoolId: 2 }), "402", "11");
    await custom.getCascadeOptions(await upstreamFor("student01", { domain: "127.0.0.1" }), "402", "11");
    expect(await optionCalls()).toHaveLength(3);
  });

  it("another student's failed load (their session ended) does not fail this one: it asks with its own token", async () => {
    const custom = await import("~/services/custom-fields.server");
    custom.cascadeOptionCache.clear();
    const { createUpstream } = await import("~/lib/http/upstream.server");
    const expired = createUpstream(requestCtx({ token: "no-such-token" }));
    const mine = await upstreamFor("student01");
    const [theirs, ours] = await Promise.allSettled([custom.getCascadeOptions(expired, "402", "0"), custom.getCascadeOptions(mine, "402", "0")]);
    expect(theirs.status).toBe("rejected");
    expect(ours.status === "fulfilled" ? ours.value.map((o) => o.label) : ours.reason).toEqual(["北京市", "上海市", "广东省"]);
  });
});
