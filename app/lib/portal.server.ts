import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { env } from "~/env.server";
import { requestContext, type Portal, type RequestContext } from "~/lib/context.server";
import { exchangeCode, userByToken } from "~/services/auth.server";
import { knownCompany, loadConfig, rememberCompany } from "~/services/config.server";
import { DEFAULT_UPLOAD_BYTES, readCappedForm } from "~/lib/security/body-limit.server";
import { startChallenge, takeAnswerForNavigation, takeResumedPost } from "~/lib/security/captcha-resume.server";
import { csrf, CSRFError } from "~/lib/security/csrf.server";
import { keepPostedForm } from "~/lib/state/form-keep.server";
import { expireCsrfCookie } from "~/services/login.server";
import {
  applySignIn,
  clearCredentials,
  clientIdCookie,
  commitSession,
  DEFAULT_SCHOOL_ID,
  dropForeignCredentials,
  getSession,
  type LinkCredentials,
} from "~/lib/state/session.server";
import { requireKnownSite, systemOsOf, tenantOf, type Tenant } from "~/lib/http/tenant.server";
import { createUpstream, toResponse, UpstreamError } from "~/lib/http/upstream.server";

// The type lives beside the request context it is part of (app/lib/context.server.ts); its ~100 users import it from here.
export type { Portal };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function forbidden(reason: string) {
  return data({ kind: "forbidden" as const, reason }, { status: 403 });
}

/**
 * Cross-site checks for every non-GET request, data requests included (spec: CSRF on every POST):
 * Sec-Fetch-Site must be same-origin (or none), and Origin, when sent, must be this site.
 */
export function checkSameOrigin(request: Request, tenant: Tenant): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return `sec-fetch-site ${site}`;
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return "bad origin";
    }
    // scheme and host: http://site is another origin than https://site (issue 10 §3)
    if (parsed.host.toLowerCase() !== tenant.host || parsed.protocol !== (tenant.secure ? "https:" : "http:")) return "foreign origin";
  }
  return undefined;
}

/** The form `requireValidPost` read for this request (decision 021: kept when the session is gone). */
export function postedFormOf(context: AppLoadContext): FormData | undefined {
  return context.formData;
}

/**
 * The text fields this action was posted with, by `requireValidPost` or (an upload's text parts, its file
 * left out) `requireValidUpload`: what a form that met an upstream failure gets back (decision 042).
 */
export function submittedFieldsOf(context: AppLoadContext): FormData | undefined {
  return context.formData ?? context.uploadFields;
}

/**
 * The one call a loader or action makes for its request's portal (session, tenant, upstream client):
 * made on the first call and kept in the request's context (decision 053), so every loader of a
 * navigation, the action and the entry share it; a refused post's answer is thrown again.
 */
export function getPortal(args: { request: Request; context: AppLoadContext }): Promise<Portal> {
  const state = requestContext(args.context);
  if (state.rejected) return Promise.reject(state.rejected);
  state.portal ??= buildPortal(args.request, state);
  return state.portal;
}

/**
 * For actions: the same-origin check and the CSRF token, before anything else (no upstream call).
 * `background`: a report the page sends without waiting for its answer (`navigator.sendBeacon`, a
 * `keepalive` fetch): its upstream failures answer a bare status and never write the session (decision 071).
 */
export async function requireValidPost(
  args: { request: Request; context: AppLoadContext },
  options: { background?: boolean } = {},
): Promise<{ portal: Portal; formData: FormData }> {
  const state = requestContext(args.context);
  if (options.background) state.background = true;
  const tenant = tenantOf(args.request);
  // Refused before the body is read (issue 10 §4): another site's post, a post without the CSRF cookie
  // (its token cannot match), a body over the limit.
  const crossSite = checkSameOrigin(args.request, tenant);
  if (crossSite) throw (state.rejected = forbidden(crossSite));
  if (!hasCookie(args.request.headers.get("Cookie"), tenant.secure ? "__Host-csrf" : "csrf")) throw (state.rejected = forbidden("csrf missing cookie"));
  const multipart = /^multipart\/form-data/i.test(args.request.headers.get("Content-Type") ?? "");
  // 413 over the limit, 400 for a body that is not the form it claims to be (never an empty form)
  const formData = await readCappedForm(args.request, multipart ? DEFAULT_UPLOAD_BYTES : env().MAX_FORM_BYTES).catch((error: unknown) => {
    throw (state.rejected = error);
  });
  try {
    await csrf(tenant.secure).validate(formData, args.request.headers);
  } catch (error) {
    if (!(error instanceof CSRFError)) throw error;
    state.rejected = forbidden(`csrf ${error.code}`);
    throw state.rejected;
  }
  state.formData = formData;
  const portal = await getPortal(args);
  // The confirmed resubmission of a form that met code 600: its parked fields, with the solved challenge.
  const resumed = takeResumedPost(portal.session, args.request, formData);
  if (!resumed) return { portal, formData };
  portal.upstream.ctx.captcha = resumed.answer;
  return { portal, formData: resumed.formData };
}

