import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { forwardCacheControl } from "~/components/catalog/headers";
import { ContinueLink, KindCounts, PractiseForm, ProgressLine } from "~/components/qbank/chapters";
import { Block, qbankPagerWords } from "~/components/qbank/parts";
import { Pager } from "~/components/ui/Pager";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getPortal, requireValidPost } from "~/lib/portal.server";
import { chapterHref, doingHref, overviewHref, QBANK_HOME, sectionHref } from "~/services/qbank-links";
import { loadChapterDetail, loadSectionPage, notFoundOn, SECTION_PAGE_SIZE, startExercise } from "~/services/qbank.server";
import { cacheHeaders, idOf, notFound, pageOf, redirectPastLastPage, requireSectionAccess } from "~/lib/guards/sections.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { ChapterFormSchema } from "~/forms/qbank";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Button } from "~/components/ui/Button";

/**
 * `/lib/subject/chapter/{chapterId}`: a chapter of the question bank (spec 001 §7 "chapter and section
 * pages and detail"; decision 035): the student's progress, the kinds of its questions, its sections
 * (the section page call, paged) each with progress and a practise button, practising the whole chapter,
 * and continuing a chapter practice not handed in.
 */
export const handle = { i18n: ["qbank"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d && "chapter" in d ? d.chapter.name : "" }];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const chapterId = idOf(args.params.chapterId);
  if (!chapterId) notFound(portal);
  const page = pageOf(new URL(args.request.url));
  const notFoundOr = (error: unknown): never => {
    if (notFoundOn(error)) notFound(portal);
    throw error;
  };
  const [, chapter, sections, i18n] = await Promise.all([
    requireSectionAccess(portal, "question"),
    loadChapterDetail(portal, chapterId).catch(notFoundOr),
    loadSectionPage(portal, chapterId, page).catch(notFoundOr),
    namespaces(args.request, handle),
  ]);
  redirectPastLastPage(args.request, sections, page, SECTION_PAGE_SIZE);
  return data({ chapter, sections, page, i18n }, { headers: cacheHeaders(portal) });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const chapterId = idOf(args.params.chapterId);
    if (!chapterId) notFound(portal);
    const submission = parseWithZod(formData, { schema: ChapterFormSchema });
    if (submission.status !== "success") return refused(submission, { error: "bad request" });
    try {
      const chapter = await loadChapterDetail(portal, chapterId);
      const record = await startExercise(portal, "chapter", { subjectId: chapter.subjectId, chapterId });
      return redirect(doingHref(record.recordId));
    } catch (error) {
      if (notFoundOn(error)) notFound(portal);
      if (error instanceof UpstreamError && error.kind === "business") return data({ error: error.upstreamMessage ?? error.code ?? "" }, { status: 422 });
      throw error;
    }
  });
}

export default function ChapterPage() {
  const { chapter: c, sections, page, i18n } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useNamespaces(i18n, "qbank");
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <nav aria-label={t("chapter.breadcrumb")} className="text-sm">
        <Link to={QBANK_HOME} className="text-brand">
          {t("title")}
        </Link>{" "}
        ›{" "}
        <Link to={overviewHref(c.subjectId)} className="text-brand">
          {c.subjectName}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold">{c.name}</h1>
      <ProgressLine p={c} t={t} testId="chapter-progress" />
      <KindCounts kinds={c.kinds} t={t} />
      <ContinueLink u={c.unfinished} t={t} />
      <PractiseForm label={t("chapter.practiseChapter")} t={t} error={result && "error" in result ? result.error : undefined} />
      <Block
        title={t("chapter.sections")}
        id="qb-sections"
        aside={<span className="text-sm text-gray-600">{t("chapter.sectionCount", { count: c.sectionCount })}</span>}
      >
        {sections.records.length ? (
          <ul className="divide-y divide-gray-100" data-testid="sections">
            {sections.records.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-4 py-2">
                <div>
                  <Link to={sectionHref(s.id)} className="font-semibold text-brand">
                    {s.name}
                  </Link>
                  <ProgressLine p={s} t={t} />
                </div>
                {/* posts to the section's own page: it starts that section's practice */}
                <Form method="post" action={sectionHref(s.id)}>
                  <CsrfInput />
                  <Button type="submit" name="intent" value="practise" size="sm" aria-label={`${t("chapter.practise")} ${s.name}`}>
                    {t("chapter.practise")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("chapter.sectionsEmpty")}</p>
        )}
        <Pager
          current={page}
          total={sections.total}
          size={sections.size}
          href={(p) => chapterHref(c.id, p)}
          words={qbankPagerWords(t, t("chapter.sections"))}
        />
      </Block>
    </div>
  );
}
