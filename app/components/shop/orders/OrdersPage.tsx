import { useTimes } from "~/components/use-times";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { ORDER_STATUS, ORDER_TABS, PAGE_SIZE, ttlMinutes, type Order, type OrderCounts, type OrderTab } from "~/services/orders.constants";
import { myOrdersHref } from "~/services/study-links";
import { money } from "../money";
import { CancelOrderForm, PayOrderForm } from "./OrderActions";
import { buttonClass } from "~/components/ui/Button";
import { Badge } from "~/components/ui/Badge";
import { Notice } from "~/components/ui/Notice";

type Props = { tab: OrderTab; page: number; list: { total: number; list: Order[] }; counts: OrderCounts; order: Order | null; notice: string | null };

const tabHref = (tab: OrderTab, page = 1) => `${myOrdersHref()}${tab === "all" ? "" : `&tab=${tab}`}${page > 1 ? `&page=${page}` : ""}`;

/** Order management (spec 001 section 2 `/personal/order?parentId=-1`): status tabs with their counts, the list, one order. */
export function OrdersPage({ tab, page, list, counts, order, notice }: Props) {
  const { moment: time } = useTimes();
  const { t } = useTranslation("shop", { keyPrefix: "orders" });
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("title")}</h1>
      {notice === "cancelled" || notice === "stateChanged" ? (
        <Notice tone="info" as="p" data-testid="orders-notice">
          {t(`notice.${notice}`)}
        </Notice>
      ) : null}
      {order ? (
        <OrderDetail order={order} />
      ) : (
        <>
          <nav aria-label={t("title")}>
            <ul className="flex flex-wrap gap-2 border-b border-gray-200">
              {ORDER_TABS.map((x) => (
                <li key={x.key}>
                  <Link
                    to={tabHref(x.key)}
                    aria-current={x.key === tab ? "page" : undefined}
                    className={`inline-block px-3 py-2 ${x.key === tab ? "border-b-2 border-brand-strong font-semibold text-brand-strong" : "text-gray-700"}`}
                  >
                    {t("tabCount", { label: t(`tabs.${x.key}`), count: counts[x.key] })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {list.list.length === 0 ? (
            <p className="text-gray-700">{t("empty")}</p>
          ) : (
            <ul className="space-y-3" data-testid="orders">
              {list.list.map((o) => (
                <li key={o.orderNo} className="rounded-lg border border-gray-200 bg-white p-3" data-testid="order">
                  <div className="flex flex-wrap justify-between gap-2 text-sm text-gray-700">
                    <span>{t("orderNo", { orderNo: o.orderNo })}</span>
                    <span>{t("createdAt", { time: time(o.createdAt, { withDate: true }) })}</span>
                  </div>
                  <p className="mt-1 font-medium">{o.items.map((i) => i.commodityName).join("、")}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    <Badge
                      tone={o.status === ORDER_STATUS.PAID ? "success" : o.status === ORDER_STATUS.UNPAID ? "warning" : "neutral"}
                      className="text-sm"
                      data-testid="order-status"
                    >
                      {t(`status.${o.status}`, { defaultValue: String(o.status) })}
                    </Badge>
                    <span className="text-sm">{t("total", { total: money(o.totalCents) })}</span>
                    {o.status === ORDER_STATUS.UNPAID && o.expiresAt ? (
                      <span className="text-sm text-amber-900" data-testid="order-deadline">
                        {t("payBefore", { time: time(o.expiresAt, { withDate: true }) })}
                      </span>
                    ) : null}
                    <Link
                      to={`${myOrdersHref()}&orderNo=${encodeURIComponent(o.orderNo)}`}
                      // a target of at least 24 px (WCAG 2.5.8; issue 39 §6: it was 56×20)
                      className="inline-flex min-h-8 items-center px-1 text-sm text-brand-strong underline"
                      aria-label={`${t("detail")} ${o.orderNo}`}
                    >
                      {t("detail")}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {list.total > PAGE_SIZE ? (
            <nav aria-label={t("page", { page })} className="flex gap-3 text-sm">
              {page > 1 ? <Link to={tabHref(tab, page - 1)}>{t("prev")}</Link> : null}
              <span>{t("page", { page })}</span>
              {page * PAGE_SIZE < list.total ? <Link to={tabHref(tab, page + 1)}>{t("next")}</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const { moment: time } = useTimes();
  const { t } = useTranslation("shop");
  const rows: Array<[string, number]> = [
    [t("checkout.subtotal"), order.subtotalCents],
    [t("checkout.memberDiscount"), -order.memberCents],
    [t("checkout.couponDiscount"), -order.couponCents],
    [t("checkout.pointsDiscount", { points: order.pointsUsed }), -order.pointsCents],
    [t("checkout.cardDiscount"), -order.cardCents],
    [t("checkout.balancePaid"), -order.balanceCents],
  ];
  return (
    <section aria-labelledby="order-title" className="rounded-lg border border-gray-200 bg-white p-4" data-testid="order-detail">
      <h2 id="order-title" className="text-lg font-semibold">
        {t("orders.detailTitle", { orderNo: order.orderNo })}
      </h2>
      <p className="mt-1 text-sm">
        <span data-testid="order-status">{t(`orders.status.${order.status}`, { defaultValue: String(order.status) })}</span> ·{" "}
        {t("orders.createdAt", { time: time(order.createdAt) })}
        {order.paidAt ? ` · ${t("orders.paidAt", { time: time(order.paidAt) })}` : null}
        {order.status === ORDER_STATUS.UNPAID && order.expiresAt ? ` · ${t("orders.payBefore", { time: time(order.expiresAt) })}` : null}
      </p>
      {order.status === ORDER_STATUS.EXPIRED ? (
        <p className="mt-2 rounded bg-gray-100 p-2 text-sm" data-testid="order-expired">
          {t("orders.expiredNote", { minutes: ttlMinutes(order) })}
        </p>
      ) : null}
      <h3 className="mt-3 font-medium">{t("orders.items")}</h3>
      <ul className="mt-1 text-sm">
        {order.items.map((i) => (
          <li key={`${i.commodityType}:${i.commodityId}`}>
            {i.commodityName} · {money(i.priceCents)}
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid max-w-md grid-cols-[1fr_auto] gap-x-6 text-sm">
        {rows
          .filter(([, v]) => v !== 0)
          .map(([label, v]) => (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="text-right">{money(v)}</dd>
            </div>
          ))}
        <dt className="font-semibold">{t("checkout.pay")}</dt>
        <dd className="text-right font-semibold">{money(order.payCents)}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        {order.status === ORDER_STATUS.UNPAID ? (
          <>
            <PayOrderForm orderNo={order.orderNo} label={t("orders.pay")} wechatLabel={t("orders.payWechat")} />
            <CancelOrderForm orderNo={order.orderNo} label={t("orders.cancel")} />
          </>
        ) : null}
        {order.status === ORDER_STATUS.PAID && order.totalCents > 0 ? (
          <Link
            to={`/personal/accountcenter/invoice?orderNo=${encodeURIComponent(order.orderNo)}`}
            className={buttonClass({ variant: "brandOutline", size: "lg" })}
          >
            {t("orders.invoice")}
          </Link>
        ) : null}
        <Link to={myOrdersHref()} className={buttonClass({ variant: "outline", size: "lg" })}>
          {t("orders.back")}
        </Link>
      </div>
    </section>
  );
}
