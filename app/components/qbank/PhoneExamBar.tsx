import type { ReactNode } from "react";

/**
 * A phone's bar at the bottom of the exam paper and the practice page (issue 26, decision 061): what a
 * student needs at every scroll position (the time left, how many are answered, the answer sheet, "hand in")
 * within a thumb's reach. CSS sticky at the end of the page (above the school's tab bar, `--tabbar-h`), so
 * it needs no JavaScript: the sheet is a link to the page's own sheet or questions, "hand in" a submit
 * button of the page's form (`form=`), the same post as the one at the page's end.
 * Shown below `hideFrom` (md: the paper; lg: the practice page, whose sheet stands beside the question there).
 */
export function PhoneExamBar({
  label,
  time,
  answered,
  sheet,
  handIn,
  hideFrom,
}: {
  label: string;
  time: string | null;
  answered: string;
  sheet: ReactNode;
  handIn: ReactNode;
  hideFrom: "md" | "lg";
}) {
  return (
    <section
      aria-label={label}
      data-testid="exam-bar"
      className={`sticky bottom-[var(--tabbar-h,0px)] z-20 -mx-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-gray-200 bg-white px-4 py-2 text-sm shadow-[0_-2px_8px_rgba(0,0,0,0.08)] ${hideFrom === "md" ? "md:hidden" : "lg:hidden"}`}
    >
      {time ? (
        <span className="font-mono whitespace-nowrap" data-testid="bar-time-left">
          {time}
        </span>
      ) : null}
      <span className="whitespace-nowrap" data-testid="bar-answered">
        {answered}
      </span>
      <span className="ml-auto flex items-center gap-2">
        {sheet}
        {handIn}
      </span>
    </section>
  );
}

/** The sheet of a paper drawn whole on one page: numbered links to its questions, opened from the bar. */
export function PaperSheet({ label, items }: { label: string; items: Array<{ href: string; n: number; answered: boolean; name: string }> }) {
  return (
    <details className="relative">
      <summary className="flex min-h-11 cursor-pointer items-center rounded border border-gray-300 px-3 whitespace-nowrap">{label}</summary>
      <ol
        className="absolute right-0 bottom-full mb-2 grid w-64 grid-cols-5 gap-1 rounded border border-gray-200 bg-white p-2 shadow-lg"
        data-testid="bar-sheet"
      >
        {items.map((q) => (
          <li key={q.n}>
            <a
              href={q.href}
              aria-label={q.name}
              className={`flex min-h-11 items-center justify-center rounded border text-center ${q.answered ? "border-brand bg-brand/10" : "border-gray-300"}`}
            >
              {q.n}
            </a>
          </li>
        ))}
      </ol>
    </details>
  );
}
