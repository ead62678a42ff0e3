import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/v4";
import { dynamicFieldsShape, refreshReply } from "./schema";
import { isRefresh } from "./values";
import type { DynamicField, FieldValues } from "./types";

/** The posted values by name (repeated names → lists), enough to decide which sub-fields are shown. */
export function postedValues(formData: FormData): FieldValues {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of formData) {
    if (typeof value !== "string") continue;
    const seen = out[name];
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/**
 * One call for a route's action (and the same in the form's `onValidate`): the schema of the fields shown
 * for the posted values plus the route's own `shape`, the conform submission, and whether the post was a
 * refresh (`intent=refresh`: re-render with every value kept, no error shown, nothing saved).
 */
export function parseDynamicForm<Shape extends z.ZodRawShape>(formData: FormData, fields: DynamicField[], shape: Shape = {} as Shape) {
  const values = postedValues(formData);
  const schema = z.object({ ...shape, ...dynamicFieldsShape(fields, values) });
  const submission = parseWithZod(formData, { schema });
  const refresh = isRefresh(formData);
  return { schema, submission, refresh, values, reply: refresh ? refreshReply(submission.reply()) : undefined };
}
