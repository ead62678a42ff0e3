import * as z from "zod/v4";
import { flag, id, optionalId, stringList, text } from "~/lib/http/schemas.server";

/** Pieces shared by the public-content services (catalog, news, community, school content). */

/** An image address: only absolute http(s) URLs or site paths are kept (never `javascript:` or `data:` from upstream). */
export const image = text.transform((v) => (/^https?:\/\//i.test(v) || (v.startsWith("/") && !v.startsWith("//")) ? v : ""));
/** A price or count: null when absent. */
export const money = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === "" || Number.isNaN(Number(v)) ? null : Number(v)));
export const count = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => Number(v ?? 0) || 0);
const buildList = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);
// One schema object per item schema: list() and PageSchema() run on every page view, and building zod
// schemas per call cost about 3 % of a visitor home view's CPU (decision 023's profile).
const lists = new WeakMap<z.ZodType, unknown>();
export const list = <T extends z.ZodType>(item: T): ReturnType<typeof buildList<T>> => {
  let found = lists.get(item) as ReturnType<typeof buildList<T>> | undefined;
  if (!found) lists.set(item, (found = buildList(item)));
  return found;
};
export const paragraphs = z
  .union([z.array(z.string()), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? [] : Array.isArray(v) ? v : v.split(/\n+/)).filter((p) => p.trim() !== ""));

const buildPage = <T extends z.ZodType>(item: T) => z.looseObject({ records: list(item), total: count, current: count, size: count });
const pages = new WeakMap<z.ZodType, unknown>();
export const PageSchema = <T extends z.ZodType>(item: T): ReturnType<typeof buildPage<T>> => {
  let found = pages.get(item) as ReturnType<typeof buildPage<T>> | undefined;
  if (!found) pages.set(item, (found = buildPage(item)));
  return found;
};
export type PageOf<T> = { records: T[]; total: number; current: number; size: number };

export const TeacherRefSchema = z.looseObject({ id, teacherName: text, title: text, avatar: image });
export const TeacherSchema = TeacherRefSchema.extend({ intro: text, tags: stringList, courseCount: count, studentCount: count });
export type Teacher = z.infer<typeof TeacherSchema>;

export const CourseCardSchema = z.looseObject({
  commodityId: id,
  courseId: id,
  courseType: text,
  courseName: text,
  categoryId: optionalId,
  categoryName: text,
  cover: image,
  price: money.transform((v) => v ?? 0),
  memberPrice: money,
  originalPrice: money,
  freeFlag: flag,
  studyCount: count,
  lessonCount: count,
  summary: text,
  teachers: list(TeacherRefSchema),
});
export type CourseCard = z.infer<typeof CourseCardSchema>;

export { flag, id, optionalId, stringList, text };
