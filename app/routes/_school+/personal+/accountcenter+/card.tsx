import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CardsPage, type CardOutcome } from "~/components/account/CardsPage";
import { useNamespaces } from "~/components/use-namespaces";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { CardCodeSchema, CardPostSchema, formFailure, lockedOut, postedIntent, replyFor, typed, upstreamFailure } from "~/services/account-centre.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { checkCardCode, createCardOrder, getCardReturnInfo } from "~/services/study-cards.server";
import { formAction } from "~/lib/http/form-failure.server";
import { checkMoneyCode } from "~/lib/state/code-attempts.server";
import { privateRetryAfterHeaders } from "~/lib/state/rate-limit.server";

export const handle = { i18n: ["account", "upstream"] } satisfies RouteHandle;

// a wrong-code lockout's Retry-After (issue 36 §1), never stored
export const headers: HeadersFunction = privateRetryAfterHeaders;

const PAGE = "/personal/accountcenter/card";

/**
 * `/personal/accountcenter/card` (spec 001 §7 "Study cards"), a tab of the account centre: enter a card's
 * code, see what it opens (check/code: a post answered with the card's package information, so the code
 * never goes into an address or a log), confirm (create/order: a 303 to `?orderNo=`, whose page shows
 * get/return/info: the courses now open).
 */
export async function loader(args: LoaderFunctionArgs) {
  const orderNo = new URL(args.request.url).searchParams.get("orderNo");
  // the login check, then the permission check beside the page's calls (one round); a malformed
  // address is a 404 only for a student who may see the page
  const {
    loaded: [redeemed, i18n],
  } = await requireStudentWith(args, "accountcenter.account", async (portal) => {
    if (orderNo !== null && !/^[A-Za-z0-9_-]{1,40}$/.test(orderNo)) throw data(null, { status: 404 });
    return Promise.all([orderNo === null ? Promise.resolve(null) : getCardReturnInfo(portal.upstream, orderNo), namespaces(args.request, handle)]);
  });
  if (orderNo !== null && !redeemed) throw data(null, { status: 404 });
  return data({ redeemed: redeemed ?? null, i18n, constraint: formConstraint(CardCodeSchema) });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(
    args,
    async () => {
      const { formData } = await requireValidPost(args);
      const portal = await requireStudent(args, "accountcenter.account");
      const fields = typed(formData, ["code"]);
      const submission = parseWithZod(formData, { schema: CardPostSchema });
      if (!postedIntent(submission, ["check", "redeem"]))
        return data<CardOutcome>({ ...formFailure("check", fields, { "": ["malformed"] }), card: null }, { status: 400 });
      // both buttons post the one card form: its answer, whichever was pressed
      if (submission.status !== "success") return data<CardOutcome>({ ...replyFor("check", submission), card: null }, { status: 400 });
      const { intent, code } = submission.value;
      // both steps send the code: each counts as a guess when the upstream refuses it
      if (intent === "check") {
        const checked = await checkMoneyCode(args, portal, () => checkCardCode(portal.upstream, code));
        if (checked.kind === "locked") return lockedOut("check", fields, checked.retryAfterS, { card: null });
        const r = checked.value;
        if (!r.ok) return data<CardOutcome>({ ...upstreamFailure("check", fields, "code", r), card: null }, { status: 400 });
        return data<CardOutcome>({ form: "check", result: { status: "success", initialValue: fields, state: undefined }, card: r.card });
      }
      const ordered = await checkMoneyCode(args, portal, () => createCardOrder(portal.upstream, code));
      if (ordered.kind === "locked") return lockedOut("check", fields, ordered.retryAfterS, { card: null });
      const made = ordered.value;
      if (!made.ok) return data<CardOutcome>({ ...upstreamFailure("check", fields, "code", made), card: null }, { status: 400 });
      return redirect(`${PAGE}?orderNo=${encodeURIComponent(made.orderNo)}`, 303);
    },
    "check",
  ); // an upstream failure answers this page's form
}

export default function CardRoute() {
  const d = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as CardOutcome | undefined;
  useNamespaces(d.i18n, "account");
  return <CardsPage {...d} outcome={outcome ?? null} action={PAGE} />;
}
