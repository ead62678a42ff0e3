import * as z from "zod/v4";
import { dateToTimestamp } from "./normalise";
import { BIRTHDAY_CODE, DATE_MAX, DATE_MIN, LIST_TYPES, type DynamicField, type FieldValues } from "./types";
import { valueOf, visibleFields } from "./values";

/**
 * Error codes of the kit (i18n namespace `fields`, `errors.<code>`; `tooLong:N` carries the limit).
 * Spec 001 §5 "Dynamic fields".
 */
export const FE = {
  required: "required", // 'required, please enter related information'
  tooLong: "tooLong", // 'input length must not exceed N'
  digitsOnly: "digitsOnly", // 'only digits allowed'
  dateFormat: "dateFormat", // date YYYY-MM-DD
  dateTimeFormat: "dateTimeFormat", // date-time YYYY-MM-DD HH:mm:ss
  dateRange: "dateRange", // 1900-01-01 .. 2101-01-01
  periodPair: "periodPair", // a period is a start and an end
  periodOrder: "periodOrder",
  invalidOption: "invalidOption",
} as const;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** What a date-time input may post: `YYYY-MM-DD HH:mm:ss`, or the browser's `YYYY-MM-DDTHH:mm[:ss]`. */
const DATE_TIME_INPUT_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const DIGITS_RE = /^\d+$/;

/** A real calendar day (no 2023-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!DATE_RE.test(day)) return false;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function inDateRange(day: string): boolean {
  return day >= DATE_MIN && day <= DATE_MAX;
}

/** `YYYY-MM-DDTHH:mm` → `YYYY-MM-DD HH:mm:ss` (spec 001 §5 format). */
export function normaliseDateTime(value: string): string {
  const spaced = value.trim().replace("T", " ");
  return spaced.length === 16 ? `${spaced}:00` : spaced;
}

function validTime(value: string): boolean {
  const [h, m, s] = value.slice(11).split(":").map(Number) as [number, number, number];
  return h < 24 && m < 60 && s < 60;
}

function dateCheck(day: string, ctx: z.RefinementCtx) {
  if (!isCalendarDay(day)) ctx.addIssue({ code: "custom", message: FE.dateFormat });
  else if (!inDateRange(day)) ctx.addIssue({ code: "custom", message: FE.dateRange });
}

/** One field's zod schema (conform posts empty inputs as undefined). */
export function fieldSchema(field: DynamicField): z.ZodType {
  const required = { error: FE.required };
  const optional = (s: z.ZodType) => (field.required ? s : s.optional());
  switch (field.type) {
    case "text": {
      let s = z.string(required).trim();
      if (field.required) s = s.min(1, required);
      if (field.maxLength) s = s.max(field.maxLength, { error: `${FE.tooLong}:${field.maxLength}` });
      return optional(s);
    }
    case "number": {
      let s = z.string(required).trim().regex(DIGITS_RE, { error: FE.digitsOnly });
      if (field.maxLength) s = s.max(field.maxLength, { error: `${FE.tooLong}:${field.maxLength}` });
      return optional(s);
    }
    case "date":
      return optional(
        z
          .string(required)
          .trim()
          .superRefine((v, ctx) => dateCheck(v, ctx)),
      );
    case "dateTime":
      return optional(
        z
          .string(required)
          .trim()
          .superRefine((v, ctx) => {
            if (!DATE_TIME_INPUT_RE.test(v)) return ctx.addIssue({ code: "custom", message: FE.dateTimeFormat });
            const normal = normaliseDateTime(v);
            if (!isCalendarDay(normal.slice(0, 10)) || !validTime(normal)) return ctx.addIssue({ code: "custom", message: FE.dateTimeFormat });
            if (!inDateRange(normal.slice(0, 10))) ctx.addIssue({ code: "custom", message: FE.dateRange });
          })
          .transform(normaliseDateTime),
      );
    case "radio":
    case "select": {
      const allowed = new Set(field.options.map((o) => o.value));
      return optional(z.string(required).refine((v) => allowed.has(v), { error: FE.invalidOption }));
    }
    case "checkbox": {
      const allowed = new Set(field.options.map((o) => o.value));
      const s = z.array(z.string()).refine((list) => list.every((v) => allowed.has(v)), { error: FE.invalidOption });
      return listOf(field, s);
    }
    case "period":
      // inputs `name[0]` (start) and `name[1]` (end); either may be missing
      return z
        .array(z.string().trim().optional())
        .optional()
        .transform((list) => (list ?? []).map((v) => v ?? ""))
        .superRefine((list, ctx) => {
          const [start = "", end = ""] = list;
          if (!start && !end) {
            if (field.required) ctx.addIssue({ code: "custom", message: FE.required });
            return;
          }
          if (!start || !end) return ctx.addIssue({ code: "custom", message: FE.periodPair });
          for (const day of [start, end]) {
            if (!isCalendarDay(day)) return ctx.addIssue({ code: "custom", message: FE.dateFormat });
            if (!inDateRange(day)) return ctx.addIssue({ code: "custom", message: FE.dateRange });
          }
          if (start > end) ctx.addIssue({ code: "custom", message: FE.periodOrder });
        })
        .transform((list) => (list[0] && list[1] ? [list[0], list[1]] : []));
    case "cascade": {
      // with the levels loaded (the route's `withCascadeLevels`), each choice must be an option of its level
      const levels = field.cascadeLevels;
      const s = z
        .array(z.string().trim())
        .refine((path) => !levels || path.every((v, i) => levels[i]?.some((o) => (o.id ?? o.value) === v)), { error: FE.invalidOption });
      return listOf(field, s);
    }
    case "annex":
    case "image":
      // kept values (URLs / resource ids) plus newly attached files; the route uploads the files
      return listOf(field, z.array(z.union([z.string().trim(), z.instanceof(File)])));
  }
}

