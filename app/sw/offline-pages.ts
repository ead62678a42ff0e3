/**
 * What the service worker keeps for offline use (issue 37 §1), shared by the worker (app/sw/service-worker.ts)
 * and the page's registration module (app/sw/register.client.ts).
 *
 * - Kept pages: the practice doing page and the exam paper, each as last fetched by THIS student, in a
 *   cache named after the build and the viewer key of the page (`X-Portal-Viewer`, an HMAC of the
 *   user): another student, a visitor, a new build never reads it.
 * - Every other page offline: the branded offline page, precached with the build.
 */
export const KEPT_PAGES = [/^\/lib\/subject\/doing\/\d+$/, /^\/lib\/subject\/exampaper\/paper\/\d+$/];
export const VIEWER_HEADER = "x-portal-viewer";
export const OFFLINE_PAGE = "/offline";
export const PAGES_CACHE_PREFIX = "portal-pages-";

/** The kept page a path (with or without Remix's `.data` suffix) is, or null. */
export function keptPagePath(pathname: string): string | null {
  const path = pathname.replace(/\.data$/, "").replace(/\/$/, "");
  return KEPT_PAGES.some((re) => re.test(path)) ? path : null;
}

/** The cache of one viewer's pages in one build. */
export function pagesCacheName(build: string, viewer: string): string {
  return `${PAGES_CACHE_PREFIX}${build}-${viewer}`;
}

/** Messages the page sends the worker. */
export type WorkerMessage =
  /** keep this page now (the first visit, before the worker controlled the page) */
  | { type: "keep"; path: string }
  /** forget every kept page (logout, a full storage) */
  | { type: "forget-all" };
