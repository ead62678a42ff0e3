/**
 * The upstream call's outcomes, one list (issue 24 review): the request function's failure kinds
 * (`UpstreamError.kind`, `ALL_FAILURES`) and the metrics' `outcome` label both read it, so a new kind is
 * counted under its own name instead of "other".
 */
export const UPSTREAM_FAILURE_KINDS = [
  "unauthorized", // HTTP 401, or 403 without a cc/waf action header
  "intercepted", // HTTP 403 with action header cc or waf: the returned page must be shown
  "conflict", // HTTP 409: logged in elsewhere
  "blocked", // HTTP 550: host interception with a message
  "captcha", // envelope code '600': slider captcha required
  "business", // envelope code other than '1'
  "timeout", // no answer within the timeout
  "unavailable", // refused connection, DNS, 5xx
  "bad-response", // non-JSON, truncated body, envelope or schema mismatch
] as const;

export type UpstreamErrorKind = (typeof UPSTREAM_FAILURE_KINDS)[number];

/** What one upstream call ended in: an answer, the portal's request aborted, or a failure kind. */
export const UPSTREAM_OUTCOMES = ["ok", "aborted", ...UPSTREAM_FAILURE_KINDS] as const;

export type UpstreamOutcome = (typeof UPSTREAM_OUTCOMES)[number];
