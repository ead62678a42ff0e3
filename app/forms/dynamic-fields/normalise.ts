import * as z from "zod/v4";
import {
  BIRTHDAY_CODE,
  CHOICE_TYPES,
  FIELD_TYPES,
  ITEM_CODE_FIELDS,
  LIST_TYPES,
  SEX_CODE,
  type DynamicField,
  type FieldCondition,
  type FieldOption,
  type FieldType,
} from "./types";

/*
 * The two upstream shapes of a dynamic field (spec 001 §3), validated loosely at the boundary (the
 * services parse answers with these) and normalised into `DynamicField`:
 *  - student info / sign-up: fieldId, fieldCode, fieldName, fieldType, required, length, fieldTip,
 *    frontUpdateFlag, value, fieldOptions { id, content, itemCode }, chooseRelList;
 *  - custom-field definition: id, fieldName, fieldCode, fieldType, dataOptions, dataValues { fieldValue },
 *    fieldTip, samplePathUrl, stencilPathUrl, associatedFlag, chooseRelList; all required.
 */

const Id = z.union([z.string(), z.number()]).transform(String);
const Flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");
const Text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? undefined : String(v)));

export const RawOption = z.union([
  z.looseObject({ id: Id.nullish(), content: Text, itemCode: Text, label: Text, value: Text }),
  z.union([z.string(), z.number()]).transform((v) => ({ id: String(v), content: String(v), itemCode: undefined, label: undefined, value: undefined })),
]);
export const RawChooseRel = z.looseObject({
  showFieldInfo: z.unknown(),
  chooseFieldValue: Text,
  chooseFieldItemCode: Text,
});

export const StudentInfoFieldRaw = z.looseObject({
  fieldId: Id,
  fieldCode: z.string(),
  fieldName: z.string().nullish(),
  fieldType: z.string(),
  required: Flag,
  length: z.union([z.number(), z.string()]).nullish(),
  fieldTip: z.string().nullish(),
  frontUpdateFlag: Flag,
  value: z.unknown().optional(),
  fieldOptions: z.array(RawOption).nullish(),
  chooseRelList: z.array(RawChooseRel).nullish(),
});
export type StudentInfoFieldRaw = z.infer<typeof StudentInfoFieldRaw>;

export const CustomFieldRaw = z.looseObject({
  id: Id,
  fieldCode: z.string(),
  fieldName: z.string().nullish(),
  fieldType: z.string(),
  dataOptions: z.array(RawOption).nullish(),
  dataValues: z.array(z.looseObject({ fieldValue: z.unknown().optional() })).nullish(),
  fieldTip: z.string().nullish(),
  samplePathUrl: z.string().nullish(),
  stencilPathUrl: z.string().nullish(),
  associatedFlag: Flag,
  length: z.union([z.number(), z.string()]).nullish(),
  chooseRelList: z.array(RawChooseRel).nullish(),
});
export type CustomFieldRaw = z.infer<typeof CustomFieldRaw>;

/** Upstream type names (any case, a few synonyms) → the kit's 11 types; anything else is dropped. */
const TYPE_ALIASES: Record<string, FieldType> = {
  ...Object.fromEntries(FIELD_TYPES.map((t) => [t.toLowerCase(), t])),
  input: "text",
  textarea: "text",
  datetime: "dateTime",
  date_time: "dateTime",
  daterange: "period",
  cascader: "cascade",
  file: "annex",
  attachment: "annex",
  picture: "image",
};

export function fieldType(raw: string): FieldType | undefined {
  return TYPE_ALIASES[raw.trim().toLowerCase()];
}

/** `df_` + the code reduced to characters that are safe in a form name (no `.`/`[`: conform nests on them). */
export function fieldName(code: string): string {
  return `df_${code.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/** The school's zone: dates and birthdays are calendar days in China time (UTC+8). */
const ZONE_OFFSET_MS = 8 * 3600_000;

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** A millisecond timestamp → `YYYY-MM-DD` / `YYYY-MM-DD HH:mm:ss` in UTC+8. */
export function formatTimestamp(ms: number, withTime: boolean): string {
  const d = new Date(ms + ZONE_OFFSET_MS);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return withTime ? `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : day;
}

/** `YYYY-MM-DD` → the millisecond timestamp of that day's midnight in UTC+8 (spec 001 §5: birthday). */
export function dateToTimestamp(day: string): number {
  return Date.parse(`${day}T00:00:00+08:00`);
}

