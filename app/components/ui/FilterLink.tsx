import type { ReactNode } from "react";
import { Link } from "@remix-run/react";

/** The looks of a filter link: off, then on (the current filter, `aria-current="page"`). */
const LOOKS = {
  /** a kind switch (my favourites: courses / packages) */
  tab: { base: "rounded border px-3 py-1", on: "border-brand bg-brand text-white", off: "border-gray-300" },
  /** a category chip */
  chip: { base: "rounded-full border px-3 py-1", on: "border-brand text-brand", off: "border-gray-300" },
  /** a row of a side list (my notes by course) */
  row: { base: "rounded px-2 py-1.5", on: "bg-brand text-white", off: "hover:bg-gray-50" },
} as const;

/**
 * A link that filters a list by its address (works without JavaScript), marked when it is the current one:
 * the favourites' kinds and categories, the notes' courses (one component, decision 074). `client` draws a
 * Remix `<Link>` instead of an `<a>` (the same look, a client navigation with JavaScript: the certificates'
 * tabs, decision 081); without JavaScript both are the same link.
 */
export function FilterLink({
  href,
  current,
  look,
  className = "",
  client = false,
  children,
}: {
  href: string;
  current: boolean;
  look: keyof typeof LOOKS;
  className?: string;
  /** a Remix `<Link>` (client navigation) rather than a full page load */
  client?: boolean;
  children: ReactNode;
}) {
  const { base, on, off } = LOOKS[look];
  const props = { "aria-current": current ? ("page" as const) : undefined, className: `${className} ${base} ${current ? on : off}`.trim() };
  return client ? (
    <Link to={href} {...props}>
      {children}
    </Link>
  ) : (
    <a href={href} {...props}>
      {children}
    </a>
  );
}
