import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CouponsPage } from "~/components/account/CouponsPage";
import { useNamespaces } from "~/components/use-namespaces";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type RouteHandle } from "~/i18n.server";
import {
  CouponPostSchema,
  ExchangeCouponSchema,
  formFailure,
  lockedOut,
  noticeOf,
  postedIntent,
  replyFor,
  typed,
  upstreamFailure,
  type FormOutcome,
} from "~/services/account-centre.server";
import { COUPON_TABS, type CouponTab } from "~/services/coupon-tabs";
import { deleteExpiredCoupon, exchangeCoupon, getCouponCounts, getCouponCourses, getCoupons } from "~/services/coupons.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { formAction } from "~/lib/http/form-failure.server";
import { checkMoneyCode } from "~/lib/state/code-attempts.server";
import { privateRetryAfterHeaders } from "~/lib/state/rate-limit.server";

export const handle = { i18n: ["account", "upstream"] } satisfies RouteHandle;

// a wrong-code lockout's Retry-After (issue 36 §1), never stored
export const headers: HeadersFunction = privateRetryAfterHeaders;

const PAGE = "/personal/accountcenter/coupon";

/**
 * `/personal/accountcenter/coupon` (spec 001 §7 "Account: coupons"), a tab of the account centre beside
 * membership and points: the counts as tabs (usable, used, expired), the list, exchanging a code, deleting
 * an expired coupon, and the courses one coupon pays for (`?courses=<id>`). Forms are plain posts: a 303
 * back with the notice, or the form again with the reason (400).
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const tab: CouponTab = (COUPON_TABS as readonly string[]).includes(url.searchParams.get("tab") ?? "") ? (url.searchParams.get("tab") as CouponTab) : "usable";
  const coursesOf = url.searchParams.get("courses");
  const couponId = coursesOf && /^\d{1,9}$/.test(coursesOf) ? Number(coursesOf) : null;
  // the login check, then the permission check beside the page's calls (one round); a malformed
  // address is a 404 only for a student who may see the page
  const {
    loaded: [counts, list, courses, i18n],
  } = await requireStudentWith(args, "accountcenter.account", async (portal) => {
    if (coursesOf !== null && couponId === null) throw data(null, { status: 404 });
    return Promise.all([
      getCouponCounts(portal.upstream),
      getCoupons(portal.upstream, tab),
      couponId === null ? Promise.resolve(null) : getCouponCourses(portal.upstream, couponId),
      namespaces(args.request, handle),
    ]);
  });
  if (couponId !== null && !courses) throw data(null, { status: 404 });
  return data({ tab, counts, list, couponId, courses: courses ?? null, i18n, notice: noticeOf(url), constraint: formConstraint(ExchangeCouponSchema) });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "accountcenter.account");
    const submission = parseWithZod(formData, { schema: CouponPostSchema });
    if (submission.status !== "success") {
      // the exchange code as typed, with the schema's messages; a delete without a coupon id is not this page's post
      if (postedIntent(submission, ["exchange"])) return data(replyFor("exchange", submission), { status: 400 });
      return data(formFailure(postedIntent(submission, ["delete"]) ?? "exchange", {}, { "": ["malformed"] }), { status: 400 });
    }
    const post = submission.value;
    if (post.intent === "exchange") {
      const checked = await checkMoneyCode(args, portal, () => exchangeCoupon(portal.upstream, post.code));
      if (checked.kind === "locked") return lockedOut("exchange", typed(formData, ["code"]), checked.retryAfterS);
      const r = checked.value;
      if (!r.ok) return data(upstreamFailure("exchange", typed(formData, ["code"]), "code", r), { status: 400 });
      return redirect(`${PAGE}?notice=couponExchanged`, 303);
    }
    const r = await deleteExpiredCoupon(portal.upstream, post.userCouponId);
    if (!r.ok) return data(upstreamFailure("delete", {}, "", r), { status: 400 });
    return redirect(`${PAGE}?tab=expired&notice=couponsDeleted`, 303);
  });
}

export default function CouponRoute() {
  const d = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as FormOutcome | undefined;
  useNamespaces(d.i18n, "account");
  return <CouponsPage {...d} outcome={outcome ?? null} action={PAGE} />;
}
