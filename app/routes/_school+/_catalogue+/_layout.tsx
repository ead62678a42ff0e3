import { Outlet } from "@remix-run/react";
import { AreaError } from "~/components/area-frame";

/**
 * The public catalogue (decision 052): home, courses, packages, open courses, news, teachers, groups, vip,
 * apply, Q&A, student voices, custom pages, training plans, the app page.
 * - Guard rule: the company's `redirectLogin` (spec 000 sections 1 and 6): a visitor of a section that
 *   forces login goes to login when the school's `redirectLogin` is 1 (`requireSectionAccess`,
 *   sections.server.ts). The rule is per section and a layout's loader cannot see which page matched, so
 *   each page applies it in one line (through `loadSection` or `requireSectionAccess` with its section);
 *   this layout has no loader, and so adds no matched loader.
 * - Cache: each page forwards the Cache-Control its loader chose (`forwardCacheControl`: a visitor's page
 *   is revalidated, a user's never stored), so no `headers` here.
 * - Namespaces: `catalog` (with `community` or `lesson`), named by each page in `handle.i18n`.
 * - Error frame: the branded error page inside the school's header and footer.
 */
export default function CatalogueLayout() {
  return <Outlet />;
}

export const ErrorBoundary = AreaError;
