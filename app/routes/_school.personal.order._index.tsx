import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MyAgreementsView } from "~/components/study/agreements/MyAgreementsView";
import { myAgreementsLoader } from "~/services/agreements.server";
import { requireStudent } from "~/services/guards.server";
import { entryOfPath } from "~/services/personal-menu";
import { firstEntryRedirect, personalNotFound, requirePermitted } from "~/services/personal-menu.server";

/**
 * `/personal/order`: its two entries share the path (spec 001 section 2: `?parentId=-1` order management,
 * `?OrderTabIndex=2` my agreements). A thin dispatcher on the query: each entry's loader and view live in
 * its own modules (agreements: `services/agreements.server.ts`, `components/study/agreements/`). Without
 * either, the section's first permitted entry; with one, that entry (403 when not permitted).
 */
export const handle = { i18n: ["agreement"] };

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  if (url.searchParams.get("OrderTabIndex") === "2") return myAgreementsLoader(args);
  const portal = await requireStudent(args);
  if (!url.searchParams.has("parentId") && !url.searchParams.has("OrderTabIndex")) return firstEntryRedirect(portal, "order");
  await requirePermitted(portal, entryOfPath(url.pathname, url.searchParams) ?? "order.order");
  return personalNotFound();
}

export default function OrderPage() {
  const data = useLoaderData<typeof loader>();
  if (data.view === "agreements") return <MyAgreementsView data={data} />;
  return null;
}
