import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { PostOnlySchema } from "~/forms/fields";
import { logout } from "~/services/auth.server";
import { requireValidPost } from "~/lib/portal.server";
import { safeRedirect } from "~/lib/security/redirect";
import { clearCredentials } from "~/lib/state/session.server";
import { UpstreamError } from "~/lib/http/upstream.server";

/** GET /logout is not a way out: logging out is a CSRF-protected POST. */
export function loader() {
  return redirect("/home/index");
}

/**
 * Spec 000 section 4: the logout call returns loginSchoolPath; the session is cleared and the browser
 * goes to the site origin plus that path.
 */
export async function action(args: ActionFunctionArgs) {
  const { portal, formData } = await requireValidPost(args);
  if (parseWithZod(formData, { schema: PostOnlySchema }).status !== "success") return Response.json({ error: "malformed" }, { status: 400 });
  let loginSchoolPath: string | undefined;
  if (portal.token) {
    try {
      loginSchoolPath = await logout(portal.upstream);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
    }
  }
  clearCredentials(portal.session);
  portal.session.flash("notice", "loggedOut");
  return redirect(safeRedirect(loginSchoolPath), { headers: { "Set-Cookie": await portal.commitSession() } });
}
