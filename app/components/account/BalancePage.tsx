import { useTimes } from "~/components/use-times";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldError } from "~/components/ui/Field";
import { errorText } from "~/components/form/messages";
import { getFormProps, getInputProps, useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { money } from "~/components/shop/money";
import { useTranslation } from "~/i18n-runtime";
import type { ChargeInfo, InviteRecord } from "~/services/points.server";
import { AccountTabs } from "./AccountTabs";
import { AccountNotice } from "./AccountNotice";
import { CheckOrders } from "~/components/form/FormFailureNotice";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Input } from "~/components/ui/Input";
import { Table } from "~/components/ui/Table";

type Props = {
  charge: ChargeInfo;
  inviteCode: string;
  invites: InviteRecord[];
  notice: string | null;
  constraints: { recharge: Constraints<"code">; withdraw: Constraints<"withdrawAmount">; charge: Constraints<"balance" | "idemKey"> };
  idemKey: string;
  outcome: { form: string; result: SubmissionResult<string[]> } | null;
  action: string;
};

/** The balance (spec 001 §7): what I have and how it moved, recharge card, withdraw, invite code and record. */
export function BalancePage({ charge, inviteCode, invites, notice, constraints, outcome, action, idemKey }: Props) {
  const { moment: dateTime } = useTimes();
  const { t } = useTranslation("account");
  const [recharge, rf] = useForm<"code">({
    id: "balance-recharge",
    lastResult: outcome?.form === "recharge" ? outcome.result : null,
    constraint: constraints.recharge,
  });
  const [chargeForm, cf] = useForm<"balance">({
    id: "balance-charge",
    lastResult: outcome?.form === "charge" ? outcome.result : null,
    constraint: constraints.charge,
  });
  const [withdrawForm, wf] = useForm<"withdrawAmount">({
    id: "balance-withdraw",
    lastResult: outcome?.form === "withdraw" ? outcome.result : null,
    constraint: constraints.withdraw,
  });
  const input = "w-56";
  return (
    <div className="space-y-5">
      <AccountTabs />
      <h1 className="text-xl font-bold">{t("balance.title")}</h1>
      <AccountNotice notice={notice} />
      <p>
        {t("balance.current")}{" "}
        <strong className="text-2xl" data-testid="balance-current">
          {money(charge.balanceCents)}
        </strong>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="balance-charge-title" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="balance-charge-title" className="font-semibold">
            {t("balance.charge")}
          </h2>
          <Form method="post" action={action} className="mt-2" {...getFormProps(chargeForm)}>
            <AuthenticityTokenInput name="csrf" />
            <HiddenInput name="idemKey" value={idemKey} />
            <label htmlFor={cf.balance.id} className="field-label">
              {t("balance.chargeAmount")}
            </label>
            <Input {...getInputProps(cf.balance, { type: "text" })} inputMode="decimal" autoComplete="off" className={input} />
            <FieldError id={cf.balance.errorId} name="balance">
              {errorText(t, cf.balance.errors?.[0] ?? chargeForm.errors?.[0])}
            </FieldError>
            <CheckOrders error={chargeForm.errors?.[0]} />
            <Button type="submit" name="intent" value="charge" variant="strong" className="mt-2">
              {t("balance.chargeButton")}
            </Button>
          </Form>
        </section>
        <section aria-labelledby="balance-recharge-title" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="balance-recharge-title" className="font-semibold">
            {t("balance.recharge")}
          </h2>
          <Form method="post" action={action} className="mt-2" {...getFormProps(recharge)}>
            <AuthenticityTokenInput name="csrf" />
            <label htmlFor={rf.code.id} className="field-label">
              {t("balance.rechargeCode")}
            </label>
            <Input {...getInputProps(rf.code, { type: "text" })} autoComplete="off" className={input} />
            <FieldError id={rf.code.errorId} name="code">
              {errorText(t, rf.code.errors?.[0] ?? recharge.errors?.[0])}
            </FieldError>
            <CheckOrders error={recharge.errors?.[0]} />
            <Button type="submit" name="intent" value="recharge" variant="strong" className="mt-2">
              {t("balance.rechargeButton")}
            </Button>
          </Form>
        </section>
        <section aria-labelledby="balance-withdraw-title" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="balance-withdraw-title" className="font-semibold">
            {t("balance.withdraw")}
          </h2>
          <Form method="post" action={action} className="mt-2" {...getFormProps(withdrawForm)}>
            <AuthenticityTokenInput name="csrf" />
            <label htmlFor={wf.withdrawAmount.id} className="field-label">
              {t("balance.amount")}
            </label>
            <Input {...getInputProps(wf.withdrawAmount, { type: "text" })} inputMode="decimal" className={input} />
            <FieldError id={wf.withdrawAmount.errorId} name="withdrawAmount">
              {errorText(t, wf.withdrawAmount.errors?.[0] ?? withdrawForm.errors?.[0])}
            </FieldError>
            <Button type="submit" name="intent" value="withdraw" variant="brandOutline" className="mt-2">
              {t("balance.withdrawButton")}
            </Button>
          </Form>
          {charge.withdrawals.length ? (
            <ul className="mt-3 space-y-1 text-sm" data-testid="withdrawals">
              {charge.withdrawals.map((w) => (
                <li key={w.id}>
                  {dateTime(w.createdAt)} {money(w.amountCents)} {t(`balance.status.${w.status}`, { defaultValue: w.status })}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      <section aria-labelledby="balance-list">
        <h2 id="balance-list" className="mb-2 font-semibold">
          {t("balance.list")}
        </h2>
        {charge.list.length === 0 ? (
          <p className="text-gray-700">{t("balance.empty")}</p>
        ) : (
          <Table data-testid="balance-list">
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-2">
                  {t("points.col.time")}
                </th>
                <th scope="col">{t("points.col.reason")}</th>
                <th scope="col">{t("balance.change")}</th>
              </tr>
            </thead>
            <tbody>
              {charge.list.map((r) => (
                <tr key={r.id} className="border-b border-gray-100">
                  <td className="py-2">{dateTime(r.createdAt)}</td>
                  <td>
                    {t(`balance.reason.${r.reason}`, { defaultValue: r.reason })}
                    {r.orderNo ? ` (${r.orderNo})` : ""}
                  </td>
                  <td className={r.delta > 0 ? "text-green-800" : "text-red-700"}>{r.delta > 0 ? `+${money(r.delta)}` : money(r.delta)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      <section aria-labelledby="balance-invite" className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="balance-invite" className="font-semibold">
          {t("balance.invite")}
        </h2>
        <p className="mt-1">
          {t("balance.inviteCode")} <strong data-testid="invite-code">{inviteCode}</strong>
        </p>
        {invites.length === 0 ? (
          <p className="text-sm text-gray-700">{t("balance.noInvites")}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="invites">
            {invites.map((i) => (
              <li key={i.id}>{t("balance.invited", { name: i.inviteeName, time: dateTime(i.createdAt), points: i.rewardPoints })}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
