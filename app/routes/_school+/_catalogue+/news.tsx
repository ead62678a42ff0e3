import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { Img } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { useNamespaces } from "~/components/use-namespaces";
import { useTimes } from "~/components/use-times";
import { listNews, NEWS_PAGE_SIZE } from "~/services/news.server";
import { loadSection, pageOf, cacheHeaders, redirectPastLastPage } from "~/lib/guards/sections.server";
import { Badge } from "~/components/ui/Badge";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction = ({ matches }) => sectionMeta(matches, "news");

export async function loader(args: LoaderFunctionArgs) {
  const requested = pageOf(new URL(args.request.url));
  const { portal, value: page, i18n } = await loadSection(args, "news", (p) => listNews(p.upstream, requested));
  redirectPastLastPage(args.request, page, requested, NEWS_PAGE_SIZE);
  return data({ page, i18n }, { headers: cacheHeaders(portal) });
}

export default function NewsList() {
  const { page, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  const { moment } = useTimes();
  return (
    <SectionList
      title={t("news.title")}
      items={page.records}
      empty={t("news.empty")}
      pager={{ current: page.current, total: page.total, size: page.size, href: (n) => `/news?page=${n}` }}
      t={t}
    >
      {(records) => (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {records.map((n, i) => (
            <li key={n.id} className="flex gap-4 p-4">
              <div className="w-40 shrink-0">
                <Img src={n.cover} alt="" width={160} height={90} eager={i < 2} className="rounded" />
              </div>
              <div>
                <h2 className="font-semibold">
                  {n.top === 1 ? (
                    <Badge tone="danger" className="mr-2">
                      {t("news.top")}
                    </Badge>
                  ) : null}
                  <Link to={`/newsdetails/${n.id}`}>{n.title}</Link>
                </h2>
                <p className="mt-1 text-sm text-gray-700">{n.summary}</p>
                <p className="mt-1 text-xs text-gray-600">
                  {n.categoryName} · {moment(n.publishTime)} · {t("news.views", { count: n.viewCount })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