/**
 * `requireValidPost` for a streamed upload (the avatar without JavaScript, decision 017): the same-origin
 * check and the CSRF cookie's presence before the body is read (a token-less post never streams a byte
 * into `read`), then the route's own capped reader (`readImageUpload`), then the token checked on the
 * small text parts it returns. `request.formData()` is never called: it would buffer the whole upload.
 */
export async function requireValidUpload<T extends { formData: FormData }>(
  args: { request: Request; context: AppLoadContext },
  read: (request: Request) => Promise<T>,
): Promise<{ portal: Portal; upload: T }> {
  const state = requestContext(args.context);
  const tenant = tenantOf(args.request);
  const crossSite = checkSameOrigin(args.request, tenant);
  if (crossSite) throw (state.rejected = forbidden(crossSite));
  if (!hasCookie(args.request.headers.get("Cookie"), tenant.secure ? "__Host-csrf" : "csrf")) throw (state.rejected = forbidden("csrf missing cookie"));
  const upload = await read(args.request);
  try {
    await csrf(tenant.secure).validate(upload.formData, args.request.headers);
  } catch (error) {
    if (!(error instanceof CSRFError)) throw error;
    state.rejected = forbidden(`csrf ${error.code}`);
    throw state.rejected;
  }
  state.uploadFields = upload.formData;
  return { portal: await getPortal(args), upload };
}

/** The upstream's code for a domain without a company. */
const COMPANY_NOT_FOUND_CODE = "100000001";

/** One company call (cached like every config answer): whether the upstream does not know the domain. */
async function probeSite(request: Request, tenant: Tenant): Promise<boolean> {
  const upstream = createUpstream({
    request,
    domain: tenant.domain,
    schoolId: DEFAULT_SCHOOL_ID,
    systemOs: systemOsOf(request),
    timings: [],
    clearSession: async () => "",
  });
  try {
    const company = await loadConfig(upstream, "company", { expect: ["business"] });
    rememberCompany(tenant.domain, company.companyId);
    return false;
  } catch (error) {
    // The upstream's answer for a domain it has no company for (sandbox/README.md, "Company resolution",
    // code 100000001 公司不存在); any other failure is mapped as every call's is.
    if (error instanceof UpstreamError && error.kind === "business") {
      if (error.code === COMPANY_NOT_FOUND_CODE) return true;
      throw await toResponse(error, upstream.ctx);
    }
    throw error;
  }
}

/** Whether the Cookie header names `name` with a value (the value is checked later, when it is read). */
function hasCookie(header: string | null, name: string): boolean {
  return (header ?? "").split(";").some((part) => {
    const eq = part.indexOf("=");
    return eq > 0 && part.slice(0, eq).trim() === name && part.slice(eq + 1).trim() !== "";
  });
}

async function buildPortal(request: Request, state: RequestContext): Promise<Portal> {
  const tenant = tenantOf(request);
  const crossSite = checkSameOrigin(request, tenant);
  if (crossSite) {
    state.rejected = forbidden(crossSite);
    throw state.rejected;
  }
  const session = await getSession(request, tenant.secure);
  if (knownCompany(tenant.domain) === undefined) await requireKnownSite(tenant.domain, () => probeSite(request, tenant));
  dropForeignCredentials(session, knownCompany(tenant.domain));
  const cookie = clientIdCookie(tenant.secure);
  const existingClientId: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  const clientId = typeof existingClientId === "string" && /^[\w-]{8,64}$/.test(existingClientId) ? existingClientId : crypto.randomUUID();

  const schoolId = session.get("schoolId") ?? DEFAULT_SCHOOL_ID;
  const upstream = createUpstream({
    request,
    domain: tenant.domain,
    token: session.get("token"),
    companyId: session.get("companyId") ?? knownCompany(tenant.domain),
    schoolId,
    systemOs: systemOsOf(request),
    timings: state.timings,
    upgradedAt: session.get("upgradedAt"),
    background: state.background,
    captcha: takeAnswerForNavigation(session, request),
    challenge: () => startChallenge({ request, session, formData: state.formData, commit: () => commitSession(session, tenant.secure) }),
    // decision 021: a personal form met an expired token: its typed values wait for the login
    keepPosted: () => keepPostedForm({ request, formData: state.formData, secure: tenant.secure, userId: session.get("userId") }),
    clearSession: async (mode, notice) => {
      if (mode === "token") session.unset("token");
      else clearCredentials(session);
      if (notice) session.flash("notice", notice);
      return commitSession(session, tenant.secure);
    },
  });

  const portal: Portal = {
    request,
    tenant,
    session,
    upstream,
    schoolId,
    token: session.get("token"),
    userId: session.get("userId"),
    clientId,
    clientIdSetCookie: clientId === existingClientId ? undefined : await cookie.serialize(clientId),
    commitSession: () => commitSession(session, tenant.secure),
  };
  if (request.method === "GET") await bootstrap(portal);
  return portal;
}

