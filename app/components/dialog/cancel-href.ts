import { safeRedirect } from "~/lib/security/redirect";

/** The lesson entry chain (study-links.ts `lessonEntryHref`): going back to it re-runs the step just closed. */
const CHAIN = "/class/enter/";

/** Where closing goes when nothing better is known: my courses. */
export const MY_COURSES = "/personal/course/lessons";

/**
 * Where closing or cancelling a dialog step goes (decision 026): `cancelUrl` when the link gave one, else
 * `backUrl`, except when that is the lesson entry chain, which would open the same step again: then
 * `fallback` (my courses).
 */
export function cancelHref(url: URL, backUrl: string, fallback = MY_COURSES): string {
  const cancel = url.searchParams.get("cancelUrl");
  if (cancel) return safeRedirect(cancel, fallback);
  return backUrl.startsWith(CHAIN) ? fallback : backUrl;
}

/**
 * Where closing a step that was opened from a link (the lesson entry chain's shown steps, decision 039) goes:
 * `cancelUrl` when the link gave one; else the page the link was on, read from the same-origin `Referer`
 * (a plain link without JavaScript and Remix's data request with it both send it: Referrer-Policy
 * strict-origin-when-cross-origin); else `fallback`. Never the chain itself (closing would reopen the step),
 * never another site (safeRedirect).
 */
export function closeHrefFrom(request: Request, fallback: string): string {
  const url = new URL(request.url);
  const cancel = url.searchParams.get("cancelUrl");
  if (cancel) return safeRedirect(cancel, fallback);
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return fallback;
  }
  if (from.host !== url.host) return fallback;
  const path = safeRedirect(from.pathname + from.search, fallback);
  return path.startsWith(CHAIN) ? fallback : path;
}
