/** The coupon list's tabs (get/coupons/list `status`), shared by the loader and the page. */
export const COUPON_TABS = ["usable", "used", "expired"] as const;
export type CouponTab = (typeof COUPON_TABS)[number];
