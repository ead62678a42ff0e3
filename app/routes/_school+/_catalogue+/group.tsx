import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { Img } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { listGroups } from "~/services/community.server";
import { useTranslation } from "~/i18n-runtime";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { cacheHeaders, requireSectionAccess, titleOf } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog", "community"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "group", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const [, groups, i18n] = await Promise.all([requireSectionAccess(portal, "group"), listGroups(portal.upstream), namespaces(args.request, handle)]);
  return data({ groups, loggedIn: isLoggedIn(portal), i18n, title: titleOf(i18n, "groups.title") }, { headers: cacheHeaders(portal) });
}

export default function Groups() {
  const { groups, loggedIn, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  const { t: tc } = useTranslation("community");
  return (
    <SectionList
      title={t("groups.title")}
      intro={t("groups.intro")}
      filters={
        <p className="text-sm">
          <Link to={loggedIn ? "/group/mine" : loginHref("/group/mine")} className="text-brand-strong underline">
            {tc("my.groupsLink")}
          </Link>
        </p>
      }
      items={groups}
      empty={t("groups.empty")}
      t={t}
    >
      {(list) => (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((g, i) => (
            <li key={g.id} className="flex gap-4 rounded-lg border border-gray-200 bg-white p-4">
              <div className="w-32 shrink-0">
                <Img src={g.cover} alt="" width={128} height={72} eager={i < 2} className="rounded" />
              </div>
              <div>
                <h2 className="font-semibold">
                  <Link to={`/groupdetail?id=${g.id}`}>{g.groupName}</Link>
                </h2>
                <p className="mt-1 text-sm text-gray-700">{g.intro}</p>
                <p className="mt-1 text-xs text-gray-600">{t("groups.stats", { members: g.memberCount, topics: g.topicCount, owner: g.ownerName })}</p>
                {g.joined === 1 ? <p className="mt-1 text-xs text-green-800">{tc("group.joined")}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
