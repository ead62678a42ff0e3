import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n-runtime";
import { EntryStepBody, stepTitle, type ShownStep } from "~/components/study/lesson/EntryStepView";
import { LessonDialog } from "~/components/study/lesson/LessonDialog";

/**
 * A lesson link into the entry chain (`/class/enter/...`). Without JavaScript it is a plain link: the entry
 * page shows the step, or redirects. With JavaScript the same route's loader decides the step: a redirect is
 * followed as a navigation (the video page, login, the buy page, the agreement, complete-information and face
 * pages); a step to show opens in a dialog over the current page.
 */
export function LessonEntryLink({ href, className, children, label }: { href: string; className?: string; children: ReactNode; label?: string }) {
  const fetcher = useFetcher<{ step?: ShownStep }>();
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("lesson");
  const step = fetcher.data?.step;
  useEffect(() => {
    if (fetcher.state === "idle" && step) setOpen(true);
  }, [fetcher.state, step]);
  return (
    <>
      <a
        href={href}
        className={className}
        aria-label={label}
        aria-busy={fetcher.state !== "idle" || undefined}
        onClick={(event) => {
          if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          fetcher.load(href);
        }}
      >
        {children}
        {fetcher.state !== "idle" ? <span className="sr-only">{t("entry.opening")}</span> : null}
      </a>
      {open && step ? (
        <LessonDialog title={stepTitle(step, t)} onClose={() => setOpen(false)}>
          <EntryStepBody step={step} />
        </LessonDialog>
      ) : null}
    </>
  );
}
