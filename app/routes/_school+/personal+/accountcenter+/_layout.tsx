import { Outlet } from "@remix-run/react";

/** The accountcenter section of the personal centre (spec 001 section 2); its pages nest here. */
export const handle = { personalSection: "accountcenter" };

export default function PersonalSection() {
  return <Outlet />;
}
