/** Rows per page of the resource list (spec 001 §7 "Resources"): read by the loader and by the page's pager. */
export const RESOURCE_PAGE_SIZE = 10;
