import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrdersPage } from "~/components/shop/orders/OrdersPage";
import { MyAgreementsView } from "~/components/study/agreements/MyAgreementsView";
import { useNamespaces } from "~/components/use-namespaces";
import { myAgreementsLoader } from "~/services/agreements.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { ordersAction, ordersLoader } from "~/services/orders.server";
import { entryOfPath } from "~/services/personal-menu";
import { firstEntryRedirect, personalNotFound, requirePermitted } from "~/services/personal-menu.server";
import { formAction } from "~/lib/http/form-failure.server";

export const handle = { i18n: ["shop", "agreement"] };

/**
 * `/personal/order`: its two entries share the path (spec 001 section 2: `?parentId=-1` order management,
 * `?OrderTabIndex=2` my agreements). A thin dispatcher on the query: each entry's loader and view live in
 * its own modules (orders: `services/orders.server.ts`, `components/shop/orders`; agreements:
 * `services/agreements.server.ts`, `components/study/agreements/`). Without either, the section's first
 * permitted entry; with one, that entry (403 when not permitted, inside each loader).
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  if (url.searchParams.get("OrderTabIndex") === "2") return myAgreementsLoader(args);
  if (url.searchParams.has("parentId")) return ordersLoader(args);
  const portal = await requireStudent(args);
  if (!url.searchParams.has("OrderTabIndex")) return firstEntryRedirect(portal, "order");
  await requirePermitted(portal, entryOfPath(url.pathname, url.searchParams) ?? "order.order");
  return personalNotFound();
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    return ordersAction(args);
  });
}

export default function OrderPage() {
  const d = useLoaderData<typeof loader>();
  useNamespaces(d.i18n, "shop");
  if ("kind" in d && d.kind === "orders") return <OrdersPage {...d} />;
  if ("view" in d && d.view === "agreements") return <MyAgreementsView data={d} />;
  return null;
}
