import type { MetaDescriptor } from "@remix-run/node";
import { unpack, type Packed } from "~/lib/packed";

type SiteSeo = { pageType: string; title: string; keywords: string; description: string };
type RootLike = {
  locale?: string;
  /** JSON texts (decision 093) */
  resources?: Packed<{ common?: { titles?: Record<string, string> } }>;
  shell?: Packed<{ site?: { title?: string; seo?: SiteSeo[] } }>;
};
type Match = { id: string; data: unknown };

/**
 * Meta of a public page: the page's own title joined to the site title (`siteTitle`), or the seo entry
 * configured for its page type; keywords and description from the seo list when it has that page type.
 * The seo titles are the company's Chinese words for its pages, so a page in another language uses the
 * portal's own section title (common `titles.<pageType>`) joined to the site title instead (issue 12).
 */
export function sectionMeta(matches: Match[], pageType: string, pageTitle?: string, description?: string): MetaDescriptor[] {
  const root = matches.find((m) => m.id === "root")?.data as RootLike | undefined;
  const site = unpack(root?.shell)?.site;
  const seo = site?.seo?.find((s) => s.pageType === pageType);
  const siteTitle = site?.title ?? "";
  const join = (first: string) => (siteTitle ? `${first} - ${siteTitle}` : first);
  const chinese = !root?.locale || root.locale === "zh";
  const sectionTitle = chinese ? seo?.title : unpack(root?.resources)?.common?.titles?.[pageType];
  const title = pageTitle ? join(pageTitle) : chinese ? sectionTitle || siteTitle : sectionTitle ? join(sectionTitle) : siteTitle;
  const desc = description || seo?.description;
  return [{ title }, ...(seo?.keywords ? [{ name: "keywords", content: seo.keywords }] : []), ...(desc ? [{ name: "description", content: desc }] : [])];
}

/**
 * The page's largest paint (a cover) asked for from the head, at high priority: before the body that names it
 * arrives, and ahead of the scripts Remix preloads at the end of the body (issue 24, decision 089).
 */
export function preloadImage(href: string | null | undefined): MetaDescriptor[] {
  return href ? [{ tagName: "link", rel: "preload", as: "image", href, fetchpriority: "high" }] : [];
}
