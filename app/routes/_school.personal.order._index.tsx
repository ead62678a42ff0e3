import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrdersPage } from "~/components/shop/orders/OrdersPage";
import { useNamespaces } from "~/components/use-namespaces";
import { requireStudent } from "~/services/guards.server";
import { ordersAction, ordersLoader } from "~/services/orders.server";
import { entryOfPath } from "~/services/personal-menu";
import { firstEntryRedirect, personalNotFound, requirePermitted } from "~/services/personal-menu.server";

export const handle = { i18n: ["shop"] };

/**
 * `/personal/order`: its two entries share the path (spec 001 section 2: `?parentId=-1` order management,
 * `?OrderTabIndex=2` my agreements). Without either, the section's first permitted entry; with one, that
 * entry (403 when not permitted). A thin dispatcher: order management lives in services/orders.server.ts
 * and components/shop/orders; my agreements come with their own issue (404 until then).
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  if (url.searchParams.has("parentId")) return ordersLoader(args);
  const portal = await requireStudent(args);
  if (!url.searchParams.has("OrderTabIndex")) return firstEntryRedirect(portal, "order");
  await requirePermitted(portal, entryOfPath(url.pathname, url.searchParams) ?? "order.order");
  return personalNotFound();
}

export async function action(args: ActionFunctionArgs) {
  return ordersAction(args);
}

export default function OrderPage() {
  const d = useLoaderData<typeof loader>();
  useNamespaces(d.i18n, "shop");
  if (d.kind === "orders") return <OrdersPage {...d} />;
  return null;
}
