import { constants, createPublicKey, publicEncrypt } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { checkLimitAndMobile, sendSmsCode, FACE_CODE, FaceStepSchema, getCurrentUser, syncAnonymousExercises, type LoginAnswer } from "~/services/auth.server";
import { loadConfig, rememberCompany } from "~/services/config.server";
import type { Portal } from "~/lib/portal.server";
import { loginHref, PASSWORD_PAGE, safeExternalUrl, safeRedirect } from "~/lib/security/redirect";
import { rewriteExerciseUrl } from "~/services/exercise-merge";
import { codeSent, type CodePurpose } from "~/lib/state/code-attempts.server";
import { limitSms, releaseSms, SMS_RESEND_S } from "~/lib/state/rate-limit.server";
import { UpstreamError } from "~/lib/http/upstream.server";

/** Companies whose users get no 'remember me' box (spec 000 sections 2.6 and 6). */
export const NO_REMEMBER_COMPANY = 4;

/**
 * The password travels to the upstream encrypted with loginConfig.publicKey (RSA-OAEP, SHA-1), made on
 * the portal server: the browser posts it over the page's own connection and never needs the key.
 * See docs/decisions/006-login-session-and-abuse-limits.md.
 */
export function encryptPassword(publicKey: string | undefined, password: string): string {
  if (!publicKey) return password;
  return publicEncrypt(
    { key: createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" }), padding: constants.RSA_PKCS1_OAEP_PADDING },
    Buffer.from(password, "utf8"),
  ).toString("base64");
}

export async function publicKeyOf(portal: Portal): Promise<string | undefined> {
  const config = await loadConfig(portal.upstream, "loginConfig");
  const key = (config as { publicKey?: unknown }).publicKey;
  return typeof key === "string" && key ? key : undefined;
}

/** The remembered account: per host (no Domain attribute), httpOnly, one year. Never the password. */
export function rememberCookie(secure: boolean) {
  return createCookie(secure ? "__Host-rememberAccount" : "rememberAccount", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
  });
}

export async function rememberedAccount(portal: Portal): Promise<string> {
  const value: unknown = await rememberCookie(portal.tenant.secure).parse(portal.request.headers.get("Cookie"));
  return typeof value === "string" ? value : "";
}

