import { Outlet } from "@remix-run/react";

/** The order section of the personal centre (spec 001 section 2); its pages nest here. */
export const handle = { personalSection: "order" };

export default function PersonalSection() {
  return <Outlet />;
}
