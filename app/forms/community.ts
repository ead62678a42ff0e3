import * as z from "zod/v4";
import { intentOnly } from "~/forms/fields";

/**
 * The community forms (issue 17 part B), one schema on server and client: ask a question, answer it, post a
 * group topic. Errors are keys of the `community` namespace (`errors.<key>`). The limits are the
 * upstream's (sandbox routes/community.ts QA_LIMITS, TOPIC_LIMITS).
 */
export const LIMITS = { titleMax: 50, contentMax: 1000, topicContentMax: 2000 } as const;

const title = z.string({ error: "titleRequired" }).trim().min(1, { error: "titleRequired" }).max(LIMITS.titleMax, { error: "titleTooLong" });

export const AskSchema = z.object({
  title,
  content: z.string().trim().max(LIMITS.contentMax, { error: "contentTooLong" }).optional().default(""),
});

export const AnswerFormSchema = z.object({
  content: z.string({ error: "answerRequired" }).trim().min(1, { error: "answerRequired" }).max(LIMITS.contentMax, { error: "contentTooLong" }),
});

export const TopicFormSchema = z.object({
  title,
  content: z.string().trim().max(LIMITS.topicContentMax, { error: "contentTooLong" }).optional().default(""),
});

/**
 * The posts of the community pages, one schema a page (issue 23 item 3): a discriminated union on `intent`
 * (the hidden input or the button naming the branch), parsed with `parseWithZod` by `communityPost`. The
 * forms' own schemas above stay what the loaders' constraints are drawn from.
 */
export const AskPostSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("ask"), ...AskSchema.shape })]);
export const AnswerPostSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("answer"), ...AnswerFormSchema.shape })]);
export const GroupPostSchema = z.discriminatedUnion("intent", [
  intentOnly("join"),
  intentOnly("leave"),
  z.object({ intent: z.literal("topic"), ...TopicFormSchema.shape }),
]);
export const ApplyPostSchema = z.discriminatedUnion("intent", [intentOnly("signUp")]);
