import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActionButton } from "~/components/community/CommunityForm";
import { useTranslation } from "~/i18n-runtime";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { applyState, communityError, signUpForExam } from "~/services/community.server";
import { communityFailure, communityInvalid, communityPost, postedIntent, type CommunityOutcome } from "~/services/community-page.server";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { useNamespaces } from "~/components/use-namespaces";
import { useTimes } from "~/components/use-times";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { yuan } from "~/components/catalog/parts";
import { getApplyItem } from "~/services/school-content.server";
import { cacheHeaders, idOf, notFound, requireSectionAccess } from "~/lib/guards/sections.server";
import { loginHref } from "~/lib/security/redirect";
import { ApplyPostSchema } from "~/forms/community";
import { formAction } from "~/lib/http/form-failure.server";
import { newCreateKey, oneCreate } from "~/lib/state/one-create.server";
import { keptIdemKey } from "~/forms/form-failure";
import { buttonClass } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";

export const handle = { i18n: ["catalog", "community", "upstream"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "apply", d?.item.title);

/**
 * `/applydetail/{id}`: an independent exam's sign-up. A visitor gets the login button (backUrl here); a
 * logged-in student gets the sign-up button or, once signed up, the state (issue 17 part B: the button
 * used to vanish after login).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const id = idOf(args.params.id);
  const loggedIn = isLoggedIn(portal);
  const [, item, state, i18n] = await Promise.all([
    requireSectionAccess(portal, "apply"),
    id ? getApplyItem(portal.upstream, id) : null,
    id && loggedIn ? applyState(portal.upstream, id) : null,
    namespaces(args.request, handle),
  ]);
  if (!item) notFound(portal);
  return data({ item, loggedIn, state, i18n, idemKey: newCreateKey() }, { headers: cacheHeaders(portal) });
}

/** Sign up (a visitor goes to login first); success comes back here showing the state. */
export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, submission } = await communityPost(args, ApplyPostSchema);
    const id = idOf(args.params.id);
    if (!id) return communityFailure({ intent: postedIntent(submission), error: "applyNotFound" });
    if (submission.status !== "success") return communityInvalid(submission);
    const { intent } = submission.value;
    return oneCreate(args, "signUp", async () => {
      try {
        await signUpForExam(portal.upstream, id);
      } catch (error) {
        return communityFailure({ intent, error: communityError(error) });
      }
      return redirect(`/applydetail/${id}`, 303);
    });
  });
}

export default function ApplyDetail() {
  const { item, loggedIn, state, i18n, idemKey } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as CommunityOutcome | undefined;
  const { t } = useNamespaces(i18n);
  const { t: tc } = useTranslation("community");
  const { moment } = useTimes();
  const applied = state?.applied ?? item.applied;
  return (
    <SectionDetail width="max-w-3xl" labelId="apply-title" crumbs={<Link to="/apply">{t("apply.title")}</Link>} t={t}>
      <h1 id="apply-title" className="text-2xl font-bold">
        {item.title}
      </h1>
      <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-y-2 rounded border border-gray-200 bg-white p-4 text-sm">
        <dt className="text-gray-600">{t("apply.examName")}</dt>
        <dd>{item.examName}</dd>
        <dt className="text-gray-600">{t("apply.examTime")}</dt>
        <dd>{moment(item.examTime)}</dd>
        <dt className="text-gray-600">{t("apply.place")}</dt>
        <dd>{item.place}</dd>
        <dt className="text-gray-600">{t("apply.applyPeriod")}</dt>
        <dd>
          {moment(item.applyStart)} – {moment(item.applyEnd)}
        </dd>
        <dt className="text-gray-600">{t("apply.feeLabel")}</dt>
        <dd>{yuan(item.fee)}</dd>
        <dt className="text-gray-600">{t("apply.quotaLabel")}</dt>
        <dd data-testid="apply-quota">{t("apply.quota", { applied, quota: item.quota })}</dd>
      </dl>
      <section aria-labelledby="apply-desc" className="mt-6">
        <h2 id="apply-desc" className="text-xl font-semibold">
          {t("apply.description")}
        </h2>
        {item.description.map((p, i) => (
          <p key={i} className="mt-2">
            {p}
          </p>
        ))}
        <h2 className="mt-6 text-xl font-semibold">{t("apply.requirements")}</h2>
        <ul className="mt-2 list-inside list-disc">
          {item.requirements.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      {!loggedIn ? (
        <Link to={loginHref(`/applydetail/${item.id}`)} className={buttonClass({ variant: "strong", size: "lg", className: "mt-8" })}>
          {t("apply.loginToSignUp")}
        </Link>
      ) : state?.signedUp === 1 ? (
        <Notice tone="success" as="p" className="mt-8 text-base" data-testid="apply-state">
          {tc("apply.signedUp", { time: moment(state.signUpTime) })}{" "}
          <Link to="/apply/mine" className="underline">
            {tc("my.signUpsLink")}
          </Link>
        </Notice>
      ) : applied >= item.quota ? (
        <p className="mt-8 text-gray-700" role="status">
          {tc("apply.full")}
        </p>
      ) : (
        <div className="mt-4">
          <ActionButton
            intent="signUp"
            label={tc("apply.signUp")}
            pending={tc("apply.signingUp")}
            error={outcome?.error}
            idemKey={keptIdemKey(outcome, idemKey)}
          />
        </div>
      )}
    </SectionDetail>
  );
}
