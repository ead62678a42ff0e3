import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AreaError } from "~/components/area-frame";
import { getPortal } from "~/lib/portal.server";
import { requireSectionAccess } from "~/lib/guards/sections.server";

/**
 * The question bank, `/lib/subject` (decision 052): subjects, chapters and sections, practice, report,
 * wrong answers, favourites, statistics; the exams sit under it (`_exams+`, students only).
 * - Guard rule: visitors may practise; the company's `redirectLogin` sends a visitor to login when the
 *   school forces it for the question bank (spec 000 sections 1 and 6). Each page still calls the same
 *   helper in one line (matched loaders run in parallel: this guard alone does not stop a page's own
 *   calls); the wrong answers, favourites and statistics are a student's own and send a visitor to login.
 *   The rule reads the per-domain cached home configuration, shared with the page's own read: no
 *   upstream round of its own.
 * - Cache: each page forwards the Cache-Control its loader chose, so no `headers` here.
 * - Namespaces: `qbank`, named by each page in `handle.i18n`.
 * - Error frame: the branded error page inside the school's header and footer.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireSectionAccess(await getPortal(args), "question");
  return null;
}

export default function QuestionBankLayout() {
  return <Outlet />;
}

export const ErrorBoundary = AreaError;
