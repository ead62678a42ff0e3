import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getPortal } from "~/lib/portal.server";
import { safeExternalUrl } from "~/lib/security/redirect";
import { linkVariable } from "~/services/school.server";

/**
 * `/linkVariableRedirect/{menuId}` (spec 000 section 2.1): a head menu item with a variable link; the
 * upstream fills the variables, the portal sends the browser on: an http(s) URL parsed and re-serialised
 * (no credentials, no backslash tricks such as `http://evil.example\@good.example`) or a path of this
 * site; anything else goes home.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const menuId = Number(args.params.menuId);
  const url = Number.isInteger(menuId) ? await linkVariable(portal.upstream, menuId) : null;
  throw redirect(safeExternalUrl(url) ?? "/home/index");
}
