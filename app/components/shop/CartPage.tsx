import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n-runtime";
import type { CartItem } from "~/services/cart.server";
import { CART_ACTION, money } from "./money";
import { Button } from "~/components/ui/Button";
import { DefaultSubmit } from "~/components/ui/SubmitButton";
import { CartItemEnd } from "~/components/shop/CartItemEnd";
import { HiddenInput, Input } from "~/components/ui/Input";
import { Badge } from "~/components/ui/Badge";

/**
 * The cart's list: one form (select items, remove one, remove the selected, go to checkout). Without
 * JavaScript each button posts and the 303 brings the page back; with it the same form goes through a
 * fetcher (no reload; the badge counts the removal at once) and "check out" still navigates.
 */
export function CartPage({ items, notice, selected = null }: { items: CartItem[]; notice: string | null; selected?: number[] | null }) {
  const { t } = useTranslation("shop", { keyPrefix: "cart" });
  const fetcher = useFetcher<{ ok: boolean; message?: string; error?: string }>({ key: "cart-page" });
  const hydrated = useHydrated();
  const pendingRemoval = new Set<number>();
  if (fetcher.formData) {
    const single = fetcher.formData.get("removeId");
    if (single) pendingRemoval.add(Number(single));
    else if (fetcher.formData.get("intent") === "remove") for (const id of fetcher.formData.getAll("cartId")) pendingRemoval.add(Number(id));
  }
  const visible = items.filter((i) => !pendingRemoval.has(i.id));
  // the ticked rows: every row on sale, or those posted with "total" (no JavaScript); with JavaScript the
  // total follows the ticks as they change, starting from what the server drew (no hydration mismatch)
  const [ticked, setTicked] = useState(
    () => new Set(items.filter((i) => i.status === "ok" && (selected === null || selected.includes(i.id))).map((i) => i.id)),
  );
  const tick = (id: number, on: boolean) =>
    setTicked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const chosen = visible.filter((i) => ticked.has(i.id));
  const totalCents = chosen.reduce((sum, i) => sum + (i.priceCents ?? 0), 0);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const message = answer
    ? answer.ok
      ? t("removed")
      : answer.error === "selectOne" || answer.error === "notInCart"
        ? t(answer.error)
        : t("failed", { message: answer.message ?? "" })
    : notice
      ? noticeText(notice, t)
      : "";
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p role="status" className="mt-2 min-h-6 text-sm text-gray-700" data-testid="cart-notice">
        {message}
      </p>
      {visible.length === 0 ? (
        <p className="mt-6">
          {t("empty")}{" "}
          <Link to="/course/list" className="text-brand-strong underline">
            {t("browse")}
          </Link>
        </p>
      ) : (
        <fetcher.Form method="post" action={CART_ACTION} className="mt-4">
          {/* Enter on a ticked item checks out: the first item's 'remove' comes first (decision 085) */}
          <DefaultSubmit name="intent" value="checkout" />
          <AuthenticityTokenInput name="csrf" />
          {hydrated ? <HiddenInput name="_js" value="1" /> : null}
          <p className="text-sm text-gray-600">{t("count", { count: visible.length })}</p>
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="cart-items">
            {visible.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="cart-item">
                <Input
                  type="checkbox"
                  name="cartId"
                  value={item.id}
                  id={`cart-${item.id}`}
                  defaultChecked={ticked.has(item.id)}
                  onChange={(e) => tick(item.id, e.currentTarget.checked)}
                  disabled={item.status !== "ok"}
                  aria-label={t("select", { name: item.commodityName })}
                />
                <label htmlFor={`cart-${item.id}`} className="min-w-0 flex-1">
                  <span className="font-medium">{item.commodityName}</span>
                  <span className="ml-2 text-xs text-gray-600">{t(`type.${item.commodityType}`, { defaultValue: "" })}</span>
                  {item.status !== "ok" ? (
                    <Badge tone="neutral" className="ml-2">
                      {t(`status.${item.status}`)}
                    </Badge>
                  ) : null}
                </label>
                <CartItemEnd
                  id={item.id}
                  price={item.priceCents !== null && item.priceCents !== undefined ? money(item.priceCents) : ""}
                  label={t("remove")}
                  removeLabel={t("removeNamed", { name: item.commodityName })}
                />
              </li>
            ))}
          </ul>
          {/* the total and "check out" stay at the bottom of a phone's screen while the list scrolls (CSS sticky) */}
          <div
            className="mt-4 flex flex-wrap items-center justify-end gap-3 max-md:sticky max-md:bottom-[var(--tabbar-h,0px)] max-md:z-20 max-md:-mx-4 max-md:border-t max-md:border-gray-200 max-md:bg-white max-md:px-4 max-md:py-2"
            data-testid="cart-bar"
          >
            <p className="mr-auto text-sm" aria-live="polite" data-testid="cart-total">
              {t("selectedTotal", { count: chosen.length, amount: money(totalCents) })}
            </p>
            {hydrated ? null : (
              <Button type="submit" name="intent" value="total" variant="outline">
                {t("total")}
              </Button>
            )}
            <Button type="submit" name="intent" value="remove" variant="outline">
              {t("removeSelected")}
            </Button>
            <Button type="submit" name="intent" value="checkout" variant="strong" size="lg">
              {t("checkout")}
            </Button>
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}

function noticeText(notice: string, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (notice === "added") return t("added");
  if (notice === "removed") return t("removed");
  if (notice === "selectOne" || notice === "notInCart") return t(notice);
  if (notice === "bought" || notice === "unavailable") return t(notice);
  if (notice === "failed") return t("failed", { message: "" });
  return "";
}
