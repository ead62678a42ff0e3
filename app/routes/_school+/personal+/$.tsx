import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/lib/guards/guards.server";
import { entryOfPath } from "~/services/personal-menu";
import { personalNotFound, requirePermitted } from "~/services/personal-menu.server";

/**
 * Any address under /personal that no page claims: the 404 inside the frame; an address of a menu entry
 * the user may not see answers 403 first (so a hidden entry is refused, not only unlinked).
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const entry = entryOfPath(url.pathname, url.searchParams);
  const portal = await requireStudent(args);
  if (entry) await requirePermitted(portal, entry);
  return personalNotFound();
}

export default function PersonalNotFound() {
  return null;
}
