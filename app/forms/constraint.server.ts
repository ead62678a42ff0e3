import { getZodConstraint } from "@conform-to/zod/v4";
import type * as z from "zod/v4";
import type { Constraint, Constraints, SchemaConstraints } from "~/forms/constraint";

const computed = new WeakMap<object, Constraints>();

function constraintOf(schema: z.ZodType): Constraints {
  let found = computed.get(schema);
  if (!found) {
    found = getZodConstraint(schema) as Constraints;
    computed.set(schema, found);
  }
  return found;
}

/**
 * A schema's browser constraints (`required`, `minLength`, `maxLength`, `pattern`, ...), conform's
 * `getZodConstraint`, for a loader to send to `useForm({ constraint })` (app/components/form/use-form.ts,
 * decision 023): zod never reaches the browser. Computed once per schema object; the result carries the
 * schema's field names, so `fields.x` is typed in the component.
 *
 * A discriminated union (one schema per submit button) makes a field `required` only when every option
 * requires it, so give the option(s) the form's main button submits instead: a field's constraints come
 * from the first schema that has it (`formConstraint(PasswordLoginSchema, SmsLoginSchema)`); the other
 * buttons (send code, refresh) carry `formNoValidate`.
 */
export function formConstraint<S extends z.ZodType, More extends z.ZodType[]>(schema: S, ...more: More): SchemaConstraints<S | More[number]> {
  if (!more.length) return constraintOf(schema) as SchemaConstraints<S>;
  const merged: Record<string, Constraint> = {};
  for (const s of [schema, ...more]) for (const [name, c] of Object.entries(constraintOf(s))) merged[name] ??= c as Constraint;
  return merged as SchemaConstraints<S | More[number]>;
}
