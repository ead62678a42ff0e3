import { data, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import {
  alwaysPermitted,
  isPermitted,
  permittedMenu,
  PERSONAL_SECTIONS,
  type PersonalEntryCode,
  type PersonalSection,
  type Permissions,
} from "~/services/personal-menu";
import type { Portal } from "~/lib/portal.server";

/** The answer of the permission call: codes per section; unknown sections and odd values are dropped. */
export const PermissionsSchema = z.record(z.string(), z.unknown()).transform(
  (raw) =>
    Object.fromEntries(
      PERSONAL_SECTIONS.map((section) => {
        const codes = raw[section];
        return [section, Array.isArray(codes) ? codes.filter((c): c is string => typeof c === "string") : []];
      }),
    ) as Record<PersonalSection, string[]>,
);

export const PERMISSIONS_PATH = "/saas-business/v1/student/menu/permission";

const ofRequest = new WeakMap<Portal, Promise<Permissions>>();

/** The user's permitted codes, one call per request (the layout and the page share it); never cached across requests. */
export function getPermissions(portal: Portal): Promise<Permissions> {
  let permissions = ofRequest.get(portal);
  if (!permissions) {
    permissions = portal.upstream.call({ path: PERMISSIONS_PATH, schema: PermissionsSchema });
    ofRequest.set(portal, permissions);
  }
  return permissions;
}

/** The 403 page inside the personal frame (the menu stays on screen). */
export function forbiddenEntry(): never {
  throw data({ kind: "forbidden" }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
}

/** The 404 page inside the personal frame. */
export function personalNotFound(): never {
  throw data({ kind: "notFound" }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
}

/** Throws the 403 page unless the user may open `key`. */
export async function requirePermitted(portal: Portal, key: PersonalEntryCode): Promise<void> {
  if (alwaysPermitted(key)) return; // no call needed
  if (!isPermitted(await getPermissions(portal), key)) forbiddenEntry();
}

/** Where a section (or, without one, the personal centre) opens: its first permitted entry; null when none. */
export function firstEntryHref(permissions: Permissions, section?: PersonalSection): string | null {
  const menu = permittedMenu(permissions);
  const found = section ? menu.find((s) => s.section === section) : menu[0];
  return found?.href ?? null;
}

/**
 * The `_index` of the personal centre or of one section: a redirect to the first permitted entry (spec
 * 001 section 2), keeping the address's query (`?parentId=-1` of the header links); the 403 page when the
 * user may see nothing there.
 */
export async function firstEntryRedirect(portal: Portal, section?: PersonalSection): Promise<never> {
  const href = firstEntryHref(await getPermissions(portal), section);
  if (!href) forbiddenEntry();
  const target = new URL(href, "http://portal.invalid");
  for (const [key, value] of new URL(portal.request.url).searchParams) {
    if (!target.searchParams.has(key) && key !== "_routes" && key !== "_data") target.searchParams.append(key, value);
  }
  throw redirect(target.pathname + target.search, { headers: { "Cache-Control": "private, no-store" } });
}
