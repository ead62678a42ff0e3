import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { Img, Price } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { useNamespaces } from "~/components/use-namespaces";
import { listPackages } from "~/services/catalog.server";
import { loadSection, pageOf, cacheHeaders, redirectPastLastPage, titleOf } from "~/lib/guards/sections.server";

const PACKAGE_PAGE_SIZE = 12;

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "package", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const requested = pageOf(new URL(args.request.url));
  const { portal, value: page, i18n } = await loadSection(args, "package", (p) => listPackages(p.upstream, requested, PACKAGE_PAGE_SIZE));
  redirectPastLastPage(args.request, page, requested, PACKAGE_PAGE_SIZE);
  return data({ page, i18n, title: titleOf(i18n, "packages.title") }, { headers: cacheHeaders(portal) });
}

export default function PackageList() {
  const { page, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionList
      title={t("packages.title")}
      intro={t("packages.intro")}
      items={page.records}
      empty={t("packages.empty")}
      pager={{ current: page.current, total: page.total, size: page.size, href: (n) => `/coursePackage/list?page=${n}` }}
      t={t}
    >
      {(records) => (
        <ul className="grid gap-4 md:grid-cols-2">
          {records.map((p, i) => (
            <li key={p.id} className="flex gap-4 rounded-lg border border-gray-200 bg-white p-3">
              <div className="w-40 shrink-0">
                <Img src={p.cover} alt="" width={160} height={90} eager={i < 2} className="rounded" />
              </div>
              <div>
                <h2 className="font-semibold">
                  <Link to={`/coursePackage/detail/${p.id}`}>{p.packageName}</Link>
                </h2>
                <p className="mt-1 text-sm text-gray-700">{p.summary}</p>
                <p className="mt-1 text-xs text-gray-600">{t("packages.stats", { courses: p.courseCount, students: p.studyCount })}</p>
                <Price item={p} t={t} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
