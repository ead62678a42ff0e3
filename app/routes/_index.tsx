import { redirect } from "@remix-run/node";

/** The site root is the home page (spec 000 section 2.1). */
export function loader() {
  return redirect("/home/index");
}
