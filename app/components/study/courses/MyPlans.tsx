import { useTranslation } from "~/i18n-runtime";
import { CourseRows } from "./MyCourses";
import { Empty } from "./parts";

export type PlanCard = {
  planId: number; planName: string; summary: string; durationWeeks: number;
  stages: Array<{ stageName: string; goal: string; courses: Array<{ commodityId: number; courseId: number; courseName: string; enrolled: number; percent: number; lastLessonId?: number; continueHref: string | null }> }>;
};

/** The training plans the student joined (spec 001 §2 `/personal/course/plan`), stage by stage. */
export function MyPlans({ plans }: { plans: PlanCard[] }) {
  const { t } = useTranslation("study", { keyPrefix: "plan" });
  if (!plans.length) return <Empty href="/trainingPlan/list" action={t("browse")}>{t("empty")}</Empty>;
  return (
    <ul className="space-y-4">
      {plans.map((p) => (
        <li key={p.planId} className="rounded border border-gray-200 p-4" data-testid="my-plan" data-plan-id={p.planId}>
          <h2 className="font-medium">
            <a href={`/trainingPlan/detail?id=${p.planId}`} className="hover:text-brand">{p.planName}</a>
          </h2>
          <p className="mt-1 text-sm text-gray-700">{p.summary}</p>
          <p className="mt-1 text-xs text-gray-600">{t("weeks", { count: p.durationWeeks })}</p>
          <ol className="mt-3 space-y-3">
            {p.stages.map((s) => (
              <li key={s.stageName}>
                <h3 className="text-sm font-medium">{s.stageName} · <span className="font-normal text-gray-700">{s.goal}</span></h3>
                <CourseRows courses={s.courses} />
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}

export type SignUpCard = { itemUserId: number; itemId: number; title: string; examName: string; examTime: string; place: string; fee: number; status: number; signTime: string };

/** My proxy exam sign-ups (spec 001 §2 `/personal/course/apply`, §7 'Instead sign-up' myInsteadSignList). */
export function MySignUps({ signUps }: { signUps: SignUpCard[] }) {
  const { t } = useTranslation("study", { keyPrefix: "apply" });
  if (!signUps.length) return <Empty href="/apply" action={t("browse")}>{t("empty")}</Empty>;
  const tone = ["bg-amber-100 text-amber-900", "bg-green-100 text-green-900", "bg-red-100 text-red-900"];
  return (
    <ul className="divide-y divide-gray-100">
      {signUps.map((s) => (
        <li key={s.itemUserId} className="py-3" data-testid="sign-up" data-status={s.status}>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-medium">{s.title}</h2>
            <span className={`rounded px-1.5 py-0.5 text-xs ${tone[s.status] ?? "bg-gray-100"}`}>{t(`status.${s.status}`)}</span>
          </div>
          <p className="mt-1 text-sm text-gray-700">{t("examTime", { time: s.examTime })} · {t("place", { place: s.place })} · {t("fee", { fee: s.fee })}</p>
          <p className="mt-0.5 text-xs text-gray-600">{t("signTime", { time: s.signTime })}</p>
          <a href={`/applydetail/${s.itemId}`} className="mt-1 inline-block text-sm text-brand underline">{t("detail")}</a>
        </li>
      ))}
    </ul>
  );
}
