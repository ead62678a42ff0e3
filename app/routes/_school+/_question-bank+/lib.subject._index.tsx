import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { Block, qbankPagerWords } from "~/components/qbank/parts";
import { Pager } from "~/components/ui/Pager";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { EXAM_LIST } from "~/services/exam-links";
import { collectHref, doingHref, overviewHref, QBANK_HOME, statisticsHref, wrongHref } from "~/services/qbank-links";
import { loadAllCategories, loadCategoryOptions, loadStatistics, loadStudiedCategories, loadSubjects, loadUnfinished } from "~/services/qbank.server";
import { cacheHeaders, idOf, requireSectionAccess } from "~/lib/guards/sections.server";
import { Button } from "~/components/ui/Button";
import { Input, Select } from "~/components/ui/Input";
import { FilterLink } from "~/components/ui/FilterLink";
import { Notice } from "~/components/ui/Notice";

/** `/lib/subject` (spec 001 §2): statistics, studied and all categories, subjects by keyword and category, the unfinished check. */
export const handle = { i18n: ["qbank"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? String((d.i18n.bundles.qbank as { title?: string } | undefined)?.title ?? "") : "" },
];

const num = (url: URL, key: string) => Math.min(idOf(url.searchParams.get(key)) ?? 1, 10_000);

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 50);
  const categoryId = idOf(url.searchParams.get("categoryId"));
  const logged = isLoggedIn(portal);
  const [, statistics, studied, categories, categoryOptions, subjects, unfinished, i18n] = await Promise.all([
    requireSectionAccess(portal, "question"),
    logged ? loadStatistics(portal.upstream) : null,
    logged ? loadStudiedCategories(portal.upstream, num(url, "spage")) : null,
    loadAllCategories(portal, num(url, "cpage")),
    loadCategoryOptions(portal.upstream),
    loadSubjects(portal.upstream, { page: num(url, "page"), categoryId, keyword }),
    loadUnfinished(portal),
    namespaces(args.request, handle),
  ]);
  return data(
    {
      logged,
      statistics,
      studied,
      categories,
      categoryOptions,
      subjects,
      unfinished,
      keyword,
      categoryId: categoryId ?? null,
      search: url.searchParams.toString(),
      i18n,
    },
    { headers: cacheHeaders(portal) },
  );
}

export default function QuestionBank() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "qbank");
  const href = (key: string, page: number) => {
    const q = new URLSearchParams(d.search);
    q.set(key, String(page));
    return `${QBANK_HOME}?${q.toString()}`;
  };
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {d.unfinished ? (
        <Notice tone="warning" as="p" role="note" className="text-base" data-testid="unfinished">
          <strong>{t("home.continue")}</strong>{" "}
          {t("home.continueText", { title: d.unfinished.title, answered: d.unfinished.answered, total: d.unfinished.total })}{" "}
          <Link className="font-semibold text-brand underline" to={doingHref(d.unfinished.recordId, d.unfinished.currentIndex + 1)}>
            {t("home.continueGo")}
          </Link>
        </Notice>
      ) : null}
      {d.statistics ? (
        <Block
          title={t("home.statistics")}
          id="qb-stats"
          aside={
            // short labels on one line each (错题本, 我的收藏 broke a character a line at 390 px, issue 26)
            <nav aria-label={t("book.links")} className="flex flex-wrap gap-x-3 gap-y-1 text-sm whitespace-nowrap">
              <Link className="text-brand" to={wrongHref()}>
                {t("book.wrongTitle")}
              </Link>
              <Link className="text-brand" to={collectHref}>
                {t("book.collectTitle")}
              </Link>
              <Link className="text-brand" to={statisticsHref()}>
                {t("stats.title")}
              </Link>
              <Link className="text-brand" to={EXAM_LIST}>
                {t("book.myExams")}
              </Link>
            </nav>
          }
        >
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ["recordCount", d.statistics.recordCount],
                ["answeredCount", d.statistics.answeredCount],
                ["rightRate", `${d.statistics.rightRate}%`],
                ["studyDays", d.statistics.studyDays],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="rounded bg-gray-50 p-2 text-center">
                <dt className="text-sm text-gray-600">{t(`home.${k}`)}</dt>
                <dd className="text-xl font-semibold">{v}</dd>
              </div>
            ))}
          </dl>
        </Block>
      ) : (
        <p className="text-sm text-gray-700">{t("home.visitor")}</p>
      )}
      {d.studied ? (
        <Block title={t("home.studied")} id="qb-studied">
          {d.studied.records.length ? (
            <ul className="flex flex-wrap gap-2">
              {d.studied.records.map((c) => (
                <li key={c.id}>
                  <FilterLink client href={`${QBANK_HOME}?categoryId=${c.id}`} current={false} look="tab" className="inline-flex min-h-9 items-center">
                    {c.name}
                  </FilterLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-700">{t("home.studiedEmpty")}</p>
          )}
          <Pager {...d.studied} href={(p) => href("spage", p)} words={qbankPagerWords(t, t("home.studied"))} />
        </Block>
      ) : null}
      <Block title={t("home.all")} id="qb-categories">
        {/* each chip a box of its own (an inline link's padding overlapped the wrapped row at 390 px, issue 26) */}
        <ul className="flex flex-wrap gap-2">
          {d.categoryOptions.map((c) => (
            <li key={c.id}>
              <FilterLink
                client
                href={`${QBANK_HOME}?categoryId=${c.id}`}
                current={d.categoryId === c.id}
                look="tab"
                className="inline-flex min-h-9 items-center gap-1"
              >
                {/* the count in the chip's own colour when it is the current one (grey on the brand colour was unreadable) */}
                {c.name} <span className={`text-xs ${d.categoryId === c.id ? "" : "text-gray-600"}`}>{t("home.subjectCount", { count: c.subjectCount })}</span>
              </FilterLink>
            </li>
          ))}
        </ul>
        <Pager {...d.categories} href={(p) => href("cpage", p)} words={qbankPagerWords(t, t("home.all"))} />
      </Block>
      <Block title={t("home.subjects")} id="qb-subjects">
        <Form method="get" className="mb-3 flex flex-wrap items-end gap-2" role="search">
          <label className="flex flex-col text-sm">
            {t("home.keyword")}
            <Input name="keyword" defaultValue={d.keyword} maxLength={50} className="w-auto" />
          </label>
          <label className="flex flex-col text-sm">
            {t("home.category")}
            <Select name="categoryId" defaultValue={d.categoryId ?? ""} className="w-auto">
              <option value="">{t("home.allCategories")}</option>
              {d.categoryOptions.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </label>
          <Button type="submit" size="sm">
            {t("home.search")}
          </Button>
        </Form>
        {d.subjects.records.length ? (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="subjects">
            {d.subjects.records.map((s) => (
              <li key={s.id} className="rounded border border-gray-300 p-3">
                <Link className="font-semibold text-brand" to={overviewHref(s.id)}>
                  {s.name}
                </Link>
                <p className="text-sm text-gray-600">
                  {s.categoryName} · {t("home.questions", { count: s.questionCount })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("home.subjectsEmpty")}</p>
        )}
        <Pager {...d.subjects} href={(p) => href("page", p)} words={qbankPagerWords(t, t("home.subjects"))} />
      </Block>
    </div>
  );
}
