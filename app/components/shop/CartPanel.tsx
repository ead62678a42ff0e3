import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "~/i18n-runtime";
import { CsrfInput } from "~/components/csrf-token";
import { Button, buttonClass } from "~/components/ui/Button";
import { CartItemEnd } from "~/components/shop/CartItemEnd";
import { HiddenInput } from "~/components/ui/Input";
import type { CartPanelAnswer } from "~/services/cart.server";
import { CART_ACTION, money } from "./money";

export type CartPanelProps = {
  id: string;
  /** the header's cart link: a click on it is the toggle's, not an outside click; focus goes back to it */
  trigger: RefObject<HTMLElement>;
  /** `refocus`: put the focus back on the trigger (Escape, the close button; not a click elsewhere) */
  onClose: (refocus: boolean) => void;
};

/**
 * The header's cart panel (spec 001 sections 3 and 4, decision 068), loaded with its code when the student
 * first opens it (the header carries only the toggle): the rows of `GET /shoppingcart/panel` (name, price),
 * the count, a remove button per row (the cart page's own post, through a fetcher: the header badge counts
 * the removal at once, then the list is asked again) and the link to the cart page. Escape, the close
 * button or a click outside closes it; a navigation too.
 */
export function CartPanel({ id, trigger, onClose }: CartPanelProps) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<CartPanelAnswer | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const remover = useFetcher<{ ok: boolean }>({ key: "cart-panel" });
  const location = useLocation();
  const opened = useRef(location.key);

  const load = () =>
    fetch("/shoppingcart/panel", { headers: { Accept: "application/json" } })
      .then((res) => res.json() as Promise<CartPanelAnswer>)
      .catch((): CartPanelAnswer => ({ failed: true }))
      .then(setAnswer);

  useEffect(() => {
    ref.current?.focus();
    void load();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!ref.current?.contains(target) && !trigger.current?.contains(target)) onClose(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
    // once per opening: the panel is mounted when opened and unmounted when closed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // a navigation (the cart link, a link elsewhere) closes the panel
  useEffect(() => {
    if (location.key !== opened.current) onClose(false);
  }, [location.key, onClose]);

  // a removal answered: the list again (the badge follows the school loader's revalidation)
  useEffect(() => {
    if (remover.state === "idle" && remover.data) void load();
  }, [remover.state, remover.data]);

  const removing = remover.formData ? Number(remover.formData.get("removeId")) : null;
  const items = answer && "items" in answer ? answer.items.filter((item) => item.id !== removing) : [];
  return (
    <div
      id={id}
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-label={t("site.cartPanel.title")}
      data-testid="cart-panel"
      className="z-30 mt-1 rounded border border-gray-200 bg-white p-3 text-sm text-gray-800 outline-none lg:absolute lg:right-0 lg:top-full lg:mt-2 lg:w-80 lg:shadow-lg"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{t("site.cartPanel.title")}</h2>
        <Button type="button" variant="mutedLink" onClick={() => onClose(true)} data-testid="cart-panel-close">
          {t("site.cartPanel.close")}
        </Button>
      </div>
      <div role="status" className="mt-2" data-testid="cart-panel-status">
        {answer === null
          ? t("site.cartPanel.loading")
          : "login" in answer
            ? null
            : "failed" in answer
              ? t("site.cartPanel.failed")
              : items.length === 0
                ? t("site.cartPanel.empty")
                : t("site.cartPanel.count", { count: items.length })}
      </div>
      {answer && "login" in answer ? (
        <a href={answer.login} className="mt-2 block text-brand-strong underline" data-testid="cart-panel-login">
          {t("site.cartPanel.login")}
        </a>
      ) : null}
      {items.length > 0 ? (
        <remover.Form method="post" action={CART_ACTION}>
          <CsrfInput />
          <HiddenInput name="_js" value="1" />
          <ul className="mt-2 max-h-72 divide-y divide-gray-100 overflow-y-auto" data-testid="cart-panel-items">
            {items.map((item) => (
              <li key={item.id} className="flex items-center gap-2 py-2" data-testid="cart-panel-item">
                <span className="min-w-0 flex-1 truncate" title={item.name}>
                  {item.name}
                  {item.onSale ? null : <span className="ml-1 text-xs text-gray-500">{t("site.cartPanel.notOnSale")}</span>}
                </span>
                <CartItemEnd
                  id={item.id}
                  price={item.priceCents === null ? "" : money(item.priceCents)}
                  label={t("site.cartPanel.remove")}
                  removeLabel={t("site.cartPanel.removeNamed", { name: item.name })}
                  small
                />
              </li>
            ))}
          </ul>
        </remover.Form>
      ) : null}
      {answer && !("login" in answer) ? (
        <Link to={CART_ACTION} className={buttonClass({ size: "sm", block: true, className: "mt-3 text-center" })} data-testid="cart-panel-link">
          {t("site.cartPanel.open")}
        </Link>
      ) : null}
    </div>
  );
}
