import type * as z from "zod/v4";

// The browser constraints of a form (decision 023): types only, shared by the loader's
// `formConstraint` (constraint.server.ts) and the component's `useForm` (components/form/use-form.ts).

/** What conform's `getZodConstraint` gives for one field. */
export type Constraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
};
/** The constraints of a form by field name; `Name` carries the schema's field names to `useForm`. */
export type Constraints<Name extends string = string> = { [K in Name]?: Constraint };
type Keys<T> = T extends unknown ? keyof T & string : never;
/** The constraints of a zod schema's fields (a type: client code imports schemas as types only). */
export type SchemaConstraints<S extends z.ZodType> = Constraints<Keys<z.input<S>>>;
