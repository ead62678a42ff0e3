import { useTimes } from "~/components/use-times";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { catalogPagerWords, Empty, SectionPage } from "~/components/catalog/parts";
import { Pager } from "~/components/ui/Pager";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { groupCounts, myCreatedGroups, myJoinedGroups, myTopics } from "~/services/community.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { idOf } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog", "community"] } satisfies RouteHandle;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/**
 * `/group/mine`: the groups I created and joined, and my topics (spec 001 §7 countUserOrderStatus,
 * getMyCreateGroups, getMyJoinGroups, getMyTopics), reached from the group list and each group page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const page = Math.min(idOf(new URL(args.request.url).searchParams.get("page")) ?? 1, 10_000);
  const [counts, created, joined, topics, i18n] = await Promise.all([
    groupCounts(portal.upstream),
    myCreatedGroups(portal.upstream),
    myJoinedGroups(portal.upstream),
    myTopics(portal.upstream, page),
    namespaces(args.request, handle),
  ]);
  const title = (i18n.bundles.community as { my: { groupsTitle: string } }).my.groupsTitle;
  return data({ counts, created, joined, topics, page, i18n, title });
}

function GroupLinks({ groups, testId }: { groups: Array<{ id: number; groupName: string; intro: string }>; testId: string }) {
  return (
    <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
      {groups.map((g) => (
        <li key={g.id} className="p-4" data-testid={testId}>
          <Link to={`/groupdetail?id=${g.id}`} className="font-semibold">
            {g.groupName}
          </Link>
          <p className="mt-1 text-sm text-gray-700">{g.intro}</p>
        </li>
      ))}
    </ul>
  );
}

export default function MyGroups() {
  const { counts, created, joined, topics, page, i18n } = useLoaderData<typeof loader>();
  const { t: tCatalog } = useNamespaces(i18n);
  const { t } = useNamespaces(i18n, "community");
  const times = useTimes();
  return (
    <SectionPage title={t("my.groupsTitle")}>
      <p className="text-sm">
        <Link to="/group" className="text-brand-strong underline">
          {t("my.browseGroups")}
        </Link>
      </p>
      <section aria-labelledby="my-created" className="mt-6">
        <h2 id="my-created" className="text-xl font-semibold">
          {t("my.created", { count: counts.createCount })}
        </h2>
        {created.length ? <GroupLinks groups={created} testId="created-group" /> : <Empty>{t("my.noCreated")}</Empty>}
      </section>
      <section aria-labelledby="my-joined" className="mt-8">
        <h2 id="my-joined" className="text-xl font-semibold">
          {t("my.joined", { count: counts.joinCount })}
        </h2>
        {joined.length ? <GroupLinks groups={joined} testId="joined-group" /> : <Empty>{t("my.noJoined")}</Empty>}
      </section>
      <section aria-labelledby="my-topics" className="mt-8">
        <h2 id="my-topics" className="text-xl font-semibold">
          {t("my.topics", { count: counts.topicCount })}
        </h2>
        {topics.records.length ? (
          <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {topics.records.map((topic) => (
              <li key={topic.id} className="p-4" data-testid="my-topic">
                <span className="font-medium">{topic.title}</span>
                <p className="mt-1 text-xs text-gray-600">
                  <Link to={`/groupdetail?id=${topic.groupId}`}>{topic.groupName}</Link> · {times.moment(topic.createTime)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>{t("my.noTopics")}</Empty>
        )}
        <Pager
          current={page}
          total={topics.total}
          size={topics.size}
          href={(n) => `/group/mine?page=${n}`}
          words={catalogPagerWords(tCatalog)}
          numbered
          className="mt-8"
        />
      </section>
    </SectionPage>
  );
}
