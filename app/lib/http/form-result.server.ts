import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { Outcome } from "~/forms/outcome";
import { challengeFor, storePending, type Pending } from "~/lib/security/captcha.server";
import type { SendOutcome } from "~/services/login.server";
import type { Portal } from "~/lib/portal.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";

/** Never sent back into a form: what the visitor typed as a password, and the CSRF token. */
const SECRET_FIELDS = ["password", "confirmPassword", "csrf"];

/**
 * THE result helper of the portal's actions (issue 11 §4): a conform result that re-renders the form with
 * what the visitor typed (never a password, nor the `secret` fields a form adds): an error result (400) when
 * `error` names a field, else 200 (also the `success` of a sent code). A page with several forms tags it
 * with `failFor`.
 */
export function failWith(
  fields: Record<string, unknown>,
  error: Record<string, string[]>,
  status: "error" | "success" = "error",
  secret: readonly string[] = [],
): Outcome {
  const hidden = new Set([...SECRET_FIELDS, ...secret]);
  const initialValue = Object.fromEntries(Object.entries(fields).filter(([name]) => !hidden.has(name))) as Record<string, string>;
  return { result: { status, initialValue, error, state: undefined }, status: Object.keys(error).length ? 400 : 200 };
}

/** `failWith` for a page with several forms: the answer names the form it belongs to. */
export function failFor<F extends string>(
  form: F,
  fields: Record<string, unknown>,
  error: Record<string, string[]>,
  status: "error" | "success" = "error",
  secret: readonly string[] = [],
): Pick<Outcome, "result" | "status"> & { form: F } {
  const { result, status: httpStatus } = failWith(fields, error, status, secret);
  return { form, result, status: httpStatus };
}

/**
 * The answer to a post its schema refuses (issue 23 step 3: a forged, stale or broken form; a person using
 * the page cannot send one): conform's `submission.reply()` (what was posted, without passwords and the CSRF
 * token, and the schema's errors) as `result`, beside the page's own failure fields (the message it shows
 * today), under 400 by default.
 */
export function refused<A extends object>(submission: Pick<Submission<unknown>, "reply">, answer: A, status = 400) {
  return data({ ...answer, result: schemaReply(submission) }, { status });
}

/** A schema's refusal as conform's `submission.reply()`, without the CSRF token and passwords: THE one for every action. */
export function schemaReply(submission: { reply(options?: { hideFields?: string[] }): SubmissionResult<string[]> }): SubmissionResult<string[]> {
  return submission.reply({ hideFields: SECRET_FIELDS });
}

/** Keeps the request for after the captcha (spec 000 §7.4) and sends the visitor to it; back comes to `back?captcha=<id>`. */
export async function toCaptcha(portal: Portal, form: Pending["form"], back: string, fields: Record<string, string>, secret?: string): Promise<Outcome> {
  const id = await storePending(portal, { form, fields, secret });
  return { ...failWith(fields, {}), next: { kind: "captcha", challenge: challengeFor(portal, back, id) }, status: 200 };
}

/** `path`, with the page's backUrl when there is one. */
export function withBackUrl(path: string, backUrl: string | undefined): string {
  return `${path}${backUrl ? `?backUrl=${encodeURIComponent(backUrl)}` : ""}`;
}

/** The form's answer to the send-code button (spec 000 §4, §5): sent, limited (429), a captcha first, or the upstream's message. */
export async function sendCodeOutcome(sent: SendOutcome, fields: Record<string, string>, captcha: () => Outcome | Promise<Outcome>): Promise<Outcome> {
  switch (sent.kind) {
    case "sent":
      return { ...failWith(fields, {}, "success"), sentResendAt: sent.resendAt };
    case "limited":
      return { ...failWith(fields, { mobile: [`tooMany:${sent.retryAfterS}`] }), status: 429, retryAfterS: sent.retryAfterS };
    case "captcha":
      return captcha();
    case "message":
      return failWith(fields, { mobile: [upstreamFormError(sent, "verificationFailed")] });
  }
}
