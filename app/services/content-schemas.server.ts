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

/** A course as the upstream describes it (the course detail's base: catalog.server.ts' CourseDetailSchema). */
export const CourseSchema = z.looseObject({
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

/**
 * A course card (the course list, home's recommended courses, a package's, a teacher's and a training plan's
 * courses): what `CourseCard` draws and nothing else (decision 090). The upstream's card carries ~20 fields
 * (ids, type, summary, the teachers' titles and avatars, duration, validity, dates); strict about what it keeps,
 * the loader data of a page of 12 cards is ~3 KB smaller. A field the card starts to draw is added here.
 */
export const CourseCardSchema = CourseSchema.pick({
  commodityId: true,
  courseName: true,
  categoryName: true,
  cover: true,
  price: true,
  memberPrice: true,
  originalPrice: true,
  freeFlag: true,
  studyCount: true,
  lessonCount: true,
})
  .extend({ teachers: list(TeacherRefSchema.pick({ teacherName: true }).strip()) })
  .strip();
export type CourseCard = z.infer<typeof CourseCardSchema>;

export { flag, id, optionalId, stringList, text };
