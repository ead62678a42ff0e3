import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { useTimes } from "~/components/use-times";
import { yuan } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { listApplyItems } from "~/services/school-content.server";
import { useTranslation } from "~/i18n-runtime";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { cacheHeaders, requireSectionAccess, titleOf } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog", "community"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "apply", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const [, items, i18n] = await Promise.all([requireSectionAccess(portal, "apply"), listApplyItems(portal.upstream), namespaces(args.request, handle)]);
  return data({ items, loggedIn: isLoggedIn(portal), i18n, title: titleOf(i18n, "apply.title") }, { headers: cacheHeaders(portal) });
}

export default function Apply() {
  const { items, loggedIn, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  const { t: tc } = useTranslation("community");
  const { moment, day } = useTimes();
  return (
    <SectionList
      title={t("apply.title")}
      intro={t("apply.intro")}
      filters={
        <p className="text-sm">
          <Link to={loggedIn ? "/apply/mine" : loginHref("/apply/mine")} className="text-brand-strong underline">
            {tc("my.signUpsLink")}
          </Link>
        </p>
      }
      items={items}
      empty={t("apply.empty")}
      t={t}
    >
      {(list) => (
        <ul className="space-y-3">
          {list.map((item) => (
            <li key={item.id} className="rounded-lg border border-gray-200 bg-white p-4">
              <h2 className="font-semibold">
                <Link to={`/applydetail/${item.id}`}>{item.title}</Link>
              </h2>
              <p className="mt-1 text-sm text-gray-700">{t("apply.period", { start: day(item.applyStart), end: day(item.applyEnd) })}</p>
              <p className="text-sm text-gray-700">{t("apply.exam", { time: moment(item.examTime), place: item.place })}</p>
              <p className="text-sm text-gray-700">
                {t("apply.fee", { fee: yuan(item.fee) })} · {t("apply.quota", { applied: item.applied, quota: item.quota })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
