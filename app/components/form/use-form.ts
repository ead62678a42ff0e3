import type { SubmissionResult } from "@conform-to/react";
import { startTransition, useEffect, useRef, useState } from "react";
import type { Constraint, Constraints, SchemaConstraints } from "~/forms/constraint";
import { formValue, read } from "~/forms/form-value";

/**
 * The portal's forms in the browser (docs/decisions/023-forms-validate-on-the-server.md): conform's
 * `useForm` / `getFormProps` / `getInputProps` call shapes, without conform or zod in the page's
 * JavaScript (they cost 26 KB gzip, a quarter of the 100 KB budget).
 *
 * The pattern, for every form:
 * - the schema lives in `app/forms/<name>.ts` (zod), the action parses with `parseWithZod` and answers
 *   `submission.reply()` as before;
 * - the LOADER sends the schema's browser constraints: `constraint: formConstraint(Schema)`
 *   (`app/forms/constraint.server.ts`, conform's `getZodConstraint` computed once per schema);
 * - the component calls `useForm({ id, lastResult, defaultValue, constraint: data.constraint })` from
 *   HERE (no `onValidate`, no `shouldValidate`), and spreads `getFormProps(form)` (no `noValidate` of its
 *   own) and `getInputProps(fields.x, { type })` as with conform. Import only types from `~/forms/*` and
 *   `zod` in client code; a vitest (tests/unit/page-weight.test.ts) refuses `@conform-to/zod`, zod and
 *   `@conform-to/react` values in client modules.
 * Validation runs on the server only. Without JavaScript the browser checks the constraints itself
 * (`required`, `pattern`, `maxLength`...: the form has no `noValidate` until hydration); with JavaScript
 * the form posts (`noValidate`) and the server's messages, translated, come back in `lastResult`. A
 * field's error hides once the field is edited, until the next answer. Secondary submit buttons that must
 * post an incomplete form (send code, refresh) carry `formNoValidate`.
 *
 * `shouldValidate: "onBlur"` (conform's option, as `useBlurValidation` in use-blur-validation.ts, its own module so
 * that only the forms that validate on blur carry it, decision 040; spec 000 §5 "validated on blur", spec 001 §4 "validated after
 * the first blur"): with JavaScript, a field left for the first time is validated by the SERVER (the same
 * action, schema and translated messages): the hook posts the form through a fetcher with conform's
 * `__intent__` validate, which `parseWithZod` answers without a status (the action answers 4xx and does
 * nothing else; single fetch skips the loaders' revalidation after a 4xx). The answer's errors are shown for
 * the fields left so far; `shouldRevalidate: "onInput"` validates such a field again as it is typed in.
 * Without JavaScript nothing changes: the browser's constraints, then the server's messages on submit.
 */

export type { Constraint, Constraints, SchemaConstraints };
export { formValue };

export type FieldMetadata = Constraint & {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  /** the server's errors of this field (undefined once it was edited after the answer) */
  errors: string[] | undefined;
  /** this field's and its parts' errors (`name`, `name.x`, `name[0]`) by name */
  allErrors: Record<string, string[]>;
  valid: boolean;
  initialValue: unknown;
  /** with JavaScript the field's current value (tracked once `form.value` or a field's `value` is read) */
  value: unknown;
  /** unique per field, changes when the form is reset by the server (`reply({ resetForm: true })`): use as React `key` */
  key: string;
};

export type FormMetadata<Name extends string = string> = {
  id: string;
  errorId: string;
  descriptionId: string;
  /** form-level errors (conform's name "") */
  errors: string[] | undefined;
  allErrors: Record<string, string[]>;
  valid: boolean;
  status: "success" | "error" | undefined;
  /** false until hydration: without JavaScript the browser validates the constraints */
  noValidate: boolean;
  initialValue: Record<string, unknown>;
  value: Record<string, unknown>;
  getFieldset(): Fields<Name>;
};

export type Fields<Name extends string> = string extends Name ? Record<string, FieldMetadata> : { [K in Name]: FieldMetadata };

