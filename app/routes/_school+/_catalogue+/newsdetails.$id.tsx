import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { useNamespaces } from "~/components/use-namespaces";
import { useTimes } from "~/components/use-times";
import { getNews } from "~/services/news.server";
import { loadSectionItem, cacheHeaders } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "news", d?.news.title, d?.news.summary);

export async function loader(args: LoaderFunctionArgs) {
  const { portal, item: news, i18n } = await loadSectionItem(args, "news", args.params.id, getNews);
  return data({ news, i18n }, { headers: cacheHeaders(portal) });
}

export default function NewsDetail() {
  const { news, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  const { moment } = useTimes();
  return (
    <SectionDetail width="max-w-3xl" labelId="news-title" crumbs={<Link to="/news">{t("news.title")}</Link>} t={t}>
      <h1 id="news-title" className="text-2xl font-bold">
        {news.title}
      </h1>
      <p className="mt-2 text-sm text-gray-600">
        {news.categoryName} · {news.author} · {moment(news.publishTime)} · {t("news.views", { count: news.viewCount })}
      </p>
      <div className="mt-6 space-y-4 leading-8">
        {news.content.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <nav aria-label={t("news.more")} className="mt-10 flex justify-between gap-4 border-t border-gray-200 pt-4 text-sm">
        {news.prev ? <Link to={`/newsdetails/${news.prev.id}`}>{t("news.prev", { title: news.prev.title })}</Link> : <span />}
        {news.next ? <Link to={`/newsdetails/${news.next.id}`}>{t("news.next", { title: news.next.title })}</Link> : <span />}
      </nav>
    </SectionDetail>
  );
}
