import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { sectionHeaders } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { Empty, Img, Pager, Price, SectionPage } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces } from "~/i18n.server";
import { listPackages } from "~/services/catalog.server";
import { getPortal } from "~/services/portal.server";
import { pageOf, requireSectionAccess, sectionHeaders as cacheHeaders } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = sectionHeaders;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "package", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const [, page, i18n] = await Promise.all([
    requireSectionAccess(portal, "package"),
    listPackages(portal.upstream, pageOf(new URL(args.request.url))),
    namespaces(args.request, ["catalog"]),
  ]);
  const title = (i18n.bundles.catalog as { packages: { title: string } }).packages.title;
  return data({ page, i18n, title }, { headers: cacheHeaders(portal) });
}

export default function PackageList() {
  const { page, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionPage title={t("packages.title")} intro={<p>{t("packages.intro")}</p>}>
      {page.records.length ? (
        <ul className="grid gap-4 md:grid-cols-2">
          {page.records.map((p, i) => (
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
      ) : (
        <Empty>{t("packages.empty")}</Empty>
      )}
      <Pager current={page.current} total={page.total} size={page.size} href={(n) => `/coursePackage/list?page=${n}`} t={t} />
    </SectionPage>
  );
}
