import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getPortal } from "~/services/portal.server";
import { safeRedirect } from "~/services/redirect";
import { linkVariable } from "~/services/school.server";

/**
 * `/linkVariableRedirect/{menuId}` (spec 000 section 2.1): a head menu item with a variable link; the
 * upstream fills the variables, the portal sends the browser on (http(s) or a path of this site only).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const menuId = Number(args.params.menuId);
  const url = Number.isInteger(menuId) ? await linkVariable(portal.upstream, menuId) : null;
  if (url && /^https?:\/\/[^/\s]+/i.test(url)) throw redirect(url);
  throw redirect(safeRedirect(url));
}
