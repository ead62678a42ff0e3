import { createHmac } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/env.server";
import { isLoggedIn } from "~/lib/portal.server";

/**
 * Issue 37 §1, private things stay private: every signed-in document names its viewer to the service worker
 * (public/sw.js) in this header, an HMAC of company and user (the user id itself never leaves the server).
 * The worker keeps the pages it may show offline in a cache of that key only, and empties the caches of
 * any other key when a document names another viewer or none (signed out): one student's page is never
 * shown to another on a shared device.
 */
export const VIEWER_HEADER = "X-Portal-Viewer";

export function viewerKey(domain: string, userId: number | string): string {
  return createHmac("sha256", env().SESSION_SECRET[0]!).update(`viewer:${domain}:${userId}`).digest("base64url").slice(0, 22);
}

/** The viewer key of this request's signed-in student, or null (a visitor, or no portal made). */
export async function viewerKeyOf(context: AppLoadContext | undefined): Promise<string | null> {
  const pending = context?.portal;
  if (!pending) return null;
  try {
    const portal = await pending;
    const userId = portal.session.get("userId") ?? portal.userId;
    return isLoggedIn(portal) && userId !== undefined ? viewerKey(portal.tenant.domain, userId) : null;
  } catch {
    return null;
  }
}
