import { getZodConstraint } from "@conform-to/zod/v4";
import * as z from "zod/v4";
import { id, text } from "~/lib/http/schemas.server";
import { NOTE_MAX } from "~/forms/study-notes";
import type { Upstream } from "~/lib/http/upstream.server";

/** Notes (spec 001 §7 'Notes'): by course, by lecture, search, update, remove. Payloads: decision 024. */
const NOTE = "/saas-business/v1/user-center/note";

const positiveInt = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The note edit form's schema (the action parses with it; the loader sends its constraints to the form, so
 * zod stays out of the browser: decision 015). Error keys are the `study` namespace's `errors.*`.
 */
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
/** The edit form's constraints (required, maxLength) for the loader to send. */
export const noteEditConstraint = () => getZodConstraint(NoteUpdateSchema);

export const NoteRemoveSchema = z.object({ intent: z.literal("remove"), noteId: positiveInt });

/**
 * The video page's note box (issue 26, decision 059): a new note at a point of the lesson (`positionS`, the
 * video's current time with JavaScript, else where the video started). Error keys are `lesson`'s `note.errors.*`.
 */
export const NoteAddSchema = z.object({
  intent: z.literal("note"),
  content: NoteUpdateSchema.shape.content,
  positionS: z.coerce.number().int().min(0).max(86_400).catch(0),
  /** set by the page's script: answer with data instead of a redirect (the video keeps playing) */
  via: z.literal("fetcher").optional(),
});
export const noteAddConstraint = () => getZodConstraint(NoteAddSchema);

/** The notes page's posts (edit, remove), one union on `intent` the action parses with `parseWithZod` (issue 23 step 3). */
export const NotePostSchema = z.discriminatedUnion("intent", [NoteUpdateSchema, NoteRemoveSchema]);

export const Note = z.looseObject({
  noteId: id,
  commodityId: id,
  courseId: id,
  lessonId: id,
  courseName: text,
  lessonName: text,
  chapterName: text,
  content: text,
  positionS: z.coerce.number().catch(0),
  updateTime: text,
});
export type Note = z.infer<typeof Note>;

const NoteCourse = z.looseObject({ commodityId: id, courseId: id, courseName: text, noteCount: z.coerce.number().catch(0) });
const Lecture = z.looseObject({
  lessonId: id,
  lessonName: text,
  chapterName: text,
  notes: z
    .array(Note)
    .nullish()
    .transform((v) => v ?? []),
});
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

export function noteCourses(upstream: Upstream) {
  return upstream.call({ path: `${NOTE}/course`, schema: list(NoteCourse) });
}

/** The notes of one course (class type), grouped by lecture. */
export function noteLectures(upstream: Upstream, commodityId: number) {
  return upstream.call({ path: `${NOTE}/lecture/${encodeURIComponent(commodityId)}`, schema: list(Lecture) });
}

export function searchNotes(upstream: Upstream, keyword: string) {
  return upstream.call({ path: `${NOTE}/search`, query: { keyword }, schema: list(Note) });
}

export function updateNote(upstream: Upstream, noteId: number, content: string) {
  return upstream.call({ method: "POST", path: `${NOTE}/update`, body: { noteId, content }, schema: z.unknown(), expect: ["business"] });
}

export function removeNote(upstream: Upstream, noteId: number) {
  return upstream.call({ method: "DELETE", path: `${NOTE}/remove/${encodeURIComponent(noteId)}`, schema: z.unknown(), expect: ["business"] });
}

/**
 * A new note on a lesson: spec 001 §7 'Notes' has no add call, so `update` without a `noteId` adds one at
 * `positionS` of the lesson (decision 059); the upstream answers the new `{ noteId }`.
 */
export function addNote(upstream: Upstream, n: { commodityId: number; courseId: number; lessonId: number; positionS: number; content: string }) {
  return upstream.call({
    method: "POST",
    path: `${NOTE}/update`,
    body: n,
    schema: z.looseObject({ noteId: id }),
    expect: ["business"],
  });
}
