import { useTimes } from "~/components/use-times";
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useRef, type FocusEvent, type FormEvent } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PRODUCT_KEYS } from "~/forms/checkout-keys";
import { useTranslation } from "~/i18n-runtime";
import { upstreamErrorText } from "~/lib/http/upstream-messages";
import type { BuyCheck, Preview, Problem } from "~/services/checkout.server";
import { agreementHref, completeInfoHref } from "~/services/study-links";
import { money } from "./money";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { isFormFailure, ownAnswer, type FormFailure } from "~/forms/form-failure";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Input, Select } from "~/components/ui/Input";
import { Badge } from "~/components/ui/Badge";
import { Notice } from "~/components/ui/Notice";

export type CheckoutAnswer = { error: "malformed" | "empty" | "protocol" | "server" | "changed"; message?: string; problems?: Problem[]; payCents?: number };

type Props = {
  preview: Preview | null;
  check: BuyCheck;
  back: string;
  idempotencyKey: string;
  /** the order's refusal, or (decision 042) the failure of the call behind it */
  answer?: CheckoutAnswer | FormFailure;
};

export function CheckoutPage({ preview, check, back, idempotencyKey: loadedKey, answer: anyAnswer }: Props) {
  const { day: date } = useTimes();
  const { t } = useTranslation("shop", { keyPrefix: "checkout" });
  const [params] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const choicesForm = useRef<HTMLFormElement>(null);
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const answer = ownAnswer(anyAnswer);
  const failed = isFormFailure(anyAnswer) ? anyAnswer : undefined;
  // the order may have been made upstream (decision 042): no order button that could make a second one,
  // only the way to the orders; the key of the failed post is kept so that any later post of it is the same order
  const uncertain = failed?.formFailure.uncertain === true;
  const idempotencyKey = failed?.posted.idempotencyKey ?? loadedKey;

  if (!preview || !preview.lines.length) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-6">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-4">{t("nothing")}</p>
        <Link to="/shoppingcart" className="mt-2 inline-block text-brand-strong underline">
          {t("backToCart")}
        </Link>
      </div>
    );
  }
  const p = preview.priced;
  const okLines = preview.lines.filter((l) => l.status === "ok");
  const protocols = okLines.filter((l) => l.protocolId !== null);
  // the problems of the refused order, or those the current choices meet (e.g. a coupon in the address expired)
  const problems = answer?.problems ?? preview.problems;
  const applied = preview.applied;
  const product = PRODUCT_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!] as const] : []));
  const recalc = () => {
    if (choicesForm.current) submit(choicesForm.current, { method: "get", replace: true, preventScrollReset: true });
  };
  // a choice (select, box) is priced at once; a typed value (points, card) when it is left or on Enter,
  // not on every key (the answer re-renders the field)
  const onChoice = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.tagName === "SELECT" || (target as HTMLInputElement).type === "checkbox") recalc();
  };
  const onTyped = (event: FocusEvent<HTMLInputElement>) => {
    if (event.currentTarget.value !== event.currentTarget.defaultValue) recalc();
  };
  const closed = check.status === 4;
  // "it stays in your cart" is only true of the cart's items, not of a "buy now"
  const fromCart = params.has("cartIds");

  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>

      {problems.length ? (
        <Notice as="section" tone="warning" role="alert" aria-labelledby="changed-title" className="mt-4 p-3 text-base" data-testid="checkout-problems">
          <h2 id="changed-title" className="font-semibold">
            {t("changedTitle")}
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {problems.map((problem, i) => (
              <li key={i}>{problemText(problem, t, fromCart)}</li>
            ))}
          </ul>
          {/* nothing left to buy (e.g. "buy now" of a course already bought): no corrected total of ¥0.00 */}
          {okLines.length ? <p className="mt-1 text-sm font-semibold">{t("corrected", { pay: money(p.payCents) })}</p> : null}
        </Notice>
      ) : null}
      <FormFailureNotice answer={anyAnswer} className="mt-4" />
      {answer?.error === "server" ? (
        <p role="alert" className="mt-4 text-red-700">
          {t("error", { message: upstreamErrorText(t, answer.message ?? "") ?? answer.message ?? "" })}
        </p>
      ) : null}
      {check.status === 3 && !check.pass ? (
        <p className="mt-4 text-sm">
          {t("completeInfoSoft")}{" "}
          <Link to={completeInfoHref(2, back)} className="text-brand-strong underline">
            {t("completeInfoLink")}
          </Link>
        </p>
      ) : null}
      {closed ? (
        <p role="alert" className="mt-4 text-red-700">
          {t("closed")}
        </p>
      ) : null}

      <section aria-labelledby="items-title" className="mt-6">
        <h2 id="items-title" className="text-lg font-semibold">
          {t("items")}
        </h2>
        <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="checkout-lines">
          {preview.lines.map((line) => (
            <li
              key={`${line.commodityType}:${line.commodityId}`}
              className={`flex flex-wrap items-center gap-3 p-3 ${line.status === "ok" ? "" : "text-gray-600"}`}
            >
              <span className="min-w-0 flex-1 font-medium">{line.commodityName}</span>
              {line.status !== "ok" ? <Badge tone="neutral">{t(itemProblemKey(line.status, fromCart), { name: line.commodityName })}</Badge> : null}
              <span className={preview.member && line.memberPriceCents !== null ? "text-gray-600 line-through" : "font-semibold text-red-700"}>
                {money(line.priceCents)}
              </span>
              {line.memberPriceCents !== null ? (
                <span className={preview.member ? "font-semibold text-red-700" : "text-xs text-amber-800"}>
                  {t("memberPrice", { price: money(line.memberPriceCents) })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <Form
        ref={choicesForm}
        method="get"
        action="/payment/order"
        replace
        preventScrollReset
        className="mt-6 space-y-3 rounded-lg border border-gray-200 bg-white p-4"
        aria-labelledby="choices-title"
        onChange={hydrated ? onChoice : undefined}
      >
        <h2 id="choices-title" className="text-lg font-semibold">
          {t("choices")}
        </h2>
        {product.map(([k, v]) => (
          <HiddenInput key={k} name={k} value={v} />
        ))}
        <div>
          <label htmlFor="coupon" className="block text-sm font-medium">
            {t("coupon")}
          </label>
          <Select
            id="coupon"
            name="userCouponId"
            defaultValue={applied.userCouponId ?? ""}
            key={`coupon-${applied.userCouponId ?? ""}`}
            className="mt-1 max-w-md"
          >
            <option value="">{t("noCoupon")}</option>
            {preview.coupons.map((c) => (
              <option key={c.id} value={c.id} disabled={!c.usable}>
                {c.usable
                  ? t("couponOption", { name: c.couponName, amount: money(c.amountCents), until: date(c.expiresAt) })
                  : t("couponUnusable", { name: c.couponName, reason: t(`couponReason.${c.reason}`) })}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="points" className="block text-sm font-medium">
            {t("points", { available: preview.points })}
          </label>
          <Input
            id="points"
            name="points"
            type="number"
            inputMode="numeric"
            min={0}
            max={preview.points}
            step={1}
            defaultValue={applied.points || ""}
            key={`points-${applied.points}`}
            onBlur={hydrated ? onTyped : undefined}
            className="mt-1 w-40"
          />
        </div>
        <div className="flex items-center gap-2">
          <Input id="useBalance" name="useBalance" type="checkbox" value="1" defaultChecked={applied.useBalance} />
          <label htmlFor="useBalance" className="text-sm">
            {t("useBalance", { balance: money(preview.balanceCents) })}
          </label>
        </div>
        <div>
          <label htmlFor="cardCode" className="block text-sm font-medium">
            {t("card")}
          </label>
          <Input
            id="cardCode"
            name="cardCode"
            type="text"
            maxLength={40}
            pattern="[A-Za-z0-9\-]{1,40}"
            defaultValue={applied.cardCode ?? ""}
            key={`card-${applied.cardCode ?? ""}`}
            onBlur={hydrated ? onTyped : undefined}
            className="mt-1 w-60"
          />
        </div>
        {hydrated ? null : (
          <Button type="submit" variant="brandOutline">
            {t("recalculate")}
          </Button>
        )}
      </Form>

      <section aria-labelledby="summary-title" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="summary-title" className="text-lg font-semibold">
          {t("summary")}
        </h2>
        <dl className="mt-2 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="checkout-summary">
          <Row label={t("subtotal")} value={money(p.subtotalCents)} />
          {p.memberDiscountCents ? <Row label={t("memberDiscount")} value={money(-p.memberDiscountCents)} /> : null}
          {p.couponCents ? <Row label={t("couponDiscount")} value={money(-p.couponCents)} /> : null}
          {p.pointsCents ? <Row label={t("pointsDiscount", { points: p.pointsUsed })} value={money(-p.pointsCents)} /> : null}
          {p.cardCents ? <Row label={t("cardDiscount")} value={money(-p.cardCents)} /> : null}
          {p.balanceCents ? <Row label={t("balancePaid")} value={money(-p.balanceCents)} /> : null}
          <dt className="mt-2 font-semibold">{t("pay")}</dt>
          <dd className="mt-2 text-right text-lg font-bold text-red-700" data-testid="checkout-pay">
            {money(p.payCents)}
          </dd>
        </dl>
      </section>

      {okLines.length && !closed ? (
        <Form method="post" action={`/payment/order${location.search}`} className="mt-6 space-y-3">
          <AuthenticityTokenInput name="csrf" />
          <HiddenInput name="idempotencyKey" value={idempotencyKey} />
          <HiddenInput name="expectedPayCents" value={p.payCents} />
          <HiddenInput name="userCouponId" value={applied.userCouponId ?? ""} />
          <HiddenInput name="points" value={applied.points} />
          <HiddenInput name="useBalance" value={applied.useBalance ? "1" : ""} />
          <HiddenInput name="cardCode" value={applied.cardCode ?? ""} />
          {okLines.map((l) => (
            <HiddenInput key={`${l.commodityType}:${l.commodityId}`} name="seen" value={`${l.commodityType}:${l.commodityId}:${l.priceCents}`} />
          ))}
          {protocols.length ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Input id="agreeProtocol" name="agreeProtocol" type="checkbox" required />
              <label htmlFor="agreeProtocol">{t("agree")}</label>
              {protocols.map((l) => (
                <Link key={l.protocolId} to={agreementHref("check", 0, l.protocolId!, { backUrl: back })} className="text-brand-strong underline">
                  《{l.protocolName}》
                </Link>
              ))}
            </div>
          ) : null}
          {p.payCents > 0 ? (
            <fieldset className="flex flex-wrap items-center gap-4 text-sm">
              <legend className="mb-1 font-medium">{t("payType.label")}</legend>
              <label className="flex items-center gap-1">
                <Input type="radio" name="payType" value="online" defaultChecked /> {t("payType.online")}
              </label>
              <label className="flex items-center gap-1">
                <Input type="radio" name="payType" value="wechat" /> {t("payType.wechat")}
              </label>
            </fieldset>
          ) : null}
          {answer?.error === "protocol" ? (
            <p role="alert" className="text-sm text-red-700">
              {t("agree")}
            </p>
          ) : null}
          {uncertain ? null : (
            <Button type="submit" variant="strong" size="lg" aria-disabled={submitting || undefined}>
              {submitting ? t("submitting") : t("submit")}
            </Button>
          )}
        </Form>
      ) : null}
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="text-right">{value}</dd>
    </>
  );
}

/** The message of an item left out: bought or sold out says "it stays in your cart" only for the cart's items. */
function itemProblemKey(kind: string, fromCart: boolean): string {
  return !fromCart && (kind === "bought" || kind === "soldOut") ? `problem.${kind}Now` : `problem.${kind}`;
}

function problemText(problem: Problem, t: (key: string, o?: Record<string, unknown>) => string, fromCart: boolean): string {
  switch (problem.kind) {
    case "priceChanged":
      return t("problem.priceChanged", { name: problem.name, before: money(problem.beforeCents), after: money(problem.afterCents) });
    case "bought":
    case "soldOut":
    case "notFound":
      return t(itemProblemKey(problem.kind, fromCart), { name: problem.name });
    case "pointsShort":
      return t("problem.pointsShort", { available: problem.available });
    case "totalChanged":
      return t("problem.totalChanged", { before: money(problem.beforeCents), after: money(problem.afterCents) });
    case "cardInvalid":
      return t("problem.cardInvalid", { code: problem.code });
    default:
      return t(`problem.${problem.kind}`, { name: problem.name });
  }
}
