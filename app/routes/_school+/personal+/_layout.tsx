import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { PersonalError, PersonalFrame } from "~/components/personal/PersonalFrame";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";
import { PERSONAL_ROUTE_ID } from "~/route-ids";
import { requireStudent } from "~/lib/guards/guards.server";
import { permittedMenu } from "~/services/personal-menu";
import { getPermissions } from "~/services/personal-menu.server";

// what the frame draws (menu, tools, its error page) of the personal strings; a section page sends its own (decision 090)
export const handle = { i18n: ["personal"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = {
  personal: ["title", "menuLabel", "sections", "entries", "tools", "forbidden", "notFound", "nothingPermitted", "openFirst"],
} as const satisfies NamespaceParts;

/** Personal pages are never stored; children without their own `headers` inherit this. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The personal centre's frame (docs/decisions/014-route-tree.md): the login guard (a visitor goes to
 * login before any upstream call) and the permitted section menus. Its children call the same guard.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const [permissions, i18n] = await Promise.all([getPermissions(portal), namespaces(args.request, handle, PARTS)]);
  return { menu: permittedMenu(permissions), i18n };
}

export default function PersonalLayout() {
  const { menu, i18n } = useLoaderData<typeof loader>();
  return (
    <PersonalFrame menu={menu} i18n={i18n}>
      <Outlet />
    </PersonalFrame>
  );
}

/** A page's failure (403, 404, upstream) keeps the menu on screen; a failure of the menu itself shows the error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const frame = useRouteLoaderData<typeof loader>(PERSONAL_ROUTE_ID);
  if (!frame) return <ErrorPage error={error} />;
  return (
    <PersonalFrame menu={frame.menu} i18n={frame.i18n}>
      <PersonalError error={error} i18n={frame.i18n} home={frame.menu[0]?.href ?? null} />
    </PersonalFrame>
  );
}
