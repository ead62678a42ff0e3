/**
 * The product keys of a checkout address (what `checkoutHref` was given), kept by every form on the page.
 * Zod-free (decision 023): the checkout page imports it in the browser; `checkout.ts` (zod) re-exports it.
 */
export const PRODUCT_KEYS = ["commodityId", "packageId", "vipId", "planId", "cartIds"] as const;
