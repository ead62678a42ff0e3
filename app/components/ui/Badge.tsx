import type { HTMLAttributes } from "react";

/**
 * The tones of a badge (decision 081): `neutral` (grey: new, not yet, expired), `brand` (the school's colour:
 * in progress, the teacher's answer), `warning` (amber: waiting, unpaid), `danger` (red: refused, wrong, live),
 * `success` (green: passed, paid, right, free trial). The looks are CSS (app/tailwind.css, `.badge-*`).
 */
export type BadgeTone = "neutral" | "brand" | "warning" | "danger" | "success";

/** The class of a badge, for an element that must be something else (a cell of the answer sheet). */
export function badgeClass(tone: BadgeTone, className = ""): string {
  return `badge badge-${tone}${className ? ` ${className}` : ""}`;
}

/** THE status badge of the portal: a short word beside a title, coloured by its tone from one map. */
export function Badge({ tone, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone: BadgeTone }) {
  return <span className={badgeClass(tone, className)} {...rest} />;
}
