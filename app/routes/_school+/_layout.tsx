import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { SchoolFrame } from "~/components/shell/SchoolFrame";
import { useShell } from "~/components/shell/use-shell";
import { passwordRedirect } from "~/lib/guards/guards.server";
import { getPortal } from "~/lib/portal.server";
import { loadSchool, schoolData } from "~/services/shell.server";

/**
 * The school layout (pathless; docs/decisions/014-route-tree.md): every page of a school nests under it.
 * It owns the current school and the user within it (school switcher, the school's menus, cart badge,
 * unread dot, user dropdown); its calls start with the root's, in one parallel round. It draws the
 * school's frame around every page (SchoolFrame: header with the side bar, footer, phone tab bar; issue 23
 * step 1, decision 055) from both halves of the shell (useShell(): the root's company-wide half, this one).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const shell = await loadSchool(portal);
  const guard = passwordRedirect(args.request, shell.user);
  if (guard) throw guard;
  // the company-wide lists (menus, schools) as JSON texts, made once per config answer (decision 093)
  return { shell: schoolData(shell) };
}

export default function SchoolLayout() {
  const shell = useShell();
  // the root's data is there whenever this route renders (a failed root loader shows the root's error page)
  return shell ? (
    <SchoolFrame shell={shell}>
      <Outlet />
    </SchoolFrame>
  ) : (
    <Outlet />
  );
}

/**
 * A failure of the school's or the user's data: the branded error page inside the company's frame, with
 * a visitor's header (useShell's NO_SCHOOL: no school half to draw from).
 */
export function ErrorBoundary() {
  const shell = useShell();
  const page = <ErrorPage error={useRouteError()} />;
  return shell ? (
    <SchoolFrame shell={shell}>{page}</SchoolFrame>
  ) : (
    <main id="main" className="flex-1">
      {page}
    </main>
  );
}
