import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { useNamespaces } from "~/components/use-namespaces";
import { getQuestion } from "~/services/community.server";
import { loadSectionItem, cacheHeaders } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "qa", d?.question.title);

export async function loader(args: LoaderFunctionArgs) {
  const { portal, item: question, i18n } = await loadSectionItem(args, "qa", args.params.id, getQuestion);
  return data({ question, i18n }, { headers: cacheHeaders(portal) });
}

export default function QuestionThread() {
  const { question, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionDetail width="max-w-3xl" labelId="question-title" crumbs={<Link to="/answerslist/0">{t("qa.title")}</Link>} t={t}>
      <h1 id="question-title" className="text-2xl font-bold">
        {question.title}
      </h1>
      <p className="mt-2 text-sm text-gray-600">
        {question.userName} · {question.courseName} · {question.createTime}
      </p>
      <p className="mt-4 leading-7">{question.content}</p>
      <section aria-labelledby="answers-heading" className="mt-8">
        <h2 id="answers-heading" className="text-xl font-semibold">
          {t("qa.answers", { count: question.answers.length })}
        </h2>
        <ul className="mt-3 space-y-3">
          {question.answers.map((a) => (
            <li key={a.id} className="rounded border border-gray-200 bg-white p-4">
              <p className="text-sm font-medium">
                {a.userName}
                {a.teacherFlag === 1 ? <span className="ml-2 rounded bg-blue-100 px-1.5 text-xs text-blue-800">{t("qa.teacher")}</span> : null}
              </p>
              <p className="mt-2">{a.content}</p>
              <p className="mt-1 text-xs text-gray-600">
                {a.createTime} · {t("qa.likes", { count: a.likeCount })}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </SectionDetail>
  );
}
