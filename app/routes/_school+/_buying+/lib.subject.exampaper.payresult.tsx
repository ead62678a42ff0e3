import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { examIntroHref, payResultHref } from "~/services/exam-links";
import { examNotFound, loadPayInfo, payProviderUrl } from "~/services/exams.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { idOf, notFound } from "~/lib/guards/sections.server";
import { buttonClass } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";

/**
 * The exam fee's payment result (spec 001 §2 `/lib/subject/exampaper/payresult`; §7 queryPayInfo/{id};
 * decision 034): `?examId=` (the provider adds `orderNo`, which is not trusted: the page reads the fee's
 * order through the upstream, as `/payment/result` does for course orders). `&pay=1` (the intro's pay form
 * after makePayOrder): an unpaid fee goes on to the provider (meta refresh and a link without JavaScript,
 * `location.assign` with it), which comes back here.
 */
export const handle = { i18n: ["exams"] } satisfies RouteHandle;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  ...(d?.payUrl ? [{ httpEquiv: "refresh", content: `0;url=${d.payUrl}` }] : []),
];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const url = new URL(args.request.url);
  const examId = idOf(url.searchParams.get("examId"));
  if (!examId) notFound(portal);
  const [info, i18n] = await Promise.all([
    loadPayInfo(portal.upstream, examId).catch((error: unknown) => {
      if (examNotFound(error)) notFound(portal);
      throw error;
    }),
    namespaces(args.request, handle),
  ]);
  const title = String((i18n.bundles.exams as { pay?: { title?: string } }).pay?.title ?? "");
  const go = url.searchParams.get("pay") === "1" && info.needPay && !info.payState && info.orderNo;
  const payUrl = go ? await payProviderUrl(portal.upstream, info.orderNo!, new URL(payResultHref(examId), args.request.url).toString()) : undefined;
  const headers: HeadersInit = { "Cache-Control": "private, no-store", ...(payUrl ? { "Referrer-Policy": "no-referrer" } : {}) };
  return data({ info, i18n, title, payUrl: payUrl ?? null, payFailed: Boolean(go && !payUrl) }, { headers });
}

export default function ExamPayResult() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "exams");
  const i = d.info;
  const paid = i.payState;
  useEffect(() => {
    if (d.payUrl) window.location.assign(d.payUrl);
  }, [d.payUrl]);
  if (d.payUrl) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4 p-4">
        <h1 className="text-2xl font-bold">{t("pay.going")}</h1>
        <p>
          <a href={d.payUrl} rel="noreferrer" className={buttonClass()} data-testid="pay-link">
            {t("pay.go")}
          </a>
        </p>
      </div>
    );
  }
  const failure = i.payResult === "failed" || i.payResult === "cancelled" ? t(`pay.result.${i.payResult}`) : null;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-bold">{t("pay.title")}</h1>
      {d.payFailed ? (
        <Notice tone="error" as="p" className="text-base">
          {t("refuse.payUnavailable")}
        </Notice>
      ) : null}
      <section
        className={`rounded-lg border p-4 ${paid ? "border-green-300 bg-green-50" : "border-amber-300 bg-amber-50"}`}
        role="status"
        data-testid="pay-result"
      >
        <h2 className="mb-2 text-lg font-semibold" data-testid="pay-state">
          {!i.needPay ? t("pay.paid") : paid ? t("pay.paid") : t("pay.unpaid")}
        </h2>
        <p>
          {!i.needPay
            ? t("pay.free", { name: i.examName })
            : paid
              ? t("pay.paidText", { name: i.examName, price: i.price })
              : failure
                ? t("pay.unpaidText", { name: i.examName, price: i.price, result: failure })
                : t("pay.unpaidNoResult", { name: i.examName, price: i.price })}
        </p>
        {i.orderNo ? <p className="mt-1 text-sm text-gray-700">{t("pay.order", { orderNo: i.orderNo })}</p> : null}
      </section>
      <p>
        <Link to={examIntroHref(i.examId)} className={buttonClass()}>
          {paid || !i.needPay ? t("pay.toExam") : t("pay.retry")}
        </Link>
      </p>
    </div>
  );
}
