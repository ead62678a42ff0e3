import { useTimes } from "~/components/use-times";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { errorText } from "~/components/form/messages";
import { getFormProps, useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { money } from "~/components/shop/money";
import { useTranslation } from "~/i18n-runtime";
import type { MemberInfo, MemberLevel, MemberRecord } from "~/services/membership.server";
import { AccountTabs } from "./AccountTabs";
import { AccountNotice } from "./AccountNotice";
import { CheckOrders } from "~/components/form/FormFailureNotice";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";
import { Table } from "~/components/ui/Table";

type Props = {
  info: MemberInfo;
  history: MemberRecord[];
  notice: string | null;
  idemKey: string;
  constraint: Constraints<string>;
  outcome: { form: string; result: SubmissionResult<string[]> } | null;
  action: string;
};

/** Membership (spec 001 §7): the membership in force, the levels to buy or renew, the purchase records. */
export function MemberPage({ info, history, notice, idemKey, constraint, outcome, action }: Props) {
  const { moment: dateTime, day } = useTimes();
  const { t } = useTranslation("account", { keyPrefix: "member" });
  const active = info.active ?? null;
  return (
    <div className="space-y-6">
      <AccountTabs />
      <h1 className="text-xl font-bold">{t("title")}</h1>
      <AccountNotice notice={notice} />
      <section aria-labelledby="member-status" className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="member-status" className="font-semibold">
          {t("status")}
        </h2>
        <p className="mt-2" data-testid="member-status">
          {active ? t("activeUntil", { level: active.levelName, date: day(active.expiresAt) }) : t("none")}
        </p>
        <Form method="post" action={action} className="mt-3">
          <AuthenticityTokenInput name="csrf" />
          <Button type="submit" name="intent" value="refresh" variant="outline" size="sm">
            {t("refresh")}
          </Button>
        </Form>
      </section>
      <section aria-labelledby="member-levels">
        <h2 id="member-levels" className="mb-3 font-semibold">
          {t("levels")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3" data-testid="member-levels">
          {info.levels.map((level) => (
            <LevelCard
              key={level.id}
              level={level}
              renew={active !== null}
              idemKey={idemKey}
              constraint={constraint}
              action={action}
              result={outcome?.form === "buy" && outcome.result.initialValue?.memId === String(level.id) ? outcome.result : null}
            />
          ))}
        </ul>
        {outcome?.form === "buy" && !info.levels.some((l) => outcome.result.initialValue?.memId === String(l.id)) ? (
          <FormErrorLine result={outcome.result} />
        ) : null}
      </section>
      <section aria-labelledby="member-history">
        <h2 id="member-history" className="mb-3 font-semibold">
          {t("history")}
        </h2>
        {history.length === 0 ? (
          <p className="text-gray-700">{t("historyEmpty")}</p>
        ) : (
          <Table data-testid="member-history">
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-2">
                  {t("col.level")}
                </th>
                <th scope="col">{t("col.paid")}</th>
                <th scope="col">{t("col.period")}</th>
                <th scope="col">{t("col.bought")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((r) => (
                <tr key={r.id} className="border-b border-gray-100">
                  <td className="py-2">{r.levelName}</td>
                  <td>{money(r.payCents)}</td>
                  <td>{t("period", { from: day(r.startsAt), to: day(r.expiresAt) })}</td>
                  <td>{dateTime(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </div>
  );
}

function FormErrorLine({ result }: { result: SubmissionResult<string[]> }) {
  const { t } = useTranslation("account");
  const error = result.error?.[""]?.[0];
  if (!error) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {errorText(t, error)}
    </p>
  );
}

function LevelCard({
  level,
  renew,
  idemKey,
  constraint,
  action,
  result,
}: {
  level: MemberLevel;
  renew: boolean;
  idemKey: string;
  constraint: Constraints<string>;
  action: string;
  result: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("account");
  const [form] = useForm({ id: `member-buy-${level.id}`, lastResult: result, constraint });
  const error = form.errors?.[0];
  return (
    <li className="flex flex-col rounded-lg border border-gray-200 bg-white p-4" data-testid="member-level">
      <h3 className="text-lg font-semibold">{level.levelName}</h3>
      <p className="text-2xl font-bold text-brand-strong">{money(level.priceCents)}</p>
      <p className="text-sm text-gray-700">{t("member.duration", { days: level.durationDays })}</p>
      {level.discount ? <p className="text-sm text-gray-700">{t("member.discount", { discount: level.discount })}</p> : null}
      <ul className="my-2 list-inside list-disc text-sm">
        {level.benefits.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      <Form method="post" action={action} className="mt-auto" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        <HiddenInput name="memId" value={level.id} />
        <HiddenInput name="memType" value={renew ? 2 : 1} />
        <HiddenInput name="idemKey" value={idemKey} />
        <Button type="submit" name="intent" value="buy" variant="strong" block aria-label={`${t(renew ? "member.renew" : "member.buy")} ${level.levelName}`}>
          {t(renew ? "member.renew" : "member.buy")}
        </Button>
        {error ? (
          <p id={form.errorId} role="alert" className="mt-2 text-sm text-red-700">
            {errorText(t, error)}
          </p>
        ) : null}
        <CheckOrders error={error} />
      </Form>
    </li>
  );
}
