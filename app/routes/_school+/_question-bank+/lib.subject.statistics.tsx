import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { QBANK_HOME, statisticsHref } from "~/services/qbank-links";
import { TrendChart } from "~/components/qbank/TrendChart";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { loginRedirect } from "~/lib/guards/guards.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loadTrend, TREND_KINDS, type TrendKind } from "~/services/qbank.server";

/** Practice statistics by weeks, years and academic year (spec 001 §7), charted on the server as SVG. */
export const handle = { i18n: ["qbank"] } satisfies RouteHandle;
export const headers = () => ({ "Cache-Control": "private, no-store" });
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? String((d.i18n.bundles.qbank as unknown as { stats?: { title?: string } }).stats?.title ?? "") : "" },
];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  if (!isLoggedIn(portal)) throw loginRedirect(args.request);
  const asked = new URL(args.request.url).searchParams.get("by");
  const by: TrendKind = TREND_KINDS.find((k) => k === asked) ?? "weeks";
  const [trend, i18n] = await Promise.all([loadTrend(portal.upstream, by), namespaces(args.request, handle)]);
  return data({ by, buckets: trend.buckets, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Statistics() {
  const { by, buckets, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "qbank");
  const answered = buckets.reduce((n, b) => n + b.answered, 0);
  const right = buckets.reduce((n, b) => n + b.right, 0);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <p>
        <Link to={QBANK_HOME} className="text-sm text-brand">
          {t("overview.back")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t("stats.title")}</h1>
      <nav aria-label={t("stats.title")} className="flex gap-2">
        {(["weeks", "years", "academicYear"] as const).map((k) => (
          <Link
            key={k}
            to={statisticsHref(k)}
            aria-current={k === by ? "page" : undefined}
            className={`rounded border border-gray-300 px-3 py-1 text-sm ${k === by ? "border-brand bg-brand text-white" : ""}`}
          >
            {t(`stats.${k}`)}
          </Link>
        ))}
      </nav>
      <TrendChart buckets={buckets} title={t("stats.chart", { by: t(`stats.${by}`) })} t={t} />
      <p data-testid="trend-total">{t("stats.total", { answered, right })}</p>
    </div>
  );
}
