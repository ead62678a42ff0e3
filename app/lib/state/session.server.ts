import { createHash, hkdfSync } from "node:crypto";
import Iron from "@hapi/iron";
import { createCookie, createSession, type Session } from "@remix-run/node";
import { env } from "~/env.server";
import { onProcessReset } from "~/lib/state/process-state.server";

/** What the portal keeps about a visitor: sealed in an HttpOnly cookie (encrypted and authenticated), never readable by scripts or proxies. */
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
  /**
   * A sign-in link for another user than the one signed in (issue 36 §2): its credentials wait here until the
   * student chooses on /join/switch ("continue as" the link's user, or stay); `to` is the cleaned address.
   */
  linkSignIn?: LinkCredentials & { to: string; expiresAt: number };
};

/** What a sign-in (a link's code or token) gives the session. */
export type LinkCredentials = { token: string; backCode?: string; userId: number; companyId?: number; schoolId?: number };

/** Signs the session in with a link's credentials: a new session id, as every login (completeLogin). */
export function applySignIn(session: PortalSession, c: LinkCredentials) {
  session.set("token", c.token);
  if (c.backCode) session.set("backCode", c.backCode);
  else session.unset("backCode");
  session.set("userId", c.userId);
  if (c.companyId !== undefined) session.set("companyId", c.companyId);
  if (c.schoolId !== undefined) session.set("schoolId", c.schoolId);
  session.set("sid", crypto.randomUUID());
  session.unset("linkSignIn");
  session.unset("newcomer");
}
export type SessionFlash = {
  notice: string;
  /** The face page a login answering 120030002 goes on to (join.face-step.tsx): the login post's redirect target. */
  faceStepUrl: string;
  /** A third-party provider's own words for a failed login (spec 000 §8, issue 39 §12): shown once, escaped, on the login page. */
  thirdMessage: string;
};
export type PortalSession = Session<SessionData, SessionFlash>;

export const DEFAULT_SCHOOL_ID = 1;
export const CLIENT_ID_MAX_AGE_S = 730 * 24 * 60 * 60; // spec 000 section 9: 730 days
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * The session cookie is sealed, not only signed (issue 36 §3, docs/decisions/094): its payload (the upstream
 * token, the back-login code, a sign-in link's waiting credentials) is encrypted and authenticated with
 * `@hapi/iron` (AES-256-CBC + HMAC-SHA256, node:crypto), so a proxy or a log that records cookies holds no
 * bearer token. Keys come from `SESSION_SECRET`, a comma-separated list: the first seals, every one unseals
 * (rotation: put the new secret first, drop the old one after SESSION_MAX_AGE). Each key is the secret's
 * HKDF-SHA256 (32 bytes, used as iron's key directly: no per-cookie PBKDF2), named by its fingerprint in
 * the cookie (iron's password id). A cookie that does not unseal (tampered, an unknown key, the signed
 * format of before) is no session: a clean sign-out.
 *
 * Cost (decision 094): an unseal is about 80 µs of CPU and a seal about 75 µs, so a cookie unsealed once
 * is kept (bounded map of sealed text → its JSON), and a commit of unchanged data sends the cookie it came
 * with instead of sealing it again.
 */
type Keys = { sealWith: { id: string; secret: Buffer }; unsealWith: Record<string, Buffer> };
let keys: Keys | undefined;
onProcessReset(() => {
  keys = undefined;
  unsealed.clear();
});

function sessionKeys(): Keys {
  if (keys) return keys;
  const derived = env().SESSION_SECRET.map((secret) => ({
    id: createHash("sha256").update(secret).digest("hex").slice(0, 12),
    secret: Buffer.from(hkdfSync("sha256", secret, "online-school-portal", "session cookie seal", 32)),
  }));
  return (keys = { sealWith: derived[0]!, unsealWith: Object.fromEntries(derived.map((k) => [k.id, k.secret])) });
}

const SEAL_OPTIONS = { ...Iron.defaults, ttl: 0 };
/** Browsers keep a cookie of at most 4096 bytes (Remix's cookie session storage refused more, as this does). */
const MAX_COOKIE_BYTES = 4096;
const UNSEALED_MAX = 10_000;
/** Sealed cookie text → the JSON of its data (verified): a returning cookie is not unsealed again. */
const unsealed = new Map<string, string>();
/** The cookie a session was read from, and its data's JSON then: a commit of the same data sends it again. */
const readFrom = new WeakMap<PortalSession, { sealed: string; json: string }>();

const cookieName = (secure: boolean) => (secure ? "__Host-portal_session" : "portal_session");

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

async function unsealData(sealed: string): Promise<string | undefined> {
  const known = unsealed.get(sealed);
  if (known !== undefined) return known;
  try {
    const data: unknown = await Iron.unseal(sealed, sessionKeys().unsealWith, SEAL_OPTIONS);
    if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
    const json = JSON.stringify(data);
    if (unsealed.size >= UNSEALED_MAX) unsealed.delete(unsealed.keys().next().value!);
    unsealed.set(sealed, json);
    return json;
  } catch {
    return undefined;
  }
}

/** The visitor's session; a cookie that cannot be unsealed (empty, tampered, another key, the old format) counts as none. */
export async function getSession(request: Request, secure: boolean): Promise<PortalSession> {
  const sealed = cookieValue(request.headers.get("Cookie"), cookieName(secure));
  const json = sealed && sealed.length <= MAX_COOKIE_BYTES ? await unsealData(sealed) : undefined;
  const session = createSession<SessionData, SessionFlash>(json === undefined ? {} : (JSON.parse(json) as Partial<SessionData>));
  if (sealed && json !== undefined) readFrom.set(session, { sealed, json });
  return session;
}

/** The session's Set-Cookie: sealed with the first key (30 days, HttpOnly, SameSite=Lax; `__Host-` and Secure over https). */
export async function commitSession(session: PortalSession, secure: boolean): Promise<string> {
  const json = JSON.stringify(session.data);
  const before = readFrom.get(session);
  const sealed = before && before.json === json ? before.sealed : await Iron.seal(session.data, sessionKeys().sealWith, SEAL_OPTIONS);
  const cookie = `${cookieName(secure)}=${sealed}; Max-Age=${SESSION_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  if (sealed.length > MAX_COOKIE_BYTES) throw new Error(`Cookie length will exceed browser maximum. Length: ${sealed.length}`);
  return cookie;
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
  session.unset("linkSignIn");
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
