import { redirect } from "@remix-run/node";
import { loginHref } from "~/services/redirect";
import type { ShellView } from "~/services/shell.server";

/** The account page where a forced password change happens (spec 000 section 4). */
export const PASSWORD_PAGE = "/personal/setting/account";

/** Pages a forced password change still allows: the account page, logout and the token upgrade. */
const PASSWORD_EXEMPT = [/^\/personal\/setting\/account\/?$/, /^\/logout\/?$/, /^\/upgrade\/token\/?$/, /^\/captcha\/?$/];

/**
 * Spec 000 section 6: sections that force login when redirectLogin is 1 (course lists and details,
 * question bank, news, teachers, groups, vip, apply and home).
 */
export const FORCE_LOGIN_SECTIONS = [
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
];

/** Paths from which a mobile browser goes to the mobile site: the public pages of spec 000 section 2.1. */
export const WAP_PATHS = [/^\/$/, ...FORCE_LOGIN_SECTIONS, /^\/StudentsVoice(\/|$)/, /^\/custom(\/|$)/];

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

/** A mobile browser on a public page goes to the mobile site (before any upstream call). */
export function mobileRedirect(request: Request, wapUrl: string): Response | null {
  if (!wapUrl || request.method !== "GET" || !isMobile(request)) return null;
  const { pathname } = pathOf(request);
  if (pathname === wapUrl) return null;
  return WAP_PATHS.some((re) => re.test(pathname)) ? redirect(wapUrl) : null;
}

/** Forced password change, then redirectLogin: server-side, so they cannot be clicked around. */
export function shellRedirect(request: Request, shell: ShellView): Response | null {
  const { pathname } = pathOf(request);
  if (shell.user?.changePassword && !PASSWORD_EXEMPT.some((re) => re.test(pathname))) {
    return redirect(PASSWORD_PAGE);
  }
  if (!shell.user && shell.site.redirectLogin && FORCE_LOGIN_SECTIONS.some((re) => re.test(pathname))) {
    return loginRedirect(request);
  }
  return null;
}
