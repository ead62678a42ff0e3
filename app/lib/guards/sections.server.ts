import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";
import { loginRedirect } from "~/lib/guards/guards.server";
import { loadConfig } from "~/services/config.server";
import { getPortal, isLoggedIn, type Portal } from "~/lib/portal.server";
import type { Upstream } from "~/lib/http/upstream.server";

/** The public sections of spec 000 sections 1 and 2.1 (the argument names which one asks). */
export type Section =
  | "home"
  | "course"
  | "package"
  | "openCourse"
  | "question"
  | "news"
  | "qa"
  | "teacher"
  | "group"
  | "vip"
  | "apply"
  | "voice"
  | "custom"
  | "trainingPlan"
  | "app";

/**
 * Spec 000 sections 1 and 6: the sections that force login when the school's `redirectLogin` is 1
 * ("course lists and details, question bank, news, teachers, groups, vip, apply and home"); course
 * packages and open courses are course lists, Q&A is part of the question bank. The other public pages
 * (student voices, custom pages, training plans, the app download page) never force login.
 */
export const FORCE_LOGIN_SECTIONS: ReadonlySet<Section> = new Set<Section>([
  "home",
  "course",
  "package",
  "openCourse",
  "question",
  "qa",
  "news",
  "teacher",
  "group",
  "vip",
  "apply",
]);

/**
 * THE redirectLogin guard (one rule, one helper): a visitor of a section of FORCE_LOGIN_SECTIONS, when
 * the school's `redirectLogin` is 1, goes to login with `backUrl` set to the page. Every public section
 * loader calls it (through loadSection); the home config comes from the per-domain config cache, and a
 * logged-in user or a section that never forces login costs no call.
 */
export async function requireSectionAccess(portal: Portal, section: Section): Promise<void> {
  if (isLoggedIn(portal) || !FORCE_LOGIN_SECTIONS.has(section)) return;
  const home = await loadConfig(portal.upstream, "homeConfig");
  if (home.headCfRsp?.redirectLogin !== 1) return;
  throw loginRedirect(portal.request);
}

/**
 * Cache-Control of a public page (docs/decisions/009-public-pages-caching.md): never shared, since the
 * page embeds a CSRF token and the visitor's shell; a logged-in user's page is not stored at all.
 */
export function sectionCacheControl(portal: Portal): string {
  return isLoggedIn(portal) ? "private, no-store" : "private, max-age=0, must-revalidate";
}

/** The Cache-Control header a section loader sets (routes pass it on with `forwardCacheControl`). */
export function cacheHeaders(portal: Portal): HeadersInit {
  return { "Cache-Control": sectionCacheControl(portal) };
}

/** A whole positive id from a path or query value, else undefined. */
export function idOf(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** The 404 page inside the shell for an unknown or missing id. */
export function notFound(portal: Portal): never {
  throw data({ kind: "notFound" }, { status: 404, headers: cacheHeaders(portal) });
}

/** The page number of `?page=`, at least 1. */
export function pageOf(url: URL): number {
  return Math.min(idOf(url.searchParams.get("page")) ?? 1, 10_000);
}

/**
 * Issue 12 §2: a page past the end of a paged list (`?page=99` of 3) redirects (302) to the last page
 * (page 1 when the list is empty), every other query parameter kept, instead of "nothing here, page
 * 99/3". `requested` is the page the loader asked for; the page size is the upstream's, else `size`.
 */
export function redirectPastLastPage(request: Request, page: { total: number; size: number }, requested: number, size: number): void {
  const perPage = page.size > 0 ? page.size : size;
  const last = Math.max(1, Math.ceil(page.total / perPage));
  if (requested <= last) return;
  const url = new URL(request.url);
  if (last > 1) url.searchParams.set("page", String(last));
  else url.searchParams.delete("page");
  throw redirect(`${url.pathname}${url.search}`);
}

/** A text of a namespace the loader already sent (for `meta` titles), e.g. `titleOf(i18n, "news.title")`. */
export function titleOf(i18n: { bundles: Record<string, unknown> }, key: string, ns = "catalog"): string {
  let node: unknown = i18n.bundles[ns];
  for (const part of key.split(".")) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : "";
}

/** The section pages' texts unless the route names its own (the whole catalog namespace). */
const CATALOG = { i18n: ["catalog"] } as const satisfies RouteHandle;

/**
 * The loader round of a public section page: the visitor's access (redirectLogin), the page's own data
 * (`load`) and the catalog texts (the route's `handle`, and the groups it draws when it names them, decision 090), in one
 * Promise.all.
 */
export async function loadSection<T>(
  args: LoaderFunctionArgs,
  section: Section,
  load: (portal: Portal) => T | Promise<T>,
  handle: RouteHandle = CATALOG,
  parts?: NamespaceParts,
) {
  const portal = await getPortal(args);
  const [, value, i18n] = await Promise.all([requireSectionAccess(portal, section), load(portal), namespaces(args.request, handle, parts)]);
  return { portal, value, i18n };
}

/**
 * The same for a detail page: the item of `rawId` (a path segment or `?id=`), or the 404 page inside the
 * shell when the id is not a whole positive number or the upstream has no such item.
 */
export async function loadSectionItem<T>(
  args: LoaderFunctionArgs,
  section: Section,
  rawId: string | null | undefined,
  get: (upstream: Upstream, id: number) => Promise<T | null>,
) {
  const id = idOf(rawId);
  const { portal, value: item, i18n } = await loadSection(args, section, (p) => (id ? get(p.upstream, id) : null));
  if (!item) notFound(portal);
  return { portal, item, i18n };
}
