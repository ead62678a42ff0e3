import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import type * as z from "zod/v4";
import { loginRedirect } from "~/lib/guards/guards.server";
import { isLoggedIn, requireValidPost, type Portal } from "~/lib/portal.server";

/** What a community action answers when it does not redirect: the form's result, or a one-button form's message. */
export type CommunityOutcome = { intent: string; result?: SubmissionResult<string[]>; error?: string };

/**
 * The start of every community action (issue 17 part B): CSRF first (refused before the body is read),
 * then a visitor is sent to login with backUrl = the page the form is on, before any upstream call; then
 * the page's schema (a discriminated union on `intent`, issue 23 item 3) parses the post.
 */
export async function communityPost<Schema extends z.ZodType<{ intent: string }>>(
  args: ActionFunctionArgs,
  schema: Schema,
): Promise<{ portal: Portal; submission: Submission<z.input<Schema>, string[], z.output<Schema>> }> {
  const { portal, formData } = await requireValidPost(args);
  if (!isLoggedIn(portal)) throw loginRedirect(args.request);
  return { portal, submission: parseWithZod(formData, { schema }) };
}

/** The `intent` a post named (what the page matches its outcome against), whatever the schema said of it. */
export const postedIntent = (submission: { payload: Record<string, unknown> }) => {
  const intent = submission.payload.intent;
  return typeof intent === "string" ? intent : "";
};

/**
 * A post its schema refused: 400 with `submission.reply()` (the typed values kept, the CSRF token not sent
 * back); an `intent` outside the page's union is the page's "unknown request".
 */
export function communityInvalid(submission: Submission<unknown, string[], unknown>) {
  const intent = postedIntent(submission);
  const unknownIntent = submission.status === "error" && !!submission.error?.intent;
  return communityFailure({ intent, result: submission.reply({ hideFields: ["csrf"] }), ...(unknownIntent ? { error: "unknownIntent" } : {}) });
}

/** A failed community action: 400 with what to show (never cached). */
export function communityFailure(outcome: CommunityOutcome) {
  return data(outcome, { status: 400, headers: { "Cache-Control": "private, no-store" } });
}
