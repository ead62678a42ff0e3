import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PayOrderForm } from "~/components/shop/orders/OrderActions";
import { money, shopTitle } from "~/components/shop/money";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { ORDER_STATUS } from "~/services/orders.constants";
import { getOrder } from "~/services/orders.server";
import { myOrdersHref } from "~/services/study-links";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["shop"] } satisfies RouteHandle;

/**
 * Where the payment provider sends the browser back (`?orderNo=`). What it says comes from the order as the
 * upstream keeps it (the provider's notification set it), never from the address: paid → go and study;
 * failed or cancelled at the provider → pay again; the order stays in "my orders" either way.
 */
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: shopTitle(d?.i18n, "result") }];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const orderNo = new URL(args.request.url).searchParams.get("orderNo") ?? "";
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(orderNo)) throw data({ kind: "notFound" }, { status: 404 });
  const [order, i18n] = await Promise.all([getOrder(portal.upstream, orderNo), namespaces(args.request, handle)]);
  if (!order) throw data({ kind: "notFound" }, { status: 404 });
  return data({ order, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function PaymentResult() {
  const { order, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "shop");
  const state =
    order.status === ORDER_STATUS.PAID
      ? "paid"
      : order.status === ORDER_STATUS.CANCELLED
        ? "orderCancelled"
        : order.status === ORDER_STATUS.EXPIRED
          ? "expired"
          : order.payResult === "failed"
            ? "failed"
            : order.payResult === "cancelled"
              ? "cancelled"
              : "unpaid";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("result.title")}</h1>
      <p role="status" className={`mt-4 text-lg font-semibold ${state === "paid" ? "text-green-800" : "text-amber-800"}`} data-testid="pay-result">
        {t(`result.${state}`)}
      </p>
      <p className="mt-2 text-sm text-gray-700">
        {t("orders.orderNo", { orderNo: order.orderNo })} · {order.items.map((i) => i.commodityName).join("、")} · {money(order.payCents)}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {state === "paid" ? (
          <Link to="/personal/course/lessons" className={buttonClass({ variant: "strong", size: "lg" })}>
            {t("result.study")}
          </Link>
        ) : null}
        {order.status === ORDER_STATUS.UNPAID ? (
          <PayOrderForm orderNo={order.orderNo} label={t("result.payAgain")} wechatLabel={t("orders.payWechat")} />
        ) : null}
        <Link to={myOrdersHref()} className={buttonClass({ variant: "outline", size: "lg" })}>
          {t("result.orders")}
        </Link>
      </div>
    </div>
  );
}
