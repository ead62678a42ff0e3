import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AreaError, privateNoStore } from "~/components/area-frame";
import { requireStudent } from "~/lib/guards/guards.server";

/**
 * Buying (decision 052): the cart, checkout (`/payment/order`), pay, and the results (payment, exam paper).
 * - Guard rule: signed-in (spec 001 sections 2 and 8): `requireStudent`, called in one line by each page too
 *   (matched loaders run in parallel: this guard alone does not stop a page's own calls).
 * - Namespaces: `shop` (`exams` for the exam paper's result), named by each page in `handle.i18n`.
 * - Cache: every page is per user: `private, no-store` (a page without its own `headers` inherits it).
 * - Error frame: the branded error page inside the school's header and footer.
 */
export const headers = privateNoStore;

/** The area's guard: a visitor goes to login with the page as `backUrl` (no upstream call). */
export async function loader(args: LoaderFunctionArgs) {
  await requireStudent(args);
  return null;
}

export default function BuyingLayout() {
  return <Outlet />;
}

export const ErrorBoundary = AreaError;
