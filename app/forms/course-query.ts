/** The course list's address: filters, sort and page as query parameters (shared by loader and links). */

export const COURSE_PAGE_SIZE = 12;
export const COURSE_SORTS = ["default", "new", "hot", "priceAsc", "priceDesc"] as const;
export const PRICE_TYPES = ["all", "free", "paid"] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];
export type PriceType = (typeof PRICE_TYPES)[number];
export const COURSE_NAME_MAX = 50;

export type CourseQuery = { categoryId?: number; priceType: PriceType; sort: CourseSort; courseName: string; page: number };

/** Reads the course list's filters from the address; anything unknown falls back to the default. */
export function courseQueryOf(url: URL): CourseQuery {
  const p = url.searchParams;
  const categoryId = Number(p.get("categoryId"));
  const page = Number(p.get("page"));
  const sort = p.get("sort") as CourseSort;
  const priceType = p.get("priceType") as PriceType;
  return {
    categoryId: Number.isInteger(categoryId) && categoryId > 0 ? categoryId : undefined,
    priceType: PRICE_TYPES.includes(priceType) ? priceType : "all",
    sort: COURSE_SORTS.includes(sort) ? sort : "default",
    courseName: Array.from((p.get("courseName") ?? "").trim())
      .slice(0, COURSE_NAME_MAX)
      .join(""),
    page: Number.isInteger(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** The address of the course list with `change` applied (a page reset unless the change is the page). */
export function courseListHref(q: CourseQuery, change: Partial<CourseQuery>): string {
  const next = { ...q, ...("page" in change ? {} : { page: 1 }), ...change };
  const params = new URLSearchParams();
  if (next.courseName) params.set("courseName", next.courseName);
  if (next.categoryId) params.set("categoryId", String(next.categoryId));
  if (next.priceType !== "all") params.set("priceType", next.priceType);
  if (next.sort !== "default") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const s = params.toString();
  return `/course/list${s ? `?${s}` : ""}`;
}
