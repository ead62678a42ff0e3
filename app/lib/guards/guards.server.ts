import { redirect, type AppLoadContext } from "@remix-run/node";
import type { PersonalEntryCode } from "~/services/personal-menu";
import { requirePermitted } from "~/services/personal-menu.server";
import { keepPostedForm } from "~/lib/state/form-keep.server";
import { getPortal, isLoggedIn, postedFormOf, type Portal } from "~/lib/portal.server";
import { loginHref, PASSWORD_PAGE } from "~/lib/security/redirect";
import { loadConfig, optional } from "~/services/config.server";
import type { Upstream } from "~/lib/http/upstream.server";

/** Pages a forced password change still allows: the account page, logout and the token upgrade. */
const PASSWORD_EXEMPT = [/^\/personal\/setting\/account\/?$/, /^\/logout\/?$/, /^\/upgrade\/token\/?$/, /^\/captcha\/?$/];

/** Paths from which a mobile browser goes to the mobile site: the public pages of spec 000 section 2.1. */
export const WAP_PATHS = [
  /^\/$/,
  /^\/home\/index(\/|$)/,
  /^\/course\/(list|detail)(\/|$)/,
  /^\/coursePackage\/(list|detail)(\/|$)/,
  /^\/openCourse(\/|$)/,
  /^\/lib\/subject(\/|$)/,
  /^\/answerslist(\/|$)/,
  /^\/response(\/|$)/,
  /^\/news(\/|$)/,
  /^\/newsdetails(\/|$)/,
  /^\/teachers(\/|$)/,
  /^\/teachersdetail(\/|$)/,
  /^\/group(\/|$)/,
  /^\/groupdetail(\/|$)/,
  /^\/vip(\/|$)/,
  /^\/apply(\/|$)/,
  /^\/applydetail(\/|$)/,
  /^\/StudentsVoice(\/|$)/,
  /^\/custom(\/|$)/,
];

const MOBILE_UA = /Android.+Mobile|iPhone|iPod|Windows Phone|IEMobile|BlackBerry|Opera Mini|HarmonyOS.+Mobile/i;

export function isMobile(request: Request): boolean {
  return MOBILE_UA.test(request.headers.get("User-Agent") ?? "");
}

function pathOf(request: Request): { pathname: string; page: string } {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/";
  // Drop Remix's data-request markers but keep the rest of the query exactly as written.
  const search = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair && !/^_(data|routes)(=|$)/.test(pair))
    .join("&");
  return { pathname, page: pathname + (search ? `?${search}` : "") };
}

/**
 * Spec 000 sections 1 and 6: a visitor sent to login comes back to the page asked for (path and query,
 * without Remix's data-request markers). Used by the root loader and by section loaders.
 */
export function loginRedirect(request: Request): Response {
  return redirect(loginHref(pathOf(request).page));
}

/** Crawlers (a phone crawler too) keep the page they asked for: the mobile site is for people. */
const BOT_UA = /bot\b|bot\/|crawler|spider|slurp|bingpreview|mediapartners|facebookexternalhit|lighthouse/i;

export function isBot(request: Request): boolean {
  return BOT_UA.test(request.headers.get("User-Agent") ?? "");
}

/**
 * Where a phone goes from a public page (spec 000 section 1, issue 12 part 1), or null to serve the page
 * here. The portal serves phones itself; only when the operator names a mobile site (WAP_URL, a path on
 * this host or an http(s) URL) is a phone browser (not a crawler, not a desktop) on one of the public
 * pages of spec 000 section 2.1 sent there, to the same path and query it asked for (Remix's data-request
 * markers dropped). A mobile site on this host is never redirected to itself (no loop). The company's
 * switch `pc.wap.redirect` is the caller's (`mobileRedirect`).
 */
