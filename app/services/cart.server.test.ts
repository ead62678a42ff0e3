import { describe, expect, it } from "vitest";
import type { Upstream } from "~/lib/http/upstream.server";
import { addToCart, buySourceOf, COMMODITY_CODES, COMMODITY_TYPES } from "./cart.server";

// Spec 001 §3: commodity types 1 COURSE → COMMODITY_CLASS, 2 PACKAGE → COMMODITY_PACKAGE, 3 MOUDLE; buy source
// 1 class type, 2 class package. The sandbox derives both itself, so only this test sees what the portal sends.
describe("commodity types and buy source (spec 001 §3)", () => {
  it.each([
    [COMMODITY_TYPES.COURSE, 1, "COMMODITY_CLASS", 1],
    [COMMODITY_TYPES.PACKAGE, 2, "COMMODITY_PACKAGE", 2],
    [COMMODITY_TYPES.MOUDLE, 3, "MOUDLE", 1],
  ] as const)("type %i is %i, code %s, buy source %i", (type, number, code, source) => {
    expect(type).toBe(number);
    expect(COMMODITY_CODES[type]).toBe(code);
    expect(buySourceOf(type)).toBe(source);
  });

  it.each([
    [
      { commodityId: 5002, commodityType: 1 },
      { commodityId: 5002, commodityType: 1, commodityCode: "COMMODITY_CLASS", buySource: 1 },
    ],
    [
      { commodityId: 302, commodityType: 2 },
      { commodityId: 302, commodityType: 2, commodityCode: "COMMODITY_PACKAGE", buySource: 2 },
    ],
  ])("an add sends the type's code and buy source: %o", async (item, body) => {
    const sent: unknown[] = [];
    const upstream = { ctx: { schoolId: 7 }, call: async (req: unknown) => (sent.push(req), { count: 1 }) } as unknown as Upstream;
    expect(await addToCart(upstream, item)).toBe(1);
    expect(sent).toMatchObject([{ method: "POST", path: "/saas-business/definePayOrderCart/add", query: { schoolId: 7 }, body }]);
  });
});
