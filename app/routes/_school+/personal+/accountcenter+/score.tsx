import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PointsPage } from "~/components/account/PointsPage";
import { useNamespaces } from "~/components/use-namespaces";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type RouteHandle } from "~/i18n.server";
import {
  BuyPointsSchema,
  formFailure,
  noticeOf,
  PointsPostSchema,
  postedIntent,
  replyFor,
  typed,
  upstreamFailure,
  type FormOutcome,
} from "~/services/account-centre.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { buyPoints, getPointDesc, getPointInfo, getPointList } from "~/services/points.server";
import { requireValidPost } from "~/lib/portal.server";
import { formAction } from "~/lib/http/form-failure.server";

export const handle = { i18n: ["account", "upstream"] } satisfies RouteHandle;

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const PAGE = "/personal/accountcenter/score";

/**
 * `/personal/accountcenter/score` (spec 001 §2, §7 "Account: points"): the points and the balance
 * (get/point/info), the rules (get/point/desc), the movements (get/point/list, the shop's ledger) and
 * buying points with the balance (make/point/order), a plain post answered with a 303.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const page = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  // the permission check runs in the round of the page's calls (one round per page)
  const {
    loaded: [info, list, desc, i18n],
  } = await requireStudentWith(args, "accountcenter.score", (portal) =>
    Promise.all([getPointInfo(portal.upstream), getPointList(portal.upstream, page), getPointDesc(portal.upstream), namespaces(args.request, handle)]),
  );
  return data({ info, list, desc, page, i18n, notice: noticeOf(url), constraint: formConstraint(BuyPointsSchema) });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "accountcenter.score");
    const fields = typed(formData, ["point"]);
    const submission = parseWithZod(formData, { schema: PointsPostSchema });
    if (!postedIntent(submission, ["buy"])) return data(formFailure("buy", fields, { "": ["malformed"] }), { status: 400 });
    if (submission.status !== "success") return data(replyFor("buy", submission), { status: 400 });
    const bought = await buyPoints(portal.upstream, submission.value.point);
    if (!bought.ok) return data(upstreamFailure("buy", fields, "point", bought), { status: 400 });
    return redirect(`${PAGE}?notice=pointsBought`, 303);
  });
}

export default function ScoreRoute() {
  const d = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as FormOutcome | undefined;
  useNamespaces(d.i18n, "account");
  return <PointsPage {...d} outcome={outcome ?? null} action={PAGE} />;
}
