import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { keptIdemKey } from "~/forms/form-failure";
import { BalancePage } from "~/components/account/BalancePage";
import { useNamespaces } from "~/components/use-namespaces";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type RouteHandle } from "~/i18n.server";
import {
  ChargeSchema,
  BalancePostSchema,
  formFailure,
  lockedOut,
  noticeOf,
  postedIntent,
  RechargeSchema,
  replyFor,
  typed,
  upstreamFailure,
  WithdrawSchema,
  type FormOutcome,
} from "~/services/account-centre.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { getCharge, getInviteCode, getInviteRecord, makeChargeOrder, rechargeCard, withdraw } from "~/services/points.server";
import { requireValidPost } from "~/lib/portal.server";
import { formAction } from "~/lib/http/form-failure.server";
import { checkMoneyCode } from "~/lib/state/code-attempts.server";
import { privateRetryAfterHeaders } from "~/lib/state/rate-limit.server";

export const handle = { i18n: ["account", "upstream"] } satisfies RouteHandle;

// a wrong-code lockout's Retry-After (issue 36 §1), never stored
export const headers: HeadersFunction = privateRetryAfterHeaders;

const PAGE = "/personal/accountcenter/balance";

/**
 * `/personal/accountcenter/balance` (spec 001 §7 "Account": get/charge, recharge/charge/card,
 * cash/withdraw, get/personal/invite/code, get/personal/record, make/order (balance)), a tab of the account
 * centre: the balance and its movements, an online recharge (paid at the provider), a recharge card, a withdrawal, my invite code and whom I invited. Plain posts: a 303
 * with the notice, or the form again with the reason (400).
 */
export async function loader(args: LoaderFunctionArgs) {
  // the permission check runs in the round of the page's calls (one round per page)
  const {
    loaded: [charge, inviteCode, invites, i18n],
  } = await requireStudentWith(args, "accountcenter.account", (portal) =>
    Promise.all([getCharge(portal.upstream), getInviteCode(portal.upstream), getInviteRecord(portal.upstream), namespaces(args.request, handle)]),
  );
  return data({
    charge,
    inviteCode,
    invites,
    i18n,
    notice: noticeOf(new URL(args.request.url)),
    constraints: { recharge: formConstraint(RechargeSchema), withdraw: formConstraint(WithdrawSchema), charge: formConstraint(ChargeSchema) },
    // one key per render: a double click on "recharge online" places one order
    idemKey: randomUUID(),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "accountcenter.account");
    const submission = parseWithZod(formData, { schema: BalancePostSchema });
    if (submission.status !== "success") {
      const form = postedIntent(submission, ["recharge", "charge", "withdraw"]);
      // what was typed, with the schema's messages, in the form that posted; any other post is malformed
      if (form) return data(replyFor(form, submission), { status: 400 });
      return data(formFailure("recharge", {}, { "": ["malformed"] }), { status: 400 });
    }
    const post = submission.value;
    if (post.intent === "recharge") {
      const checked = await checkMoneyCode(args, portal, () => rechargeCard(portal.upstream, post.code));
      if (checked.kind === "locked") return lockedOut("recharge", typed(formData, ["code"]), checked.retryAfterS);
      const r = checked.value;
      if (!r.ok) return data(upstreamFailure("recharge", typed(formData, ["code"]), "code", r), { status: 400 });
      return redirect(`${PAGE}?notice=recharged`, 303);
    }
    if (post.intent === "charge") {
      // make/order (balance), decision 038: an order paid at the provider, through the pay page
      const r = await makeChargeOrder(portal.upstream, post.balance, post.idemKey);
      if (!r.ok) return data(upstreamFailure("charge", typed(formData, ["balance"]), "balance", r), { status: 400 });
      return redirect(`/payment/pay?orderNo=${encodeURIComponent(r.orderNo)}`, 303);
    }
    const r = await withdraw(portal.upstream, post.withdrawAmount);
    if (!r.ok) return data(upstreamFailure("withdraw", typed(formData, ["withdrawAmount"]), "withdrawAmount", r), { status: 400 });
    return redirect(`${PAGE}?notice=withdrawn`, 303);
  });
}

export default function BalanceRoute() {
  const d = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as FormOutcome | undefined;
  useNamespaces(d.i18n, "account");
  return <BalancePage {...d} idemKey={keptIdemKey(outcome, d.idemKey)} outcome={outcome ?? null} action={PAGE} />;
}
