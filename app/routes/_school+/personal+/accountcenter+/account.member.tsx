import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { keptIdemKey } from "~/forms/form-failure";
import { MemberPage } from "~/components/account/MemberPage";
import { useNamespaces } from "~/components/use-namespaces";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type RouteHandle } from "~/i18n.server";
import {
  BuyMemberSchema,
  formFailure,
  MemberPostSchema,
  noticeOf,
  postedIntent,
  typed,
  upstreamFailure,
  type FormOutcome,
} from "~/services/account-centre.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { getMemberHistory, getMemberInfo, makeMemberOrder, refreshMemberStatus } from "~/services/membership.server";
import { requireValidPost } from "~/lib/portal.server";
import { formAction } from "~/lib/http/form-failure.server";

export const handle = { i18n: ["account", "upstream"] } satisfies RouteHandle;

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const PAGE = "/personal/accountcenter/account/member";

/**
 * `/personal/accountcenter/account/member` (spec 001 §2, §7 "Account: membership"): the levels, the
 * membership in force with its expiry, the purchase records, buying a level (make/member/order → an
 * unpaid order paid at the provider through `/payment/pay`, decision 028) and refreshing the status.
 * Every form a plain post answered with a 303; a refusal re-renders the form with the reason (400).
 */
export async function loader(args: LoaderFunctionArgs) {
  // the permission check runs in the round of the page's calls (one round per page)
  const {
    loaded: [info, history, i18n],
  } = await requireStudentWith(args, "accountcenter.member", (portal) =>
    Promise.all([getMemberInfo(portal.upstream), getMemberHistory(portal.upstream), namespaces(args.request, handle)]),
  );
  return data({
    info,
    history,
    i18n,
    notice: noticeOf(new URL(args.request.url)),
    // one key per render: a double click on "buy" places one order (decision 028's idempotency key)
    idemKey: randomUUID(),
    constraint: formConstraint(BuyMemberSchema),
  });
}

export type MemberForm = "buy" | "refresh";

export async function action(args: ActionFunctionArgs) {
  return formAction(
    args,
    async () => {
      const { formData } = await requireValidPost(args);
      const portal = await requireStudent(args, "accountcenter.member");
      const submission = parseWithZod(formData, { schema: MemberPostSchema });
      const fields = postedIntent(submission, ["buy"]) ? typed(formData, ["memId", "memType"]) : {};
      // the level, its type and the key come from the page's buttons: a refusal of the schema is a post no button makes
      if (submission.status !== "success") return data(formFailure<MemberForm>("buy", fields, { "": ["malformed"] }), { status: 400 });
      if (submission.value.intent === "refresh") {
        const status = await refreshMemberStatus(portal.upstream);
        return redirect(`${PAGE}?notice=${status.memberFlag === 1 ? "memberActive" : "memberInactive"}`, 303);
      }
      const { memId, memType, idemKey } = submission.value;
      const made = await makeMemberOrder(portal.upstream, memId, memType, idemKey);
      if (!made.ok) return data(upstreamFailure<MemberForm>("buy", fields, "", made), { status: 400 });
      // the provider's address comes from the pay page (a 303 to another site would meet the CSP form-action)
      return redirect(`/payment/pay?orderNo=${encodeURIComponent(made.orderNo)}`, 303);
    },
    "buy",
  ); // an upstream failure answers this page's form
}

export default function MemberRoute() {
  const d = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as FormOutcome<MemberForm> | undefined;
  useNamespaces(d.i18n, "account");
  return <MemberPage {...d} idemKey={keptIdemKey(outcome, d.idemKey)} outcome={outcome ?? null} action={PAGE} />;
}
