import * as z from "zod/v4";
import { COURSE_PAGE_SIZE, type CourseQuery } from "~/forms/course-query";
import type { Upstream } from "~/lib/http/upstream.server";
import {
  count,
  CourseCardSchema,
  CourseSchema,
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
 * Visitors' answers are cached per domain and school (`cache: "visitor"`, decision 011); users' never.
 */

export const CategorySchema = z.looseObject({ id, parentId: count, categoryName: text });
export type Category = z.infer<typeof CategorySchema>;

export const LessonSchema = z.looseObject({ id, lessonName: text, durationS: count, tryFlag: flag, type: text });
export const ChapterSchema = z.looseObject({ id, chapterName: text, lessons: list(LessonSchema) });
export type Chapter = z.infer<typeof ChapterSchema>;

export const CourseDetailSchema = CourseSchema.extend({
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

export function listCategories(upstream: Upstream) {
  return upstream.call({ path: "/course/v1/front/category/tree", schema: list(CategorySchema), cache: "visitor" });
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
    // Free-text search is not cached: its keys are unbounded and typed by visitors, few repeat within
    // CONTENT_TTL_S, and a flood of them would only push the pages every visitor sees out of the cache.
    cache: q.courseName ? undefined : "visitor",
  });
}

export function recommendedCourses(upstream: Upstream, size = 8) {
  return upstream.call({ path: "/course/v1/front/course/recommend", query: { size }, schema: list(CourseCardSchema), cache: "visitor" });
}

export function getCourse(upstream: Upstream, commodityId: number) {
  return upstream.call({ path: `/course/v1/front/course/detail/${commodityId}`, schema: CourseDetailSchema, cache: "visitor" });
}

export function getCourseContents(upstream: Upstream, commodityId: number, courseId: number) {
  return upstream.call({ path: `/course/v1/front/course/${commodityId}/${courseId}/contents`, schema: ContentsSchema, cache: "visitor" });
}

export function listPackages(upstream: Upstream, page = 1, pageSize = 12) {
  return upstream.call({ path: "/course/v1/front/package/page", query: { page, pageSize }, schema: PageSchema(PackageCardSchema), cache: "visitor" });
}

export function getPackage(upstream: Upstream, packageId: number) {
  return upstream.call({ path: `/course/v1/front/package/detail/${packageId}`, schema: PackageDetailSchema, cache: "visitor" });
}

export function listOpenCourses(upstream: Upstream) {
  return upstream.call({ path: "/course/v1/front/open-course/list", schema: list(OpenCourseSchema), cache: "visitor" });
}

export function listTeachers(upstream: Upstream) {
  return upstream.call({ path: "/course/v1/front/teacher/list", schema: list(TeacherSchema), cache: "visitor" });
}

export function getTeacher(upstream: Upstream, teacherId: number) {
  return upstream.call({ path: `/course/v1/front/teacher/detail/${teacherId}`, schema: TeacherDetailSchema, cache: "visitor" });
}

export { courseQueryOf, courseListHref } from "~/forms/course-query";
