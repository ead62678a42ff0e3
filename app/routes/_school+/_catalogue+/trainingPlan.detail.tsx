import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { checkoutHref } from "~/services/study-links";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { useNamespaces } from "~/components/use-namespaces";
import { CourseGrid, Img, yuan } from "~/components/catalog/parts";
import { getTrainingPlan } from "~/services/school-content.server";
import { loadSectionItem, cacheHeaders } from "~/lib/guards/sections.server";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "trainingPlan", d?.plan.planName, d?.plan.summary);

/** `/trainingPlan/detail?id={planId}`. */
export async function loader(args: LoaderFunctionArgs) {
  const { portal, item: plan, i18n } = await loadSectionItem(args, "trainingPlan", new URL(args.request.url).searchParams.get("id"), getTrainingPlan);
  return data({ plan, i18n }, { headers: cacheHeaders(portal) });
}

export default function TrainingPlanDetail() {
  const { plan, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionDetail width="max-w-6xl" labelId="plan-title" crumbs={<Link to="/trainingPlan/list">{t("plans.listTitle")}</Link>} t={t}>
      <div className="grid gap-6 rounded-lg border border-gray-200 bg-white p-4 md:grid-cols-[320px_1fr]">
        <Img src={plan.cover} alt={plan.planName} width={320} height={180} eager className="rounded" />
        <div>
          <h1 id="plan-title" className="text-2xl font-bold">
            {plan.planName}
          </h1>
          <p className="mt-2">{plan.summary}</p>
          <p className="mt-2 text-sm text-gray-600">{t("plans.meta", { target: plan.target, weeks: plan.durationWeeks })}</p>
          <p className="mt-2 text-lg font-semibold text-red-700">{yuan(plan.price)}</p>
          <Link to={checkoutHref({ planId: plan.id })} className={buttonClass({ variant: "strong", size: "lg", className: "mt-4" })}>
            {t("course.buy")}
          </Link>
        </div>
      </div>
      {plan.stages.map((stage, i) => (
        <section key={i} aria-labelledby={`stage-${i}`} className="mt-8">
          <h2 id={`stage-${i}`} className="text-xl font-semibold">
            {stage.stageName} · {stage.goal}
          </h2>
          <div className="mt-3">
            <CourseGrid courses={stage.courses} t={t} />
          </div>
        </section>
      ))}
    </SectionDetail>
  );
}
