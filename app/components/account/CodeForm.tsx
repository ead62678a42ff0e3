import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata } from "~/components/form/use-form";
import { Button, type ButtonVariant } from "~/components/ui/Button";
import { FieldError } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";

/**
 * A card with one code to type and post (study cards: check a card; coupons: exchange a code; spec 001 §7):
 * a titled section, the code field with its error, `below` under the error, and the submit button that
 * names its `intent`. One shape for both pages (they were two copies).
 */
export function CodeForm({
  id,
  title,
  action,
  form,
  code,
  label,
  error,
  intent,
  button,
  variant,
  below,
}: {
  id: string;
  title: string;
  action: string;
  form: FormMetadata<"code">;
  code: FieldMetadata;
  label: string;
  error?: string;
  intent: string;
  button: string;
  variant: ButtonVariant;
  below?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <Form method="post" action={action} className="mt-2 flex flex-wrap items-start gap-2" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        <div>
          <label htmlFor={code.id} className="field-label">
            {label}
          </label>
          <Input {...getInputProps(code, { type: "text" })} autoComplete="off" className="w-56" />
          <FieldError id={code.errorId} name="code">
            {error}
          </FieldError>
          {below}
        </div>
        <Button type="submit" name="intent" value={intent} variant={variant} className="mt-6">
          {button}
        </Button>
      </Form>
    </section>
  );
}
