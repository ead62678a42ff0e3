import type { MetaDescriptor } from "@remix-run/node";

type SiteSeo = { pageType: string; title: string; keywords: string; description: string };
type RootLike = { shell?: { site?: { title?: string; seo?: SiteSeo[] } } };
type Match = { id: string; data: unknown };

/**
 * Meta of a public page: the page's own title joined to the site title (`siteTitle`), or the seo entry
 * configured for its page type; keywords and description from the seo list when it has that page type.
 */
export function sectionMeta(matches: Match[], pageType: string, pageTitle?: string, description?: string): MetaDescriptor[] {
  const root = matches.find((m) => m.id === "root")?.data as RootLike | undefined;
  const site = root?.shell?.site;
  const seo = site?.seo?.find((s) => s.pageType === pageType);
  const siteTitle = site?.title ?? "";
  const title = pageTitle ? (siteTitle ? `${pageTitle} - ${siteTitle}` : pageTitle) : seo?.title || siteTitle;
  const desc = description || seo?.description;
  return [
    { title },
    ...(seo?.keywords ? [{ name: "keywords", content: seo.keywords }] : []),
    ...(desc ? [{ name: "description", content: desc }] : []),
  ];
}
