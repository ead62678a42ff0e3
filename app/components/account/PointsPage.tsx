import { useTimes } from "~/components/use-times";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { errorText } from "~/components/form/messages";
import { FieldError } from "~/components/ui/Field";
import { getFormProps, getInputProps, useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { money } from "~/components/shop/money";
import { useTranslation } from "~/i18n-runtime";
import type { PointInfo, PointList } from "~/services/points.server";
import { AccountTabs } from "./AccountTabs";
import { AccountNotice } from "./AccountNotice";
import { CheckOrders } from "~/components/form/FormFailureNotice";
import { Button } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";
import { Table } from "~/components/ui/Table";

type Props = {
  info: PointInfo;
  list: PointList;
  desc: string[];
  page: number;
  notice: string | null;
  constraint: Constraints<"point">;
  outcome: { form: string; result: SubmissionResult<string[]> } | null;
  action: string;
};

/** Points (spec 001 §7): what I have, the rules, buying with the balance, the movements. */
export function PointsPage({ info, list, desc, page, notice, constraint, outcome, action }: Props) {
  const { moment: dateTime } = useTimes();
  const { t } = useTranslation("account");
  const [form, fields] = useForm<"point">({ id: "points-buy", lastResult: outcome?.result ?? null, constraint });
  const point = fields.point;
  const pointError = point.errors?.[0] ?? form.errors?.[0];
  const pageHref = (p: number) => `${action}${p > 1 ? `?page=${p}` : ""}`;
  return (
    <div className="space-y-6">
      <AccountTabs />
      <h1 className="text-xl font-bold">{t("points.title")}</h1>
      <AccountNotice notice={notice} />
      <section aria-labelledby="points-mine" className="flex flex-wrap gap-6 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="points-mine" className="sr-only">
          {t("points.mine")}
        </h2>
        <p>
          {t("points.available")}{" "}
          <strong className="text-2xl" data-testid="points-available">
            {info.points}
          </strong>
        </p>
        <p>
          {t("points.balance")} <strong data-testid="points-balance">{money(info.balanceCents)}</strong>
        </p>
        <p>
          <Link to="/personal/accountcenter/score/exchange" className="text-brand-strong underline">
            {t("points.exchangeLink")}
          </Link>
        </p>
      </section>
      <section aria-labelledby="points-buy-title" className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="points-buy-title" className="font-semibold">
          {t("points.buy")}
        </h2>
        <p className="text-sm text-gray-700">{t("points.price", { price: money(info.pointPriceCents * 100), min: info.buyMin, max: info.buyMax })}</p>
        <Form method="post" action={action} className="mt-3 flex flex-wrap items-start gap-2" {...getFormProps(form)}>
          <AuthenticityTokenInput name="csrf" />
          <div>
            <label htmlFor={point.id} className="field-label">
              {t("points.amount")}
            </label>
            <Input {...getInputProps(point, { type: "number" })} inputMode="numeric" className="w-40" />
            <FieldError id={point.errorId} name="point">
              {errorText(t, pointError)}
            </FieldError>
            <CheckOrders error={pointError} />
          </div>
          <Button type="submit" name="intent" value="buy" variant="strong" className="mt-6">
            {t("points.buyButton")}
          </Button>
        </Form>
      </section>
      <section aria-labelledby="points-desc">
        <h2 id="points-desc" className="mb-2 font-semibold">
          {t("points.desc")}
        </h2>
        <ul className="list-inside list-disc text-sm text-gray-800">
          {desc.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="points-list">
        <h2 id="points-list" className="mb-2 font-semibold">
          {t("points.list")}
        </h2>
        {list.list.length === 0 ? (
          <p className="text-gray-700">{t("points.empty")}</p>
        ) : (
          <Table data-testid="points-list">
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-2">
                  {t("points.col.time")}
                </th>
                <th scope="col">{t("points.col.reason")}</th>
                <th scope="col">{t("points.col.delta")}</th>
              </tr>
            </thead>
            <tbody>
              {list.list.map((r) => (
                <tr key={r.id} className="border-b border-gray-100">
                  <td className="py-2">{dateTime(r.createdAt)}</td>
                  <td>
                    {t(`points.reason.${r.reason}`, { defaultValue: r.reason })}
                    {r.orderNo ? ` (${r.orderNo})` : ""}
                  </td>
                  <td className={r.delta > 0 ? "text-green-800" : "text-red-700"}>{r.delta > 0 ? `+${r.delta}` : r.delta}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {list.total > list.pageSize ? (
          <nav aria-label={t("points.pages")} className="mt-2 flex gap-3 text-sm">
            {page > 1 ? <Link to={pageHref(page - 1)}>{t("points.prev")}</Link> : null}
            <span>{t("points.page", { page })}</span>
            {page * list.pageSize < list.total ? <Link to={pageHref(page + 1)}>{t("points.next")}</Link> : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
