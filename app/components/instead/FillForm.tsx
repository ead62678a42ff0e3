import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DynamicFields } from "~/components/form/DynamicFields";
import { fieldErrorText } from "~/components/form/messages";
import { SubmitButton } from "~/components/form/SubmitButton";
import { useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { defaultValues, needsMultipart, type DynamicField, type FieldValues } from "~/forms/dynamic-fields";
import { useTranslation } from "~/i18n-runtime";

/**
 * The instead sign-up's field form (spec 001 §7 `saveItemFieldFormData`) on the dynamic-field kit (decision
 * 017): the item's fields with their rules, sub-fields and cascade levels (`intent=refresh` without
 * JavaScript), annex and image files in a multipart post. Validation runs on the server (decision 023).
 */
export function FillForm({ fields, constraint, lastResult }: { fields: DynamicField[]; constraint: Constraints; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("instead", { keyPrefix: "fill" });
  const { t: tf } = useTranslation("fields");
  const [form] = useForm({ id: "instead-fill", lastResult, defaultValue: defaultValues(fields), constraint });
  const formError = fieldErrorText(tf, form.errors?.[0]);
  const values = (form.value ?? form.initialValue ?? null) as FieldValues | null;
  return (
    <Form
      method="post"
      id={form.id}
      noValidate={form.noValidate}
      data-validate="server"
      encType={needsMultipart(fields, values) ? "multipart/form-data" : undefined}
      aria-describedby={formError ? form.errorId : undefined}
      className="space-y-4"
    >
      <AuthenticityTokenInput name="csrf" />
      {formError ? (
        <p id={form.errorId} role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="fill-error">
          {formError}
        </p>
      ) : null}
      <DynamicFields fields={fields} form={form} />
      <SubmitButton name="intent" value="save" pendingLabel={t("saving")} className="w-full rounded bg-brand px-4 py-2 text-white sm:w-auto" data-testid="fill-submit">
        {t("save")}
      </SubmitButton>
    </Form>
  );
}
