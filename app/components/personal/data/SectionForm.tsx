import { DefaultSubmit, SubmitButton } from "~/components/ui/SubmitButton";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DynamicFields } from "~/components/form/DynamicFields";
import { fieldErrorText } from "~/components/form/messages";
import { useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { defaultValues, needsMultipart, type DynamicField, type FieldValues } from "~/forms/dynamic-fields";
import { HiddenInput } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";

/** The forms of the personal-data page: the four `save/*\/info` sections and the custom fields (spec 001 §7). */
export const DATA_SECTIONS = ["base", "contact", "other", "register", "custom"] as const;
export type DataSection = (typeof DATA_SECTIONS)[number];

/**
 * One section as its own conform form on the dynamic-field kit: `section` names it for the action, the
 * save button posts `intent=save` (the kit's refresh buttons post `intent=refresh`). Errors, values kept
 * on failure and the upstream's message come back from the server (decision 023: the rules run on the
 * server only; without JavaScript the browser checks the constraints); with JavaScript the button shows
 * the pending state.
 */
export function SectionForm({
  section,
  fields,
  lastResult,
  saved,
  constraint,
}: {
  section: DataSection;
  fields: DynamicField[];
  /** the loader's (or the action's, for the fields it answered with) `formConstraint(allFieldsSchema(fields))` */
  constraint: Constraints;
  lastResult?: SubmissionResult<string[]>;
  saved: boolean;
}) {
  const { t } = useTranslation("personal");
  const { t: tf } = useTranslation("fields");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("section") === section;
  const [form] = useForm({
    id: `personal-data-${section}`,
    lastResult,
    defaultValue: defaultValues(fields),
    constraint,
  });
  const headingId = `${form.id}-heading`;
  const formError = fieldErrorText(tf, form.errors?.[0]);
  const values = (form.value ?? form.initialValue ?? null) as FieldValues | null;
  return (
    <section aria-labelledby={headingId} className="rounded border border-gray-200 p-4" data-section={section}>
      <h2 id={headingId} className="mb-3 text-base font-semibold">
        {t(`data.sections.${section}`)}
      </h2>
      <Form
        method="post"
        id={form.id}
        noValidate={form.noValidate}
        data-validate="server"
        encType={needsMultipart(fields, values) ? "multipart/form-data" : undefined}
        aria-describedby={formError ? form.errorId : undefined}
        className="space-y-4"
      >
        {/* Enter saves: a custom field's next-level button may come first (decision 085) */}
        <DefaultSubmit name="intent" value="save" pending={pending} />
        <AuthenticityTokenInput name="csrf" />
        <HiddenInput name="section" value={section} />
        {formError ? (
          <Notice as="p" tone="error" id={form.errorId}>
            {formError}
          </Notice>
        ) : null}
        {saved && !pending ? (
          <Notice as="p" tone="success">
            {t("data.saved")}
          </Notice>
        ) : null}
        <DynamicFields fields={fields} form={form} />
        <SubmitButton name="intent" value="save" pending={pending} pendingLabel={t("data.saving")} block className="sm:w-auto">
          {t("data.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}
