import * as z from "zod/v4";
import { failureOf, type Failure } from "~/services/membership.server";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * Points in the account centre (spec 001 §7: get/point/info, get/point/list, get/point/desc,
 * make/point/order (point); decision 032): points bought with the balance, 1 point for 1 cent.
 */
const BASE = "/saas-business/v1/account";

const Info = z.object({
  points: z.number().int(),
  balanceCents: z.number().int(),
  pointPriceCents: z.number().int(),
  buyMin: z.number().int(),
  buyMax: z.number().int(),
});
export type PointInfo = z.infer<typeof Info>;
const Row = z.object({ id: z.number().int(), delta: z.number().int(), reason: z.string(), orderNo: z.string().nullish(), createdAt: z.number() });
export type PointRow = z.infer<typeof Row>;
const List = z.object({ total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int(), list: z.array(Row) });
export type PointList = z.infer<typeof List>;
const Desc = z.object({ desc: z.array(z.string()) });
const Bought = z.object({ points: z.number().int(), costCents: z.number().int(), remaining: z.number().int() });

export function getPointInfo(upstream: Upstream) {
  return upstream.call({ path: `${BASE}/get/point/info`, schema: Info });
}
export function getPointList(upstream: Upstream, pageNum: number) {
  return upstream.call({ path: `${BASE}/get/point/list`, query: { pageNum }, schema: List });
}
export async function getPointDesc(upstream: Upstream) {
  return (await upstream.call({ path: `${BASE}/get/point/desc`, schema: Desc })).desc;
}
export async function buyPoints(upstream: Upstream, point: number): Promise<({ ok: true } & z.infer<typeof Bought>) | Failure> {
  try {
    return {
      ok: true,
      ...(await upstream.call({ method: "POST", path: `${BASE}/make/point/order`, body: { point }, schema: Bought, charges: true, expect: ["business"] })),
    };
  } catch (error) {
    return failureOf(error);
  }
}

// ---- the points exchange (decision 038; chosen calls: get/point/goods, exchange/point/goods (goodsId,
// idemKey), get/point/exchange/list) ----

const Goods = z.object({
  id: z.number().int(),
  goodsName: z.string(),
  kind: z.enum(["coupon", "course"]),
  targetId: z.number().int(),
  points: z.number().int(),
  stock: z.number().int(),
  perUserLimit: z.number().int(),
  exchanged: z.number().int(),
  owned: z.boolean(),
});
export type PointGoods = z.infer<typeof Goods>;
const GoodsList = z.object({ points: z.number().int(), list: z.array(Goods) });
const Exchanges = z.object({
  list: z.array(
    z.object({ id: z.number().int(), goodsName: z.string(), kind: z.string(), targetId: z.number().int(), points: z.number().int(), createdAt: z.number() }),
  ),
});
export type PointExchange = z.infer<typeof Exchanges>["list"][number];
const Exchanged = z.object({ exchangeId: z.number().int(), goodsName: z.string(), points: z.number().int(), remaining: z.number().int() });

export function getPointGoods(upstream: Upstream) {
  return upstream.call({ path: `${BASE}/get/point/goods`, schema: GoodsList });
}
export async function getPointExchanges(upstream: Upstream) {
  return (await upstream.call({ path: `${BASE}/get/point/exchange/list`, schema: Exchanges })).list;
}
export async function exchangeGoods(upstream: Upstream, goodsId: number, idemKey: string): Promise<({ ok: true } & z.infer<typeof Exchanged>) | Failure> {
  try {
    return {
      ok: true,
      ...(await upstream.call({
        method: "POST",
        path: `${BASE}/exchange/point/goods`,
        body: { goodsId, idemKey },
        schema: Exchanged,
        charges: true,
        expect: ["business"],
      })),
    };
  } catch (error) {
    return failureOf(error);
  }
}

// ---- balance (spec 001 §7: get/charge, recharge/charge/card (code), cash/withdraw (withdrawAmount),
// get/personal/invite/code, get/personal/record; decision 032) ----

const Charge = z.object({
  balanceCents: z.number().int(),
  list: z.array(Row),
  withdrawals: z.array(z.object({ id: z.number().int(), amountCents: z.number().int(), status: z.string(), createdAt: z.number() })),
});
export type ChargeInfo = z.infer<typeof Charge>;
const Invite = z.object({ inviteCode: z.string() });
const Invites = z.object({ list: z.array(z.object({ id: z.number().int(), inviteeName: z.string(), rewardPoints: z.number().int(), createdAt: z.number() })) });
export type InviteRecord = z.infer<typeof Invites>["list"][number];

export function getCharge(upstream: Upstream) {
  return upstream.call({ path: `${BASE}/get/charge`, schema: Charge });
}
export async function getInviteCode(upstream: Upstream) {
  return (await upstream.call({ path: `${BASE}/get/personal/invite/code`, schema: Invite })).inviteCode;
}
export async function getInviteRecord(upstream: Upstream) {
  return (await upstream.call({ path: `${BASE}/get/personal/record`, schema: Invites })).list;
}
export async function rechargeCard(upstream: Upstream, code: string): Promise<{ ok: true } | Failure> {
  try {
    await upstream.call({ method: "POST", path: `${BASE}/recharge/charge/card`, body: { code }, schema: z.unknown(), charges: true, expect: ["business"] });
    return { ok: true };
  } catch (error) {
    return failureOf(error);
  }
}
/** `withdrawAmount` as the student typed it in yuan ("12.30"): the upstream reads it, no float on the way. */
export async function withdraw(upstream: Upstream, withdrawAmount: string): Promise<{ ok: true } | Failure> {
  try {
    await upstream.call({ method: "POST", path: `${BASE}/cash/withdraw`, body: { withdrawAmount }, schema: z.unknown(), expect: ["business"] });
    return { ok: true };
  } catch (error) {
    return failureOf(error);
  }
}

const Charged = z.object({ orderNo: z.string(), payCents: z.number().int() });

/** make/order (balance): an unpaid recharge order for the amount typed in yuan, paid at the provider (decision 038). */
export async function makeChargeOrder(upstream: Upstream, balance: string, idemKey: string): Promise<({ ok: true } & z.infer<typeof Charged>) | Failure> {
  try {
    return {
      ok: true,
      ...(await upstream.call({
        method: "POST",
        path: `${BASE}/make/order`,
        body: { balance, idemKey },
        schema: Charged,
        charges: true,
        expect: ["business"],
      })),
    };
  } catch (error) {
    return failureOf(error);
  }
}
