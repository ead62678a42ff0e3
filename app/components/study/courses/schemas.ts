import * as z from "zod/v4";

/** Spec 001 §9 does not show the note limits: 1 to 500 characters (the sandbox's too). */
export const NOTE_MAX = 500;

const positiveInt = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The note edit form (action and form share it; the form's constraints come from it). */
export const NoteUpdateSchema = z.object({
  intent: z.literal("update"),
  noteId: positiveInt,
  content: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .refine((v) => [...v].length <= NOTE_MAX, { error: "tooLong" })
    .pipe(z.string().max(NOTE_MAX * 2)),
});

export const NoteRemoveSchema = z.object({ intent: z.literal("remove"), noteId: positiveInt });

export const NoteActionSchema = z.discriminatedUnion("intent", [NoteUpdateSchema, NoteRemoveSchema]);

/** Removing a favourite course or package. */
export const CollectRemoveSchema = z.object({ intent: z.literal("remove"), kind: z.enum(["course", "package"]), collectId: positiveInt });
