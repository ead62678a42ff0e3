import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { CourseGrid } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { useNamespaces } from "~/components/use-namespaces";
import type { NamespaceParts, RouteHandle } from "~/i18n.server";
import { useShell } from "~/components/shell/use-shell";
import { AddToCart } from "~/components/shop/AddToCart";
import { COURSE_NAME_MAX, COURSE_PAGE_SIZE, COURSE_SORTS, courseListHref, courseQueryOf, PRICE_TYPES, type CourseQuery } from "~/forms/course-query";
import { listCategories, searchCourses } from "~/services/catalog.server";
import { loadSection, cacheHeaders, redirectPastLastPage } from "~/lib/guards/sections.server";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Input } from "~/components/ui/Input";

// what the list, its cards, pager and add-to-cart buttons draw of the catalog strings (decision 090)
export const handle = { i18n: ["catalog"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { catalog: ["courseList", "course", "price", "pager", "cart"] } as const satisfies NamespaceParts;

export const headers = forwardCacheControl;

export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "course", d?.query.courseName ? d.title : undefined);

export async function loader(args: LoaderFunctionArgs) {
  const query = courseQueryOf(new URL(args.request.url));
  const { portal, value, i18n } = await loadSection(
    args,
    "course",
    (p) => Promise.all([listCategories(p.upstream), searchCourses(p.upstream, query)]),
    handle,
    PARTS,
  );
  const [categories, page] = value;
  redirectPastLastPage(args.request, page, query.page, COURSE_PAGE_SIZE);
  const title = query.courseName ? `“${query.courseName}”` : "";
  return data({ query, categories: categories.filter((c) => c.parentId === 0), page, i18n, title }, { headers: cacheHeaders(portal) });
}

export default function CourseList() {
  const { query, categories, page, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  const shell = useShell();
  // the cart is shown to visitors (their add goes to login) and to users of a school with the cart open
  const cartOn = !shell?.user || shell.cartCount !== null;
  return (
    <SectionList
      title={query.courseName ? t("courseList.searchTitle", { name: query.courseName }) : t("courseList.title")}
      intro={t("courseList.total", { count: page.total })}
      filters={<CourseFilters query={query} categories={categories} t={t} />}
      items={page.records}
      empty={query.courseName ? t("courseList.emptySearch", { name: query.courseName }) : t("courseList.empty")}
      pager={{ current: page.current || query.page, total: page.total, size: page.size || 12, href: (p) => courseListHref(query, { page: p }) }}
      t={t}
    >
      {(records) => (
        <CourseGrid
          courses={records}
          t={t}
          eagerCount={4}
          action={
            cartOn
              ? (c) => (c.freeFlag === 1 || c.price === 0 ? null : <AddToCart commodityId={c.commodityId} commodityType={1} name={c.courseName} size="sm" />)
              : undefined
          }
        />
      )}
    </SectionList>
  );
}

/** The search box and the category, price and sort links above the course list (plain GET links and form). */
function CourseFilters({ query, categories, t }: { query: CourseQuery; categories: Array<{ id: number; categoryName: string }>; t: TFunction }) {
  return (
    <>
      <Form method="get" action="/course/list" className="mb-4 flex max-w-md gap-2" role="search">
        <label htmlFor="course-search" className="sr-only">
          {t("courseList.searchLabel")}
        </label>
        <Input
          id="course-search"
          name="courseName"
          type="search"
          maxLength={COURSE_NAME_MAX}
          defaultValue={query.courseName}
          placeholder={t("courseList.searchPlaceholder")}
          className="flex-1"
        />
        {query.categoryId ? <HiddenInput name="categoryId" value={query.categoryId} /> : null}
        <Button type="submit" variant="strong">
          {t("courseList.search")}
        </Button>
      </Form>
      <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        <ChipRow
          label={t("courseList.categories")}
          chips={[
            { key: "all", to: courseListHref(query, { categoryId: undefined }), active: !query.categoryId, text: t("courseList.all") },
            ...categories.map((c) => ({ key: c.id, to: courseListHref(query, { categoryId: c.id }), active: query.categoryId === c.id, text: c.categoryName })),
          ]}
        />
        <ChipRow
          label={t("courseList.priceFilter")}
          chips={PRICE_TYPES.map((p) => ({
            key: p,
            to: courseListHref(query, { priceType: p }),
            active: query.priceType === p,
            text: t(`courseList.price.${p}`),
          }))}
        />
        <ChipRow
          label={t("courseList.sortLabel")}
          chips={COURSE_SORTS.map((s) => ({ key: s, to: courseListHref(query, { sort: s }), active: query.sort === s, text: t(`courseList.sort.${s}`) }))}
        />
      </div>
    </>
  );
}

/** One filter: its label, then a link per choice; the current one is marked (aria-current) and filled. */
function ChipRow({ label, chips }: { label: string; chips: Array<{ key: string | number; to: string; active: boolean; text: string }> }) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="mr-2 text-sm text-gray-700">{label}</span>
      {chips.map((c) => (
        <Link
          key={c.key}
          to={c.to}
          className={`rounded-full px-3 py-1 text-sm ${c.active ? "bg-brand-strong text-white" : "bg-gray-100 text-gray-800 hover:bg-gray-200"}`}
          aria-current={c.active ? "page" : undefined}
        >
          {c.text}
        </Link>
      ))}
    </nav>
  );
}