function scalar(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** A stored value of any upstream form (string, comma list, number, array) → the form's strings. */
export function normaliseValue(type: FieldType, raw: unknown): string[] {
  let list: string[];
  if (Array.isArray(raw)) list = raw.map(scalar).filter((v): v is string => v !== undefined);
  else {
    const one = scalar(raw);
    if (one === undefined || one.trim() === "") return [];
    list = LIST_TYPES.has(type) && type !== "annex" && type !== "image" ? one.split(/[,~]/) : LIST_TYPES.has(type) ? one.split(",") : [one];
  }
  list = list.map((v) => v.trim()).filter((v) => v !== "");
  if (type === "date" || type === "period") return list.map((v) => dateString(v, false));
  if (type === "dateTime") return list.map((v) => dateString(v, true));
  return list;
}

function dateString(v: string, withTime: boolean): string {
  if (/^-?\d{9,}$/.test(v)) return formatTimestamp(Number(v), withTime);
  const iso = v.replace("T", " ");
  if (!withTime) return iso.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(iso) ? `${iso}:00` : iso.slice(0, 19);
}

function options(code: string, type: FieldType, raw: Array<z.infer<typeof RawOption>> | null | undefined): FieldOption[] {
  const byItemCode = ITEM_CODE_FIELDS.has(code) || code === SEX_CODE;
  const list = (raw ?? []).map((o): FieldOption => {
    const content = o.content ?? o.label ?? o.value ?? o.itemCode ?? o.id ?? "";
    const value = byItemCode ? (o.itemCode ?? content) : content;
    return { value, label: content, id: o.id ?? undefined, itemCode: o.itemCode ?? undefined };
  });
  if (code === SEX_CODE) {
    // spec 001 §3: sex is MALE / FEMALE, shown as male / female (whatever the upstream's labels).
    const base = list.length
      ? list
      : [
          { value: "MALE", label: "MALE" },
          { value: "FEMALE", label: "FEMALE" },
        ];
    return base.map((o) => {
      const v = o.value.toUpperCase();
      return v === "MALE" || v === "FEMALE" ? { ...o, value: v, labelKey: `sex.${v}` } : o;
    });
  }
  return CHOICE_TYPES.has(type) || type === "cascade" ? list : [];
}

/** A stored choice may be the option's content, id or itemCode: keep the option's posted value. */
function matchOptions(values: string[], opts: FieldOption[]): string[] {
  if (!opts.length) return values;
  return values.map((v) => opts.find((o) => o.value === v || o.label === v || o.id === v || o.itemCode === v)?.value ?? v);
}

function conditions(rels: Array<z.infer<typeof RawChooseRel>> | null | undefined, opts: FieldOption[], depth: number): FieldCondition[] {
  const out: FieldCondition[] = [];
  for (const rel of rels ?? []) {
    const option = opts.find(
      (o) =>
        (rel.chooseFieldItemCode !== undefined && o.itemCode === rel.chooseFieldItemCode) ||
        (rel.chooseFieldValue !== undefined && (o.label === rel.chooseFieldValue || o.value === rel.chooseFieldValue || o.id === rel.chooseFieldValue)),
    );
    const when = option?.value ?? rel.chooseFieldItemCode ?? rel.chooseFieldValue;
    if (when === undefined) continue;
    const info = rel.showFieldInfo;
    const fields = normaliseAny(Array.isArray(info) ? info : info ? [info] : [], depth + 1);
    if (!fields.length) continue;
    const existing = out.find((c) => c.when === when);
    if (existing) existing.fields.push(...fields);
    else out.push({ when, fields });
  }
  return out;
}

function lengthOf(raw: number | string | null | undefined): number | undefined {
  const n = typeof raw === "string" ? Number(raw) : raw;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Sub-fields nest at most this deep (a cycle in the upstream's data cannot loop). */
const MAX_DEPTH = 5;

export function normaliseStudentInfoField(input: unknown, depth = 0): DynamicField | undefined {
  const parsed = StudentInfoFieldRaw.safeParse(input);
  if (!parsed.success || depth > MAX_DEPTH) return undefined;
  const raw = parsed.data;
  const type = fieldType(raw.fieldType);
  if (!type) return undefined;
  const opts = options(raw.fieldCode, type, raw.fieldOptions);
  return {
    id: raw.fieldId,
    code: raw.fieldCode,
    name: fieldName(raw.fieldCode),
    label: raw.fieldName ?? raw.fieldCode,
    type,
    required: raw.required,
    maxLength: type === "text" || type === "number" ? lengthOf(raw.length) : undefined,
    tip: raw.fieldTip || undefined,
    readOnly: raw.frontUpdateFlag,
    value: matchOptions(normaliseValue(type, raw.value), opts),
    options: opts,
    conditions: conditions(raw.chooseRelList, opts, depth),
    associated: false,
  };
}

export function normaliseCustomField(input: unknown, depth = 0): DynamicField | undefined {
  const parsed = CustomFieldRaw.safeParse(input);
  if (!parsed.success || depth > MAX_DEPTH) return undefined;
  const raw = parsed.data;
  const type = fieldType(raw.fieldType);
  if (!type) return undefined;
  const opts = options(raw.fieldCode, type, raw.dataOptions);
  const stored = (raw.dataValues ?? []).flatMap((v) => normaliseValue(type, v.fieldValue));
  return {
    id: raw.id,
    code: raw.fieldCode,
    name: fieldName(raw.fieldCode),
    label: raw.fieldName ?? raw.fieldCode,
    type,
    required: true, // spec 001 §3: all custom fields are treated as required
    maxLength: type === "text" || type === "number" ? lengthOf(raw.length) : undefined,
    tip: raw.fieldTip || undefined,
    readOnly: false,
    value: matchOptions(stored, opts),
    options: opts,
    conditions: conditions(raw.chooseRelList, opts, depth),
    associated: raw.associatedFlag,
    sampleUrl: raw.samplePathUrl || undefined,
    templateUrl: raw.stencilPathUrl || undefined,
  };
}

/** Either shape, told apart by `fieldId` (student info) against `id` (custom definition). */
function normaliseAny(list: unknown[], depth: number): DynamicField[] {
  return list
    .map((item) => (item && typeof item === "object" && "fieldId" in item ? normaliseStudentInfoField(item, depth) : normaliseCustomField(item, depth)))
    .filter((f): f is DynamicField => f !== undefined);
}

/** Student-info fields (personal data sections, sign-up, agreement info); malformed entries are dropped. */
export function normaliseStudentInfoFields(list: unknown[]): DynamicField[] {
  return list.map((f) => normaliseStudentInfoField(f)).filter((f): f is DynamicField => f !== undefined);
}

/** Custom-field definitions (customizable fields, complete-information dialog); malformed entries are dropped. */
export function normaliseCustomFields(list: unknown[]): DynamicField[] {
  return list.map((f) => normaliseCustomField(f)).filter((f): f is DynamicField => f !== undefined);
}

export { BIRTHDAY_CODE };
