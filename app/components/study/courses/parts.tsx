import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/Button";

export { StudyPage } from "~/components/study/courses/StudyPage";

/** An empty state with an optional way on. */
export function Empty({ children, href, action }: { children: ReactNode; href?: string; action?: string }) {
  return (
    <div className="py-8 text-center text-sm text-gray-600" data-testid="empty">
      <p>{children}</p>
      {href && action ? (
        <a href={href} className={buttonClass({ variant: "brandOutline", className: "mt-3" })}>
          {action}
        </a>
      ) : null}
    </div>
  );
}

/** A progress bar with its percent spoken (the figure is also written next to it). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-40 overflow-hidden rounded bg-gray-200"
      >
        <div className="h-full bg-brand" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs text-gray-700">{label}</span>
    </div>
  );
}
