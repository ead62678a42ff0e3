import { useFetcher } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n-runtime";
import { CART_ACTION } from "./money";
import { Button, type ButtonSize } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

export type CartAnswer = { ok: boolean; count?: number; message?: string };

/**
 * "Add to cart" on the course and package pages and the course list cards: a plain post answered with a
 * 303 without JavaScript; with it the same form through a fetcher (`_js` marks it), no reload, and the
 * header badge counts it at once (use-cart-count.ts). Its words come from the `catalog` namespace of the pages it sits on.
 */
/** `size`: the course list draws it small (sm), the detail pages large (lg, the default). */
export function AddToCart({ commodityId, commodityType, name, size = "lg" }: { commodityId: number; commodityType: 1 | 2; name: string; size?: ButtonSize }) {
  const fetcher = useFetcher<CartAnswer>({ key: `cart-add-${commodityType}-${commodityId}` });
  const hydrated = useHydrated();
  const { t } = useTranslation("catalog");
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  return (
    <fetcher.Form method="post" action={CART_ACTION} className="inline-flex items-center gap-2">
      <AuthenticityTokenInput name="csrf" />
      <HiddenInput name="intent" value="add" />
      <HiddenInput name="commodityId" value={commodityId} />
      <HiddenInput name="commodityType" value={commodityType} />
      {hydrated ? <HiddenInput name="_js" value="1" /> : null}
      <Button type="submit" variant="brandOutline" size={size} aria-label={`${t("course.addToCart")}: ${name}`} disabled={busy}>
        {busy ? t("cart.adding") : t("course.addToCart")}
      </Button>
      <span role="status" className="text-sm">
        {answer && !busy ? (answer.ok ? t("cart.added") : t("cart.failed", { message: answer.message ?? "" })) : null}
      </span>
    </fetcher.Form>
  );
}
