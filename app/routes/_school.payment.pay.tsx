import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces } from "~/i18n.server";
import { requireStudent } from "~/services/guards.server";
import { ORDER_STATUS } from "~/services/orders.constants";
import { getOrder } from "~/services/orders.server";
import { paymentReturnUrl, startPayment } from "~/services/payment.server";
import { UpstreamError } from "~/services/upstream.server";

export const handle = { i18n: ["shop"] };

/**
 * `/payment/pay?orderNo=`: the step between placing (or paying) an order and the provider. The order
 * form's 303 cannot point at the provider itself: the CSP `form-action 'self'` also governs the redirects
 * of a form submission and Chromium blocks them. This page asks the upstream for the provider's address
 * (which records where to come back to) and goes there: a meta refresh and a link without JavaScript,
 * `location.assign` with it. An order that is no longer unpaid goes to the result page.
 */
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: (d?.i18n.bundles.shop as { pay?: { title?: string } } | undefined)?.pay?.title ?? "" },
  ...(d?.payUrl ? [{ httpEquiv: "refresh", content: `0;url=${d.payUrl}` }] : []),
];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const orderNo = new URL(args.request.url).searchParams.get("orderNo") ?? "";
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(orderNo)) throw data({ kind: "notFound" }, { status: 404 });
  const result = `/payment/result?orderNo=${encodeURIComponent(orderNo)}`;
  const [order, i18n] = await Promise.all([getOrder(portal.upstream, orderNo), namespaces(args.request, ["shop"])]);
  if (!order) throw data({ kind: "notFound" }, { status: 404 });
  if (order.status !== ORDER_STATUS.UNPAID) throw redirect(result);
  const payUrl = await startPayment(portal.upstream, orderNo, paymentReturnUrl(args.request)).catch((error: unknown) => {
    if (error instanceof UpstreamError && error.kind === "business") return undefined;
    throw error;
  });
  if (!payUrl) throw redirect(result);
  return data({ payUrl, orderNo, i18n }, { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
}

export default function PaymentPay() {
  const { payUrl, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "shop");
  useEffect(() => {
    window.location.assign(payUrl);
  }, [payUrl]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("pay.title")}</h1>
      <p className="mt-4">
        <a href={payUrl} rel="noreferrer" className="rounded bg-brand-strong px-5 py-2 text-white" data-testid="pay-link">
          {t("pay.go")}
        </a>
      </p>
    </div>
  );
}
