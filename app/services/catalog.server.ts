import * as z from "zod/v4";
import type { Upstream } from "~/services/upstream.server";
import {
  count,
  CourseCardSchema,
  flag,
  id,
  image,
  list,
  money,
  PageSchema,
  paragraphs,
  TeacherRefSchema,
  TeacherSchema,
  text,
} from "~/services/content-schemas.server";

/**
 * The course service's public catalogue (sandbox/README.md "Public content"): categories, course search,
 * course detail and contents, packages, open courses and teachers. Visitors call these too; the token is
 * sent when there is one (member prices and purchase state may depend on it). An unknown id answers null.
 */

export const COURSE_PAGE_SIZE = 12;
export const COURSE_SORTS = ["default", "new", "hot", "priceAsc", "priceDesc"] as const;
export const PRICE_TYPES = ["all", "free", "paid"] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];
export type PriceType = (typeof PRICE_TYPES)[number];
export const COURSE_NAME_MAX = 50;

export const CategorySchema = z.looseObject({ id, parentId: count, categoryName: text });
export type Category = z.infer<typeof CategorySchema>;

export const LessonSchema = z.looseObject({ id, lessonName: text, durationS: count, tryFlag: flag, type: text });
export const ChapterSchema = z.looseObject({ id, chapterName: text, lessons: list(LessonSchema) });
export type Chapter = z.infer<typeof ChapterSchema>;

export const CourseDetailSchema = CourseCardSchema.extend({
  introduction: paragraphs,
  validDays: count,
  totalDurationS: count,
  teachers: list(TeacherSchema),
  chapters: list(ChapterSchema),
}).nullable();
export type CourseDetail = NonNullable<z.infer<typeof CourseDetailSchema>>;

export const ContentsSchema = z
  .looseObject({
    commodityId: id,
    courseId: id,
    courseType: text,
    courseName: text,
    cover: image,
    lessonCount: count,
    totalDurationS: count,
    chapters: list(ChapterSchema),
  })
  .nullable();

export const PackageCardSchema = z.looseObject({
  id,
  packageName: text,
  cover: image,
  price: money.transform((v) => v ?? 0),
  originalPrice: money,
  memberPrice: money,
  summary: text,
  courseCount: count,
  studyCount: count,
  validDays: count,
});
export type PackageCard = z.infer<typeof PackageCardSchema>;
export const PackageDetailSchema = PackageCardSchema.extend({ introduction: paragraphs, courses: list(CourseCardSchema) }).nullable();

export const OpenCourseSchema = z.looseObject({
  id,
  title: text,
  startTime: text,
  durationMin: count,
  status: text,
  cover: image,
  summary: text,
  signUpCount: count,
  teacher: TeacherRefSchema.nullish(),
});
export type OpenCourse = z.infer<typeof OpenCourseSchema>;

export const TeacherDetailSchema = TeacherSchema.extend({ courses: list(CourseCardSchema) }).nullable();

export type CourseQuery = { categoryId?: number; priceType: PriceType; sort: CourseSort; courseName: string; page: number };

/** Reads the course list's filters from the address; anything unknown falls back to the default. */
export function courseQueryOf(url: URL): CourseQuery {
  const p = url.searchParams;
  const categoryId = Number(p.get("categoryId"));
  const page = Number(p.get("page"));
  const sort = p.get("sort") as CourseSort;
  const priceType = p.get("priceType") as PriceType;
  return {
    categoryId: Number.isInteger(categoryId) && categoryId > 0 ? categoryId : undefined,
    priceType: PRICE_TYPES.includes(priceType) ? priceType : "all",
    sort: COURSE_SORTS.includes(sort) ? sort : "default",
    courseName: Array.from((p.get("courseName") ?? "").trim()).slice(0, COURSE_NAME_MAX).join(""),
    page: Number.isInteger(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** The address of the course list with `change` applied (a page reset unless the change is the page). */
export function courseListHref(q: CourseQuery, change: Partial<CourseQuery>): string {
  const next = { ...q, ...("page" in change ? {} : { page: 1 }), ...change };
  const params = new URLSearchParams();
  if (next.courseName) params.set("courseName", next.courseName);
  if (next.categoryId) params.set("categoryId", String(next.categoryId));
  if (next.priceType !== "all") params.set("priceType", next.priceType);
  if (next.sort !== "default") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const s = params.toString();
  return `/course/list${s ? `?${s}` : ""}`;
}

export function listCategories(upstream: Upstream) {
  return upstream.call({ path: "/course/v1/front/category/tree", schema: list(CategorySchema) });
}

export function searchCourses(upstream: Upstream, q: CourseQuery) {
  return upstream.call({
    path: "/course/v1/front/course/page",
    query: {
      categoryId: q.categoryId,
      priceType: q.priceType === "all" ? undefined : q.priceType,
      sort: q.sort === "default" ? undefined : q.sort,
      courseName: q.courseName || undefined,
      page: q.page,
      pageSize: COURSE_PAGE_SIZE,
    },
    schema: PageSchema(CourseCardSchema),
  });
}

export function recommendedCourses(upstream: Upstream, size = 8) {
  return upstream.call({ path: "/course/v1/front/course/recommend", query: { size }, schema: list(CourseCardSchema) });
}

export function getCourse(upstream: Upstream, commodityId: number) {
  return upstream.call({ path: `/course/v1/front/course/detail/${commodityId}`, schema: CourseDetailSchema });
}

export function getCourseContents(upstream: Upstream, commodityId: number, courseId: number) {
  return upstream.call({ path: `/course/v1/front/course/${commodityId}/${courseId}/contents`, schema: ContentsSchema });
}

export function listPackages(upstream: Upstream, page = 1, pageSize = 12) {
  return upstream.call({ path: "/course/v1/front/package/page", query: { page, pageSize }, schema: PageSchema(PackageCardSchema) });
}

export function getPackage(upstream: Upstream, packageId: number) {
  return upstream.call({ path: `/course/v1/front/package/detail/${packageId}`, schema: PackageDetailSchema });
}

export function listOpenCourses(upstream: Upstream) {
  return upstream.call({ path: "/course/v1/front/open-course/list", schema: list(OpenCourseSchema) });
}

export function listTeachers(upstream: Upstream) {
  return upstream.call({ path: "/course/v1/front/teacher/list", schema: list(TeacherSchema) });
}

export function getTeacher(upstream: Upstream, teacherId: number) {
  return upstream.call({ path: `/course/v1/front/teacher/detail/${teacherId}`, schema: TeacherDetailSchema });
}
