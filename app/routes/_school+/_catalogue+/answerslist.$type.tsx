import { useTimes } from "~/components/use-times";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionList } from "~/components/catalog/SectionList";
import { CommunityForm } from "~/components/community/CommunityForm";
import { useNamespaces } from "~/components/use-namespaces";
import { AskPostSchema, AskSchema } from "~/forms/community";
import { formConstraint } from "~/forms/constraint.server";
import { useTranslation } from "~/i18n-runtime";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { askQuestion, communityError, listQuestions, QUESTION_PAGE_SIZE } from "~/services/community.server";
import { communityFailure, communityInvalid, communityPost, type CommunityOutcome } from "~/services/community-page.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { cacheHeaders, pageOf, redirectPastLastPage, requireSectionAccess, titleOf } from "~/lib/guards/sections.server";
import { formAction } from "~/lib/http/form-failure.server";
import { newCreateKey, oneCreate } from "~/lib/state/one-create.server";
import { keptIdemKey } from "~/forms/form-failure";

export const handle = { i18n: ["catalog", "community", "upstream"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "qa", d?.title);

/** `/answerslist/0`: the Q&A list (the segment is the list type; 0 = all threads) and, logged in, the ask form. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const [, page, i18n] = await Promise.all([requireSectionAccess(portal, "qa"), listQuestions(portal.upstream, pageOf(url)), namespaces(args.request, handle)]);
  redirectPastLastPage(args.request, page, pageOf(url), QUESTION_PAGE_SIZE);
  return data(
    {
      page,
      type: args.params.type ?? "0",
      loggedIn: isLoggedIn(portal),
      back: url.pathname + url.search,
      i18n,
      constraint: formConstraint(AskSchema),
      idemKey: newCreateKey(),
      title: titleOf(i18n, "qa.title"),
    },
    { headers: cacheHeaders(portal) },
  );
}

/** Ask a question (issue 17 part B): a visitor goes to login and comes back here; success opens the new thread. */
export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, submission } = await communityPost(args, AskPostSchema);
    if (submission.status !== "success") return communityInvalid(submission);
    const { intent, title, content } = submission.value;
    return oneCreate(args, "ask", async () => {
      try {
        const id = await askQuestion(portal.upstream, { title, content });
        return redirect(id ? `/response/${id}` : "/answerslist/mine", 303);
      } catch (error) {
        return communityFailure({ intent, result: submission.reply({ formErrors: [communityError(error)] }) });
      }
    });
  });
}

export default function AnswersList() {
  const { page, type, loggedIn, back, i18n, constraint, idemKey } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as CommunityOutcome | undefined;
  const { t } = useNamespaces(i18n);
  const { t: tc } = useTranslation("community");
  const times = useTimes();
  return (
    <SectionList
      title={t("qa.title")}
      intro={t("qa.intro")}
      filters={
        <div>
          <p className="text-sm">
            {loggedIn ? (
              <Link to="/answerslist/mine" className="text-brand-strong underline">
                {tc("my.qaLink")}
              </Link>
            ) : (
              <Link to={loginHref(back)} className="text-brand-strong underline">
                {tc("ask.loginToAsk")}
              </Link>
            )}
          </p>
          {loggedIn ? (
            <CommunityForm
              id="ask-question"
              intent="ask"
              heading={tc("ask.heading")}
              constraint={constraint}
              fields={[
                { name: "title", label: tc("ask.title"), kind: "input" },
                { name: "content", label: tc("ask.content"), kind: "textarea" },
              ]}
              submit={tc("ask.submit")}
              pending={tc("ask.pending")}
              lastResult={outcome?.result}
              idemKey={keptIdemKey(outcome, idemKey)}
            />
          ) : null}
        </div>
      }
      items={page.records}
      empty={t("qa.empty")}
      pager={{ current: page.current, total: page.total, size: page.size, href: (n) => `/answerslist/${encodeURIComponent(type)}?page=${n}` }}
      t={t}
    >
      {(records) => (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {records.map((q) => (
            <li key={q.id} className="p-4">
              <h2 className="font-semibold">
                <Link to={`/response/${q.id}`}>{q.title}</Link>
              </h2>
              <p className="mt-1 text-sm text-gray-700">{q.content}</p>
              <p className="mt-1 text-xs text-gray-600">
                {q.userName}
                {q.courseName ? ` · ${q.courseName}` : ""} · <time dateTime={times.iso(q.createTime)}>{times.moment(q.createTime)}</time> ·{" "}
                {t("qa.answers", { count: q.answerCount })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
