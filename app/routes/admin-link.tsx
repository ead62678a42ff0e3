import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { adminLinkDocument, adminLinkHeaders } from "~/components/shell/admin-link-document.server";
import { PostOnlySchema } from "~/forms/fields";
import { localeOf } from "~/i18n.server";
import { isLoggedIn, requireValidPost } from "~/lib/portal.server";
import { adminLink } from "~/services/school.server";
import { failureStatus, UpstreamError } from "~/lib/http/upstream.server";

/**
 * The management-centre link, fetched on demand (spec 000 section 2.2): the header's button is a form
 * post (CSRF token, same-origin check) opening in a new tab, so neither a cross-site page nor a
 * prefetch can send a staff member into the admin with a fresh link.
 *
 * - Without JavaScript the post answers a small document that goes on to the link by meta refresh
 *   (a 303 to the admin host is blocked by the page's CSP `form-action 'self'` in Chromium).
 * - The header's script asks for JSON (`Accept: application/json`) to show its loading state:
 *   `{ url }`, `{ message }` on failure, `{ redirect }` when the session has to be renewed first.
 *
 * GET does nothing: it redirects to the home page, as GET /logout does. A 405 would strand whoever
 * arrives here by GET: an old bookmark, or the session-renewal flow, which ends with a GET of the path
 * that needed it (`/upgrade/token?callback=/admin-link`).
 */
export function loader() {
  return redirect("/home/index");
}

/** The upstream call behind the link (for the log line and the error; the call itself is the service's). */
const ADMIN_LINK_PATH = "/saas-business/v1/front/admin/link";

export async function action(args: ActionFunctionArgs) {
  const { portal, formData } = await requireValidPost(args);
  if (parseWithZod(formData, { schema: PostOnlySchema }).status !== "success") return Response.json({ message: "" }, { status: 400 });
  const { secure } = portal.tenant;
  const wantsJson = (args.request.headers.get("Accept") ?? "").includes("application/json");
  if (!isLoggedIn(portal)) {
    return wantsJson ? Response.json({ message: "" }, { status: 401, headers: adminLinkHeaders(new Headers(), secure) }) : redirect("/home/index", 303);
  }
  let url: string;
  try {
    url = httpUrl(await adminLink(portal.upstream));
  } catch (error) {
    // A lapsed session or a login elsewhere: the upstream mapping's redirect (it clears the session).
    if (error instanceof Response) {
      if (!wantsJson) throw error;
      const headers = adminLinkHeaders(new Headers(), secure);
      for (const cookie of error.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      return Response.json({ redirect: error.headers.get("Location") ?? "/home/index" }, { status: 401, headers });
    }
    const failure = failureOf(error);
    if (!failure) throw error;
    if (wantsJson) return Response.json({ message: failure.message }, { status: failure.status, headers: adminLinkHeaders(new Headers(), secure) });
    return adminLinkDocument({ locale: await localeOf(args.request), message: failure.message }, { status: failure.status, secure });
  }
  if (wantsJson) return Response.json({ url }, { headers: adminLinkHeaders(new Headers(), secure) });
  return adminLinkDocument({ locale: await localeOf(args.request), url }, { secure });
}

/** Only an absolute http(s) URL is followed (never `javascript:` or a relative path); never logged. */
export function httpUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    console.error(JSON.stringify({ level: "error", msg: "management-centre link is not an http(s) URL", path: ADMIN_LINK_PATH }));
    throw new UpstreamError("bad-response", ADMIN_LINK_PATH);
  }
  return url.href;
}

/**
 * What a failed call becomes here: the upstream's refusal (business, its message) or the error page
 * the upstream mapping made (timeout, 5xx, host interception), as this route's own small answer; a
 * resource route would otherwise answer a thrown error page as bare JSON.
 */
function failureOf(error: unknown): { status: number; message: string } | undefined {
  // the shared status (issue 36 §4): a permission refusal (a student who is not staff) is a 403, any other refusal a 502
  if (error instanceof UpstreamError) return { status: failureStatus(error), message: error.upstreamMessage ?? "" };
  if (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit") {
    const { data, init } = error as { data?: { message?: unknown }; init?: { status?: number } | null };
    return { status: init?.status ?? 502, message: typeof data?.message === "string" ? data.message : "" };
  }
  return undefined;
}
