import { createCookie, createCookieSessionStorage, type Session } from "@remix-run/node";
import { env } from "~/env.server";

/** What the portal keeps about a visitor, server-side signed, never readable by scripts. */
export type SessionData = {
  token?: string;
  /** Back-login code from the token exchange, used by /upgrade/token to get a fresh token. */
  backCode?: string;
  userId?: number;
  companyId?: number;
  schoolId?: number;
  /** Random id regenerated at every login (the cookie session has no server id to rotate). */
  sid?: string;
  /** When /upgrade/token last renewed the token (ms since epoch); bounds the upgrade to one per navigation. */
  upgradedAt?: number;
  /** The solved captcha challenge whose answer the next navigation to its page sends (decision 013). */
  captchaId?: string;
  /** The QR-code login being shown (join.qrcode.tsx): its id stays out of the address. */
  qrLogin?: { id: string; content: string; expiresAt: number };
  /** The studying face verification under way (face.check): its order number stays out of the address. */
  faceOrder?: string;
  /** The user id a registration in this session signed in (the home page welcomes them, not "back"). */
  newcomer?: number;
};
export type SessionFlash = {
  notice: string;
  /** The face page a login answering 120030002 goes on to (join.face-step.tsx): the login post's redirect target. */
  faceStepUrl: string;
};
export type PortalSession = Session<SessionData, SessionFlash>;

export const DEFAULT_SCHOOL_ID = 1;
export const CLIENT_ID_MAX_AGE_S = 730 * 24 * 60 * 60; // spec 000 section 9: 730 days
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

type Storage = ReturnType<typeof createCookieSessionStorage<SessionData, SessionFlash>>;
const storages = new Map<boolean, Storage>();

/** Over https the cookie is `__Host-` prefixed and Secure; over http (local, tests) it cannot be. */
function storage(secure: boolean): Storage {
  let existing = storages.get(secure);
  if (!existing) {
    existing = createCookieSessionStorage<SessionData, SessionFlash>({
      cookie: {
        name: secure ? "__Host-portal_session" : "portal_session",
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        maxAge: SESSION_MAX_AGE_S,
        secrets: [env().SESSION_SECRET],
      },
    });
    storages.set(secure, existing);
  }
  return existing;
}

/** The visitor's session; a cookie that cannot be read (empty, unsigned, not JSON) counts as none. */
export async function getSession(request: Request, secure: boolean): Promise<PortalSession> {
  const { getSession: read } = storage(secure);
  try {
    return await read(request.headers.get("Cookie"));
  } catch {
    return read(null);
  }
}

export function commitSession(session: PortalSession, secure: boolean): Promise<string> {
  return storage(secure).commitSession(session);
}

/** Removes the credentials (token, user) but keeps the chosen school. */
export function clearCredentials(session: PortalSession) {
  session.unset("token");
  session.unset("backCode");
  session.unset("userId");
  session.unset("companyId");
  session.unset("sid");
  session.unset("upgradedAt");
  session.unset("newcomer");
}

const clientIdCookies = new Map<boolean, ReturnType<typeof createCookie>>();

/** Identifies an anonymous visitor's exercise records; lives 730 days. */
export function clientIdCookie(secure: boolean) {
  let cookie = clientIdCookies.get(secure);
  if (!cookie) {
    cookie = createCookie(secure ? "__Host-clientId" : "clientId", {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: CLIENT_ID_MAX_AGE_S,
    });
    clientIdCookies.set(secure, cookie);
  }
  return cookie;
}

/**
 * A session of another company (a cookie replayed on another company's domain) is not this site's
 * login: its credentials are dropped for the request, so its token is never sent here and cannot
 * start a 401 upgrade loop (issue 10 part 5). `company` is the company the domain resolved to, once known.
 */
export function dropForeignCredentials(session: PortalSession, company: number | undefined) {
  const own = session.get("companyId");
  if (company !== undefined && own !== undefined && own !== company) clearCredentials(session);
}
