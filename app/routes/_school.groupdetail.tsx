import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { useNamespaces } from "~/components/use-namespaces";
import { Img } from "~/components/catalog/parts";
import { getGroup } from "~/services/community.server";
import { loadSectionItem, cacheHeaders } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "group", d?.group.groupName, d?.group.intro);

/** `/groupdetail?id={groupId}`. */
export async function loader(args: LoaderFunctionArgs) {
  const { portal, item: group, i18n } = await loadSectionItem(args, "group", new URL(args.request.url).searchParams.get("id"), getGroup);
  return data({ group, i18n }, { headers: cacheHeaders(portal) });
}

export default function GroupDetail() {
  const { group, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionDetail width="max-w-4xl" labelId="group-title" crumbs={<Link to="/group">{t("groups.title")}</Link>} t={t}>
      <div className="flex gap-6 rounded-lg border border-gray-200 bg-white p-4">
        <div className="w-48 shrink-0">
          <Img src={group.cover} alt="" width={192} height={108} eager className="rounded" />
        </div>
        <div>
          <h1 id="group-title" className="text-2xl font-bold">
            {group.groupName}
          </h1>
          <p className="mt-2">{group.intro}</p>
          <p className="mt-1 text-sm text-gray-600">{t("groups.stats", { members: group.memberCount, topics: group.topics.length, owner: group.ownerName })}</p>
        </div>
      </div>
      <section aria-labelledby="topics-heading" className="mt-8">
        <h2 id="topics-heading" className="text-xl font-semibold">
          {t("groups.topics")}
        </h2>
        <ul className="mt-3 divide-y divide-gray-200 rounded border border-gray-200 bg-white">
          {group.topics.map((topic) => (
            <li key={topic.id} className="flex justify-between gap-4 px-4 py-3">
              <span>{topic.title}</span>
              <span className="shrink-0 text-sm text-gray-600">
                {topic.userName} · {t("groups.replies", { count: topic.replyCount })} · {topic.createTime.slice(0, 10)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </SectionDetail>
  );
}
