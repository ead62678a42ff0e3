import { useTranslation } from "~/i18n-runtime";
import { CourseRows } from "./MyCourses";
import { Empty } from "./parts";

export type PlanCard = {
  planId: number;
  planName: string;
  summary: string;
  durationWeeks: number;
  stages: Array<{
    stageName: string;
    goal: string;
    courses: Array<{
      commodityId: number;
      courseId: number;
      courseName: string;
      enrolled: number;
      percent: number;
      lastLessonId?: number;
      continueHref: string | null;
    }>;
  }>;
};

/** The training plans the student joined (spec 001 §2 `/personal/course/plan`), stage by stage. */
export function MyPlans({ plans }: { plans: PlanCard[] }) {
  const { t } = useTranslation("study", { keyPrefix: "plan" });
  if (!plans.length)
    return (
      <Empty href="/trainingPlan/list" action={t("browse")}>
        {t("empty")}
      </Empty>
    );
  return (
    <ul className="space-y-4">
      {plans.map((p) => (
        <li key={p.planId} className="rounded border border-gray-200 p-4" data-testid="my-plan" data-plan-id={p.planId}>
          <h2 className="font-medium">
            <a href={`/trainingPlan/detail?id=${p.planId}`} className="hover:text-brand">
              {p.planName}
            </a>
          </h2>
          <p className="mt-1 text-sm text-gray-700">{p.summary}</p>
          <p className="mt-1 text-xs text-gray-600">{t("weeks", { count: p.durationWeeks })}</p>
          <ol className="mt-3 space-y-3">
            {p.stages.map((s) => (
              <li key={s.stageName}>
                <h3 className="text-sm font-medium">
                  {s.stageName} · <span className="font-normal text-gray-700">{s.goal}</span>
                </h3>
                <CourseRows courses={s.courses} />
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