export type FormOptions<Name extends string> = {
  /** explicit and stable: the server's and the browser's ids must match */
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  /**
   * the loader's `formConstraint(Schema)`. Required (issue 11 §4, decision 023): without it the browser has
   * nothing to check with JavaScript off, so a form that forgets it does not typecheck.
   */
  constraint: Constraints<Name>;
  /** shouldValidate "onBlur" (use-blur-validation.ts): the fields left once and the server's answer for them */
  validation?: BlurValidation;
};

/** What useBlurValidation gives useForm: the fields left once, and the last validation's errors (undefined once a submit answered since). */
export type BlurValidation = { left: ReadonlySet<string>; error: Record<string, string[] | null> | undefined };

type Values = Record<string, unknown>;

/** defaultValue as the form's strings (conform's serialisation). */
function serialise(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(serialise);
  if (typeof value === "object" && !(typeof File !== "undefined" && value instanceof File)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialise(v)]));
  }
  return value;
}

export function useForm<Name extends string = string>(options: FormOptions<Name>): [FormMetadata<Name>, Fields<Name>] {
  const { id, lastResult, defaultValue, constraint, validation } = options;
  const [hydrated, setHydrated] = useState(false);
  // field name → the answer it was edited after: its errors hide until the next answer
  const [edited, setEdited] = useState<ReadonlyMap<string, unknown>>(() => new Map());
  const [live, setLive] = useState<Values | undefined>(undefined);
  const [resets, setResets] = useState(0);
  const tracksValue = useRef(false);
  const answer = useRef(lastResult);
  answer.current = lastResult;

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    // reply({ resetForm: true }) answers initialValue null: empty the form, remount the fields
    if (lastResult && lastResult.initialValue === null) {
      (document.getElementById(id) as HTMLFormElement | null)?.reset();
      setLive(undefined);
      setResets((n) => n + 1);
    }
  }, [id, lastResult]);
  useEffect(() => {
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement)) return;
    // A native listener on the form runs BEFORE React's own (React listens at the root, higher up the bubble
    // path). An urgent update here is rendered in the microtask that follows this listener, while the event is
    // still on its way: React then writes every CONTROLLED control's old value back into the DOM (and into its
    // value tracker), so the control's own onChange never fires and the typed key or the picked option is lost
    // (decision 080: the cascader's search box stayed empty; the first pick of a province in personal info was
    // undone). As a transition the update renders after the event, once the control's onChange has run.
    const onInput = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      startTransition(() => {
        if (name) setEdited((prev) => (prev.get(name) === answer.current && prev.has(name) ? prev : new Map(prev).set(name, answer.current)));
        if (tracksValue.current) setLive(formValue(new FormData(element)));
      });
    };
    element.addEventListener("input", onInput);
    element.addEventListener("change", onInput);
    return () => {
      element.removeEventListener("input", onInput);
      element.removeEventListener("change", onInput);
    };
  }, [id]);

  const initialValue = (lastResult?.initialValue ?? serialise(defaultValue ?? {}) ?? {}) as Values;
  const errorMap = lastResult?.error ?? {};
  // a field left once shows the last validation's answer, until the next submit's answer
  const errorsOf = (name: string): string[] | undefined => {
    if (validation?.error && validation.left.has(name)) return validation.error[name] ?? undefined;
    return edited.has(name) && edited.get(name) === lastResult ? undefined : (errorMap[name] ?? undefined);
  };
  const allErrorsOf = (name: string): Record<string, string[]> => {
    const all: Record<string, string[]> = {};
    for (const key of Object.keys(errorMap)) {
      const errors = errorsOf(key);
      if (errors?.length && (name === "" || key === name || key.startsWith(`${name}.`) || key.startsWith(`${name}[`))) all[key] = errors;
    }
    return all;
  };

  const field = (name: string): FieldMetadata => {
    const fieldId = `${id}-${name}`;
    const rules =
      (constraint as Record<string, Constraint | undefined>)[name] ?? (constraint as Record<string, Constraint | undefined>)[name.replace(/\[\d+\]/g, "[]")];
    const errors = errorsOf(name);
    const allErrors = allErrorsOf(name);
    return {
      ...rules,
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      errors,
      allErrors,
      valid: Object.keys(allErrors).length === 0,
      initialValue: read(initialValue, name),
      get value() {
        tracksValue.current = true;
        return read(live ?? initialValue, name);
      },
      // unique among siblings (React keys), new after a reset
      key: `${name}:${resets}`,
    };
  };
  const fields = new Proxy({} as Fields<Name>, { get: (_target, name) => (typeof name === "string" ? field(name) : undefined) });
  const formErrors = errorsOf("");
  const formAll = allErrorsOf("");
  const form: FormMetadata<Name> = {
    id,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    errors: formErrors,
    allErrors: formAll,
    valid: Object.keys(formAll).length === 0,
    status: lastResult?.status,
    noValidate: hydrated,
    initialValue,
    get value() {
      tracksValue.current = true;
      return live ?? initialValue;
    },
    getFieldset: () => fields,
  };
  return [form, fields];
}

