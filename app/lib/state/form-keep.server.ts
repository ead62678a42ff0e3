import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";
import { store, type Store } from "~/lib/state/store.server";

/**
 * Session expiry without losing work (issue 13, spec 001 §7; decision 021). When a personal form is posted
 * and the session is gone (the guard `requireStudent` finds no login) or the upstream answers that the
 * token expired (HTTP 401/403 during the action), the typed values are kept here: server-side, in THE
 * store (memory or Redis) for 30 minutes, under a random id held in an HttpOnly SameSite=Lax cookie of
 * this browser (never in a URL). After login the page's loader takes them back ONCE (`takeKeptForm`),
 * fills its form with them and shows a notice to check and submit again; nothing is submitted
 * automatically.
 *
 * Never kept: files, passwords, SMS / captcha codes and tickets, the CSRF token (`isSecretField`).
 * A kept form is tied to the page it was posted to, to this browser's id and, when the session still
 * knew it, to the user: another browser, another page or another user never reads it.
 */
export const KEEP_TTL_MS = 30 * 60_000;
/** Larger posts are not kept (a personal form is a few KB; the store must not hold megabytes per visitor). */
export const KEEP_MAX_BYTES = 64 * 1024;
/** Pages whose posts are kept: every form of the personal centre. */
const KEEP_PATHS = /^\/personal\//;

/** Field names never kept, whatever the form: credentials, one-time codes, challenge answers, the CSRF token. */
const SECRET_NAMES = new Set(["csrf", "_captcha", "ticket", "randstr", "code", "token", "captcha"]);
const SECRET_PATTERN = /pass(word)?|pwd|smscode|verifycode|captchacode|(^|_)code$/i;

/** Whether a posted field must never be kept (the dynamic-field kit's `df_*` names are user data). */
export function isSecretField(name: string): boolean {
  if (name.startsWith("df_")) return false;
  return SECRET_NAMES.has(name) || SECRET_PATTERN.test(name);
}

export type KeptForm = {
  /** The page's path (no query) the form was posted to. */
  path: string;
  /** The posted text fields in order (repeated names repeated), secrets and files left out. */
  fields: [string, string][];
  /** The user the session last knew, when it knew one. */
  userId?: number;
  keptAt: number;
};

const cookies = new Map<boolean, ReturnType<typeof createCookie>>();

/** The browser's keep id: random, HttpOnly, SameSite=Lax (sent when login returns to the page), signed. */
export function keepCookie(secure: boolean) {
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie(secure ? "__Host-keep" : "keep", {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: KEEP_TTL_MS / 1000,
      secrets: env().SESSION_SECRET,
    });
    cookies.set(secure, cookie);
  }
  return cookie;
}

const ID = /^[0-9a-f-]{36}$/;

async function idOf(request: Request, secure: boolean): Promise<string | undefined> {
  const value: unknown = await keepCookie(secure)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return typeof value === "string" && ID.test(value) ? value : undefined;
}

/** The page path of a request: its pathname without Remix's `.data` suffix (single fetch). */
export function pagePathOf(request: Request): string {
  const { pathname } = new URL(request.url);
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return page.length > 1 ? page.replace(/\/$/, "") : page;
}

const keyOf = (id: string, path: string) => `formkeep:${id}:${path}`;

/** The text fields worth keeping: no file, no secret (see `isSecretField`), nothing over KEEP_MAX_BYTES in total. */
export function keepableFields(formData: FormData): [string, string][] | undefined {
  const fields: [string, string][] = [];
  let bytes = 0;
  for (const [name, value] of formData) {
    if (typeof value !== "string" || isSecretField(name)) continue;
    bytes += name.length + value.length;
    if (bytes > KEEP_MAX_BYTES) return undefined;
    fields.push([name, value]);
  }
  return fields;
}

/**
 * Keeps the posted form of `request` (a POST to a personal page) for this browser and returns the
 * Set-Cookie header carrying the browser's keep id, or undefined when nothing is kept (not a post, not a
 * personal page, no form read, nothing but secrets, too large).
 */
export async function keepPostedForm(options: {
  request: Request;
  formData: FormData | undefined;
  secure: boolean;
  userId?: number;
  store?: Store;
}): Promise<string | undefined> {
  const { request, formData, secure } = options;
  if (request.method !== "POST" || !formData) return undefined;
  const path = pagePathOf(request);
  if (!KEEP_PATHS.test(path)) return undefined;
  const fields = keepableFields(formData);
  if (!fields?.some(([name]) => name !== "intent")) return undefined;
  const id = (await idOf(request, secure)) ?? crypto.randomUUID();
  const kept: KeptForm = { path, fields, keptAt: Date.now(), ...(options.userId !== undefined ? { userId: options.userId } : {}) };
  await (options.store ?? store()).put(keyOf(id, path), kept, KEEP_TTL_MS);
  return keepCookie(secure).serialize(id);
}

/**
 * For a personal page's loader, after the guard: the form this browser kept for this page, taken once
 * (deleted as it is read), or null. A form kept for another user of this browser is dropped unread.
 */
export async function takeKeptForm(options: { request: Request; secure: boolean; userId?: number; store?: Store }): Promise<KeptForm | null> {
  const id = await idOf(options.request, options.secure);
  if (!id) return null;
  const s = options.store ?? store();
  const key = keyOf(id, pagePathOf(options.request));
  const kept = await s.read<KeptForm>(key);
  if (!kept) return null;
  await s.delete(key);
  if (kept.userId !== undefined && kept.userId !== options.userId) return null;
  return kept;
}

/** A kept form as FormData, for the route's own parser (conform `parseWithZod`, the dynamic-field kit). */
export function keptFormData(kept: KeptForm): FormData {
  const formData = new FormData();
  for (const [name, value] of kept.fields) formData.append(name, value);
  return formData;
}

/** A kept form's value of `name` (the first one), or undefined. */
export function keptValue(kept: KeptForm, name: string): string | undefined {
  return kept.fields.find(([n]) => n === name)?.[1];
}

/** `takeKeptForm` for a page's loader, from its portal (after `requireStudent`). */
export function takeKept(portal: { request: Request; tenant: { secure: boolean }; userId?: number }): Promise<KeptForm | null> {
  return takeKeptForm({ request: portal.request, secure: portal.tenant.secure, userId: portal.userId });
}
