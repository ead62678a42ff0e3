import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { catalogPagerWords, Empty, SectionPage } from "~/components/catalog/parts";
import { Pager } from "~/components/ui/Pager";

type PagerLinks = { current: number; total: number; size: number; href: (page: number) => string };

type SectionListProps<T> = {
  title: string;
  /** One line under the heading. */
  intro?: string;
  /** Search and filter controls above the list (course list). */
  filters?: ReactNode;
  items: T[];
  /** The list itself (its `<ul>`), rendered only when there are items. */
  children: (items: T[]) => ReactNode;
  /** The note shown when there are none. */
  empty: ReactNode;
  /** Page links under the list (paged sections). */
  pager?: PagerLinks;
  /** A closing line (links to related pages). */
  footer?: ReactNode;
  t: TFunction;
};

/**
 * A list page of the public sections (packages, news, teachers, groups, VIP, apply, open courses, training
 * plans, student voices, Q&A, courses): heading and intro, optional filters, the list or an empty note,
 * page links, an optional closing line. The route renders only its items.
 */
export function SectionList<T>({ title, intro, filters, items, children, empty, pager, footer, t }: SectionListProps<T>) {
  const list = items.length ? children(items) : <Empty>{empty}</Empty>;
  return (
    <SectionPage title={title} intro={intro ? <p>{intro}</p> : undefined}>
      {filters ? (
        <>
          {filters}
          <div className="mt-6">{list}</div>
        </>
      ) : (
        list
      )}
      {pager ? <Pager {...pager} words={catalogPagerWords(t)} numbered className="mt-8" /> : null}
      {footer ? <p className="mt-6">{footer}</p> : null}
    </SectionPage>
  );
}
