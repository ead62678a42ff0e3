import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { forwardCacheControl } from "~/components/catalog/headers";
import { preloadImage, sectionMeta } from "~/components/catalog/meta";
import { CourseGrid, Img, Price } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import type { NamespaceParts, RouteHandle } from "~/i18n.server";
import { useShell } from "~/components/shell/use-shell";
import { listPackages, listTeachers, recommendedCourses } from "~/services/catalog.server";
import { loadConfig } from "~/services/config.server";
import { listNews } from "~/services/news.server";
import { homeTemplateTarget } from "~/lib/security/redirect";
import { loadSection, cacheHeaders } from "~/lib/guards/sections.server";

// what home and its course cards and prices draw of the catalog strings (decision 090)
export const handle = { i18n: ["catalog"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { catalog: ["home", "course", "price"] } as const satisfies NamespaceParts;

export const headers = forwardCacheControl;

// the first course's cover is a phone's largest paint
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => [...sectionMeta(matches, "index"), ...preloadImage(d?.courses[0]?.cover)];

const HOME_COURSES = 8;
const HOME_PACKAGES = 4;
const HOME_NEWS = 6;
const HOME_TEACHERS = 4;

/**
 * The home page: the shell (root and school loaders) gives the site, schools and the continue-learning item; this
 * loader adds the school's content in the same single round (home config is a cache hit). A home
 * template of redirect type 1 with a link sends the visitor to that page (homePageTemplateRsp).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { portal, value, i18n } = await loadSection(
    args,
    "home",
    (p) =>
      Promise.all([
        loadConfig(p.upstream, "homeConfig"),
        recommendedCourses(p.upstream, HOME_COURSES),
        listPackages(p.upstream, 1, HOME_PACKAGES),
        listNews(p.upstream, 1, HOME_NEWS),
        listTeachers(p.upstream),
      ]),
    handle,
    PARTS,
  );
  const [homeConfig, courses, packages, news, teachers] = value;
  const template = homeConfig.homePageTemplateRsp;
  const link = template?.redirectType === "1" ? homeTemplateTarget(template.templateLink) : undefined;
  if (link) throw redirect(link);
  // what the blocks draw of each item (decision 090): the lists' summaries, counts, authors and dates stay out
  return data(
    {
      courses,
      packages: packages.records.map(({ id, packageName, cover, price, originalPrice, memberPrice }) => ({
        id,
        packageName,
        cover,
        price,
        originalPrice,
        memberPrice,
      })),
      news: news.records.map(({ id, title, publishTime }) => ({ id, title, publishTime })),
      teachers: teachers.slice(0, HOME_TEACHERS).map(({ id, teacherName, title, avatar }) => ({ id, teacherName, title, avatar })),
      i18n,
    },
    { headers: cacheHeaders(portal) },
  );
}

const SECTIONS = [
  ["/openCourse", "openCourse"],
  ["/answerslist/0", "qa"],
  ["/vip", "vip"],
  ["/apply", "apply"],
  ["/StudentsVoice", "voices"],
  ["/trainingPlan", "plans"],
  ["/appload", "app"],
] as const;

export default function HomeIndex() {
  const { courses, packages, news, teachers, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  const { t: tc } = useTranslation();
  const shell = useShell();
  if (!shell) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <section className="rounded-lg bg-brand-strong px-8 py-10 text-white" aria-labelledby="home-title">
        <h1 id="home-title" className="text-3xl font-bold">
          {shell.user
            ? tc(shell.user.newcomer ? "home.welcomeNew" : "home.welcomeUser", { name: shell.user.displayName })
            : tc("home.welcome", { name: shell.site.companyName })}
        </h1>
        <p className="mt-3">{tc("home.intro")}</p>
        {shell.lastLearn ? (
          <div className="mt-6 flex flex-wrap items-center gap-4 rounded bg-white/15 px-4 py-3" data-testid="continue-learning">
            <p className="text-sm">
              <span className="font-semibold">{t("home.continueTitle")}</span> {shell.lastLearn.courseName} · {shell.lastLearn.lessonName}
            </p>
            <Link to={shell.lastLearn.href} className="rounded bg-white px-4 py-1.5 text-sm font-medium text-gray-900">
              {t("home.continueLearning")}
            </Link>
          </div>
        ) : null}
      </section>

      <nav aria-label={t("home.sections")} className="mt-6">
        <ul className="flex flex-wrap gap-3 text-sm">
          {SECTIONS.map(([href, key]) => (
            <li key={href}>
              <Link to={href} className="inline-block rounded-full border border-gray-300 bg-white px-4 py-1.5 hover:border-brand">
                {t(`home.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {/* issue 12 §2: a school without courses (company 4) says so instead of a heading over blank space */}
      <Block id="home-courses" title={t("home.recommended")} more={courses.length ? { href: "/course/list", label: t("home.allCourses") } : undefined}>
        {courses.length ? (
          <CourseGrid courses={courses} t={t} eagerCount={4} />
        ) : (
          <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-gray-600" data-testid="home-no-courses">
            {t("home.noCourses")}
          </p>
        )}
      </Block>

      {packages.length ? (
        <Block id="home-packages" title={t("home.packages")} more={{ href: "/coursePackage/list", label: t("home.allPackages") }}>
          <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            {packages.map((p) => (
              <li key={p.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white">
                <Link to={`/coursePackage/detail/${p.id}`} className="block">
                  <Img src={p.cover} alt="" width={320} height={180} />
                  <div className="p-3">
                    <h3 className="font-medium">{p.packageName}</h3>
                    <Price item={p} t={t} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </Block>
      ) : null}

      <div className="grid gap-8 md:grid-cols-2">
        {news.length ? (
          <Block id="home-news" title={t("home.news")} more={{ href: "/news", label: t("home.allNews") }}>
            <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
              {news.map((n) => (
                <li key={n.id} className="flex justify-between gap-3 px-4 py-2 text-sm">
                  <Link to={`/newsdetails/${n.id}`} className="truncate">
                    {n.title}
                  </Link>
                  <span className="shrink-0 text-gray-600">{n.publishTime.slice(0, 10)}</span>
                </li>
              ))}
            </ul>
          </Block>
        ) : null}
        {teachers.length ? (
          <Block id="home-teachers" title={t("home.teachers")} more={{ href: "/teachers", label: t("home.allTeachers") }}>
            <ul className="grid grid-cols-2 gap-3">
              {teachers.map((teacher) => (
                <li key={teacher.id} className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3">
                  <div className="w-12 shrink-0">
                    <Img src={teacher.avatar} alt="" width={48} height={48} className="rounded-full" />
                  </div>
                  <div className="min-w-0">
                    <Link to={`/teachersdetail?id=${teacher.id}`} className="font-medium">
                      {teacher.teacherName}
                    </Link>
                    <p className="truncate text-xs text-gray-600">{teacher.title}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Block>
        ) : null}
      </div>

      {shell.schools.length > 1 ? (
        <section className="mt-10" aria-labelledby="schools-heading">
          <h2 id="schools-heading" className="text-xl font-semibold">
            {tc("home.schoolsHeading")}
          </h2>
          <p className="text-sm text-gray-600">{tc("home.schoolCount", { count: shell.schoolTotal })}</p>
          <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
            {shell.schools.map((school) => (
              <li key={school.id} className="rounded border border-gray-200 bg-white px-4 py-3">
                <Link to={school.main || !school.suffix ? "/home/index" : `/home/index/${encodeURIComponent(school.suffix)}`}>{school.name}</Link>
                {school.main ? <span className="ml-2 text-xs text-gray-600">{tc("home.mainSchool")}</span> : null}
                {shell.school?.id === school.id ? <span className="ml-2 text-xs text-brand-strong">{tc("home.current")}</span> : null}
              </li>
            ))}
          </ul>
          {/* issue 12 §2: the home page shows the first schools only; the rest are on /home/choice */}
          {shell.schoolTotal > shell.schools.length ? (
            <p className="mt-3 text-right">
              <Link to="/home/choice" className="text-sm text-brand-strong underline" data-testid="all-schools">
                {tc("home.allSchools", { count: shell.schoolTotal })}
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function Block({ id, title, more, children }: { id: string; title: string; more?: { href: string; label: string }; children: React.ReactNode }) {
  return (
    <section className="mt-10" aria-labelledby={id}>
      <div className="mb-4 flex items-baseline justify-between">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {more ? (
          <Link to={more.href} className="text-sm text-brand-strong">
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
