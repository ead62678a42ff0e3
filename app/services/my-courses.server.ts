import * as z from "zod/v4";
import { flag, id, optionalId, text } from "~/lib/http/schemas.server";
import { videoPageHref } from "~/services/study-links";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * The student's courses (spec 001 §7 'Timetable and courses'): my courses, my packages, the lately learned
 * lesson (continue learning) and the training plans joined (the instead sign-up: `instead.server.ts`). Payloads: decision 024.
 */
const COURSE_USER = "/course/v1/user";
export const MY_COURSES_PAGE_SIZE = 10;

const percent = z.coerce
  .number()
  .catch(0)
  .transform((v) => Math.max(0, Math.min(100, Math.round(v))));

/** A row of my courses: what the list draws and its continue link needs, nothing else (decision 090). */
export const MyCourse = z.object({
  commodityId: id,
  courseId: id,
  courseName: text,
  cover: text,
  packageName: z.string().nullish(),
  lessonCount: z.coerce.number().catch(0),
  finishedCount: z.coerce.number().catch(0),
  percent,
  lastLessonId: optionalId,
  firstLessonId: optionalId,
  expired: flag,
});
export type MyCourse = z.infer<typeof MyCourse>;

const MyCoursePage = z.looseObject({ records: z.array(MyCourse), total: z.coerce.number(), current: z.coerce.number(), size: z.coerce.number() });

/**
 * Where 'continue' leads: the lesson the student stopped in (else the first lesson) on its video page, which
 * guards access itself and hands a lesson that is not a video to the entry chain (decision 069: the chain sends
 * a lesson that is not live to the contents, and 'continue' means the video).
 */
export function continueHref(c: { commodityId: number; courseId: number; lastLessonId?: number; firstLessonId?: number }): string | null {
  const lesson = c.lastLessonId ?? c.firstLessonId;
  return lesson === undefined ? null : videoPageHref(c.commodityId, c.courseId, lesson);
}

/** `GET get/courses`: a page of my courses (name filter), studied last first. */
export function myCourses(upstream: Upstream, options: { page: number; courseName?: string }) {
  return upstream.call({
    path: `${COURSE_USER}/get/courses`,
    query: { page: options.page, pageSize: MY_COURSES_PAGE_SIZE, courseName: options.courseName || undefined },
    schema: MyCoursePage,
  });
}

const PackageCourse = z.looseObject({
  commodityId: id,
  courseId: id,
  courseName: text,
  lessonCount: z.coerce.number().catch(0),
  percent,
  lastLessonId: optionalId,
  firstLessonId: optionalId,
});
const MyPackage = z.looseObject({
  packageId: id,
  packageName: text,
  cover: text,
  expireTime: z.coerce.number().nullish(),
  courses: z
    .array(PackageCourse)
    .nullish()
    .transform((v) => v ?? []),
});

/** `GET get/course/packages`: my packages with their courses' progress. */
export function myPackages(upstream: Upstream) {
  return upstream.call({
    path: `${COURSE_USER}/get/course/packages`,
    schema: z
      .array(MyPackage)
      .nullish()
      .transform((v) => v ?? []),
  });
}

export const LatelyLearned = z.looseObject({ commodityId: id, courseId: id, lessonId: id, courseName: text, lessonName: text, chapterName: text }).nullable();

/** `GET lately/learn/course`: the lesson the student studied last (continue learning), null when none. */
export function latelyLearned(upstream: Upstream, expect: Parameters<Upstream["call"]>[0]["expect"] = undefined) {
  return upstream.call({ path: `${COURSE_USER}/lately/learn/course`, schema: LatelyLearned, expect });
}

const PlanCourse = z.looseObject({
  commodityId: id,
  courseId: id,
  courseName: text,
  enrolled: flag,
  percent,
  lastLessonId: optionalId,
  firstLessonId: optionalId,
});
const MyPlan = z.looseObject({
  planId: id,
  planName: text,
  summary: text,
  durationWeeks: z.coerce.number().catch(0),
  stages: z
    .array(
      z.looseObject({
        stageName: text,
        goal: text,
        courses: z
          .array(PlanCourse)
          .nullish()
          .transform((v) => v ?? []),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});

/** The training plans the student joined (path chosen, decision 024: the spec lists no plan call). */
export function myPlans(upstream: Upstream) {
  return upstream.call({
    path: "/saas-business/v1/student/study/plan/list",
    schema: z
      .array(MyPlan)
      .nullish()
      .transform((v) => v ?? []),
  });
}
