import type { TFunction } from "i18next";
import type { ReactNode } from "react";

type SectionDetailProps = {
  /** The page's width (a Tailwind max-width class). */
  width: "max-w-3xl" | "max-w-4xl" | "max-w-6xl";
  /** The id of the page's `<h1>`, which names the article. */
  labelId: string;
  /** The breadcrumb's links back to the section's list. */
  crumbs: ReactNode;
  t: TFunction;
  children: ReactNode;
};

/** A detail page of the public sections: the article named by its heading, a breadcrumb back to the list. */
export function SectionDetail({ width, labelId, crumbs, t, children }: SectionDetailProps) {
  return (
    <article className={`mx-auto ${width} px-4 py-8`} aria-labelledby={labelId}>
      <nav aria-label={t("breadcrumb")} className="mb-4 text-sm text-gray-700">
        {crumbs}
      </nav>
      {children}
    </article>
  );
}
