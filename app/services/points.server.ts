import * as z from "zod/v4";
import { failureOf, type Failure } from "~/services/membership.server";
import type { Upstream } from "~/services/upstream.server";

/**
 * Points in the account centre (spec 001 §7: get/point/info, get/point/list, get/point/desc,
 * make/point/order (point); decision 032): points bought with the balance, 1 point for 1 cent.
 */
const BASE = "/saas-business/v1/account";

const Info = z.object({ points: z.number().int(), balanceCents: z.number().int(), pointPriceCents: z.number().int(), buyMin: z.number().int(), buyMax: z.number().int() });
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
    return { ok: true, ...(await upstream.call({ method: "POST", path: `${BASE}/make/point/order`, body: { point }, schema: Bought, expect: ["business"] })) };
  } catch (error) {
    return failureOf(error);
  }
}
