import { getZodConstraint } from "@conform-to/zod/v4";
import type * as z from "zod/v4";
import type { Constraints, SchemaConstraints } from "~/components/form/use-form";

const computed = new WeakMap<object, Constraints>();

/**
 * A schema's browser constraints (`required`, `minLength`, `maxLength`, `pattern`, ...), conform's
 * `getZodConstraint`, for a loader to send to `useForm({ constraint })` (app/components/form/use-form.ts,
 * decision 023): zod never reaches the browser. Computed once per schema object; the result carries the
 * schema's field names, so `fields.x` is typed in the component.
 */
export function formConstraint<S extends z.ZodType>(schema: S): SchemaConstraints<S> {
  let found = computed.get(schema);
  if (!found) {
    found = getZodConstraint(schema) as Constraints;
    computed.set(schema, found);
  }
  return found as SchemaConstraints<S>;
}
