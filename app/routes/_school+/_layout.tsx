import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage } from "~/components/ErrorPage";
import { ShellFrame } from "~/components/shell/ShellFrame";
import { useShell } from "~/components/shell/use-shell";
import type { loader as rootLoader } from "~/root";
import { passwordRedirect } from "~/services/guards.server";
import { getPortal } from "~/services/portal.server";
import { loadSchool } from "~/services/shell.server";

/**
 * The school layout (pathless; docs/decisions/014-route-tree.md): every page of a school nests under it.
 * It owns the current school and the user within it (school switcher, the school's menus, cart badge,
 * unread dot, user dropdown); its calls start with the root's, in one parallel round. It draws the frame
 * of every school page itself (header, side bar, notice, footer: `ShellFrame`, decision 052) from the
 * root's company-wide half and its own (`useShell()`); root.tsx draws it only outside a school.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const shell = await loadSchool(portal);
  const guard = passwordRedirect(args.request, shell.user);
  if (guard) throw guard;
  return { shell };
}

/** The frame around a school page: the root's half (site, side bar, notice) and the school's (`useShell`). */
function SchoolFrame({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const shell = useShell();
  // without the root's data the root draws the frame itself (its error page, decision 013)
  if (!root || !shell) return <>{children}</>;
  return (
    <ShellFrame site={root.shell} notice={root.notice} shell={shell}>
      {children}
    </ShellFrame>
  );
}

export default function SchoolLayout() {
  return (
    <SchoolFrame>
      <Outlet />
    </SchoolFrame>
  );
}

/**
 * A failure of the school's or the user's data, or of a page no area caught: the branded error page
 * inside the company shell (header and footer; a visitor's header when the school's data is missing).
 */
export function ErrorBoundary() {
  return (
    <SchoolFrame>
      <ErrorPage error={useRouteError()} />
    </SchoolFrame>
  );
}
