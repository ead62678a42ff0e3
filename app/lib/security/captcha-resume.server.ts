import { redirect } from "@remix-run/node";
import type { CaptchaAnswer } from "~/lib/security/captcha.server";
import type { PortalSession } from "~/lib/state/session.server";
import { onProcessReset } from "~/lib/state/process-state.server";

/**
 * Code 600 outside the login forms (spec 000 section 8: "code 600 on any call: open the captcha
 * challenge"; how the retry is sent is not shown). Decision 013: the request that met the 600 is parked
 * here (GET: its address; POST: its fields, server-side only, never in a URL or the browser), the visitor
 * solves the challenge at /captcha, then the navigation is retried, or the form is resubmitted
 * once the visitor confirms; every upstream call of that one retried request carries `ticket` and
 * `randstr`. A retried request that meets 600 again gets the error page: one challenge per navigation.
 */
import { CHALLENGE_PATH, RESUME_FIELD } from "~/lib/security/captcha-fields";
export { CHALLENGE_PATH, RESUME_FIELD };

const WAIT_TTL_MS = 5 * 60_000;
const WAIT_MAX = 5_000;

export type Waiting = {
  sid: string;
  method: "GET" | "POST";
  /** Path and query of the page (GET) or of the form's action (POST). */
  path: string;
  /** POST only: the posted text fields (files and the CSRF token are not kept). */
  fields: [string, string][];
  answer?: CaptchaAnswer;
  expires: number;
};

const waiting = new Map<string, Waiting>();
onProcessReset(() => waiting.clear());

function sidOf(session: PortalSession): string {
  let sid = session.get("sid");
  if (!sid) {
    sid = crypto.randomUUID();
    session.set("sid", sid);
  }
  return sid;
}

/** The page path and query of a request, without Remix's data-request markers. */
export function requestPath(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
  url.searchParams.delete("_routes");
  url.searchParams.delete("_data");
  const search = url.searchParams.toString();
  return (pathname === "/_root" ? "/" : pathname) + (search ? `?${search}` : "");
}

/**
 * Parks the request that met code 600 and sends the visitor to the challenge page (303, so a form post
 * becomes a GET there). `commit` persists the session (its `sid` binds the parked request to the visitor).
 */
export async function startChallenge(options: {
  request: Request;
  session: PortalSession;
  formData?: FormData;
  commit: () => Promise<string>;
}): Promise<Response> {
  const { request, session, formData } = options;
  const now = Date.now();
  for (const [id, entry] of waiting) if (entry.expires < now) waiting.delete(id);
  while (waiting.size >= WAIT_MAX) {
    const oldest = waiting.keys().next().value;
    if (oldest === undefined) break;
    waiting.delete(oldest);
  }
  const post = request.method !== "GET" && request.method !== "HEAD";
  const fields: [string, string][] = [];
  if (post && formData) {
    for (const [name, value] of formData) {
      if (typeof value === "string" && name !== "csrf" && name !== RESUME_FIELD) fields.push([name, value]);
    }
  }
  const id = crypto.randomUUID();
  waiting.set(id, { sid: sidOf(session), method: post ? "POST" : "GET", path: requestPath(request), fields, expires: now + WAIT_TTL_MS });
  return redirect(`${CHALLENGE_PATH}?id=${id}`, { status: 303, headers: { "Set-Cookie": await options.commit() } });
}

/** The parked request `id` of this visitor (not removed), or undefined (unknown, expired, another session). */
export function waitingOf(session: PortalSession, id: string | null): Waiting | undefined {
  if (!id) return undefined;
  const entry = waiting.get(id);
  if (!entry || entry.expires < Date.now() || entry.sid !== session.get("sid")) return undefined;
  return entry;
}

/** The challenge was solved: the answer waits on the parked request; a GET is retried by the session's `captchaId`. */
export function solved(session: PortalSession, id: string, entry: Waiting, answer: CaptchaAnswer) {
  entry.answer = answer;
  if (entry.method === "GET") session.set("captchaId", id);
}

/** The visitor gave up or failed the challenge: the parked request is dropped. */
export function abandon(id: string) {
  waiting.delete(id);
}

/** For the retried navigation: the answer of this session's solved GET of this path (single use). */
export function takeAnswerForNavigation(session: PortalSession, request: Request): CaptchaAnswer | undefined {
  const id = session.get("captchaId");
  if (!id || request.method !== "GET") return undefined;
  const entry = waitingOf(session, id);
  if (!entry?.answer || entry.method !== "GET" || entry.path !== requestPath(request)) return undefined;
  waiting.delete(id);
  return entry.answer;
}

/**
 * For the resubmitted form (the confirmation page posts only the CSRF token and RESUME_FIELD): the parked
 * fields and the answer when this visitor solved the challenge for a post to this action (single use).
 */
export function takeResumedPost(session: PortalSession, request: Request, formData: FormData): { formData: FormData; answer: CaptchaAnswer } | undefined {
  const id = formData.get(RESUME_FIELD);
  if (typeof id !== "string") return undefined;
  const entry = waitingOf(session, id);
  if (!entry?.answer || entry.method !== "POST" || entry.path !== requestPath(request)) return undefined;
  waiting.delete(id);
  const restored = new FormData();
  for (const [name, value] of entry.fields) restored.append(name, value);
  const token = formData.get("csrf");
  if (typeof token === "string") restored.set("csrf", token);
  return { formData: restored, answer: entry.answer };
}
