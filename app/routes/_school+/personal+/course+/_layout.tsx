import { Outlet } from "@remix-run/react";

/** The course section of the personal centre (spec 001 section 2); its pages nest here. */
export const handle = { personalSection: "course" };

export default function PersonalSection() {
  return <Outlet />;
}
