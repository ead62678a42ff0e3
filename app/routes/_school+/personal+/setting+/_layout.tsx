import { Outlet } from "@remix-run/react";

/** The setting section of the personal centre (spec 001 section 2); its pages nest here. */
export const handle = { personalSection: "setting" };

export default function PersonalSection() {
  return <Outlet />;
}
