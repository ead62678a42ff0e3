import type { ReactNode } from "react";
import type { PagerWords } from "~/components/ui/Pager";

export type T = (key: string, options?: Record<string, unknown>) => string;

/** A block of the question-bank pages: a heading and its content. */
export function Block({ title, id, children, aside }: { title: string; id: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-4">
      {/* the aside goes under the title when both do not fit (a title broke a character a line at 390 px, issue 26) */}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The question bank's pager words ("第 2 页，共 5 页"); `label` names the list the pager pages. */
export function qbankPagerWords(t: T, label: string): PagerWords {
  return { label, prev: t("home.prev"), next: t("home.next"), status: ({ current, pages }) => t("home.page", { current, pages }) };
}

/** mm:ss (or h:mm:ss) of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
