import type { ReactNode } from "react";

/** The frame of a course-section page: its heading (the page's h1) and content. */
export function StudyPage({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section aria-labelledby={`${testId}-title`} className="rounded border border-gray-200 bg-white p-5" data-testid={testId}>
      <h1 id={`${testId}-title`} className="text-xl font-semibold">
        {title}
      </h1>
      <div className="mt-4">{children}</div>
    </section>
  );
}
