import { useTimes } from "~/components/use-times";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldError } from "~/components/ui/Field";
import { errorText } from "~/components/form/messages";
import { getFormProps, getInputProps, useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { money } from "~/components/shop/money";
import { useTranslation } from "~/i18n-runtime";
import type { Invoice, InvoiceTemplate } from "~/services/invoices.server";
import type { Order } from "~/services/orders.constants";
import { myOrdersHref } from "~/services/study-links";
import { AccountNotice } from "./AccountNotice";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Input } from "~/components/ui/Input";

type Name = "titleType" | "title" | "taxNo" | "email" | "saveTemplate";
type Props = {
  order: Order;
  enabled: boolean;
  template: InvoiceTemplate;
  invoice: Invoice;
  notice: string | null;
  constraint: Constraints<Name>;
  outcome: { form: string; result: SubmissionResult<string[]> } | null;
  action: string;
  /** the request's create key (decision 095) */
  idemKey: string;
};

/** An invoice for a paid order (spec 001 §7 "Invoices"): the one requested, or the form. */
export function InvoicePage({ order, enabled, template, invoice, notice, constraint, outcome, action, idemKey }: Props) {
  const { moment: dateTime } = useTimes();
  const { t } = useTranslation("account");
  const [form, f] = useForm<Name>({
    id: "invoice",
    lastResult: outcome?.result ?? null,
    constraint,
    defaultValue: { titleType: template?.titleType ?? "personal", title: template?.title ?? "", taxNo: template?.taxNo ?? "", email: template?.email ?? "" },
  });
  const input = "max-w-md";
  const text = (name: "title" | "taxNo" | "email", type = "text") => (
    <div className="mb-3">
      <label htmlFor={f[name].id} className="field-label">
        {t(`invoice.${name}`)}
      </label>
      <Input {...getInputProps(f[name], { type })} className={input} />
      <FieldError id={f[name].errorId} name={name}>
        {errorText(t, f[name].errors?.[0])}
      </FieldError>
    </div>
  );
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-bold">{t("invoice.title")}</h1>
      <AccountNotice notice={notice} />
      {form.errors?.[0] ? (
        <p id={form.errorId} role="alert" className="text-sm text-red-700">
          {errorText(t, form.errors[0])}
        </p>
      ) : null}
      <p className="text-sm">
        {t("invoice.order", { orderNo: order.orderNo, total: money(order.totalCents) })} · {order.items.map((i) => i.commodityName).join("、")}
      </p>
      {invoice ? (
        <section aria-labelledby="invoice-done" className="rounded-lg border border-gray-200 bg-white p-4" data-testid="invoice">
          <h2 id="invoice-done" className="font-semibold">
            {t("invoice.requested", { time: dateTime(invoice.createdAt) })}
          </h2>
          <p className="text-sm">
            {invoice.title}
            {invoice.taxNo ? ` · ${invoice.taxNo}` : ""} · {invoice.email} · {money(invoice.amountCents)}
          </p>
        </section>
      ) : !enabled ? (
        <p className="text-gray-700" data-testid="invoice-off">
          {t("invoice.off")}
        </p>
      ) : order.status !== 2 || order.totalCents <= 0 ? (
        <p className="text-gray-700">{t("invoice.notPaid")}</p>
      ) : (
        <Form method="post" action={action} className="rounded-lg border border-gray-200 bg-white p-4" {...getFormProps(form)}>
          <AuthenticityTokenInput name="csrf" />
          <HiddenInput name="idemKey" value={idemKey} />
          <fieldset className="mb-3">
            <legend className="mb-1 text-sm text-gray-700">{t("invoice.titleType")}</legend>
            {(["personal", "company"] as const).map((v) => (
              <label key={v} className="mr-4 inline-flex items-center gap-1 text-sm">
                <Input {...getInputProps(f.titleType, { type: "radio", value: v })} id={`${f.titleType.id}-${v}`} />
                {t(`invoice.type.${v}`)}
              </label>
            ))}
            <FieldError id={f.titleType.errorId} name="titleType">
              {errorText(t, f.titleType.errors?.[0])}
            </FieldError>
          </fieldset>
          {text("title")}
          {text("taxNo")}
          <p className="-mt-2 mb-3 text-xs text-gray-700">{t("invoice.taxNoHint")}</p>
          {text("email", "email")}
          <label className="mb-3 flex items-center gap-2 text-sm">
            <Input {...getInputProps(f.saveTemplate, { type: "checkbox" })} />
            {t("invoice.saveTemplate")}
          </label>
          <Button type="submit" name="intent" value="apply" variant="strong">
            {t("invoice.submit")}
          </Button>
        </Form>
      )}
      <Link to={myOrdersHref()} className="text-sm text-brand-strong underline">
        {t("invoice.back")}
      </Link>
    </div>
  );
}
