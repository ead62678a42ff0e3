import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { SCHOOL_ROUTE_ID } from "~/route-ids";
import { unpack, type Packed } from "~/lib/packed";
import type { SchoolData, SchoolView, ShellView, SiteView } from "~/services/shell.server";

/** The school half when the school layout has no data (its loader failed, or a page outside it): a visitor's header. */
export const NO_SCHOOL: SchoolView = {
  school: null,
  defaultSchoolId: null,
  schools: [],
  schoolTotal: 0,
  headMenus: [],
  user: null,
  lastLearn: null,
  cartCount: null,
};

/**
 * The shell the header, footer and pages draw: the root's company-wide half and the school layout's
 * half (current school, menus, user, cart badge). Null when the root has no data (its own error page).
 */
export function useShell(site?: SiteView): ShellView | null {
  const root = useRouteLoaderData("root") as { shell: Packed<SiteView> } | undefined;
  const current = useRouteLoaderData(SCHOOL_ROUTE_ID) as { shell: SchoolData } | undefined;
  // `site`: the root Layout's own copy, which in the browser outlives a failed root loader (decision 013);
  // the school half it was drawn with outlives it the same way, so the header stays whole on that page.
  const school = keptSchool(current, !root && !!site);
  const base = site ?? siteOf(root);
  // the company-wide parts come as JSON texts (decision 093): on the server the very objects the loaders had
  return useMemo(() => (base ? { ...base, ...(school ? schoolViewOf(school.shell) : NO_SCHOOL) } : null), [base, school]);
}

/** The site view of the root's data (a JSON text, decision 093): on the server the loader's own object. */
export function siteOf(root: { shell?: unknown } | null | undefined): SiteView | undefined {
  return unpack(root?.shell as Packed<SiteView> | undefined);
}

function schoolViewOf(data: SchoolData): SchoolView {
  return { ...data, headMenus: unpack(data.headMenus), schools: unpack(data.schools) };
}

/** In the browser only (one module serves every visitor on the server): the last school half seen. */
let lastSchool: { shell: SchoolData } | undefined;
function keptSchool(current: { shell: SchoolData } | undefined, rootFailed: boolean) {
  if (typeof document === "undefined") return current;
  if (current) lastSchool = current;
  return current ?? (rootFailed ? lastSchool : undefined);
}