/** Expires the CSRF cookie so the next page issues a new token (the token rotates at login). */
export function expireCsrfCookie(secure: boolean): string {
  return `${secure ? "__Host-csrf" : "csrf"}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** What a failed login call means for the form (spec 000 section 8). */
export type LoginFailure =
  { kind: "captcha" } | { kind: "face"; url: string; loginToken: string; orderNo: string } | { kind: "message"; message: string; code?: string };

export function loginFailureOf(error: unknown): LoginFailure {
  if (!(error instanceof UpstreamError)) throw error;
  if (error.kind === "captcha") return { kind: "captcha" };
  if (error.code === FACE_CODE) {
    const face = FaceStepSchema.safeParse(error.data);
    if (face.success) return { kind: "face", ...face.data };
  }
  return { kind: "message", message: error.upstreamMessage ?? "", code: error.code };
}

/**
 * The face page address with the portal's return address added. The upstream's address is followed only
 * as an absolute http(s) URL (re-serialised, no credentials or backslash tricks); anything else ends as
 * the login page's 'face verification failed'.
 */
export function faceRedirectUrl(portal: Portal, url: string, backUrl: string | undefined): string {
  const checked = safeExternalUrl(url);
  if (!checked || checked.startsWith("/")) return loginHref(safeRedirect(backUrl), { face: "failed" });
  const target = new URL(checked);
  const back = new URL("/join/face", portal.tenant.origin);
  if (backUrl) back.searchParams.set("backUrl", safeRedirect(backUrl));
  target.searchParams.set("return", back.toString());
  return target.toString();
}

/**
 * A successful login: new credentials in the session, a new session id and CSRF token, the anonymous
 * exercise records merged, then the page the visitor came for (spec 000 section 4) or the forced
 * password change.
 */
export async function completeLogin(
  portal: Portal,
  answer: LoginAnswer,
  options: { backUrl?: string; remember?: string | null; extraCookies?: string[]; newcomer?: boolean } = {},
) {
  const { session, upstream } = portal;
  const schoolId = answer.user.schoolId ?? portal.schoolId;
  session.set("token", answer.token.token);
  if (answer.token.code) session.set("backCode", answer.token.code);
  else session.unset("backCode");
  session.set("userId", answer.user.id);
  session.set("schoolId", schoolId);
  session.set("sid", crypto.randomUUID());
  // a brand-new account (the sign-in after registering) is welcomed, not "welcomed back"
  if (options.newcomer) session.set("newcomer", answer.user.id);
  else session.unset("newcomer");
  upstream.ctx.token = answer.token.token;
  upstream.ctx.schoolId = schoolId;

  const [user, merged] = await Promise.all([
    getCurrentUser(upstream).catch((error: unknown) => {
      if (error instanceof UpstreamError) return null;
      throw error;
    }),
    syncAnonymousExercises(upstream, portal.clientId, schoolId),
  ]);
  if (user?.companyId !== undefined) {
    session.set("companyId", user.companyId);
    rememberCompany(portal.tenant.domain, user.companyId);
  }
  const forced = Number(user?.changePasswordConfig ?? answer.changePasswordConfig ?? 0);

  let target: string;
  if (forced === 1 || forced === 2) {
    target = PASSWORD_PAGE;
  } else {
    const back = rewriteExerciseUrl(safeRedirect(options.backUrl), merged);
    const url = new URL(back, "http://portal.invalid");
    url.searchParams.set("schoolId", String(schoolId));
    if (answer.companyMessageReach === "ok") url.searchParams.set("companyMessageReach", "ok");
    target = url.pathname + url.search + url.hash;
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await portal.commitSession());
  headers.append("Set-Cookie", expireCsrfCookie(portal.tenant.secure));
  if (options.remember !== undefined) {
    const cookie = rememberCookie(portal.tenant.secure);
    headers.append("Set-Cookie", options.remember ? await cookie.serialize(options.remember) : await cookie.serialize("", { maxAge: 0 }));
  }
  for (const c of options.extraCookies ?? []) headers.append("Set-Cookie", c);
  // With JavaScript (the pop-up's fetcher, the page's form) the browser reloads the whole document, as
  // spec 000 section 4 says: new CSRF token, every loader, the presence socket. A plain post just follows.
  headers.set("X-Remix-Reload-Document", "true");
  return redirect(target, { status: 303, headers });
}

/** Outcome of the send-code button (spec 000 sections 4 and 5). */
export type SendOutcome =
  { kind: "sent"; resendAt: number } | { kind: "limited"; retryAfterS: number } | { kind: "captcha" } | { kind: "message"; message: string; code?: string };

/**
 * THE send of an SMS code, for every form that sends one (issue 11 §4: one way): the portal's own limits
 * first (60 s per mobile, hourly caps per mobile and address: HTTP 429), then `send` (the upstream's check
 * and send calls), then the code's attempt counter restarts (`codeSent`). The upstream's 600 is `captcha`,
 * its refusal (business) `message`; any other failure is thrown to the request layer's mapping. A refused
 * send gives its slot back.
 */
export async function sendLimited(ip: string, mobile: string, purpose: CodePurpose, send: () => Promise<unknown>): Promise<SendOutcome> {
  const limit = await limitSms(ip, mobile);
  if (!limit.ok) return { kind: "limited", retryAfterS: limit.retryAfterS };
  try {
    await send();
  } catch (error) {
    await releaseSms(mobile);
    if (error instanceof UpstreamError && error.kind === "captcha") return { kind: "captcha" };
    if (error instanceof UpstreamError && error.kind === "business") return { kind: "message", message: error.upstreamMessage ?? "", code: error.code };
    throw error;
  }
  await codeSent(purpose, mobile);
  return { kind: "sent", resendAt: Date.now() + SMS_RESEND_S * 1000 };
}

/**
 * The login-area send (login, register, forgot-password): `sendLimited` with `checkLimitAndMobile` and the
 * send call, each with the captcha result when there is one. A visitor's form keeps what was typed on any
 * upstream failure (the message, or the form's fallback).
 */
export async function sendCode(
  portal: Portal,
  ip: string,
  input: { mobile: string; type: "login" | "register" | "forget"; ticket?: string; randstr?: string },
): Promise<SendOutcome> {
  try {
    return await sendLimited(ip, input.mobile, input.type, async () => {
      await checkLimitAndMobile(portal.upstream, input.mobile, input.type);
      await sendSmsCode(portal.upstream, input);
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return { kind: "message", message: error.upstreamMessage ?? "", code: error.code };
  }
}
