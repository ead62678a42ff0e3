import { Outlet } from "@remix-run/react";
import { AreaError, privateNoStore } from "~/components/area-frame";

/**
 * The lesson pages (decision 052): the entry chain `/class/enter/…`, the video page and the live room.
 * - Guard rule: the entry chain's (spec 001 section 4, lesson-entry.server.ts): a visitor goes to login
 *   with the lesson as `backUrl`, except on a trial video lesson, which a visitor may watch. Whether a
 *   lesson is a trial is the upstream's answer, so each page applies the rule after its own first round;
 *   this layout has no loader. (They were learner pages; a signed-in-only layout would have sent a
 *   visitor away from a trial lesson.)
 * - Cache: every page is per user: `private, no-store` (a page without its own `headers` inherits it).
 * - Namespaces: `lesson`, named by each page in `handle.i18n`.
 * - Error frame: the branded error page inside the school's header and footer.
 */
export const headers = privateNoStore;

export default function LessonsLayout() {
  return <Outlet />;
}

export const ErrorBoundary = AreaError;
