import { BuyBar, BuyBarSpace } from "~/components/catalog/BuyBar";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { preloadImage, sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { ChapterList } from "~/components/catalog/course";
import { Img, isLifetime, minutes, Price } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { useShell } from "~/components/shell/use-shell";
import { AddToCart } from "~/components/shop/AddToCart";
import { getCourse } from "~/services/catalog.server";
import { isLoggedIn } from "~/lib/portal.server";
import { loadSectionItem, cacheHeaders } from "~/lib/guards/sections.server";
import { checkoutHref } from "~/services/study-links";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["catalog"] };

export const headers = forwardCacheControl;

export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => [
  ...sectionMeta(matches, "course", d?.course.courseName, d?.course.summary),
  ...preloadImage(d?.course.cover),
];

export async function loader(args: LoaderFunctionArgs) {
  const { portal, item: course, i18n } = await loadSectionItem(args, "course", args.params.id, getCourse);
  return data({ course, loggedIn: isLoggedIn(portal), i18n }, { headers: cacheHeaders(portal) });
}

export default function CourseDetail() {
  const { course, loggedIn, i18n } = useLoaderData<typeof loader>();
  const shell = useShell();
  const { t } = useNamespaces(i18n);
  const free = course.freeFlag === 1 || course.price === 0;
  const contentsHref = `/course/detail/${course.commodityId}/${course.courseId}/contents`;
  const lessons = course.chapters.reduce((n, c) => n + c.lessons.length, 0);
  return (
    <SectionDetail
      width="max-w-6xl"
      labelId="course-title"
      crumbs={
        <>
          <Link to="/course/list">{t("courseList.title")}</Link>
          {course.categoryId ? (
            <>
              {" / "}
              <Link to={`/course/list?categoryId=${course.categoryId}`}>{course.categoryName}</Link>
            </>
          ) : null}
        </>
      }
      t={t}
    >
      <div className="grid gap-6 rounded-lg border border-gray-200 bg-white p-4 md:grid-cols-[400px_1fr]">
        <Img src={course.cover} alt={course.courseName} width={400} height={225} eager className="rounded" />
        <div>
          <h1 id="course-title" className="text-2xl font-bold">
            {course.courseName}
          </h1>
          <p className="mt-2 text-gray-700">{course.summary}</p>
          <p className="mt-2 text-sm text-gray-600">
            {t("course.stats", { lessons: course.lessonCount || lessons, students: course.studyCount })} ·{" "}
            {t("course.duration", { minutes: minutes(course.totalDurationS) })}
            {course.validDays ? ` · ${isLifetime(course.validDays) ? t("course.validLifetime") : t("course.validDays", { days: course.validDays })}` : null}
          </p>
          <BuyBar label={t("course.buyBar")} price={<Price item={course} t={t} large />}>
            {free ? (
              <Link to={contentsHref} className={buttonClass({ variant: "strong", size: "lg" })}>
                {t("course.startStudy")}
              </Link>
            ) : (
              <>
                <Link to={checkoutHref({ commodityId: course.commodityId })} className={buttonClass({ variant: "strong", size: "lg" })}>
                  {t("course.buy")}
                </Link>
                {shell?.cartCount !== null || !loggedIn ? <AddToCart commodityId={course.commodityId} commodityType={1} name={course.courseName} /> : null}
                {/* the trial is no purchase: on a phone it stays in the page, out of the bar */}
                <Link to={contentsHref} className={`${buttonClass({ variant: "outline", size: "lg" })} max-md:hidden`}>
                  {t("course.tryStudy")}
                </Link>
              </>
            )}
          </BuyBar>
          {free ? null : (
            <Link to={contentsHref} className={`${buttonClass({ variant: "outline", size: "lg" })} mt-4 md:hidden`}>
              {t("course.tryStudy")}
            </Link>
          )}
        </div>
      </div>

      <div className="mt-8 grid gap-8 md:grid-cols-[1fr_280px]">
        <div>
          <section aria-labelledby="intro-heading">
            <h2 id="intro-heading" className="text-xl font-semibold">
              {t("course.introduction")}
            </h2>
            {course.introduction.map((p, i) => (
              <p key={i} className="mt-2 leading-7 text-gray-800">
                {p}
              </p>
            ))}
          </section>
          <section aria-labelledby="chapters-heading" className="mt-8">
            <h2 id="chapters-heading" className="text-xl font-semibold">
              {t("course.chapters")}
            </h2>
            <ChapterList chapters={course.chapters} t={t} />
            <Link to={contentsHref} className="mt-3 inline-block text-brand-strong underline">
              {t("course.allContents")}
            </Link>
          </section>
        </div>
        <aside aria-labelledby="teachers-heading">
          <h2 id="teachers-heading" className="text-xl font-semibold">
            {t("course.teachers")}
          </h2>
          <ul className="mt-3 space-y-4">
            {course.teachers.map((teacher) => (
              <li key={teacher.id} className="flex gap-3">
                <div className="w-14 shrink-0">
                  <Img src={teacher.avatar} alt="" width={56} height={56} className="rounded-full" />
                </div>
                <div>
                  <Link to={`/teachersdetail?id=${teacher.id}`} className="font-medium">
                    {teacher.teacherName}
                  </Link>
                  <p className="text-xs text-gray-600">{teacher.title}</p>
                  <p className="mt-1 text-sm text-gray-700">{teacher.intro}</p>
                </div>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      <BuyBarSpace />
    </SectionDetail>
  );
}
