import { useTimes } from "~/components/use-times";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { errorText } from "~/components/form/messages";
import { useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { money } from "~/components/shop/money";
import { useTranslation } from "~/i18n-runtime";
import { myOrdersHref } from "~/services/study-links";
import type { CardReturn, StudyCard } from "~/services/study-cards.server";
import { AccountTabs } from "./AccountTabs";
import { CheckOrders } from "~/components/form/FormFailureNotice";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";
import { CodeForm } from "./CodeForm";
import { Notice } from "~/components/ui/Notice";

export type CardOutcome = { form: "check"; result: SubmissionResult<string[]>; card: StudyCard | null };

type Props = { redeemed: CardReturn | null; constraint: Constraints<"code">; outcome: CardOutcome | null; action: string };

/** Study cards (spec 001 §7): enter the code, see the package it opens, redeem; then what it opened. */
export function CardsPage({ redeemed, constraint, outcome, action }: Props) {
  const { day } = useTimes();
  const { t } = useTranslation("account");
  const [form, fields] = useForm<"code">({ id: "card-check", lastResult: outcome?.result ?? null, constraint });
  const code = fields.code;
  const codeError = code.errors?.[0] ?? form.errors?.[0];
  const card = outcome?.card ?? null;
  return (
    <div className="space-y-5">
      <AccountTabs />
      <h1 className="text-xl font-bold">{t("cards.title")}</h1>
      {redeemed ? (
        <Notice as="section" tone="success" role="region" aria-labelledby="card-done" className="rounded-lg p-4 text-base" data-testid="card-redeemed">
          <h2 id="card-done" className="font-semibold text-green-900">
            {t("cards.redeemed", { name: redeemed.name })}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {redeemed.courses.map((c) => (
              <li key={c.commodityId}>
                <Link to={`/course/detail/${c.commodityId}`} className="text-brand-strong underline">
                  {c.courseName}
                </Link>{" "}
                <span data-testid="card-course-state">{c.enrolled ? t("cards.open") : t("cards.notOpen")}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">
            <Link to={myOrdersHref()} className="text-brand-strong underline">
              {t("cards.orders", { orderNo: redeemed.orderNo })}
            </Link>
          </p>
        </Notice>
      ) : null}
      <CodeForm
        id="card-check-title"
        title={t("cards.check")}
        action={action}
        form={form}
        code={code}
        label={t("cards.code")}
        error={errorText(t, codeError)}
        intent="check"
        button={t("cards.checkButton")}
        variant="brandOutline"
        below={<CheckOrders error={form.errors?.[0]} />}
      />
      {card ? (
        <section aria-labelledby="card-info" className="rounded-lg border border-gray-200 bg-white p-4" data-testid="card-info">
          <h2 id="card-info" className="font-semibold">
            {t(card.kind === "package" ? "cards.package" : "cards.course", { name: card.name })}
          </h2>
          <p className="text-sm text-gray-700">{t("cards.expires", { date: day(card.expiresAt) })}</p>
          <ul className="my-2 space-y-1 text-sm">
            {card.courses.map((c) => (
              <li key={c.commodityId}>
                {c.courseName} {money(c.priceCents)} {c.bought ? <span className="text-gray-700">{t("cards.bought")}</span> : null}
              </li>
            ))}
          </ul>
          <Form method="post" action={action}>
            <AuthenticityTokenInput name="csrf" />
            <HiddenInput name="code" value={card.code} />
            <Button type="submit" name="intent" value="redeem" variant="strong">
              {t("cards.redeem")}
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
