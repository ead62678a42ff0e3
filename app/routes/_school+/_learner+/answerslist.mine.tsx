import { useTimes } from "~/components/use-times";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { catalogPagerWords, Empty, SectionPage } from "~/components/catalog/parts";
import { Pager } from "~/components/ui/Pager";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { countMyQuestions, findMyAnswers, findMyQuestions, unreadAnswerCount } from "~/services/community.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { idOf } from "~/lib/guards/sections.server";
import { Badge } from "~/components/ui/Badge";
import { Notice } from "~/components/ui/Notice";

export const handle = { i18n: ["catalog", "community"] } satisfies RouteHandle;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/**
 * `/answerslist/mine`: my questions and my answers (spec 001 §7 findMyQuestion, findMyAnswers,
 * countMyQuestion, findUnReadCount), reached from the Q&A list. `?q=` and `?a=` page the two lists.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const url = new URL(args.request.url);
  const qPage = Math.min(idOf(url.searchParams.get("q")) ?? 1, 10_000);
  const aPage = Math.min(idOf(url.searchParams.get("a")) ?? 1, 10_000);
  const [questions, answers, counts, unread, i18n] = await Promise.all([
    findMyQuestions(portal.upstream, qPage),
    findMyAnswers(portal.upstream, aPage),
    countMyQuestions(portal.upstream),
    unreadAnswerCount(portal.upstream),
    namespaces(args.request, handle),
  ]);
  const title = (i18n.bundles.community as { my: { qaTitle: string } }).my.qaTitle;
  return data({ questions, answers, counts, unread, qPage, aPage, i18n, title });
}

export default function MyQuestionsAndAnswers() {
  const { questions, answers, counts, unread, qPage, aPage, i18n } = useLoaderData<typeof loader>();
  const { t: tCatalog } = useNamespaces(i18n);
  const { t } = useNamespaces(i18n, "community");
  const times = useTimes();
  return (
    <SectionPage title={t("my.qaTitle")}>
      <p className="text-sm">
        <Link to="/answerslist/0" className="text-brand-strong underline">
          {t("my.browseQa")}
        </Link>
      </p>
      {unread > 0 ? (
        <Notice tone="info" as="p" className="mt-3" data-testid="unread-total">
          {t("my.unreadTotal", { count: unread })}
        </Notice>
      ) : null}
      <section aria-labelledby="my-questions" className="mt-6">
        <h2 id="my-questions" className="text-xl font-semibold">
          {t("my.questions", { count: counts.questionCount })}
        </h2>
        {questions.records.length ? (
          <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {questions.records.map((q) => (
              <li key={q.id} className="p-4" data-testid="my-question">
                <Link to={`/response/${q.id}`} className="font-semibold">
                  {q.title}
                </Link>
                {q.unReadCount > 0 ? (
                  <Badge tone="danger" className="ml-2">
                    {t("my.unread", { count: q.unReadCount })}
                  </Badge>
                ) : null}
                <p className="mt-1 text-xs text-gray-600">
                  {times.moment(q.createTime)} · {t("my.answerCount", { count: q.answerCount })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>{t("my.noQuestions")}</Empty>
        )}
        <Pager
          current={qPage}
          total={questions.total}
          size={questions.size}
          href={(n) => `/answerslist/mine?q=${n}&a=${aPage}`}
          words={catalogPagerWords(tCatalog)}
          numbered
          className="mt-8"
        />
      </section>
      <section aria-labelledby="my-answers" className="mt-8">
        <h2 id="my-answers" className="text-xl font-semibold">
          {t("my.answers", { count: counts.answerCount })}
        </h2>
        {answers.records.length ? (
          <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {answers.records.map((a) => (
              <li key={a.id} className="p-4" data-testid="my-answer">
                <p className="text-sm text-gray-600">
                  {t("my.answeredOn")}{" "}
                  <Link to={`/response/${a.questionId}`} className="font-semibold text-gray-900">
                    {a.questionTitle}
                  </Link>
                </p>
                <p className="mt-1">{a.content}</p>
                <p className="mt-1 text-xs text-gray-600">{times.moment(a.createTime)}</p>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>{t("my.noAnswers")}</Empty>
        )}
        <Pager
          current={aPage}
          total={answers.total}
          size={answers.size}
          href={(n) => `/answerslist/mine?q=${qPage}&a=${n}`}
          words={catalogPagerWords(tCatalog)}
          numbered
          className="mt-8"
        />
      </section>
    </SectionPage>
  );
}
