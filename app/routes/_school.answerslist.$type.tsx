import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionList } from "~/components/catalog/SectionList";
import { useNamespaces } from "~/components/use-namespaces";
import { listQuestions, QUESTION_PAGE_SIZE } from "~/services/community.server";
import { loadSection, pageOf, cacheHeaders, redirectPastLastPage, titleOf } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "qa", d?.title);

/** `/answerslist/0`: the Q&A list (the segment is the list type; 0 = all threads). */
export async function loader(args: LoaderFunctionArgs) {
  const requested = pageOf(new URL(args.request.url));
  const { portal, value: page, i18n } = await loadSection(args, "qa", (p) => listQuestions(p.upstream, requested));
  redirectPastLastPage(args.request, page, requested, QUESTION_PAGE_SIZE);
  return data({ page, type: args.params.type ?? "0", i18n, title: titleOf(i18n, "qa.title") }, { headers: cacheHeaders(portal) });
}

export default function AnswersList() {
  const { page, type, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionList
      title={t("qa.title")}
      intro={t("qa.intro")}
      items={page.records}
      empty={t("qa.empty")}
      pager={{ current: page.current, total: page.total, size: page.size, href: (n) => `/answerslist/${encodeURIComponent(type)}?page=${n}` }}
      t={t}
    >
      {(records) => (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {records.map((q) => (
            <li key={q.id} className="p-4">
              <h2 className="font-semibold">
                <Link to={`/response/${q.id}`}>{q.title}</Link>
              </h2>
              <p className="mt-1 text-sm text-gray-700">{q.content}</p>
              <p className="mt-1 text-xs text-gray-600">
                {q.userName} · {q.courseName} · {q.createTime} · {t("qa.answers", { count: q.answerCount })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
