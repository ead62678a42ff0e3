import type { FieldMetadata } from "~/components/form/use-form";
import type { useTranslation } from "~/i18n-runtime";
import type { DynamicField, FieldOption } from "~/forms/dynamic-fields";

export type T = ReturnType<typeof useTranslation>["t"];
export type Aria = { "aria-invalid": true | undefined; "aria-describedby": string | undefined };
/** What every kind's control gets from DynamicField (label, hint and error are DynamicField's). */
export type ControlProps = { field: DynamicField; meta: FieldMetadata; aria: Aria; t: T };

export function optionLabel(t: T, option: FieldOption): string {
  return option.labelKey ? t(option.labelKey) : option.label;
}

/** A field's value as a list of non-empty strings. */
export function list(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string" && v !== "");
}
