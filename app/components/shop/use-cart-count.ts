import { useFetchers } from "@remix-run/react";
import { CART_ACTION } from "./money";

/**
 * The header badge's count (spec 000 section 2.2) with the cart's pending forms applied at once: an add
 * counts +1, a removal -n while the post is in flight; when the server answers, the school loader runs
 * again and its count (the truth: an add of an item already there adds nothing) replaces the guess.
 */
export function useCartCount(serverCount: number): number {
  const fetchers = useFetchers();
  let delta = 0;
  for (const f of fetchers) {
    if (!f.formData || f.formAction?.split("?")[0] !== CART_ACTION) continue;
    const intent = f.formData.get("intent");
    if (intent === "add") delta += 1;
    else if (f.formData.get("removeId")) delta -= 1;
    else if (intent === "remove") delta -= f.formData.getAll("cartId").length;
  }
  return Math.max(0, serverCount + delta);
}
