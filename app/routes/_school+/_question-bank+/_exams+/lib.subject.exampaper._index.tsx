import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pager, pagerWords } from "~/components/ui/Pager";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { EXAM_STATES, EXAM_TYPES, examIntroHref, examListHref } from "~/services/exam-links";
import { examTimeText, filtersOf, loadExamCounts, loadMyExams } from "~/services/exams.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { QBANK_HOME } from "~/services/qbank-links";
import { redirectPastLastPage } from "~/lib/guards/sections.server";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Input, Select } from "~/components/ui/Input";
import { FilterLink } from "~/components/ui/FilterLink";
import { Badge } from "~/components/ui/Badge";

/**
 * My exams (spec 001 §7 queryMyExamList with examType, examState, examName, pageIndex, pageSize;
 * queryUserExamCount for the state tabs; decision 034): `/lib/subject/exampaper?examType=&examState=&examName=&page=`.
 * A GET form: works without JavaScript.
 */
export const handle = { i18n: ["exams"] } satisfies RouteHandle;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const url = new URL(args.request.url);
  const f = filtersOf(url);
  const [page, counts, i18n] = await Promise.all([
    loadMyExams(portal.upstream, f),
    loadExamCounts(portal.upstream, f.examType),
    namespaces(args.request, handle),
  ]);
  redirectPastLastPage(args.request, page, f.page, page.size);
  const exams = page.records.map((e) => ({ ...e, startText: examTimeText(e.startTime), endText: examTimeText(e.endTime) }));
  const title = String((i18n.bundles.exams as { title?: string }).title ?? "");
  return data({ filters: f, exams, total: page.total, size: page.size, counts, i18n, title }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function MyExams() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "exams");
  const f = d.filters;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <p>
        <Link to={QBANK_HOME} className="text-sm text-brand">
          {t("back")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <nav aria-label={t("filters.states")}>
        <ul className="flex flex-wrap gap-2" data-testid="exam-states">
          {[0, ...EXAM_STATES].map((s) => (
            <li key={s}>
              <FilterLink
                client
                href={examListHref({ examType: f.examType, examState: s, examName: f.examName })}
                current={f.examState === s}
                look="tab"
                className="block text-sm"
              >
                {t("stateCount", { state: t(`state.${s}`), count: d.counts[s as 0 | 1 | 2 | 3] })}
              </FilterLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t("filters.label")}>
        {f.examState ? <HiddenInput name="examState" value={f.examState} /> : null}
        <label className="flex flex-col text-sm">
          {t("filters.examType")}
          <Select name="examType" defaultValue={String(f.examType)} className="w-auto">
            {[0, ...EXAM_TYPES].map((x) => (
              <option key={x} value={x}>
                {t(`type.${x}`)}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col text-sm">
          {t("filters.examName")}
          <Input type="search" name="examName" defaultValue={f.examName} maxLength={50} className="w-auto" />
        </label>
        <Button type="submit" size="sm">
          {t("filters.search")}
        </Button>
      </Form>
      {d.exams.length ? (
        <ul className="flex flex-col gap-3" data-testid="exam-list">
          {d.exams.map((e) => (
            <li key={e.id} className="rounded-lg border border-gray-200 bg-white p-4" data-testid="exam-item">
              <h2 className="text-lg font-semibold">
                <Link to={examIntroHref(e.id)} className="text-brand hover:underline">
                  {e.examName}
                </Link>
              </h2>
              <p className="text-sm text-gray-700">
                <Badge tone="neutral" className="mr-2">
                  {t(`type.${e.examType}`)}
                </Badge>
                <Badge tone="neutral" className="mr-2" data-testid="exam-state">
                  {t(`state.${e.examState}`)}
                </Badge>
                {t("list.time", { start: e.startText, end: e.endText })}
              </p>
              <p className="text-sm text-gray-700">
                {t("list.meta", { count: e.questionCount, total: e.totalScore, minutes: e.duration })}
                {" · "}
                {e.needPay ? (e.payState ? `${t("list.price", { price: e.price })} (${t("list.paid")})` : t("list.price", { price: e.price })) : t("list.free")}
                {e.faceFlag ? ` · ${t("list.face")}` : ""}
              </p>
              <p className="text-sm text-gray-700">
                {e.maxTimes ? t("list.times", { used: e.usedTimes, max: e.maxTimes }) : t("list.timesUnlimited", { used: e.usedTimes })}
                {e.bestScore !== null ? ` · ${t("list.best", { score: e.bestScore })}` : ""}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-gray-600" data-testid="exam-empty">
          {t("empty")}
        </p>
      )}
      <Pager current={f.page} total={d.total} size={d.size} href={(page) => examListHref({ ...f, page })} words={pagerWords(t, { prefix: "pager." })} />
    </div>
  );
}
