import { safeRedirect } from "~/services/redirect";

/** The lesson entry chain (study-links.ts `lessonEntryHref`): going back to it re-runs the step just closed. */
const CHAIN = "/class/enter/";

/**
 * Where closing or cancelling a dialog step goes (decision 026): `cancelUrl` when the link gave one, else
 * `backUrl`, except when that is the lesson entry chain, which would open the same step again: then
 * `fallback` (my courses).
 */
export function cancelHref(url: URL, backUrl: string, fallback = "/personal/course/lessons"): string {
  const cancel = url.searchParams.get("cancelUrl");
  if (cancel) return safeRedirect(cancel, fallback);
  return backUrl.startsWith(CHAIN) ? fallback : backUrl;
}
