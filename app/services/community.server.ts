import * as z from "zod/v4";
import type { Upstream } from "~/services/upstream.server";
import { count, flag, id, image, list, PageSchema, text } from "~/services/content-schemas.server";

/** Q&A threads and study groups of the business service (sandbox/README.md "Public content"). */

export const QUESTION_PAGE_SIZE = 10;

export const QuestionCardSchema = z.looseObject({
  id,
  title: text,
  content: text,
  userName: text,
  courseName: text,
  createTime: text,
  viewCount: count,
  answerCount: count,
});
export const AnswerSchema = z.looseObject({ id, userName: text, content: text, createTime: text, likeCount: count, teacherFlag: flag });
export const QuestionDetailSchema = QuestionCardSchema.omit({ answerCount: true }).extend({ answers: list(AnswerSchema) }).nullable();

export const GroupCardSchema = z.looseObject({ id, groupName: text, cover: image, intro: text, memberCount: count, ownerName: text, topicCount: count });
export const TopicSchema = z.looseObject({ id, title: text, userName: text, replyCount: count, createTime: text });
export const GroupDetailSchema = GroupCardSchema.omit({ topicCount: true }).extend({ topics: list(TopicSchema) }).nullable();

export function listQuestions(upstream: Upstream, page = 1) {
  return upstream.call({ path: "/saas-business/v1/front/qa/page", query: { page, pageSize: QUESTION_PAGE_SIZE }, schema: PageSchema(QuestionCardSchema), cache: "visitor" });
}

export function getQuestion(upstream: Upstream, questionId: number) {
  return upstream.call({ path: `/saas-business/v1/front/qa/detail/${questionId}`, schema: QuestionDetailSchema, cache: "visitor" });
}

export function listGroups(upstream: Upstream) {
  return upstream.call({ path: "/saas-business/v1/front/group/list", schema: list(GroupCardSchema), cache: "visitor" });
}

export function getGroup(upstream: Upstream, groupId: number) {
  return upstream.call({ path: `/saas-business/v1/front/group/detail/${groupId}`, schema: GroupDetailSchema, cache: "visitor" });
}