type AriaOptions = { ariaAttributes?: boolean; ariaDescribedBy?: string };

function aria(meta: { errors: string[] | undefined; errorId: string }, options: AriaOptions, control: boolean) {
  if (options.ariaAttributes === false) return {};
  const invalid = meta.errors !== undefined;
  const describedBy = invalid ? `${meta.errorId} ${options.ariaDescribedBy ?? ""}`.trim() : options.ariaDescribedBy;
  return { ...(control && invalid ? { "aria-invalid": true as const } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) };
}

function defined<T extends Record<string, unknown>>(props: T): T {
  for (const k of Object.keys(props)) if (props[k] === undefined) delete props[k];
  return props;
}

/**
 * conform's getFormProps: id, noValidate (after hydration only) and the form error's aria;
 * `data-validate="server"` lets entry.client.tsx switch the browser's check off before hydration.
 */
export function getFormProps(form: FormMetadata<string>, options: AriaOptions = {}) {
  return { id: form.id, noValidate: form.noValidate, "data-validate": "server", ...aria(form, options, false) };
}

function control(meta: FieldMetadata, options: AriaOptions) {
  return { id: meta.id, name: meta.name, form: meta.formId, required: meta.required || undefined, ...aria(meta, options, true) };
}

/** conform's getInputProps: name, id, the constraints, aria, and the initial value or checked state. */
export function getInputProps(meta: FieldMetadata, options: AriaOptions & { type: string; value?: string | false }) {
  const props: Record<string, unknown> = {
    ...control(meta, options),
    type: options.type,
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    min: meta.min,
    max: meta.max,
    step: meta.step,
    pattern: meta.pattern,
    multiple: meta.multiple,
  };
  if (options.value !== false) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(meta.initialValue) ? meta.initialValue.includes(props.value) : meta.initialValue === props.value;
    } else if (typeof meta.initialValue === "string") {
      props.defaultValue = meta.initialValue;
    }
  }
  return defined(props) as InputProps;
}

/** conform's getTextareaProps. */
export function getTextareaProps(meta: FieldMetadata, options: AriaOptions & { value?: false } = {}) {
  const props: Record<string, unknown> = { ...control(meta, options), minLength: meta.minLength, maxLength: meta.maxLength };
  if (options.value !== false && meta.initialValue !== undefined && meta.initialValue !== null) props.defaultValue = String(meta.initialValue);
  return defined(props) as InputProps;
}

/** conform's getSelectProps. */
export function getSelectProps(meta: FieldMetadata, options: AriaOptions & { value?: false } = {}) {
  const props: Record<string, unknown> = { ...control(meta, options), multiple: meta.multiple };
  if (options.value !== false && meta.initialValue !== undefined && meta.initialValue !== null) {
    props.defaultValue = Array.isArray(meta.initialValue) ? meta.initialValue.map((v) => String(v ?? "")) : String(meta.initialValue);
  }
  return defined(props) as InputProps;
}

type InputProps = {
  id: string;
  name: string;
  form: string;
  type?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  value?: string;
  defaultValue?: string | string[];
  defaultChecked?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

export type { SubmissionResult };
