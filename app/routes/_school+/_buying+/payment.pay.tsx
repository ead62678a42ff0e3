import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { ORDER_STATUS, ttlMinutes } from "~/services/orders.constants";
import { getOrder } from "~/services/orders.server";
import { checkOpenid, paymentReturnUrl, payTypeOf, startPayment } from "~/services/payment.server";
import { myOrdersHref } from "~/services/study-links";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["shop"] } satisfies RouteHandle;

/**
 * `/payment/pay?orderNo=[&payType=wechat]`: the step between placing (or paying) an order and the
 * provider. The order form's 303 cannot point at the provider itself: the CSP `form-action 'self'` also
 * governs the redirects of a form submission and Chromium blocks them. This page asks the upstream for the
 * provider's address (which records where to come back to) and goes there: a meta refresh and a link
 * without JavaScript, `location.assign` with it. An order that is no longer unpaid goes to the result page;
 * an expired one (decision 038) is refused here with the reason (409).
 * WeChat Pay (`payType=wechat`) asks `check/openid` first (spec 001 section 7): without an openid the page
 * offers WeChat's authorisation (another site, which comes back here with `wx=ok` or `wx=denied`).
 */
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  {
    title:
      (d?.i18n.bundles.shop as { pay?: Record<string, string> } | undefined)?.pay?.[
        d?.kind === "expired" ? "refused" : d?.kind === "authorize" ? "wechatTitle" : "title"
      ] ?? "",
  },
  ...(d?.kind === "go" ? [{ httpEquiv: "refresh", content: `0;url=${d.payUrl}` }] : []),
];

const HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const url = new URL(args.request.url);
  const orderNo = url.searchParams.get("orderNo") ?? "";
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(orderNo)) throw data({ kind: "notFound" }, { status: 404 });
  const payType = payTypeOf(url.searchParams.get("payType"));
  const result = `/payment/result?orderNo=${encodeURIComponent(orderNo)}`;
  // WeChat Pay: the openid check in the same round as the order (back here after WeChat's answer)
  const back = new URL(`/payment/pay?orderNo=${encodeURIComponent(orderNo)}&payType=wechat`, url).toString();
  const [order, openid, i18n] = await Promise.all([
    getOrder(portal.upstream, orderNo),
    payType === "wechat" ? checkOpenid(portal.upstream, back) : null,
    namespaces(args.request, handle),
  ]);
  if (!order) throw data({ kind: "notFound" }, { status: 404 });
  const expired = () => data({ kind: "expired" as const, orderNo, minutes: ttlMinutes(order), i18n }, { status: 409, headers: HEADERS });
  if (order.status === ORDER_STATUS.EXPIRED) return expired();
  if (order.status !== ORDER_STATUS.UNPAID) throw redirect(result);
  if (openid && !openid.bound) {
    return data(
      { kind: "authorize" as const, orderNo, authorizeUrl: openid.authorizeUrl ?? null, denied: url.searchParams.get("wx") === "denied", i18n },
      { headers: HEADERS },
    );
  }
  const started = await startPayment(portal.upstream, orderNo, paymentReturnUrl(args.request), payType);
  if ("refused" in started) {
    if (started.refused === "160022") return expired();
    throw redirect(result);
  }
  if (!started.payUrl) throw redirect(result);
  return data({ kind: "go" as const, payUrl: started.payUrl, orderNo, i18n }, { headers: HEADERS });
}

export default function PaymentPay() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "shop");
  const payUrl = d.kind === "go" ? d.payUrl : null;
  useEffect(() => {
    if (payUrl) window.location.assign(payUrl);
  }, [payUrl]);
  const orders = (
    <Link to={`${myOrdersHref()}&orderNo=${encodeURIComponent(d.orderNo)}`} className={buttonClass({ variant: "outline", size: "lg" })}>
      {t("pay.orders")}
    </Link>
  );
  if (d.kind === "expired") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold">{t("pay.refused")}</h1>
        <p role="alert" className="mt-4 text-red-700" data-testid="pay-refused">
          {t("pay.expired", { minutes: d.minutes })}
        </p>
        <p className="mt-6 flex flex-wrap gap-3">{orders}</p>
      </div>
    );
  }
  if (d.kind === "authorize") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold">{t("pay.wechatTitle")}</h1>
        {d.denied ? (
          <p role="alert" className="mt-4 text-red-700" data-testid="pay-wechat-denied">
            {t("pay.wechatDenied")}
          </p>
        ) : null}
        <p className="mt-4">{t("pay.wechatNeeded")}</p>
        <p className="mt-6 flex flex-wrap gap-3">
          {d.authorizeUrl ? (
            <a href={d.authorizeUrl} rel="noreferrer" className={buttonClass({ variant: "strong", size: "lg" })} data-testid="pay-wechat-authorize">
              {t("pay.wechatAuthorize")}
            </a>
          ) : null}
          <Link to={`/payment/pay?orderNo=${encodeURIComponent(d.orderNo)}`} className={buttonClass({ variant: "brandOutline", size: "lg" })}>
            {t("pay.otherMethod")}
          </Link>
          {orders}
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("pay.title")}</h1>
      <p className="mt-4">
        <a href={d.payUrl} rel="noreferrer" className={buttonClass({ variant: "strong", size: "lg" })} data-testid="pay-link">
          {t("pay.go")}
        </a>
      </p>
    </div>
  );
}
