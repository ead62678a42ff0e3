import { LIST_TYPES, type DynamicField, type FieldValues } from "./types";

/*
 * The kit's value helpers that the browser needs too (visible fields, defaults, the refresh intent): no
 * zod here, so a form's page does not ship it (decision 023). Schemas are in schema.ts (server).
 */

/** The form's current value of a field as strings (conform payload, `lastResult.initialValue` or `form.value`). */
export function valueOf(values: FieldValues | null | undefined, field: DynamicField): string[] {
  if (!values) return field.value;
  const raw = values[field.name];
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((v): v is string => typeof v === "string" && v !== "");
}

/**
 * The fields shown for the current values, in render order: each field, then the sub-fields of its
 * chosen options (chooseRelList), recursively. Without `values` (first render) the stored values decide.
 */
export function visibleFields(fields: DynamicField[], values?: FieldValues | null): DynamicField[] {
  const out: DynamicField[] = [];
  const walk = (list: DynamicField[]) => {
    for (const field of list) {
      out.push(field);
      if (!field.conditions.length) continue;
      const chosen = new Set(field.readOnly ? field.value : valueOf(values, field));
      for (const condition of field.conditions) if (chosen.has(condition.when)) walk(condition.fields);
    }
  };
  walk(fields);
  return out;
}

/**
 * Cascade: the parent ids whose children make each level's options for the current value: `["0"]` for
 * the first level, then one per chosen level (`/student/customize/option/{fieldId}/{pid}`).
 */
export function cascadeParents(field: DynamicField, values?: FieldValues | null): string[] {
  return ["0", ...valueOf(values, field)];
}

/** The form's no-JS refresh (a submit button `intent=refresh`): re-render with every value kept, no errors. */
export const REFRESH_INTENT = "refresh";

export function isRefresh(formData: FormData): boolean {
  return formData.get("intent") === REFRESH_INTENT;
}

/** The form's default values from the stored ones (conform `defaultValue`): a string, or a list for list types. */
export function defaultValues(fields: DynamicField[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const walk = (list: DynamicField[]) => {
    for (const field of list) {
      if (!field.readOnly) out[field.name] = LIST_TYPES.has(field.type) ? field.value : (field.value[0] ?? "");
      for (const condition of field.conditions) walk(condition.fields);
    }
  };
  walk(fields);
  return out;
}

/** Whether the form needs `encType="multipart/form-data"` (an annex or image field is shown). */
export function needsMultipart(fields: DynamicField[], values?: FieldValues | null): boolean {
  return visibleFields(fields, values).some((f) => !f.readOnly && (f.type === "annex" || f.type === "image"));
}
