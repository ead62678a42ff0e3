import { useTranslation } from "~/i18n-runtime";
import { contentsHref } from "~/services/study-links";
import { Empty, ProgressBar } from "./parts";
import { useTimes } from "~/components/use-times";
import { Pager, pagerWords } from "~/components/ui/Pager";
import { buttonClass } from "~/components/ui/Button";
import { SearchForm } from "~/components/ui/SearchForm";

export type CourseCard = {
  commodityId: number;
  courseId: number;
  courseName: string;
  cover: string;
  packageName?: string | null;
  lessonCount: number;
  finishedCount: number;
  percent: number;
  expired: number;
  lastLessonId?: number;
  continueHref: string | null;
};

/** My courses (spec 001 §2 `/personal/course/lessons`): a name search, progress, continue where the student stopped. */
export function MyCourses({
  courses,
  total,
  page,
  pages,
  courseName,
}: {
  courses: CourseCard[];
  total: number;
  page: number;
  pages: number;
  courseName: string;
}) {
  const { t } = useTranslation("study", { keyPrefix: "lessons" });
  const { t: tPager } = useTranslation("study", { keyPrefix: "pager" });
  const href = (p: number) => `?${new URLSearchParams({ ...(courseName ? { courseName } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <div>
      <SearchForm id="course-name" name="courseName" label={t("searchLabel")} button={t("search")} defaultValue={courseName} />
      {total === 0 ? (
        courseName ? (
          <Empty>{t("emptySearch", { name: courseName })}</Empty>
        ) : (
          <Empty href="/course/list" action={t("browse")}>
            {t("empty")}
          </Empty>
        )
      ) : (
        <ul className="mt-4 divide-y divide-gray-100">
          {courses.map((c, i) => (
            <li key={c.commodityId} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="my-course" data-commodity-id={c.commodityId}>
              {/* the first two are in a phone's first screen (the page's largest paint): first; the rest when scrolled to (decision 089) */}
              <img
                src={c.cover}
                alt=""
                width={160}
                height={90}
                {...(i < 2 ? { fetchpriority: "high" } : { loading: "lazy" as const })}
                className="h-[90px] w-[160px] shrink-0 rounded bg-gray-100 object-cover"
              />
              <div className="min-w-0 flex-1">
                <h2 className="font-medium">{c.courseName}</h2>
                {c.packageName ? <p className="mt-0.5 text-xs text-gray-600">{t("fromPackage", { name: c.packageName })}</p> : null}
                <p className="mt-1 text-xs text-gray-600">{t("progress", { finished: c.finishedCount, total: c.lessonCount })}</p>
                <div className="mt-1">
                  <ProgressBar percent={c.percent} label={t("percent", { percent: c.percent })} />
                </div>
              </div>
              <div className="flex shrink-0 gap-2 text-sm">
                {c.expired ? (
                  <span className="rounded bg-gray-200 px-3 py-1.5 text-gray-700">{t("expired")}</span>
                ) : c.continueHref ? (
                  <a
                    href={c.continueHref}
                    aria-label={t("continueLabel", { course: c.courseName })}
                    className={buttonClass({ size: "sm" })}
                    data-testid="continue"
                  >
                    {c.lastLessonId ? t("continue") : t("start")}
                  </a>
                ) : null}
                <a href={contentsHref(c.commodityId, c.courseId)} className="rounded border border-gray-300 px-3 py-1.5">
                  {t("contents")}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager current={page} pages={pages} href={href} reloadDocument className="mt-4" words={pagerWords(tPager)} />
    </div>
  );
}

export type PackageCard = {
  packageId: number;
  packageName: string;
  cover: string;
  expireTime?: number | null;
  courses: Array<{ commodityId: number; courseId: number; courseName: string; percent: number; lastLessonId?: number; continueHref: string | null }>;
};

/** My packages (spec 001 §2 `/personal/course/package`): each package's courses with progress and continue. */
export function MyPackages({ packages }: { packages: PackageCard[] }) {
  const { t } = useTranslation("study");
  const { day: dayOf } = useTimes();
  if (!packages.length)
    return (
      <Empty href="/coursePackage/list" action={t("package.browse")}>
        {t("package.empty")}
      </Empty>
    );
  return (
    <ul className="space-y-4">
      {packages.map((p) => (
        <li key={p.packageId} className="rounded border border-gray-200 p-4" data-testid="my-package" data-package-id={p.packageId}>
          <div className="flex items-center gap-3">
            <img src={p.cover} alt="" width={96} height={54} className="h-[54px] w-[96px] rounded bg-gray-100 object-cover" />
            <div>
              <h2 className="font-medium">{p.packageName}</h2>
              <p className="text-xs text-gray-600">
                {t("package.courses", { count: p.courses.length })}
                {p.expireTime ? ` · ${t("package.expire", { date: dayOf(p.expireTime) })}` : ""}
              </p>
            </div>
          </div>
          <CourseRows courses={p.courses} />
        </li>
      ))}
    </ul>
  );
}

/** Rows of courses with progress and continue (packages, plan stages). */
export function CourseRows({
  courses,
}: {
  courses: Array<{
    commodityId: number;
    courseId: number;
    courseName: string;
    percent: number;
    lastLessonId?: number;
    continueHref: string | null;
    enrolled?: number;
  }>;
}) {
  const { t } = useTranslation("study");
  return (
    <ul className="mt-3 divide-y divide-gray-100">
      {courses.map((c) => (
        <li key={c.commodityId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span>{c.courseName}</span>
          <span className="flex items-center gap-3">
            {c.enrolled === 0 ? (
              <>
                <span className="text-xs text-gray-600">{t("plan.notEnrolled")}</span>
                <a href={`/course/detail/${c.commodityId}`} className="text-brand underline">
                  {t("plan.view")}
                </a>
              </>
            ) : (
              <>
                <ProgressBar percent={c.percent} label={t("lessons.percent", { percent: c.percent })} />
                {c.continueHref ? (
                  <a href={c.continueHref} aria-label={t("lessons.continueLabel", { course: c.courseName })} className="text-brand underline">
                    {c.lastLessonId ? t("lessons.continue") : t("lessons.start")}
                  </a>
                ) : null}
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
