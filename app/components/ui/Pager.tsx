import { Link } from "@remix-run/react";

/**
 * What a pager says, in its area's words (each area's namespace keeps its own: catalogue "第 2/5 页，共 48 条",
 * question bank "第 2 页，共 5 页", my courses "第 2 / 5 页").
 */
export type PagerWords = {
  /** the `<nav>`'s accessible name */
  label: string;
  prev: string;
  next: string;
  /** the line that says where the reader is */
  status: (at: { current: number; pages: number; total?: number }) => string;
  /** a numbered link's accessible name ("第 3 页"); numbered pagers only */
  page?: (page: number) => string;
};

/**
 * An area's pager words from its own keys: `label`, `prev`, `next` and the status line `page` (given
 * `page`/`current`, `pages`, `total`), each under `prefix` ("pager." when the namespace groups them).
 */
export function pagerWords(
  t: (key: string, options?: Record<string, unknown>) => string,
  { prefix = "", label = "label" }: { prefix?: string; label?: string } = {},
): PagerWords {
  return {
    label: t(prefix + label),
    prev: t(prefix + "prev"),
    next: t(prefix + "next"),
    status: ({ current, pages, total }) => t(prefix + "page", { page: current, current, pages, total }),
  };
}

/** How many pages `total` items make, `size` a page (at least one). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

const link = "inline-flex min-h-6 min-w-6 items-center justify-center";

/**
 * THE pager of the portal (issue 23 step 3): plain links that work without JavaScript (`rel=prev/next`),
 * nothing when there is one page. `numbered` (the public catalogue) shows the page numbers near the current
 * one, the first and the last, and the status after them; otherwise previous · status · next.
 * `reloadDocument` makes each link a full page load (my courses: the page is server-rendered per query).
 * Give `pages`, or `total` and `size`.
 */
export function Pager({
  current,
  pages: given,
  total,
  size,
  href,
  words,
  numbered = false,
  reloadDocument,
  className = "mt-3",
}: {
  current: number;
  pages?: number;
  total?: number;
  size?: number;
  href: (page: number) => string;
  words: PagerWords;
  numbered?: boolean;
  reloadDocument?: boolean;
  className?: string;
}) {
  const pages = given ?? pageCount(total ?? 0, size ?? 1);
  if (pages <= 1) return null;
  const status = words.status({ current, pages, total });
  const prev =
    current > 1 ? (
      <Link className={numbered ? `${link} rounded border px-3 py-1` : link} to={href(current - 1)} rel="prev" reloadDocument={reloadDocument}>
        {words.prev}
      </Link>
    ) : null;
  const next =
    current < pages ? (
      <Link className={numbered ? `${link} rounded border px-3 py-1` : link} to={href(current + 1)} rel="next" reloadDocument={reloadDocument}>
        {words.next}
      </Link>
    ) : null;
  if (!numbered) {
    return (
      <nav aria-label={words.label} className={`${className} flex items-center gap-4 text-sm`}>
        {prev}
        <span>{status}</span>
        {next}
      </nav>
    );
  }
  const shown = Array.from({ length: pages }, (_, i) => i + 1).filter((p) => p === 1 || p === pages || Math.abs(p - current) <= 2);
  return (
    <nav aria-label={words.label} className={`${className} flex flex-wrap items-center justify-center gap-2 text-sm`}>
      {prev}
      {shown.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && shown[i - 1] !== p - 1 ? <span aria-hidden="true">…</span> : null}
          {p === current ? (
            <span aria-current="page" className="rounded bg-brand-strong px-3 py-1 text-white">
              {p}
            </span>
          ) : (
            <Link className={`${link} rounded border px-3 py-1`} to={href(p)} aria-label={words.page?.(p)} reloadDocument={reloadDocument}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {next}
      <span className="text-gray-600">{status}</span>
    </nav>
  );
}