/** Paths whose own `code` parameter is not a sign-in code (third-party login callbacks). */
const BOOTSTRAP_EXEMPT = [/^\/join\/callback\b/];

/**
 * Spec 000 section 4: a `code` in the address is exchanged for a token, else a `token` in the address
 * is taken; then the address is cleaned by a redirect, so neither stays in the address bar or history.
 * A sign-in is a login like the form's (completeLogin): a new session id and the CSRF cookie expired,
 * so nothing a visitor's session held before (a planted session, a token in a form) outlives it.
 */
async function bootstrap(portal: Portal) {
  const url = new URL(portal.request.url);
  const code = url.searchParams.get("code");
  const token = url.searchParams.get("token");
  if (!code && !token) return;
  if (BOOTSTRAP_EXEMPT.some((re) => re.test(url.pathname))) return;
  if (url.pathname.endsWith(".data")) return; // data requests never carry sign-in codes

  url.searchParams.delete("code");
  url.searchParams.delete("token");
  const cleaned = url.pathname + (url.searchParams.size ? `?${url.searchParams.toString()}` : "") + url.hash;
  const { session, upstream } = portal;
  let signedIn = false;
  let target = cleaned;
  try {
    let link: LinkCredentials;
    if (code) {
      const answer = await exchangeCode(upstream, code);
      link = { token: answer.token, backCode: answer.code ?? undefined, userId: answer.userId, companyId: answer.companyId, schoolId: answer.schoolId };
    } else {
      const user = await userByToken(upstream, token!);
      link = { token: token!, userId: user.userId, companyId: user.companyId, schoolId: user.schoolId };
    }
    const current = session.get("userId");
    const sameCompany = link.companyId === undefined || session.get("companyId") === undefined || link.companyId === session.get("companyId");
    if (isLoggedIn(portal) && (current !== link.userId || !sameCompany)) {
      // issue 36 §2: signed in as someone else, a link never switches silently (login CSRF): the student is asked
      session.set("linkSignIn", { ...link, to: cleaned, expiresAt: Date.now() + LINK_SWITCH_TTL_MS });
      target = LINK_SWITCH_PATH;
    } else {
      applySignIn(session, link);
      signedIn = true;
    }
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    session.flash("notice", "signInLinkInvalid");
  }
  const headers = new Headers({ "Set-Cookie": await portal.commitSession() });
  if (signedIn) headers.append("Set-Cookie", expireCsrfCookie(portal.tenant.secure));
  if (portal.clientIdSetCookie) headers.append("Set-Cookie", portal.clientIdSetCookie);
  throw redirect(target, { headers });
}

/** The page that asks a signed-in student before a sign-in link for another user takes over (issue 36 §2). */
export const LINK_SWITCH_PATH = "/join/switch";
/** How long a link's credentials wait for the student's answer there. */
export const LINK_SWITCH_TTL_MS = 10 * 60_000;

export function isLoggedIn(portal: Portal): boolean {
  return Boolean(portal.token && portal.userId);
}

/**
 * The signed-in student as the calls that name them in their query or body need it (spec 001 §3 "Locally
 * stored values: userInfo (userId, companyId)", schoolId): null for a visitor or a site whose company is unknown.
 */
export function learnerOf(portal: Portal): { userId: number; companyId: number; schoolId: number } | null {
  if (!isLoggedIn(portal)) return null;
  const companyId = portal.session.get("companyId") ?? knownCompany(portal.tenant.domain);
  return companyId === undefined ? null : { userId: portal.userId!, companyId, schoolId: portal.schoolId };
}

/**
 * Whether this request was served to a signed-in student (issue 21 §6): THE one rule of the entry
 * (entry.server.tsx) that every view a student sees, page or data request, answers `private, no-store`
 * whatever its route says, so a page with their data never comes back from a browser's cache.
 */
export async function servedSignedIn(context: AppLoadContext | undefined): Promise<boolean> {
  const pending = context?.portal;
  if (!pending) return false;
  try {
    return isLoggedIn(await pending);
  } catch {
    return false;
  }
}
