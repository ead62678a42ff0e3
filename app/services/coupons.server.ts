import * as z from "zod/v4";
import { failureOf, type Failure } from "~/services/membership.server";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * Coupons in the account centre (spec 001 §7: get/coupons/count, get/coupons/list, exchange/coupons
 * (code), delete/expire/coupon (user_front_coupons_id), couponCourseAjax/{id}; decision 032).
 */
const BASE = "/saas-business/v1/account";

import type { CouponTab } from "~/services/coupon-tabs";

const Counts = z.object({ usable: z.number().int(), used: z.number().int(), expired: z.number().int() });
export type CouponCounts = z.infer<typeof Counts>;
const Coupon = z.object({
  userFrontCouponsId: z.number().int(),
  couponName: z.string(),
  amountCents: z.number().int(),
  minCents: z.number().int(),
  expiresAt: z.number(),
  usedOrderNo: z.string().nullish(),
});
export type Coupon = z.infer<typeof Coupon>;
const List = z.object({ list: z.array(Coupon) });
const Courses = z.object({ list: z.array(z.object({ commodityId: z.number().int(), courseName: z.string(), priceCents: z.number().int() })) });
export type CouponCourse = z.infer<typeof Courses>["list"][number];

export function getCouponCounts(upstream: Upstream) {
  return upstream.call({ path: `${BASE}/get/coupons/count`, schema: Counts });
}
export async function getCoupons(upstream: Upstream, status: CouponTab) {
  return (await upstream.call({ path: `${BASE}/get/coupons/list`, query: { status }, schema: List })).list;
}
/** The courses a coupon pays for; undefined when the upstream does not know the coupon (or it is another's). */
export async function getCouponCourses(upstream: Upstream, userCouponId: number): Promise<CouponCourse[] | undefined> {
  try {
    return (await upstream.call({ path: `${BASE}/couponCourseAjax/${userCouponId}`, schema: Courses, expect: ["business"] })).list;
  } catch (error) {
    failureOf(error);
    return undefined;
  }
}
export async function exchangeCoupon(upstream: Upstream, code: string): Promise<{ ok: true } | Failure> {
  try {
    await upstream.call({ method: "POST", path: `${BASE}/exchange/coupons`, body: { code }, schema: z.unknown(), expect: ["business"] });
    return { ok: true };
  } catch (error) {
    return failureOf(error);
  }
}
export async function deleteExpiredCoupon(upstream: Upstream, userCouponId: number): Promise<{ ok: true } | Failure> {
  try {
    await upstream.call({
      method: "DELETE",
      path: `${BASE}/delete/expire/coupon`,
      query: { user_front_coupons_id: userCouponId },
      schema: z.unknown(),
      expect: ["business"],
    });
    return { ok: true };
  } catch (error) {
    return failureOf(error);
  }
}
