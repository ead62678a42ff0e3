import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/services/guards.server";
import { entryOfPath } from "~/services/personal-menu";
import { firstEntryRedirect, personalNotFound, requirePermitted } from "~/services/personal-menu.server";

/**
 * `/personal/order`: its two entries share the path (spec 001 section 2: `?parentId=-1` order management,
 * `?OrderTabIndex=2` my agreements). Without either, the section's first permitted entry; with one, that
 * entry (403 when not permitted). The order pages themselves come with the orders issue: 404 until then.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const portal = await requireStudent(args);
  if (!url.searchParams.has("parentId") && !url.searchParams.has("OrderTabIndex")) return firstEntryRedirect(portal, "order");
  await requirePermitted(portal, entryOfPath(url.pathname, url.searchParams) ?? "order.order");
  return personalNotFound();
}

export default function OrderPage() {
  return null;
}
