import type { HeadersFunction } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";

/**
 * The `headers` of an area whose every page is per user (learner, buying, exams, lessons; decision 052):
 * a page without its own `headers` export inherits this (Remix uses the nearest `headers` up the tree).
 */
export const privateNoStore: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The error frame of an area layout (decision 052): a page's failure (403, 404, upstream) is the branded
 * error page inside the school's header and footer, as when the school layout caught it.
 */
export function AreaError() {
  return <ErrorPage error={useRouteError()} />;
}
