import { describe, expect, it } from "vitest";
import { formBrowser, usePortal } from "./portal";

// One upstream round per page (issue 11 'one round for students'): the account-centre pages, my agreements
// and checkout used to check the menu permission first and call for their content after it (2.5-3 rounds
// in the bench). Measured like tests/unit/study-rounds.test.ts: config cached by a first view, then 200 ms
// of latency on every upstream call; a call starting more than 150 ms after the one before it waited.

const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });

function rounds(log: Array<{ at: string }>): number {
  const at = log.map((c) => Date.parse(c.at)).sort((a, b) => a - b);
  return at.length === 0 ? 0 : 1 + at.slice(1).filter((t, i) => t - at[i]! > 150).length;
}

describe("account-centre pages render from one round", () => {
  it.each([
    ["/personal/accountcenter/score", "/point/"],
    ["/personal/accountcenter/score/exchange", "/point/goods"],
    ["/personal/accountcenter/coupon", "/coupon"],
    ["/personal/accountcenter/balance", "/invite"],
    ["/personal/accountcenter/card", "/menu/permission"],
    ["/personal/accountcenter/category", "/menu/permission"],
    ["/personal/accountcenter/account/member", "/member"],
    ["/personal/order?OrderTabIndex=2", "/menu/permission"],
    ["/personal/order?parentId=-1", "/menu/permission"],
    ["/payment/order?commodityId=5001", "payOrder/preview"],
  ])("%s", async (path, own) => {
    const browser = formBrowser(ctx);
    await browser.logIn("13700003210"); // acct10 (sandbox/src/account): reads only
    await browser.page(path); // warms the per-domain config cache
    await ctx.sandbox.control("POST", "/faults", { path: ".", latencyMs: 200 });
    await ctx.sandbox.control("DELETE", "/requests");
    await browser.page(path);
    const log = await ctx.sandbox.control<Array<{ path: string; at: string }>>("GET", "/requests");
    await ctx.sandbox.control("DELETE", "/faults");
    expect(
      log.some((c) => c.path.includes(own)),
      `${own} in\n${log.map((c) => c.path).join("\n")}`,
    ).toBe(true);
    expect(rounds(log), log.map((c) => `${c.at} ${c.path}`).join("\n")).toBe(1);
  });

  it("/personal/course/apply/detail/2: the stored cascade values' options come from the per-domain cache", async () => {
    const browser = formBrowser(ctx);
    await browser.logIn("13800000001"); // student01's sign-up 2 (sandbox/src/instead) holds a cascade value
    await browser.page("/personal/course/apply/detail/2"); // warms the config and the option lists
    await ctx.sandbox.control("POST", "/faults", { path: ".", latencyMs: 200 });
    await ctx.sandbox.control("DELETE", "/requests");
    await browser.page("/personal/course/apply/detail/2");
    const log = await ctx.sandbox.control<Array<{ path: string; at: string }>>("GET", "/requests");
    await ctx.sandbox.control("DELETE", "/faults");
    expect(log.some((c) => c.path.includes("/get/sign/detail"))).toBe(true);
    expect(
      log.some((c) => c.path.includes("/get/cascade/options")),
      log.map((c) => c.path).join("\n"),
    ).toBe(false);
    expect(rounds(log), log.map((c) => `${c.at} ${c.path}`).join("\n")).toBe(1);
  });
});
