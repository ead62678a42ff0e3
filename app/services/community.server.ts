import * as z from "zod/v4";
import type { Upstream } from "~/lib/http/upstream.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { count, flag, id, image, list, PageSchema, text } from "~/services/content-schemas.server";

/**
 * Q&A threads, study groups and independent-exam sign-up (spec 001 §7 "Questions and answers", "Groups";
 * issue 17 part B). Reads of public threads and groups are the visitor content (cached without a token);
 * with a token they carry the user's own state (joined, mine). Writes and "my ..." lists need the token.
 * Paths: sandbox/src/routes/community.ts.
 */

export const QUESTION_PAGE_SIZE = 10;
export const MY_PAGE_SIZE = 10;

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
export const QuestionDetailSchema = QuestionCardSchema.omit({ answerCount: true })
  .extend({ answers: list(AnswerSchema), mine: flag.optional() })
  .nullable();

export const GroupCardSchema = z.looseObject({
  id,
  groupName: text,
  cover: image,
  intro: text,
  memberCount: count,
  ownerName: text,
  topicCount: count,
  joined: flag.optional(),
  owner: flag.optional(),
});
export const TopicSchema = z.looseObject({ id, title: text, content: text.optional(), userName: text, replyCount: count, createTime: text });
export const GroupDetailSchema = GroupCardSchema.omit({ topicCount: true })
  .extend({ topics: list(TopicSchema) })
  .nullable();

export const MyQuestionSchema = z.looseObject({ id, title: text, content: text, courseName: text, createTime: text, answerCount: count, unReadCount: count });
export const MyAnswerSchema = z.looseObject({ id, questionId: id, questionTitle: text, content: text, createTime: text });
export const MyTopicSchema = TopicSchema.extend({ groupId: id, groupName: text });
export const QaCountsSchema = z.looseObject({ questionCount: count, answerCount: count });
export const GroupCountsSchema = z.looseObject({ createCount: count, joinCount: count, topicCount: count });

export const ApplyStateSchema = z.looseObject({ id, applied: count, quota: count, signedUp: flag, signUpTime: text }).nullable();
export const MyApplySchema = z.looseObject({ id, title: text, examName: text, examTime: text, place: text, fee: count, signUpTime: text });

const Q = "/saas-business/v1/question";
const G = "/saas-business/v1/companyGroup";
const A = "/saas-business/v1/front/apply";
const NewId = z.looseObject({ id }).nullable();
const Nothing = z.unknown();

// ---------- questions and answers ----------

export function listQuestions(upstream: Upstream, page = 1) {
  return upstream.call({ path: `${Q}/page`, query: { page, pageSize: QUESTION_PAGE_SIZE }, schema: PageSchema(QuestionCardSchema), cache: "visitor" });
}

/** One thread; with a token the asker's reading marks its answers read (findUnReadCount). */
export function getQuestion(upstream: Upstream, questionId: number) {
  return upstream.call({ path: `${Q}/detail/${questionId}`, schema: QuestionDetailSchema, cache: "visitor" });
}

export async function askQuestion(upstream: Upstream, input: { title: string; content: string }) {
  const r = await upstream.call({ method: "POST", path: `${Q}/ask`, body: input, schema: NewId, expect: ["business"] });
  return r?.id;
}

export function answerQuestion(upstream: Upstream, input: { questionId: number; content: string }) {
  return upstream.call({ method: "POST", path: `${Q}/answer`, body: input, schema: NewId, expect: ["business"] });
}

export function findMyQuestions(upstream: Upstream, page = 1) {
  return upstream.call({ method: "POST", path: `${Q}/findMyQuestion`, body: { page, pageSize: MY_PAGE_SIZE }, schema: PageSchema(MyQuestionSchema) });
}

export function findMyAnswers(upstream: Upstream, page = 1) {
  return upstream.call({ method: "POST", path: `${Q}/findMyAnswers`, body: { page, pageSize: MY_PAGE_SIZE }, schema: PageSchema(MyAnswerSchema) });
}

