import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ExchangePage, type ExchangeOutcome } from "~/components/account/ExchangePage";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { ExchangeGoodsPostSchema, noticeOf } from "~/services/account-centre.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { exchangeGoods, getPointExchanges, getPointGoods } from "~/services/points.server";
import { requireValidPost } from "~/lib/portal.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { formAction } from "~/lib/http/form-failure.server";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { keptIdemKey, ownAnswer } from "~/forms/form-failure";

export const handle = { i18n: ["account", "upstream"] } satisfies RouteHandle;

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const PAGE = "/personal/accountcenter/score/exchange";

/**
 * `/personal/accountcenter/score/exchange` (issue 16 "points: ... exchange"; the spec shows no call or
 * address for it: decision 038): the goods points buy (coupons, courses) with their price in points, stock
 * and per-student limit, one form per goods (a plain post answered with a 303; a double click exchanges
 * once: the render's idempotency key), and my exchanges. Guard: the points entry (`accountcenter.score`).
 */
export async function loader(args: LoaderFunctionArgs) {
  // the permission check runs in the round of the page's calls (one round per page)
  const {
    loaded: [goods, exchanges, i18n],
  } = await requireStudentWith(args, "accountcenter.score", (portal) =>
    Promise.all([getPointGoods(portal.upstream), getPointExchanges(portal.upstream), namespaces(args.request, handle)]),
  );
  return data({ goods, exchanges, i18n, notice: noticeOf(new URL(args.request.url)), idemKey: randomUUID() });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "accountcenter.score");
    const submission = parseWithZod(formData, { schema: ExchangeGoodsPostSchema });
    // the goods and the key come from the page's buttons: a refusal of the schema is a post no button makes
    if (submission.status !== "success") return data<ExchangeOutcome>({ goodsId: null, error: "malformed" }, { status: 400 });
    const { goodsId, idemKey } = submission.value;
    const done = await exchangeGoods(portal.upstream, goodsId, idemKey);
    if (!done.ok) return data<ExchangeOutcome>({ goodsId, error: upstreamFormError(done, "failed") }, { status: 400 });
    return redirect(`${PAGE}?notice=goodsExchanged`, 303);
  });
}

export default function ExchangeRoute() {
  const d = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  useNamespaces(d.i18n, "account");
  return (
    <>
      <FormFailureNotice answer={outcome} className="mb-3" />
      <ExchangePage {...d} idemKey={keptIdemKey(outcome, d.idemKey)} outcome={ownAnswer(outcome) ?? null} action={PAGE} />
    </>
  );
}
