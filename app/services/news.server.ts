import * as z from "zod/v4";
import type { Upstream } from "~/lib/http/upstream.server";
import { count, flag, id, image, PageSchema, paragraphs, text } from "~/services/content-schemas.server";

/** News of the business service (sandbox/README.md "Public content"). */

export const NEWS_PAGE_SIZE = 10;

export const NewsCardSchema = z.looseObject({
  id,
  title: text,
  categoryName: text,
  cover: image,
  summary: text,
  author: text,
  publishTime: text,
  viewCount: count,
  top: flag,
});
export type NewsCard = z.infer<typeof NewsCardSchema>;

const NewsRef = z.looseObject({ id, title: text }).nullish();
export const NewsDetailSchema = NewsCardSchema.extend({ content: paragraphs, prev: NewsRef, next: NewsRef }).nullable();

export function listNews(upstream: Upstream, page = 1, pageSize = NEWS_PAGE_SIZE) {
  return upstream.call({ path: "/saas-business/v1/front/news/page", query: { page, pageSize }, schema: PageSchema(NewsCardSchema), cache: "visitor" });
}

export function getNews(upstream: Upstream, newsId: number) {
  return upstream.call({ path: `/saas-business/v1/front/news/detail/${newsId}`, schema: NewsDetailSchema, cache: "visitor" });
}
