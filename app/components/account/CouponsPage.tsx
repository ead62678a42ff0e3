import { useTimes } from "~/components/use-times";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { errorText } from "~/components/form/messages";
import { useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { money } from "~/components/shop/money";
import { useTranslation } from "~/i18n-runtime";
import type { Coupon, CouponCounts, CouponCourse } from "~/services/coupons.server";
import { COUPON_TABS, type CouponTab } from "~/services/coupon-tabs";
import { AccountTabs } from "./AccountTabs";
import { AccountNotice } from "./AccountNotice";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";
import { CodeForm } from "./CodeForm";
import { FilterLink } from "~/components/ui/FilterLink";

type Props = {
  tab: CouponTab;
  counts: CouponCounts;
  list: Coupon[];
  couponId: number | null;
  courses: CouponCourse[] | null;
  notice: string | null;
  constraint: Constraints<"code">;
  outcome: { form: string; result: SubmissionResult<string[]> } | null;
  action: string;
};

/** Coupons (spec 001 §7): counts as tabs, the list, exchange by code, delete expired, the courses of one coupon. */
export function CouponsPage({ tab, counts, list, couponId, courses, notice, constraint, outcome, action }: Props) {
  const { day } = useTimes();
  const { t } = useTranslation("account");
  const [form, fields] = useForm<"code">({ id: "coupon-exchange", lastResult: outcome?.form === "exchange" ? outcome.result : null, constraint });
  const code = fields.code;
  const codeError = code.errors?.[0] ?? form.errors?.[0];
  const deleteError = outcome?.form === "delete" ? outcome.result.error?.[""]?.[0] : undefined;
  const chosen = couponId === null ? undefined : list.find((c) => c.userFrontCouponsId === couponId);
  return (
    <div className="space-y-5">
      <AccountTabs />
      <h1 className="text-xl font-bold">{t("coupons.title")}</h1>
      <AccountNotice notice={notice} />
      <CodeForm
        id="coupon-exchange-title"
        title={t("coupons.exchange")}
        action={action}
        form={form}
        code={code}
        label={t("coupons.code")}
        error={errorText(t, codeError)}
        intent="exchange"
        button={t("coupons.exchangeButton")}
        variant="strong"
      />
      <nav aria-label={t("coupons.title")}>
        <ul className="flex flex-wrap gap-2">
          {COUPON_TABS.map((x) => (
            <li key={x}>
              <FilterLink client href={x === "usable" ? action : `${action}?tab=${x}`} current={x === tab} look="tab" className="inline-block text-sm">
                {t("coupons.tabCount", { label: t(`coupons.tabs.${x}`), count: counts[x] })}
              </FilterLink>
            </li>
          ))}
        </ul>
      </nav>
      {deleteError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(t, deleteError)}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="text-gray-700">{t("coupons.empty")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="coupons">
          {list.map((c) => (
            <li key={c.userFrontCouponsId} className="rounded-lg border border-gray-200 bg-white p-3" data-testid="coupon">
              <p className="text-lg font-bold text-brand-strong">{money(c.amountCents)}</p>
              <p className="font-medium">{c.couponName}</p>
              <p className="text-sm text-gray-700">{c.minCents > 0 ? t("coupons.threshold", { min: money(c.minCents) }) : t("coupons.noThreshold")}</p>
              <p className="text-sm text-gray-700">{t("coupons.expires", { date: day(c.expiresAt) })}</p>
              <div className="mt-2 flex flex-wrap gap-3 text-sm">
                {tab === "usable" ? (
                  <Link
                    to={`${action}?courses=${c.userFrontCouponsId}`}
                    className="text-brand-strong underline"
                    aria-label={`${t("coupons.courses")} ${c.couponName}`}
                  >
                    {t("coupons.courses")}
                  </Link>
                ) : null}
                {tab === "expired" ? (
                  <Form method="post" action={action}>
                    <AuthenticityTokenInput name="csrf" />
                    <HiddenInput name="userCouponId" value={c.userFrontCouponsId} />
                    <Button type="submit" name="intent" value="delete" variant="outline" size="sm" aria-label={`${t("coupons.delete")} ${c.couponName}`}>
                      {t("coupons.delete")}
                    </Button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {courses ? (
        <section aria-labelledby="coupon-courses" className="rounded-lg border border-gray-200 bg-white p-4" data-testid="coupon-courses">
          <h2 id="coupon-courses" className="font-semibold">
            {t("coupons.coursesOf", { name: chosen?.couponName ?? "" })}
          </h2>
          {courses.length === 0 ? (
            <p className="text-gray-700">{t("coupons.noCourses")}</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {courses.map((x) => (
                <li key={x.commodityId}>
                  <Link to={`/course/detail/${x.commodityId}`} className="text-brand-strong underline">
                    {x.courseName}
                  </Link>{" "}
                  {money(x.priceCents)}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
