import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getPortal, isLoggedIn } from "~/services/portal.server";
import { adminLink } from "~/services/school.server";
import { UpstreamError } from "~/services/upstream.server";

/**
 * The management-centre link, fetched on demand (spec 000 section 2.2). A plain link (new tab) is
 * redirected to it; the header's script asks for JSON to show a loading state. (A form post cannot be
 * used: CSP `form-action 'self'` blocks its redirect to another host.)
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const wantsJson = (args.request.headers.get("Accept") ?? "").includes("application/json");
  if (!isLoggedIn(portal)) return wantsJson ? data({ message: "" }, { status: 401 }) : redirect("/home/index");
  try {
    const url = await adminLink(portal.upstream);
    if (!/^https?:\/\//i.test(url)) throw new UpstreamError("bad-response", "/saas-business/v1/front/admin/link");
    return wantsJson ? { url } : redirect(url);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (wantsJson) return data({ message: error.upstreamMessage ?? "" }, { status: 400 });
    throw data({ kind: "upstream", message: error.upstreamMessage ?? "" }, { status: 502 });
  }
}
