import { describe, expect, it } from "vitest";
import { byTestId, formBrowser, text, usePortal } from "./portal";

// Issue 36 §1: recharge, study-card and coupon codes cannot be guessed without limit. Wrong codes count per
// account (and per address: app/lib/state/code-attempts.server.test.ts) across the three forms; at the limit
// the form answers 429 with Retry-After and the wait in minutes, the typed code kept, and nothing reaches the
// upstream, a right code neither. Posted as a browser without JavaScript does, and as a data request.
const BALANCE = "/personal/accountcenter/balance";
const CARD = "/personal/accountcenter/card";
const COUPON = "/personal/accountcenter/coupon";
const ctx = usePortal();

async function student(account: string) {
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
  const b = formBrowser(ctx, { stripTextSeparators: true });
  expect((await b.get(`/home/index?token=${token}`)).status).toBe(302);
  return b;
}
const seedCodes = () => ctx.sandbox.control<{ recharge: string[] }>("GET", "/seed/codes");
const upstreamCalls = async (part: string) => (await ctx.portal.calls(part)).length;

describe("wrong money codes (issue 36 §1)", () => {
  it("10 wrong codes over the three forms, then 429 with Retry-After and the message; a right code is refused too", async () => {
    const b = await student("acct12");
    await b.page(BALANCE);
    const guesses: Array<[string, Array<[string, string]>]> = [
      ...Array.from({ length: 4 }, (_, i): [string, Array<[string, string]>] => [
        BALANCE,
        [
          ["intent", "recharge"],
          ["code", `GUESS${i}`],
        ],
      ]),
      ...Array.from({ length: 3 }, (_, i): [string, Array<[string, string]>] => [
        CARD,
        [
          ["intent", "check"],
          ["code", `GUESS${i}`],
        ],
      ]),
      ...Array.from({ length: 3 }, (_, i): [string, Array<[string, string]>] => [
        COUPON,
        [
          ["intent", "exchange"],
          ["code", `GUESS${i}`],
        ],
      ]),
    ];
    for (const [page, fields] of guesses) expect((await b.post(page, fields)).status, `${page} ${fields[1]![1]}`).toBe(400);

    const [right] = (await seedCodes()).recharge;
    await ctx.portal.clearCalls();
    const locked = await b.post(BALANCE, [
      ["intent", "recharge"],
      ["code", right!],
    ]);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect(locked.headers.get("Cache-Control")).toBe("private, no-store");
    const html = (await locked.text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/data-error-for="code">兑换码错误次数过多，请 60 分钟后再试</);
    // the typed code is kept in its field
    expect(html).toContain(`value="${right}"`);
    expect(await upstreamCalls("recharge/charge/card")).toBe(0);
    expect(text(byTestId(await b.page(BALANCE), "balance-current") ?? "")).toBe("¥500.00");

    // the other two forms are locked as well, in English too
    for (const [page, intent] of [
      [CARD, "check"],
      [COUPON, "exchange"],
    ] as const) {
      const res = await b.post(page, [
        ["intent", intent],
        ["code", "ANOTHER1"],
      ]);
      expect(res.status, page).toBe(429);
      expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    }
    expect(await upstreamCalls("check/code")).toBe(0);
    expect(await upstreamCalls("exchange/coupons")).toBe(0);
  });

  it("in English, and as a data request (JavaScript on): the same 429", async () => {
    const b = await student("acct13");
    await b.page(BALANCE);
    for (let i = 0; i < 10; i++)
      await b.post(BALANCE, [
        ["intent", "recharge"],
        ["code", `WRONG${i}`],
      ]);
    await b.page(`${BALANCE}?lng=en`);
    const locked = await b.post(`${BALANCE}?lng=en`, [
      ["intent", "recharge"],
      ["code", "WRONG10"],
    ]);
    expect(locked.status).toBe(429);
    expect((await locked.text()).replace(/<!-- -->/g, "")).toMatch(/data-error-for="code">Too many wrong codes\. Please try again in 60 minutes\.</);
    const data = await b.post(`${BALANCE}.data`, [
      ["intent", "recharge"],
      ["code", "WRONG11"],
    ]);
    expect(data.status).toBe(429);
    expect(Number(data.headers.get("Retry-After"))).toBeGreaterThan(3500);
    const body = await data.text();
    expect(body).toContain("locked:");
    expect(body).toContain("WRONG11");
  });
});
