/**
 * The dynamic-field kit's model (spec 001 §2 "Dynamic custom fields", §3, §5): ONE field type for every
 * form whose fields the upstream defines (personal data, custom fields, the complete-information dialog,
 * agreements, instead sign-up). Both upstream shapes are normalised into it (`normalise.ts`). Server-safe.
 */

/** The 11 types the spec renders (spec 001 §2). */
export const FIELD_TYPES = ["text", "number", "date", "dateTime", "period", "radio", "checkbox", "select", "cascade", "annex", "image"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose value is a list (several inputs of one name); the others hold one string. */
export const LIST_TYPES: ReadonlySet<FieldType> = new Set(["checkbox", "period", "cascade", "annex", "image"]);
/** Types with options to choose from. */
export const CHOICE_TYPES: ReadonlySet<FieldType> = new Set(["radio", "checkbox", "select"]);

/** Spec 001 §5 / §9: the only dates a field accepts. */
export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2101-01-01";

/** Codes the spec treats specially (spec 001 §3). */
export const SEX_CODE = "sex";
export const ITEM_CODE_FIELDS: ReadonlySet<string> = new Set(["identity_type_code", "education_code"]);
export const BIRTHDAY_CODE = "birthday";

export type FieldOption = {
  /** What the form posts and the upstream stores: the option's content, or its itemCode (identity type, education, sex). */
  value: string;
  /** Text shown (the upstream's content). */
  label: string;
  /** An i18n key (namespace `fields`) shown instead of `label` (sex: MALE/FEMALE → male/female). */
  labelKey?: string;
  id?: string;
  itemCode?: string;
};

/** chooseRelList: the sub-fields shown while `parent` has the option `when` chosen. */
export type FieldCondition = { when: string; fields: DynamicField[] };

export type DynamicField = {
  /** fieldId (student info) or id (custom field definition). */
  id: string;
  /** fieldCode. */
  code: string;
  /** The form control's name: `df_` + the code reduced to [A-Za-z0-9_-] (never collides with a route's own fields). */
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** Maximum input length (text, number); undefined = no limit. */
  maxLength?: number;
  /** fieldTip. */
  tip?: string;
  /** frontUpdateFlag 1: shown, never edited or validated. */
  readOnly: boolean;
  /** The stored value, as the form's strings (dates YYYY-MM-DD, date-times YYYY-MM-DD HH:mm:ss). */
  value: string[];
  options: FieldOption[];
  conditions: FieldCondition[];
  /** Custom-field definitions: associatedFlag (hidden in the complete-information dialog). */
  associated: boolean;
  /** Annex: 'view sample' picture and 'download template' file. */
  sampleUrl?: string;
  templateUrl?: string;
  /** Cascade: the options of each level, filled by the route from the current value (see `cascadeParents`). */
  cascadeLevels?: FieldOption[][];
};

/** The form's values as the kit reads them: one string or a list per field name. */
export type FieldValues = Record<string, unknown>;
