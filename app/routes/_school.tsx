import { Outlet } from "@remix-run/react";

/** The school layout: every page of a school nests under it (docs/decisions/014-route-tree.md). */
export default function SchoolLayout() {
  return <Outlet />;
}
