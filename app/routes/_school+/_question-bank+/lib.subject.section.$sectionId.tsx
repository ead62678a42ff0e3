import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { ContinueLink, KindCounts, PractiseForm, ProgressLine } from "~/components/qbank/chapters";
import { Block } from "~/components/qbank/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getPortal, requireValidPost } from "~/lib/portal.server";
import { chapterHref, doingHref, overviewHref, QBANK_HOME } from "~/services/qbank-links";
import { loadSectionDetail, notFoundOn, startExercise } from "~/services/qbank.server";
import { cacheHeaders, idOf, notFound, requireSectionAccess } from "~/lib/guards/sections.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { ChapterFormSchema } from "~/forms/qbank";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Badge, type BadgeTone } from "~/components/ui/Badge";

/**
 * `/lib/subject/section/{sectionId}`: a section of a chapter (spec 001 §7 "chapter and section pages and
 * detail"; decision 035): the student's progress, every question with its state (not done, answered,
 * right, wrong; never the answer), practising the section, and continuing a practice not handed in.
 */
export const handle = { i18n: ["qbank"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d && "section" in d ? d.section.name : "" }];

/** a question's state as the kit's badge tone (decision 081) */
const STATE_TONE = { new: "neutral", answered: "brand", right: "success", wrong: "danger" } as const satisfies Record<string, BadgeTone>;

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const sectionId = idOf(args.params.sectionId);
  if (!sectionId) notFound(portal);
  const [, section, i18n] = await Promise.all([
    requireSectionAccess(portal, "question"),
    loadSectionDetail(portal, sectionId).catch((error: unknown) => {
      if (notFoundOn(error)) notFound(portal);
      throw error;
    }),
    namespaces(args.request, handle),
  ]);
  return data({ section, i18n }, { headers: cacheHeaders(portal) });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const sectionId = idOf(args.params.sectionId);
    if (!sectionId) notFound(portal);
    const submission = parseWithZod(formData, { schema: ChapterFormSchema });
    if (submission.status !== "success") return refused(submission, { error: "bad request" });
    try {
      const section = await loadSectionDetail(portal, sectionId);
      const record = await startExercise(portal, "chapter", { subjectId: section.subjectId, chapterId: section.chapterId, sectionId });
      return redirect(doingHref(record.recordId));
    } catch (error) {
      if (notFoundOn(error)) notFound(portal);
      if (error instanceof UpstreamError && error.kind === "business") return data({ error: error.upstreamMessage ?? error.code ?? "" }, { status: 422 });
      throw error;
    }
  });
}

export default function SectionPage() {
  const { section: s, i18n } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useNamespaces(i18n, "qbank");
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <nav aria-label={t("chapter.breadcrumb")} className="text-sm">
        <Link to={QBANK_HOME} className="text-brand">
          {t("title")}
        </Link>{" "}
        ›{" "}
        <Link to={overviewHref(s.subjectId)} className="text-brand">
          {s.subjectName}
        </Link>
        {" › "}
        <Link to={chapterHref(s.chapterId)} className="text-brand">
          {s.chapterName}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold">{s.name}</h1>
      <ProgressLine p={s} t={t} testId="section-progress" />
      <KindCounts kinds={s.kinds} t={t} />
      <ContinueLink u={s.unfinished} t={t} />
      <PractiseForm label={t("chapter.practiseSection")} t={t} error={result && "error" in result ? result.error : undefined} />
      <Block title={t("chapter.questions")} id="qb-section-questions">
        {s.questions.length ? (
          <ol className="flex flex-col gap-2" data-testid="section-questions">
            {s.questions.map((q, i) => (
              <li key={q.id} className="flex items-start gap-3 rounded border border-gray-200 p-2 text-sm">
                <span className="font-mono">{i + 1}.</span>
                <span className="flex-1">
                  {q.stem}{" "}
                  <span className="text-gray-600">
                    （{t(`doing.kind.${q.kind}`)} · {t("doing.score", { count: q.score })}）
                  </span>
                </span>
                <Badge tone={STATE_TONE[q.state]} data-state={q.state}>
                  {t(`chapter.state.${q.state}`)}
                </Badge>
              </li>
            ))}
          </ol>
        ) : (
          <p>{t("chapter.questionsEmpty")}</p>
        )}
      </Block>
    </div>
  );
}
