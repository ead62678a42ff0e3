import { parseWithZod } from "@conform-to/zod/v4";
import { Notice } from "~/components/ui/Notice";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { forwardCacheControl } from "~/components/catalog/headers";
import { Block } from "~/components/qbank/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getPortal, requireValidPost } from "~/lib/portal.server";
import { chapterHref, doingHref, QBANK_HOME, reportHref, sectionHref, wrongHref } from "~/services/qbank-links";
import { loadDaily, loadOverview, notFoundOn, startExercise } from "~/services/qbank.server";
import { cacheHeaders, idOf, notFound, requireSectionAccess } from "~/lib/guards/sections.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { StartSchema } from "~/forms/qbank";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

/** A subject of the question bank: chapters and sections, papers, and the ways to start practising (spec 001 §7 exercise generation). */
export const handle = { i18n: ["qbank"] } satisfies RouteHandle;
export const headers = forwardCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d && "overview" in d ? d.overview.subject.name : "" }];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const subjectId = idOf(args.params.subjectId);
  if (!subjectId) notFound(portal);
  const notFoundOr = (error: unknown): never => {
    if (notFoundOn(error)) notFound(portal);
    throw error;
  };
  const [, overview, daily, i18n] = await Promise.all([
    requireSectionAccess(portal, "question"),
    loadOverview(portal, subjectId).catch(notFoundOr),
    loadDaily(portal, subjectId).catch(notFoundOr),
    namespaces(args.request, handle),
  ]);
  return data({ overview, daily, i18n }, { headers: cacheHeaders(portal) });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const subjectId = idOf(args.params.subjectId);
    if (!subjectId) notFound(portal);
    const submission = parseWithZod(formData, { schema: StartSchema });
    if (submission.status !== "success") return refused(submission, { error: "bad request" });
    const f = submission.value;
    try {
      const overview = f.intent === "quick" ? await loadOverview(portal, subjectId) : null;
      const record = await startExercise(portal, f.intent, {
        subjectId,
        categoryId: overview?.subject.categoryId,
        chapterId: "chapterId" in f ? f.chapterId : undefined,
        sectionId: "sectionId" in f ? f.sectionId : undefined,
        paperId: "paperId" in f ? f.paperId : undefined,
      });
      return redirect(doingHref(record.recordId));
    } catch (error) {
      if (notFoundOn(error)) notFound(portal);
      if (error instanceof UpstreamError && error.kind === "business") return data({ error: error.upstreamMessage ?? error.code ?? "" }, { status: 422 });
      throw error;
    }
  });
}

function StartButton({ intent, label, extra }: { intent: string; label: string; extra?: Record<string, number> }) {
  return (
    // a flex box of its own: an inline form's line box (20 px) let the button overlap the next row's (issue 26)
    <Form method="post" className="flex shrink-0">
      <CsrfInput />
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <HiddenInput key={k} name={k} value={v} />
      ))}
      <Button type="submit" name="intent" value={intent} size="sm">
        {label}
      </Button>
    </Form>
  );
}

export default function SubjectOverview() {
  const { overview: o, daily, i18n } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useNamespaces(i18n, "qbank");
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <p>
        <Link to={QBANK_HOME} className="text-sm text-brand">
          {t("overview.back")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{o.subject.name}</h1>
      <p className="text-sm text-gray-700">
        {t("overview.progress", { done: o.subject.doneCount, total: o.subject.questionCount })}
        {o.wrongCount ? (
          <>
            {" "}
            ·{" "}
            <Link className="text-brand" to={wrongHref(o.subject.id)}>
              {t("overview.wrongCount", { count: o.wrongCount })}
            </Link>
          </>
        ) : null}
      </p>
      {result && "error" in result ? (
        <Notice tone="error" as="p">
          {t("overview.startFailed", { message: result.error })}
        </Notice>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {(["quick", "order", "daily", "smart"] as const).map((k) => (
          <StartButton key={k} intent={k} label={t(`overview.${k}`)} />
        ))}
      </div>
      <Block title={t("overview.today")} id="qb-today">
        <p className="mb-2" data-testid="today">
          {daily.today === null ? (
            t("overview.todayNone")
          ) : daily.today.state === "submitted" ? (
            <Link className="text-brand" to={reportHref(daily.today.recordId)}>
              {t("overview.todayDone", { score: daily.today.score ?? 0, total: daily.today.totalScore })}
            </Link>
          ) : (
            <Link className="text-brand" to={doingHref(daily.today.recordId)}>
              {t("overview.todayDoing")}
            </Link>
          )}
        </p>
        <h3 className="font-semibold">{t("overview.rank")}</h3>
        {daily.rank.length ? (
          <ol className="text-sm" data-testid="daily-rank">
            {daily.rank.map((r) => (
              <li key={r.userId} className={r.me ? "font-semibold" : ""}>
                {t("overview.rankLine", { rank: r.rank, name: r.nickName, score: r.score })}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-gray-700">{t("overview.rankEmpty")}</p>
        )}
      </Block>
      <Block title={t("overview.papers")} id="qb-papers">
        <ul className="divide-y divide-gray-100">
          {o.papers.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-4 py-2">
              <div>
                <p className="font-semibold">{p.name}</p>
                <p className="text-sm text-gray-600">
                  {t(`overview.${p.kind}`)} · {t("overview.paperInfo", { count: p.questionCount, score: p.totalScore })} ·{" "}
                  {p.durationS ? t("overview.minutes", { count: Math.round(p.durationS / 60) }) : t("overview.untimed")}
                </p>
              </div>
              <StartButton intent="paper" label={t("overview.start")} extra={{ paperId: p.id }} />
            </li>
          ))}
        </ul>
      </Block>
      <Block title={t("overview.chapters")} id="qb-chapters">
        <ul className="flex flex-col gap-3">
          {o.chapters.map((c) => (
            <li key={c.id}>
              <div className="flex items-center justify-between gap-4">
                <span className="font-semibold">
                  <Link to={chapterHref(c.id)} className="text-brand">
                    {c.name}
                  </Link>{" "}
                  <span className="text-sm font-normal text-gray-600">{t("overview.progress", { done: c.doneCount, total: c.questionCount })}</span>
                </span>
                <StartButton intent="chapter" label={t("overview.practise")} extra={{ chapterId: c.id }} />
              </div>
              <ul className="ml-4 mt-1 flex flex-col gap-1">
                {c.sections.map((s) => (
                  <li key={s.id} className="flex items-center justify-between gap-4 text-sm">
                    <span>
                      <Link to={sectionHref(s.id)} className="text-brand">
                        {s.name}
                      </Link>{" "}
                      <span className="text-gray-600">{t("overview.progress", { done: s.doneCount, total: s.questionCount })}</span>
                    </span>
                    <StartButton intent="chapter" label={t("overview.practise")} extra={{ chapterId: c.id, sectionId: s.id }} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Block>
    </div>
  );
}
