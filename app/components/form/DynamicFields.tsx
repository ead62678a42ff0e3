import type { FieldMetadata, FormMetadata } from "~/components/form/use-form";
import { useTranslation } from "~/i18n-runtime";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldError } from "~/components/ui/Field";
import { fieldErrorText } from "~/components/form/messages";
import {
  DATE_MAX,
  DATE_MIN,
  fileNameOf,
  REFRESH_INTENT,
  visibleFields,
  type DynamicField as Field,
  type FieldOption,
  type FieldValues,
} from "~/forms/dynamic-fields";
import { Button } from "~/components/ui/Button";
import { Input, Select } from "~/components/ui/Input";
import { lazy, Suspense, useState } from "react";

/** The preview dialog's code loads on the first 'view sample' click (decision 040: the pages' script budget). */
const SamplePreviewDialog = lazy(() => import("~/components/form/SamplePreviewDialog"));

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

type T = ReturnType<typeof useTranslation>["t"];

function optionLabel(t: T, option: FieldOption): string {
  return option.labelKey ? t(option.labelKey) : option.label;
}

function list(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string" && v !== "");
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

type Aria = { "aria-invalid": true | undefined; "aria-describedby": string | undefined };

function Control({ field, meta, aria, t }: { field: Field; meta: FieldMetadata; aria: Aria; t: T }) {
  const name = meta.name;
  const initial = meta.initialValue as unknown;
  const first = list(initial)[0] ?? "";
  const common = { id: meta.id, name, required: meta.required, ...aria };
  switch (field.type) {
    case "text":
    case "number": {
      const current = typeof meta.value === "string" ? meta.value : first;
      return (
        <div className="flex items-center gap-2">
          <Input
            {...common}
            key={meta.key}
            type="text"
            inputMode={field.type === "number" ? "numeric" : undefined}
            defaultValue={first}
            maxLength={meta.maxLength}
            pattern={meta.pattern}
          />
          {field.maxLength ? (
            <span className="shrink-0 text-xs text-gray-500" data-counter-for={name} aria-live="polite">
              {t("counter", { count: current.length, max: field.maxLength })}
            </span>
          ) : null}
        </div>
      );
    }
    case "date":
      return <Input {...common} key={meta.key} type="date" min={DATE_MIN} max={DATE_MAX} defaultValue={first} />;
    case "dateTime":
      return (
        <Input
          {...common}
          key={meta.key}
          type="datetime-local"
          step={1}
          min={`${DATE_MIN}T00:00:00`}
          max={`${DATE_MAX}T00:00:00`}
          defaultValue={first.replace(" ", "T")}
        />
      );
    case "period": {
      const [start = "", end = ""] = Array.isArray(initial) ? (initial as Array<string | undefined>).map((v) => v ?? "") : [];
      return (
        <div className="flex items-center gap-2" key={meta.key}>
          <label className="sr-only" htmlFor={`${meta.id}-start`}>
            {t("start")}
          </label>
          <Input id={`${meta.id}-start`} name={`${name}[0]`} type="date" min={DATE_MIN} max={DATE_MAX} defaultValue={start} {...aria} />
          <span aria-hidden="true">{t("periodSeparator")}</span>
          <label className="sr-only" htmlFor={`${meta.id}-end`}>
            {t("end")}
          </label>
          <Input id={`${meta.id}-end`} name={`${name}[1]`} type="date" min={DATE_MIN} max={DATE_MAX} defaultValue={end} {...aria} />
        </div>
      );
    }
    case "radio":
    case "checkbox": {
      const chosen = new Set(list(initial));
      return (
        <div className="flex flex-wrap gap-4" key={meta.key}>
          {field.options.map((option, i) => (
            <label key={option.value} className="inline-flex items-center gap-1 text-sm">
              <Input
                type={field.type}
                id={i === 0 ? meta.id : undefined}
                name={name}
                value={option.value}
                defaultChecked={chosen.has(option.value)}
                // a required radio group is enforced by the browser; a checkbox group only by the schema
                required={field.type === "radio" ? meta.required : undefined}
                aria-invalid={aria["aria-invalid"]}
              />
              {optionLabel(t, option)}
            </label>
          ))}
        </div>
      );
    }
    case "select":
      return (
        <Select {...common} key={meta.key} defaultValue={first}>
          <option value="">{t("choose")}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {optionLabel(t, option)}
            </option>
          ))}
        </Select>
      );
    case "cascade": {
      const path = list(initial);
      const levels = field.cascadeLevels ?? [field.options];
      return (
        <div className="flex flex-wrap gap-2" key={meta.key}>
          {levels.map((options, level) =>
            options.length ? (
              <Select
                key={level}
                id={level === 0 ? meta.id : `${meta.id}-${level}`}
                name={name}
                defaultValue={path[level] ?? ""}
                aria-label={`${field.label} ${level + 1}`}
                required={level === 0 ? meta.required : undefined}
                aria-invalid={aria["aria-invalid"]}
              >
                <option value="">{t("choose")}</option>
                {options.map((option) => (
                  <option key={option.value} value={option.id ?? option.value}>
                    {optionLabel(t, option)}
                  </option>
                ))}
              </Select>
            ) : null,
          )}
        </div>
      );
    }
    case "annex":
    case "image": {
      const kept = list(initial);
      return (
        <div className="space-y-1" key={meta.key}>
          {kept.length ? (
            <ul aria-label={t("currentFiles")} className="space-y-1 text-sm">
              {kept.map((url) => (
                <li key={url}>
                  <label className="inline-flex items-center gap-1">
                    <Input type="checkbox" name={name} value={url} defaultChecked />
                    {field.type === "image" ? <img src={url} alt="" className="h-10 w-10 rounded object-cover" /> : null}
                    <a href={url} target="_blank" rel="noreferrer" className="text-brand-strong underline">
                      {fileNameOf(url)}
                    </a>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <Input
            id={meta.id}
            type="file"
            name={name}
            accept={field.type === "image" ? "image/jpeg,image/png" : undefined}
            aria-label={field.label}
            aria-invalid={aria["aria-invalid"]}
          />
          {field.sampleUrl || field.templateUrl ? (
            <p className="flex gap-3 text-xs">
              {field.sampleUrl ? <SamplePreview url={field.sampleUrl} label={field.label} t={t} /> : null}
              {field.templateUrl ? (
                <a href={field.templateUrl} download className="text-brand-strong underline">
                  {t("downloadTemplate")}
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
      );
    }
  }
}

/**
 * An annex field's 'view sample' (spec 001 §2 dialog 5, §3 dynamic fields): with JavaScript the image preview
 * dialog (SamplePreviewDialog.tsx, loaded on the first click), a failed image offers a reload; without
 * JavaScript the link opens the image in a new tab.
 */
function SamplePreview({ url, label, t }: { url: string; label: string; t: T }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="text-brand-strong underline"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t("viewSample")}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <SamplePreviewDialog url={url} title={t("samplePreview", { label })} t={t} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
