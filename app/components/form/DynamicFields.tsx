import type { FieldMetadata, FormMetadata } from "~/components/form/use-form";
import { useTranslation } from "~/i18n-runtime";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldError } from "~/components/ui/Field";
import { fieldErrorText } from "~/components/form/messages";
import { REFRESH_INTENT, visibleFields, type DynamicField as Field, type FieldValues } from "~/forms/dynamic-fields";
import { Button } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";
import { Suspense } from "react";
import { controlOf, kindOf, type ControlKind } from "~/components/form/controls/kinds";
import { optionLabel, type ControlProps, type T } from "~/components/form/controls/shared";

/**
 * The dynamic-field kit's renderer (decision 017) on a form of `~/components/form/use-form` (decision
 * 023): the visible fields for the form's current values, each with its label, hint (fieldTip), error and
 * the browser constraints the loader sent (`formConstraint(allFieldsSchema(fields))`: sub-fields included). The route loads
 * the `fields` namespace.
 *
 * Without JavaScript a field with sub-fields (chooseRelList) or a cascade level offers a submit button
 * `intent=refresh`: the route re-renders the form with every value kept (`refreshReply`). With
 * JavaScript sub-fields follow the form's value at once and that button is not shown.
 *
 * `useForm` takes an explicit `id`: the live values (counter, sub-fields) are read from the form element
 * with that id.
 *
 * Each control kind is a module of its own (`controls/`, decision 076): label, hint, error and the refresh
 * button are here, the control is its kind's.
 */
export function DynamicFields({ fields, form }: { fields: Field[]; form: FormMetadata }) {
  const { t } = useTranslation("fields");
  const hydrated = useHydrated();
  const fieldset = form.getFieldset();
  const values = (form.value ?? form.initialValue ?? null) as FieldValues | null;
  return (
    <div className="space-y-4" data-dynamic-fields>
      {visibleFields(fields, values).map((field) => (
        <DynamicField
          key={field.name}
          field={field}
          meta={fieldset[field.name]!}
          refresh={(field.conditions.length > 0 && !hydrated) || field.type === "cascade"}
          t={t}
        />
      ))}
    </div>
  );
}

/** One field: label, control, counter, hint, error. */
export function DynamicField({ field, meta, refresh, t }: { field: Field; meta: FieldMetadata; refresh: boolean; t: T }) {
  // an error of a part (`name[1]`) shows at the field too
  const error = fieldErrorText(t, meta.errors?.[0] ?? Object.values(meta.allErrors ?? {})[0]?.[0]);
  const hintId = `${meta.id}-hint`;
  const describedBy = [field.tip ? hintId : "", error ? meta.errorId : ""].filter(Boolean).join(" ") || undefined;
  const aria = { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } as const;
  const grouped =
    field.type === "radio" ||
    field.type === "checkbox" ||
    field.type === "period" ||
    field.type === "cascade" ||
    field.type === "annex" ||
    field.type === "image";
  const label = (
    <>
      {field.label}
      {field.required && !field.readOnly ? (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      ) : null}
    </>
  );
  const body = field.readOnly ? <ReadOnlyValue field={field} t={t} id={meta.id} /> : <Control field={field} meta={meta} aria={aria} t={t} />;
  return (
    <div data-field={field.code} data-type={field.type}>
      {grouped && !field.readOnly ? (
        <fieldset aria-describedby={describedBy}>
          <legend className="field-label">{label}</legend>
          {body}
        </fieldset>
      ) : (
        <>
          <label htmlFor={meta.id} className="field-label">
            {label}
          </label>
          {body}
        </>
      )}
      {field.tip ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {field.tip}
        </p>
      ) : null}
      <FieldError id={meta.errorId} name={field.name}>
        {error}
      </FieldError>
      {refresh && !field.readOnly ? (
        <Button type="submit" name="intent" value={REFRESH_INTENT} formNoValidate variant="outline" size="xs" className="mt-1">
          {field.type === "cascade" ? t("cascadeNext") : t("refresh")}
        </Button>
      ) : null}
    </div>
  );
}

function ReadOnlyValue({ field, t, id }: { field: Field; t: T; id: string }) {
  const shown = field.value.map((v) => {
    const option = field.options.find((o) => o.value === v);
    return option ? optionLabel(t, option) : v;
  });
  return (
    <Input
      id={id}

      value={shown.join(field.type === "period" ? ` ${t("periodSeparator")} ` : ", ")}
      disabled
      readOnly
      title={t("readOnly")}
    />
  );
}

/** The field's control: its kind's module (controls/kinds.ts), loaded before the page renders or hydrates. */
function Control(props: ControlProps) {
  const kind = kindOf(props.field.type);
  return (
    <Suspense fallback={<span className="block h-9" data-control-loading />}>
      <div className="contents" data-control-kind={kind}>
        <KindControl kind={kind} {...props} />
      </div>
    </Suspense>
  );
}

function KindControl({ kind, ...props }: ControlProps & { kind: ControlKind }) {
  const Kind = controlOf(kind);
  return <Kind {...props} />;
}
