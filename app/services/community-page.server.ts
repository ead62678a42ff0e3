import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { loginRedirect } from "~/lib/guards/guards.server";
import { isLoggedIn, requireValidPost, type Portal } from "~/lib/portal.server";

/** What a community action answers when it does not redirect: the form's result, or a one-button form's message. */
export type CommunityOutcome = { intent: string; result?: SubmissionResult<string[]>; error?: string };

/**
 * The start of every community action (issue 17 part B): CSRF first (refused before the body is read),
 * then a visitor is sent to login with backUrl = the page the form is on, before any upstream call.
 */
export async function communityPost(args: ActionFunctionArgs): Promise<{ portal: Portal; formData: FormData; intent: string }> {
  const { portal, formData } = await requireValidPost(args);
  if (!isLoggedIn(portal)) throw loginRedirect(args.request);
  return { portal, formData, intent: String(formData.get("intent") ?? "") };
}

/** A failed community action: 400 with what to show (never cached). */
export function communityFailure(outcome: CommunityOutcome) {
  return data(outcome, { status: 400, headers: { "Cache-Control": "private, no-store" } });
}