export function wapTarget(request: Request, wapUrl: string | undefined): string | null {
  if (!wapUrl || (request.method !== "GET" && request.method !== "HEAD") || !isMobile(request) || isBot(request)) return null;
  const { pathname, page } = pathOf(request);
  if (!WAP_PATHS.some((re) => re.test(pathname))) return null;
  const here = new URL(request.url);
  const site = new URL(wapUrl, here);
  const base = site.pathname.replace(/\/+$/, "");
  const sameHost = site.host === here.host;
  // The mobile site on this host: its own pages (and this host's root as the site) are not redirected.
  if (sameHost && (base === "" || pathname === base || pathname.startsWith(`${base}/`))) return null;
  return `${sameHost && wapUrl.startsWith("/") ? "" : site.origin}${base}${page}`;
}

/**
 * The company's switch `pc.wap.redirect` (spec 000 section 7.1 `sys/config/{companyId}/{code}`), cached
 * per domain with the rest of its configuration; when it cannot be read the phone stays here.
 */
export async function companyWapRedirect(upstream: Upstream): Promise<boolean> {
  const value = await optional("config wapRedirect", (expect) => loadConfig(upstream, "wapRedirect", { expect }));
  return value === "1" || value === "true";
}

/**
 * The mobile-site redirect: a phone on a public page goes to WAP_URL (path and query kept) when the
 * operator set WAP_URL and the company's system configuration `pc.wap.redirect` is on. `companyOn` is
 * asked only when a redirect is possible (it reads the domain's cached configuration).
 */
export async function mobileRedirect(request: Request, wapUrl: string | undefined, companyOn: () => Promise<boolean>): Promise<Response | null> {
  const target = wapTarget(request, wapUrl);
  if (!target || !(await companyOn())) return null;
  return redirect(target);
}

/**
 * Spec 000 section 4: a forced password change (changePasswordConfig 1 or 2) sends every page but the
 * account page, logout and the token upgrade to the account page; server-side, so it cannot be clicked
 * around. The school layout applies it (it has the user).
 */
export function passwordRedirect(request: Request, user: { changePassword: boolean } | null): Response | null {
  if (!user?.changePassword) return null;
  return PASSWORD_EXEMPT.some((re) => re.test(pathOf(request).pathname)) ? null : redirect(PASSWORD_PAGE);
}

/**
 * THE guard of the personal centre (spec 001 sections 2 and 6), called in one line by the `/personal`
 * layout and by every loader and action under it (matched loaders run in parallel, so a layout's guard
 * alone does not stop a child's upstream calls): a visitor goes to login with the page as `backUrl`
 * before any upstream call; with `entry` (a menu code such as `"course.lessons"`) a user not permitted
 * that entry gets the 403 page inside the personal frame. A form posted without a login keeps its typed
 * values (decision 021, `form-keep.server.ts`): the page's loader fills them back in after the login.
 */
export async function requireStudent(args: { request: Request; context: AppLoadContext }, entry?: PersonalEntryCode): Promise<Portal> {
  const portal = await getPortal(args);
  if (!isLoggedIn(portal)) {
    // decision 021: a form posted after the session ended keeps its typed values for after the login
    const formData = args.request.method === "POST" ? postedFormOf(args.context) : undefined;
    const kept = formData ? await keepPostedForm({ request: args.request, formData, secure: portal.tenant.secure }) : undefined;
    throw kept ? redirect(loginHref(pathOf(args.request).page), { headers: { "Set-Cookie": kept } }) : loginRedirect(args.request);
  }
  if (entry) await requirePermitted(portal, entry);
  return portal;
}

/**
 * `requireStudent` for a loader whose own upstream calls need not wait for the permission check: the
 * login check first (no upstream call), then the entry's permission and `load` in ONE round. Not
 * permitted: the 403 page, whatever `load` answered (its result is dropped, never rendered).
 */
export async function requireStudentWith<T>(
  args: { request: Request; context: AppLoadContext },
  entry: PersonalEntryCode,
  load: (portal: Portal) => Promise<T>,
): Promise<{ portal: Portal; loaded: T }> {
  const portal = await requireStudent(args);
  const [permitted, loaded] = await Promise.allSettled([requirePermitted(portal, entry), load(portal)]);
  if (permitted.status === "rejected") throw permitted.reason;
  if (loaded.status === "rejected") throw loaded.reason;
  return { portal, loaded: loaded.value };
}