export function countMyQuestions(upstream: Upstream) {
  return upstream.call({ method: "POST", path: `${Q}/countMyQuestion`, body: {}, schema: QaCountsSchema });
}

export async function unreadAnswerCount(upstream: Upstream) {
  return (await upstream.call({ path: `${Q}/findUnReadCount`, schema: z.looseObject({ unReadCount: count }) })).unReadCount;
}

// ---------- groups ----------

export function listGroups(upstream: Upstream) {
  return upstream.call({ path: `${G}/list`, schema: list(GroupCardSchema), cache: "visitor" });
}

export function getGroup(upstream: Upstream, groupId: number) {
  return upstream.call({ path: `${G}/detail/${groupId}`, schema: GroupDetailSchema, cache: "visitor" });
}

export function joinGroup(upstream: Upstream, groupId: number) {
  return upstream.call({ method: "POST", path: `${G}/join`, body: { groupId }, schema: Nothing, expect: ["business"] });
}

export function leaveGroup(upstream: Upstream, groupId: number) {
  return upstream.call({ method: "POST", path: `${G}/leave`, body: { groupId }, schema: Nothing, expect: ["business"] });
}

export function postTopic(upstream: Upstream, input: { groupId: number; title: string; content: string }) {
  return upstream.call({ method: "POST", path: `${G}/topic`, body: input, schema: NewId, expect: ["business"] });
}

export function groupCounts(upstream: Upstream) {
  return upstream.call({ path: `${G}/countUserOrderStatus`, schema: GroupCountsSchema });
}

export function myCreatedGroups(upstream: Upstream) {
  return upstream.call({ path: `${G}/getMyCreateGroups`, schema: list(GroupCardSchema) });
}

export function myJoinedGroups(upstream: Upstream) {
  return upstream.call({ path: `${G}/getMyJoinGroups`, schema: list(GroupCardSchema) });
}

export function myTopics(upstream: Upstream, page = 1) {
  return upstream.call({ path: `${G}/getMyTopics`, query: { page, pageSize: MY_PAGE_SIZE }, schema: PageSchema(MyTopicSchema) });
}

// ---------- independent exam sign-up ----------

export function applyState(upstream: Upstream, applyId: number) {
  return upstream.call({ path: `${A}/state/${applyId}`, schema: ApplyStateSchema });
}

export function signUpForExam(upstream: Upstream, applyId: number) {
  return upstream.call({ method: "POST", path: `${A}/signUp`, body: { applyId }, schema: Nothing, expect: ["business"] });
}

export function mySignUps(upstream: Upstream) {
  return upstream.call({ path: `${A}/mine`, schema: list(MyApplySchema) });
}

// ---------- the upstream's coded messages ----------

/** The community's coded failures (sandbox routes/community.ts), shown in the page's language (`community` errors.*). */
export const COMMUNITY_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  "130010001": "titleRequired",
  "130010002": "titleTooLong",
  "130010003": "questionNotFound",
  "130010004": "answerRequired",
  "130010005": "contentTooLong",
  "130010006": "ownQuestion",
  "130020001": "groupNotFound",
  "130020002": "alreadyJoined",
  "130020003": "notMember",
  "130020004": "joinFirst",
  "130020005": "titleRequired",
  "130020006": "ownerCannotLeave",
  "130030001": "applyNotFound",
  "130030002": "applyFull",
  "130030004": "alreadyApplied",
};

/**
 * The form error of a business failure: a key of the `community` errors for a known code, else the
 * shared mapping (`upstream:` / `server:<message>`, spec 000 §8). Anything but a business failure rethrows.
 */
export function communityError(error: unknown): string {
  if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
  const key = error.code ? COMMUNITY_MESSAGE_KEYS[error.code] : undefined;
  return key ?? upstreamFormError({ code: error.code, message: error.upstreamMessage }, "failed");
}
