import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export type T = (key: string, options?: Record<string, unknown>) => string;

/** A block of the question-bank pages: a heading and its content. */
export function Block({ title, id, children, aside }: { title: string; id: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-4">
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** Previous / next page links (plain links: no JavaScript needed). */
export function Pager({
  current,
  total,
  size,
  href,
  t,
  label,
}: {
  current: number;
  total: number;
  size: number;
  href: (page: number) => string;
  t: T;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, size)));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center gap-4 text-sm">
      {current > 1 ? (
        <Link to={href(current - 1)} rel="prev">
          {t("home.prev")}
        </Link>
      ) : null}
      <span>{t("home.page", { current, pages })}</span>
      {current < pages ? (
        <Link to={href(current + 1)} rel="next">
          {t("home.next")}
        </Link>
      ) : null}
    </nav>
  );
}

/** mm:ss (or h:mm:ss) of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
