import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { sectionHeaders } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { CourseGrid, Empty, Pager, SectionPage } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces } from "~/i18n.server";
import { COURSE_NAME_MAX, COURSE_SORTS, courseListHref, courseQueryOf, PRICE_TYPES } from "~/components/catalog/query";
import { listCategories, searchCourses } from "~/services/catalog.server";
import { getPortal } from "~/services/portal.server";
import { requireSectionAccess, sectionHeaders as cacheHeaders } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };

export const headers = sectionHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) =>
  sectionMeta(matches, "course", d?.query.courseName ? d.title : undefined);

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const query = courseQueryOf(new URL(args.request.url));
  const [, categories, page, i18n] = await Promise.all([
    requireSectionAccess(portal, "course"),
    listCategories(portal.upstream),
    searchCourses(portal.upstream, query),
    namespaces(args.request, ["catalog"]),
  ]);
  const title = query.courseName ? `“${query.courseName}”` : "";
  return data({ query, categories: categories.filter((c) => c.parentId === 0), page, i18n, title }, { headers: cacheHeaders(portal) });
}

export default function CourseList() {
  const { query, categories, page, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  const chip = (active: boolean) => `rounded-full px-3 py-1 text-sm ${active ? "bg-brand-strong text-white" : "bg-gray-100 text-gray-800 hover:bg-gray-200"}`;
  return (
    <SectionPage
      title={query.courseName ? t("courseList.searchTitle", { name: query.courseName }) : t("courseList.title")}
      intro={<p>{t("courseList.total", { count: page.total })}</p>}
    >
      <Form method="get" action="/course/list" className="mb-4 flex max-w-md gap-2" role="search">
        <label htmlFor="course-search" className="sr-only">
          {t("courseList.searchLabel")}
        </label>
        <input
          id="course-search"
          name="courseName"
          type="search"
          maxLength={COURSE_NAME_MAX}
          defaultValue={query.courseName}
          placeholder={t("courseList.searchPlaceholder")}
          className="flex-1 rounded border border-gray-400 px-3 py-1.5"
        />
        {query.categoryId ? <input type="hidden" name="categoryId" value={query.categoryId} /> : null}
        <button type="submit" className="rounded bg-brand-strong px-4 py-1.5 text-white">
          {t("courseList.search")}
        </button>
      </Form>
      <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        <nav aria-label={t("courseList.categories")} className="flex flex-wrap items-center gap-2">
          <span className="mr-2 text-sm text-gray-700">{t("courseList.categories")}</span>
          <Link to={courseListHref(query, { categoryId: undefined })} className={chip(!query.categoryId)} aria-current={!query.categoryId ? "page" : undefined}>
            {t("courseList.all")}
          </Link>
          {categories.map((c) => (
            <Link key={c.id} to={courseListHref(query, { categoryId: c.id })} className={chip(query.categoryId === c.id)} aria-current={query.categoryId === c.id ? "page" : undefined}>
              {c.categoryName}
            </Link>
          ))}
        </nav>
        <nav aria-label={t("courseList.priceFilter")} className="flex flex-wrap items-center gap-2">
          <span className="mr-2 text-sm text-gray-700">{t("courseList.priceFilter")}</span>
          {PRICE_TYPES.map((p) => (
            <Link key={p} to={courseListHref(query, { priceType: p })} className={chip(query.priceType === p)} aria-current={query.priceType === p ? "page" : undefined}>
              {t(`courseList.price.${p}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t("courseList.sortLabel")} className="flex flex-wrap items-center gap-2">
          <span className="mr-2 text-sm text-gray-700">{t("courseList.sortLabel")}</span>
          {COURSE_SORTS.map((s) => (
            <Link key={s} to={courseListHref(query, { sort: s })} className={chip(query.sort === s)} aria-current={query.sort === s ? "page" : undefined}>
              {t(`courseList.sort.${s}`)}
            </Link>
          ))}
        </nav>
      </div>
      <div className="mt-6">
        {page.records.length ? (
          <CourseGrid courses={page.records} t={t} eagerCount={4} />
        ) : (
          <Empty>{query.courseName ? t("courseList.emptySearch", { name: query.courseName }) : t("courseList.empty")}</Empty>
        )}
      </div>
      <Pager current={page.current || query.page} total={page.total} size={page.size || 12} href={(p) => courseListHref(query, { page: p })} t={t} />
    </SectionPage>
  );
}
