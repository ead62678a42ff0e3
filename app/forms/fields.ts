import * as z from "zod/v4";

/**
 * Field schemas the action forms share (issue 23 step 3), for `parseWithZod` (conform strips empty values
 * first, so an empty field is a missing one).
 */

/** An id posted by a form (a hidden input or a button's value): 1 to 15 digits, positive (as `idOf` reads an id). */
export const formId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((n) => n > 0);

/** A form whose only field is its CSRF token (checked by `requireValidPost` before the body is parsed): the action reads nothing else. */
export const PostOnlySchema = z.object({});

/** The one button of a form: its `intent` and nothing else read. */
export const intentOnly = <I extends string>(intent: I) => z.object({ intent: z.literal(intent) });
