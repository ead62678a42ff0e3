import { timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";

/**
 * Whether this request's answer may carry `Server-Timing` (issue 36 §4). The header names the upstream's API
 * paths, how many calls a view made and how long each took (decision 057): a map of the upstream and of its
 * slow spots for whoever asks, so it is the operators' view, off for the public. On for every request with
 * `SERVER_TIMING=1` (the bench, the page tests, a staging site); otherwise only for a request that carries the
 * metrics token the way `GET /metrics` takes it (`Authorization: Bearer <METRICS_TOKEN>`), so an operator can
 * look at one production page (curl, or a header rule in the browser) without turning it on for everyone.
 * The visitor page cache never keeps the header (page-cache.server.ts), so an operator's view is not replayed.
 */
export function sendsServerTiming(request: Request): boolean {
  const { SERVER_TIMING, METRICS_TOKEN } = env();
  if (SERVER_TIMING) return true;
  return METRICS_TOKEN !== undefined && bearerMatches(request.headers.get("Authorization"), METRICS_TOKEN);
}

/**
 * `Authorization: Bearer <token>`, compared in constant time: the same rule as scripts/serve.mjs's
 * `bearerMatches` for `/metrics` (that script runs outside the build, in the cluster's primary too, so it keeps
 * its own copy of these few lines).
 */
export function bearerMatches(header: string | null, token: string): boolean {
  if (!header || !/^Bearer\s/i.test(header)) return false;
  const given = Buffer.from(header.replace(/^Bearer\s+/i, ""));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
