import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AreaError, privateNoStore } from "~/components/area-frame";
import { requireStudent } from "~/lib/guards/guards.server";

/**
 * The exams, `/lib/subject/exampaper` (decision 052): the list, the introduction and the paper.
 * - Guard rule: students only (spec 001 section 7): `requireStudent`, called in one line by each page too
 *   (matched loaders run in parallel: this guard alone does not stop a page's own calls). The question
 *   bank's rule (the parent layout) applies as well.
 * - Namespaces: `exams` (with `qbank` on the paper), named by each page in `handle.i18n`.
 * - Cache: every page is per user: `private, no-store` (a page without its own `headers` inherits it).
 * - Error frame: the branded error page inside the school's header and footer.
 */
export const headers = privateNoStore;

/** The area's guard: a visitor goes to login with the page as `backUrl` (no upstream call). */
export async function loader(args: LoaderFunctionArgs) {
  await requireStudent(args);
  return null;
}

export default function ExamsLayout() {
  return <Outlet />;
}

export const ErrorBoundary = AreaError;
