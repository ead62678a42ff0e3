import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { PlanList } from "~/components/catalog/plans";
import { listTrainingPlans } from "~/services/school-content.server";
import { loadSection, cacheHeaders, titleOf } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "trainingPlan", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const { portal, value: plans, i18n } = await loadSection(args, "trainingPlan", (p) => listTrainingPlans(p.upstream));
  return data({ plans, i18n, title: titleOf(i18n, "plans.listTitle") }, { headers: cacheHeaders(portal) });
}

export default function TrainingPlanList() {
  const { plans, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return <PlanList title={t("plans.listTitle")} plans={plans} t={t} footer={<Link to="/trainingPlan">{t("plans.title")}</Link>} />;
}
