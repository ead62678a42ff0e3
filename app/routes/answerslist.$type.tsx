import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { sectionHeaders } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { Empty, Pager, SectionPage } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces } from "~/i18n.server";
import { listQuestions } from "~/services/community.server";
import { getPortal } from "~/services/portal.server";
import { pageOf, requireSectionAccess, sectionHeaders as cacheHeaders } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = sectionHeaders;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "qa", d?.title);

/** `/answerslist/0`: the Q&A list (the segment is the list type; 0 = all threads). */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const [, page, i18n] = await Promise.all([
    requireSectionAccess(portal, "qa"),
    listQuestions(portal.upstream, pageOf(new URL(args.request.url))),
    namespaces(args.request, ["catalog"]),
  ]);
  const title = (i18n.bundles.catalog as { qa: { title: string } }).qa.title;
  return data({ page, type: args.params.type ?? "0", i18n, title }, { headers: cacheHeaders(portal) });
}

export default function AnswersList() {
  const { page, type, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionPage title={t("qa.title")} intro={<p>{t("qa.intro")}</p>}>
      {page.records.length ? (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {page.records.map((q) => (
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
      ) : (
        <Empty>{t("qa.empty")}</Empty>
      )}
      <Pager current={page.current} total={page.total} size={page.size} href={(n) => `/answerslist/${encodeURIComponent(type)}?page=${n}`} t={t} />
    </SectionPage>
  );
}