/**
 * A list field: absent = []; empty entries (an unchosen cascade level: conform posts "" as undefined) are
 * dropped, so every error is the field's own and shows beside it; required = at least one value (spec 001 §5).
 */
/** A file input left empty: browsers post it as an empty part without a file name (no file chosen). */
const isNoFile = (x: unknown) => typeof File !== "undefined" && x instanceof File && x.size === 0 && x.name === "";

function listOf(field: DynamicField, s: z.ZodType<unknown[]>): z.ZodType {
  const list = z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]).filter((x) => x !== undefined && x !== null && x !== "" && !isNoFile(x)),
    s,
  );
  return field.required ? list.refine((v) => (v as unknown[]).length > 0, { error: FE.required }) : list;
}

/** The zod shape of the editable visible fields, to spread into a route's own form schema. */
export function dynamicFieldsShape(fields: DynamicField[], values?: FieldValues | null): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of visibleFields(fields, values)) if (!field.readOnly) shape[field.name] = fieldSchema(field);
  return shape;
}

/**
 * Every editable field, the sub-fields of every option included: the schema a loader gives
 * `formConstraint` (decision 023), so that a sub-field the form shows later (JavaScript off: after a
 * refresh) carries its constraints too. Validation itself uses `dynamicFieldsSchema` (visible fields).
 */
export function allFieldsSchema(fields: DynamicField[]) {
  const shape: Record<string, z.ZodType> = {};
  const walk = (list: DynamicField[]) => {
    for (const field of list) {
      if (!field.readOnly) shape[field.name] ??= fieldSchema(field);
      for (const condition of field.conditions) walk(condition.fields);
    }
  };
  walk(fields);
  return z.object(shape);
}

/** The schema of a form made of these fields only. */
export function dynamicFieldsSchema(fields: DynamicField[], values?: FieldValues | null) {
  return z.object(dynamicFieldsShape(fields, values));
}

/** One field as the upstream takes it (spec 001 §3 custom-info payload). */
export type FieldPayload = { fieldId: string; fieldCode: string; fieldValues: Array<string | number> };

/**
 * The validated values → the upstream's field list: visible fields only; read-only ones keep their stored
 * value; a birthday goes as a millisecond timestamp (spec 001 §5); identity type and education already
 * hold their option's itemCode. Files (annex/image) are left to the route, which uploads them first.
 */
export function toFieldPayload(fields: DynamicField[], value: FieldValues): FieldPayload[] {
  return visibleFields(fields, value).map((field) => {
    const raw = field.readOnly ? field.value : valueOf(value, field);
    const strings = LIST_TYPES.has(field.type) || raw.length <= 1 ? raw : raw.slice(0, 1);
    const fieldValues: Array<string | number> = field.code === BIRTHDAY_CODE && field.type === "date" ? strings.map(dateToTimestamp) : strings;
    return { fieldId: field.id, fieldCode: field.code, fieldValues };
  });
}

/** A conform reply for a refresh: the values come back (`initialValue`), the errors do not. */
export function refreshReply<R extends { error?: unknown }>(reply: R): R {
  return { ...reply, error: {} };
}
