import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/lib/guards/guards.server";
import { firstEntryRedirect } from "~/services/personal-menu.server";

/** `/personal`: the first permitted entry of the first permitted section (spec 001 section 2). */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  return firstEntryRedirect(portal);
}

/** A redirect only; a component so that client navigation treats it as a page, not a resource route. */
export default function FirstEntry() {
  return null;
}
