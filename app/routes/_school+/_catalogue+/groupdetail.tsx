import { useTimes } from "~/components/use-times";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { Img } from "~/components/catalog/parts";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { ActionButton, CommunityForm } from "~/components/community/CommunityForm";
import { useNamespaces } from "~/components/use-namespaces";
import { GroupPostSchema, TopicFormSchema } from "~/forms/community";
import { formConstraint } from "~/forms/constraint.server";
import { useTranslation } from "~/i18n-runtime";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { communityError, getGroup, joinGroup, leaveGroup, postTopic } from "~/services/community.server";
import { communityFailure, communityInvalid, communityPost, postedIntent, type CommunityOutcome } from "~/services/community-page.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { cacheHeaders, idOf, notFound, requireSectionAccess } from "~/lib/guards/sections.server";
import { formAction } from "~/lib/http/form-failure.server";
import { newCreateKey, oneCreate } from "~/lib/state/one-create.server";
import { keptIdemKey } from "~/forms/form-failure";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["catalog", "community", "upstream"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "group", d?.group.groupName, d?.group.intro);

/** `/groupdetail?id={groupId}`: the group, its topics; logged in: join or leave, and a member posts a topic. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const id = idOf(new URL(args.request.url).searchParams.get("id"));
  const [, group, i18n] = await Promise.all([
    requireSectionAccess(portal, "group"),
    id ? getGroup(portal.upstream, id) : null,
    namespaces(args.request, handle),
  ]);
  if (!group) notFound(portal);
  return data(
    { group, loggedIn: isLoggedIn(portal), i18n, constraint: formConstraint(TopicFormSchema), idemKey: newCreateKey() },
    { headers: cacheHeaders(portal) },
  );
}

/** Join, leave, post a topic (issue 17 part B); each success comes back to the group page. */
export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, submission } = await communityPost(args, GroupPostSchema);
    const id = idOf(new URL(args.request.url).searchParams.get("id"));
    if (!id) return communityFailure({ intent: postedIntent(submission), error: "groupNotFound" });
    if (submission.status !== "success") return communityInvalid(submission);
    const post = submission.value;
    const { intent } = post;
    const back = redirect(`/groupdetail?id=${id}`, 303);
    try {
      switch (post.intent) {
        case "join":
          await joinGroup(portal.upstream, id);
          return back;
        case "leave":
          await leaveGroup(portal.upstream, id);
          return back;
        case "topic":
          return await oneCreate(args, "topic", async () => {
            try {
              await postTopic(portal.upstream, { groupId: id, title: post.title, content: post.content });
            } catch (error) {
              return communityFailure({ intent, result: submission.reply({ formErrors: [communityError(error)] }) });
            }
            return back;
          });
      }
    } catch (error) {
      return communityFailure({ intent, error: communityError(error) });
    }
  });
}

export default function GroupDetail() {
  const { group, loggedIn, i18n, constraint, idemKey } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as CommunityOutcome | undefined;
  const { t } = useNamespaces(i18n);
  const { t: tc } = useTranslation("community");
  const times = useTimes();
  const member = group.joined === 1;
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
          <p className="mt-1 text-sm text-gray-600" data-testid="group-stats">
            {t("groups.stats", { members: group.memberCount, topics: group.topics.length, owner: group.ownerName })}
          </p>
          {!loggedIn ? (
            <Link to={loginHref(`/groupdetail?id=${group.id}`)} className={buttonClass({ variant: "strong", size: "lg", className: "mt-4" })}>
              {tc("group.loginToJoin")}
            </Link>
          ) : group.owner === 1 ? (
            <p className="mt-4 text-sm text-gray-700">{tc("group.owner")}</p>
          ) : member ? (
            <>
              <p className="mt-4 text-sm text-green-800" role="status">
                {tc("group.joined")}
              </p>
              <ActionButton
                intent="leave"
                label={tc("group.leave")}
                pending={tc("group.leaving")}
                error={outcome?.intent === "leave" ? outcome.error : null}
                tone="plain"
              />
            </>
          ) : (
            <ActionButton intent="join" label={tc("group.join")} pending={tc("group.joining")} error={outcome?.intent === "join" ? outcome.error : null} />
          )}
          {loggedIn ? (
            <p className="mt-3 text-sm">
              <Link to="/group/mine" className="text-brand-strong underline">
                {tc("my.groupsLink")}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="topics-heading" className="mt-8">
        <h2 id="topics-heading" className="text-xl font-semibold">
          {t("groups.topics")}
        </h2>
        <ul className="mt-3 divide-y divide-gray-200 rounded border border-gray-200 bg-white">
          {group.topics.map((topic) => (
            <li key={topic.id} className="px-4 py-3" data-testid="topic">
              <div className="flex justify-between gap-4">
                <span className="font-medium">{topic.title}</span>
                <span className="shrink-0 text-sm text-gray-600">
                  {topic.userName} · {t("groups.replies", { count: topic.replyCount })} · {times.day(topic.createTime)}
                </span>
              </div>
              {topic.content ? <p className="mt-1 text-sm text-gray-700">{topic.content}</p> : null}
            </li>
          ))}
        </ul>
      </section>
      {loggedIn && (member || group.owner === 1) ? (
        <CommunityForm
          id="post-topic"
          intent="topic"
          heading={tc("group.topicHeading")}
          constraint={constraint}
          fields={[
            { name: "title", label: tc("group.topicTitle"), kind: "input" },
            { name: "content", label: tc("group.topicContent"), kind: "textarea" },
          ]}
          submit={tc("group.topicSubmit")}
          pending={tc("group.topicPending")}
          lastResult={outcome?.intent === "topic" ? outcome.result : undefined}
          idemKey={keptIdemKey(outcome, idemKey)}
        />
      ) : loggedIn ? (
        <p className="mt-6 text-sm text-gray-700">{tc("group.joinToPost")}</p>
      ) : null}
    </SectionDetail>
  );
}
