/** Cents as the page shows them: ¥12.30 (integer arithmetic; the amount is never a float before this). */
export const money = (cents: number) => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

export const CART_ACTION = "/shoppingcart";

/** A page title from the `shop` bundle its loader sent (for `meta`, which has no translator). */
export function shopTitle(i18n: { bundles: Record<string, unknown> } | undefined, key: "cart" | "checkout" | "result" | "orders"): string {
  const bundle = i18n?.bundles.shop as Record<string, { title?: string }> | undefined;
  return bundle?.[key]?.title ?? "";
}
