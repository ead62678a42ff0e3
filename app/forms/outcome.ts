import type { SubmissionResult } from "@conform-to/react";
import type { CaptchaChallenge } from "~/lib/security/captcha.server";

/**
 * What a form must do next before it can go on: pass a captcha (code 600). The login's face step (120030002)
 * is a redirect (`/join/face-step`), not an outcome.
 */
export type Next = { kind: "captcha"; challenge: CaptchaChallenge };

/**
 * What the action (or the loader, after a captcha) of a login-area form returns: the conform result that
 * re-renders the form, the resend time of a sent SMS code, a challenge to pass, the HTTP status and, with
 * 429, the seconds for Retry-After. One type for login, register and forgot-password (issue 11 §4).
 */
export type Outcome = { result: SubmissionResult<string[]>; sentResendAt?: number; next?: Next; status: number; retryAfterS?: number };
