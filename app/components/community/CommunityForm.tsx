import { Form, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps, useForm, type Constraints, type SubmissionResult } from "~/components/form/use-form";
import { CsrfInput } from "~/components/csrf-token";
import { errorText } from "~/components/form/messages";
import { useTranslation } from "~/i18n-runtime";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Input, Textarea } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";

export type FieldSpec = { name: string; label: string; kind: "input" | "textarea"; maxLength?: number };

type CommunityFormProps = Parameters<typeof CommunityFormDrawing>[0];

/**
 * One community form (ask, answer, post a topic) in decision 023's pattern: the loader's constraints
 * (`formConstraint(Schema)`: the browser checks them without JavaScript), the CSRF token, `intent` naming
 * the action's branch; the action validates with the schema and its errors and the typed values come back.
 * Drawn anew for each create key (issue 39 §7): a post that succeeded brings a new key from the loader, so the
 * boxes empty (what was posted does not invite a duplicate); a failed post keeps its key and what was typed.
 */
export function CommunityForm(props: CommunityFormProps) {
  return <CommunityFormDrawing key={props.idemKey} {...props} />;
}

function CommunityFormDrawing({
  id,
  intent,
  heading,
  constraint,
  fields,
  submit,
  pending: pendingLabel,
  lastResult,
  idemKey,
}: {
  id: string;
  /** the create key of this drawing of the form (decision 095) */
  idemKey: string;
  intent: string;
  heading: string;
  constraint: Constraints;
  fields: FieldSpec[];
  submit: string;
  pending: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("community");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, meta] = useForm({
    id,
    lastResult: lastResult ?? undefined,
    constraint,
  });
  const formError = errorText(t, form.errors?.[0]);
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      <Form method="post" {...getFormProps(form)} aria-describedby={formError ? form.errorId : undefined} className="mt-3 space-y-3">
        <CsrfInput />
        <HiddenInput name="intent" value={intent} />
        <HiddenInput name="idemKey" value={idemKey} />
        {formError ? (
          <Notice as="p" tone="error" id={form.errorId}>
            {formError}
          </Notice>
        ) : null}
        {fields.map((f) => {
          const field = meta[f.name]!;
          const error = errorText(t, field.errors?.[0]);
          const props = f.kind === "input" ? getInputProps(field, { type: "text" }) : getTextareaProps(field);
          const common = {
            ...props,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? field.errorId : undefined,
          };
          return (
            <div key={f.name}>
              <label htmlFor={field.id} className="field-label">
                {f.label}
              </label>
              {f.kind === "input" ? <Input key={field.key} {...common} /> : <Textarea key={field.key} rows={4} {...common} />}
              {error ? (
                <p id={field.errorId} className="field-error" data-error-for={f.name}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <Button type="submit" disabled={pending} aria-busy={pending || undefined} variant="strong" size="lg">
          {pending ? pendingLabel : submit}
        </Button>
      </Form>
    </section>
  );
}

/** A one-button form (join, leave, sign up): CSRF, `intent`, the pending label, the action's message. */
export function ActionButton({
  intent,
  label,
  pending: pendingLabel,
  error,
  tone = "primary",
  idemKey,
}: {
  intent: string;
  /** a create's key (sign up, decision 095); join and leave need none */
  idemKey?: string;
  label: string;
  pending: string;
  error?: string | null;
  tone?: "primary" | "plain";
}) {
  const { t } = useTranslation("community");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const message = errorText(t, error ?? undefined);
  return (
    <Form method="post" className="mt-4">
      <CsrfInput />
      {idemKey ? <HiddenInput name="idemKey" value={idemKey} /> : null}
      <Button
        type="submit"
        name="intent"
        value={intent}
        disabled={pending}
        aria-busy={pending || undefined}
        variant={tone === "primary" ? "strong" : "outline"}
        size={tone === "primary" ? "lg" : "sm"}
      >
        {pending ? pendingLabel : label}
      </Button>
      {message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </Form>
  );
}
