import { useTimes } from "~/components/use-times";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { CommunityForm } from "~/components/community/CommunityForm";
import { useNamespaces } from "~/components/use-namespaces";
import { AnswerFormSchema, AnswerPostSchema } from "~/forms/community";
import { formConstraint } from "~/forms/constraint.server";
import { useTranslation } from "~/i18n-runtime";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { answerQuestion, communityError, getQuestion } from "~/services/community.server";
import { communityFailure, communityInvalid, communityPost, postedIntent, type CommunityOutcome } from "~/services/community-page.server";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { cacheHeaders, idOf, notFound, requireSectionAccess } from "~/lib/guards/sections.server";
import { formAction } from "~/lib/http/form-failure.server";
import { newCreateKey, oneCreate } from "~/lib/state/one-create.server";
import { keptIdemKey } from "~/forms/form-failure";
import { buttonClass } from "~/components/ui/Button";
import { Badge } from "~/components/ui/Badge";

export const handle = { i18n: ["catalog", "community", "upstream"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "qa", d?.question.title);

/** `/response/{id}`: one thread, its answers and, logged in, the answer form (the asker sees a note instead). */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const id = idOf(args.params.id);
  const [, question, i18n] = await Promise.all([
    requireSectionAccess(portal, "qa"),
    id ? getQuestion(portal.upstream, id) : null,
    namespaces(args.request, handle),
  ]);
  if (!question) notFound(portal);
  return data(
    { question, loggedIn: isLoggedIn(portal), i18n, constraint: formConstraint(AnswerFormSchema), idemKey: newCreateKey() },
    { headers: cacheHeaders(portal) },
  );
}

/** Answer the thread (issue 17 part B); success comes back to the thread with the new answer. */
export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, submission } = await communityPost(args, AnswerPostSchema);
    const id = idOf(args.params.id);
    if (!id) return communityFailure({ intent: postedIntent(submission), error: "questionNotFound" });
    if (submission.status !== "success") return communityInvalid(submission);
    const { intent } = submission.value;
    return oneCreate(args, "answer", async () => {
      try {
        await answerQuestion(portal.upstream, { questionId: id, content: submission.value.content });
      } catch (error) {
        return communityFailure({ intent, result: submission.reply({ formErrors: [communityError(error)] }) });
      }
      return redirect(`/response/${id}#answers-heading`, 303);
    });
  });
}

export default function QuestionThread() {
  const { question, loggedIn, i18n, constraint, idemKey } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as CommunityOutcome | undefined;
  const { t } = useNamespaces(i18n);
  const { t: tc } = useTranslation("community");
  const times = useTimes();
  return (
    <SectionDetail width="max-w-3xl" labelId="question-title" crumbs={<Link to="/answerslist/0">{t("qa.title")}</Link>} t={t}>
      <h1 id="question-title" className="text-2xl font-bold">
        {question.title}
      </h1>
      <p className="mt-2 text-sm text-gray-600">
        {question.userName}
        {question.courseName ? ` · ${question.courseName}` : ""} · <time dateTime={times.iso(question.createTime)}>{times.moment(question.createTime)}</time>
      </p>
      <p className="mt-4 leading-7">{question.content}</p>
      <section aria-labelledby="answers-heading" className="mt-8">
        <h2 id="answers-heading" className="text-xl font-semibold">
          {t("qa.answers", { count: question.answers.length })}
        </h2>
        <ul className="mt-3 space-y-3">
          {question.answers.map((a) => (
            <li key={a.id} className="rounded border border-gray-200 bg-white p-4" data-testid="answer">
              <p className="text-sm font-medium">
                {a.userName}
                {a.teacherFlag === 1 ? (
                  <Badge tone="brand" className="ml-2">
                    {t("qa.teacher")}
                  </Badge>
                ) : null}
              </p>
              <p className="mt-2">{a.content}</p>
              <p className="mt-1 text-xs text-gray-600">
                <time dateTime={times.iso(a.createTime)}>{times.moment(a.createTime)}</time> · {t("qa.likes", { count: a.likeCount })}
              </p>
            </li>
          ))}
        </ul>
      </section>
      {!loggedIn ? (
        <Link to={loginHref(`/response/${question.id}`)} className={buttonClass({ variant: "strong", size: "lg", className: "mt-6" })}>
          {tc("answer.loginToAnswer")}
        </Link>
      ) : question.mine === 1 ? (
        <p className="mt-6 text-sm text-gray-700">
          {tc("answer.mine")}{" "}
          <Link to="/answerslist/mine" className="text-brand-strong underline">
            {tc("my.qaLink")}
          </Link>
        </p>
      ) : (
        <CommunityForm
          id="answer-question"
          intent="answer"
          heading={tc("answer.heading")}
          constraint={constraint}
          fields={[{ name: "content", label: tc("answer.content"), kind: "textarea" }]}
          submit={tc("answer.submit")}
          pending={tc("answer.pending")}
          lastResult={outcome?.result}
          idemKey={keptIdemKey(outcome, idemKey)}
        />
      )}
    </SectionDetail>
  );
}
