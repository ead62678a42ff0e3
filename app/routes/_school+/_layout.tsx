import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { passwordRedirect } from "~/lib/guards/guards.server";
import { getPortal } from "~/lib/portal.server";
import { loadSchool } from "~/services/shell.server";

/**
 * The school layout (pathless; docs/decisions/014-route-tree.md): every page of a school nests under it.
 * It owns the current school and the user within it (school switcher, the school's menus, cart badge,
 * unread dot, user dropdown); its calls start with the root's, in one parallel round. The header reads
 * this data through useShell().
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const shell = await loadSchool(portal);
  const guard = passwordRedirect(args.request, shell.user);
  if (guard) throw guard;
  return { shell };
}

export default function SchoolLayout() {
  return <Outlet />;
}

/** A failure of the school's or the user's data: the branded error page inside the company shell (header and footer). */
export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
