import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MyPlans } from "~/components/study/courses/MyPlans";
import { StudyPage } from "~/components/study/courses/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requirePermitted } from "~/services/personal-menu.server";
import { continueHref, myPlans } from "~/services/my-courses.server";

export const handle = { i18n: ["study"] } satisfies RouteHandle;

/** The training plans the student joined (spec 001 §2 `/personal/course/plan`), each stage's courses with progress. */
export async function loader(args: LoaderFunctionArgs) {
  // the login guard (no upstream call), then the permission check in the same round as the page's calls
  const portal = await requireStudent(args);
  const [, plans, i18n] = await Promise.all([requirePermitted(portal, "course.plan"), myPlans(portal.upstream), namespaces(args.request, handle)]);
  return {
    plans: plans.map((p) => ({
      ...p,
      stages: p.stages.map((s) => ({ ...s, courses: s.courses.map((c) => ({ ...c, continueHref: c.enrolled ? continueHref(c) : null })) })),
    })),
    i18n,
  };
}

export default function PlanPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "study");
  return (
    <StudyPage title={t("titles.plan")} testId="my-plans">
      <MyPlans plans={d.plans} />
    </StudyPage>
  );
}
