import * as z from "zod/v4";
import type { Upstream } from "~/lib/http/upstream.server";
import { count, CourseCardSchema, id, image, list, money, paragraphs, stringList, text } from "~/services/content-schemas.server";

/**
 * The school's other public sections on the business service (sandbox/README.md "Public content"):
 * vip levels, independent exam sign-up, student voices, the custom page and training plans.
 */

export const VipLevelSchema = z.looseObject({
  id,
  levelName: text,
  price: money.transform((v) => v ?? 0),
  durationDays: count,
  discount: money,
  benefits: stringList,
});

export const ApplyCardSchema = z.looseObject({
  id,
  title: text,
  examName: text,
  examTime: text,
  applyStart: text,
  applyEnd: text,
  fee: money.transform((v) => v ?? 0),
  place: text,
  quota: count,
  applied: count,
});
export const ApplyDetailSchema = ApplyCardSchema.extend({ description: paragraphs, requirements: stringList }).nullable();

export const StudentVoiceSchema = z.looseObject({ id, studentName: text, avatar: image, courseName: text, content: text, score: count, createTime: text });

export const CustomPageSchema = z.looseObject({ id, title: text, sections: list(z.looseObject({ heading: text, body: text })) }).nullable();

export const PlanCardSchema = z.looseObject({
  id,
  planName: text,
  cover: image,
  summary: text,
  target: text,
  durationWeeks: count,
  price: money.transform((v) => v ?? 0),
  courseCount: count,
});
export const PlanDetailSchema = PlanCardSchema.omit({ courseCount: true })
  .extend({ stages: list(z.looseObject({ stageName: text, goal: text, courses: list(CourseCardSchema) })) })
  .nullable();

export function listVipLevels(upstream: Upstream) {
  return upstream.call({ path: "/saas-business/v1/front/vip/levels", schema: list(VipLevelSchema), cache: "visitor" });
}

export function listApplyItems(upstream: Upstream) {
  return upstream.call({ path: "/saas-business/v1/front/apply/list", schema: list(ApplyCardSchema), cache: "visitor" });
}

export function getApplyItem(upstream: Upstream, applyId: number) {
  return upstream.call({ path: `/saas-business/v1/front/apply/detail/${applyId}`, schema: ApplyDetailSchema, cache: "visitor" });
}

export function listStudentVoices(upstream: Upstream) {
  return upstream.call({ path: "/saas-business/v1/front/student-voice/list", schema: list(StudentVoiceSchema), cache: "visitor" });
}

export function getCustomPage(upstream: Upstream, pageId?: number) {
  return upstream.call({ path: "/saas-business/v1/front/custom-page", query: { id: pageId }, schema: CustomPageSchema, cache: "visitor" });
}

export function listTrainingPlans(upstream: Upstream) {
  return upstream.call({ path: "/saas-business/v1/front/training-plan/list", schema: list(PlanCardSchema), cache: "visitor" });
}

export function getTrainingPlan(upstream: Upstream, planId: number) {
  return upstream.call({ path: `/saas-business/v1/front/training-plan/detail/${planId}`, schema: PlanDetailSchema, cache: "visitor" });
}
