import type { ReactNode } from "react";

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
 * the favourites' kinds and categories, the notes' courses (one component, decision 074).
 */
export function FilterLink({
  href,
  current,
  look,
  className = "",
  children,
}: {
  href: string;
  current: boolean;
  look: keyof typeof LOOKS;
  className?: string;
  children: ReactNode;
}) {
  const { base, on, off } = LOOKS[look];
  return (
    <a href={href} aria-current={current ? "page" : undefined} className={`${className} ${base} ${current ? on : off}`.trim()}>
      {children}
    </a>
  );
}
