import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces } from "~/i18n.server";
import { examIntroHref } from "~/services/exam-links";
import { examNotFound, loadPayInfo } from "~/services/exams.server";
import { requireStudent } from "~/services/guards.server";
import { idOf, notFound } from "~/services/sections.server";

/**
 * The exam fee's payment result (spec 001 §2 `/lib/subject/exampaper/payresult`; §7 queryPayInfo/{id};
 * decision 034): `?examId=` (the provider adds `orderNo`, which is not trusted: the page reads the fee's
 * order through the upstream, as `/payment/result` does for course orders).
 */
export const handle = { i18n: ["exams"] };
export const headers = () => ({ "Cache-Control": "private, no-store" });
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const examId = idOf(new URL(args.request.url).searchParams.get("examId"));
  if (!examId) notFound(portal);
  const [info, i18n] = await Promise.all([
    loadPayInfo(portal.upstream, examId).catch((error: unknown) => {
      if (examNotFound(error)) notFound(portal);
      throw error;
    }),
    namespaces(args.request, ["exams"]),
  ]);
  const title = String((i18n.bundles.exams as { pay?: { title?: string } }).pay?.title ?? "");
  return data({ info, i18n, title }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function ExamPayResult() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "exams");
  const i = d.info;
  const paid = i.payState;
  const failure = i.payResult === "failed" || i.payResult === "cancelled" ? t(`pay.result.${i.payResult}`) : null;
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-bold">{t("pay.title")}</h1>
      <section className={`rounded-lg border p-4 ${paid ? "border-green-300 bg-green-50" : "border-amber-300 bg-amber-50"}`} role="status" data-testid="pay-result">
        <h2 className="mb-2 text-lg font-semibold" data-testid="pay-state">{!i.needPay ? t("pay.paid") : paid ? t("pay.paid") : t("pay.unpaid")}</h2>
        <p>
          {!i.needPay ? t("pay.free", { name: i.examName })
            : paid ? t("pay.paidText", { name: i.examName, price: i.price })
            : failure ? t("pay.unpaidText", { name: i.examName, price: i.price, result: failure })
            : t("pay.unpaidNoResult", { name: i.examName, price: i.price })}
        </p>
        {i.orderNo ? <p className="mt-1 text-sm text-gray-700">{t("pay.order", { orderNo: i.orderNo })}</p> : null}
      </section>
      <p>
        <Link to={examIntroHref(i.examId)} className="rounded bg-blue-700 px-4 py-2 text-white">{paid || !i.needPay ? t("pay.toExam") : t("pay.retry")}</Link>
      </p>
    </main>
  );
}
