import * as z from "zod/v4";
import { ALL_FAILURES, LogoutAnswer, SOFT_FAILURES, UpstreamError, type Upstream } from "~/lib/http/upstream.server";
import { flag, id, optionalId, text } from "~/lib/http/schemas.server";

export const TokenAnswerSchema = z.looseObject({
  token: z.string().min(1),
  code: z.string().nullish(),
  userId: id,
  companyId: optionalId,
  schoolId: optionalId,
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/** Current user of spec 000 section 3. */
export const CurrentUserSchema = z.looseObject({
  userId: id,
  companyId: optionalId,
  schoolId: optionalId,
  nickName: text,
  mobile: text,
  username: text,
  email: text,
  memberFlag: flag,
  memberIco: text,
  headPicMax: text,
  unReadNum: flag,
  integralRemaining: flag,
  changePasswordConfig: flag,
  staffFlag: flag,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** `GET /sso/onlischool/sign/token?code`: a one-time code in the address becomes a session token. */
export function exchangeCode(upstream: Upstream, code: string) {
  return upstream.call({
    path: "/saas-business/sso/onlischool/sign/token",
    query: { code },
    schema: TokenAnswerSchema,
    auth: "none",
    expect: ["business"],
  });
}

/** `GET /sso/user?access_token`: the user a token from the address belongs to. */
export function userByToken(upstream: Upstream, token: string) {
  return upstream.call({
    path: "/saas-business/sso/user",
    query: { access_token: token },
    schema: CurrentUserSchema,
    auth: "none",
    expect: ["business"],
  });
}

/** The token upgrade: a fresh token for the back-login code kept in the session. */
export function tokenBackLogin(upstream: Upstream, code: string) {
  return upstream.call({
    method: "POST",
    path: "/external/api/v1/usersfront/getTokenBackLogin",
    body: { code },
    schema: TokenAnswerSchema,
    auth: "none",
    // Every failure means "no renewal": the upgrade page offers login (never a redirect from there).
    expect: ALL_FAILURES,
  });
}

export function getCurrentUser(upstream: Upstream) {
  return upstream.call({ path: "/external/api/v1/usersfront/getCurrentUser", schema: CurrentUserSchema });
}

export const LastLearnSchema = z
  .looseObject({ commodityId: optionalId, courseId: optionalId, courseName: text, lessonId: optionalId, lessonName: text })
  .nullable();

/** The last learning item for the header's 'continue' entry (spec 001 §7 `lately/learn/course`); its failure is logged only. */
export async function getLastLearn(upstream: Upstream) {
  try {
    return await upstream.call({ path: "/course/v1/user/lately/learn/course", schema: LastLearnSchema, expect: SOFT_FAILURES });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    console.error(JSON.stringify({ level: "warn", msg: "last learn failed", error: error.message }));
    return null;
  }
}

/** `POST /loginoutNew`: revokes the token upstream and returns the school's login path. */
export async function logout(upstream: Upstream): Promise<string | undefined> {
  const answer = await upstream.call({
    method: "POST",
    path: "/saas-business/v1/front/login/loginoutNew",
    schema: LogoutAnswer,
    expect: ["business"],
  });
  return answer?.loginSchoolPath ?? undefined;
}

/* ---------- Login and register (spec 000 sections 3 and 7.2) ---------- */

/** Login answer of spec 000 section 3. */
export const LoginAnswerSchema = z.looseObject({
  flag: z.unknown().optional(),
  user: z.looseObject({ id, schoolId: optionalId }),
  token: z.looseObject({ token: z.string().min(1), code: z.string().nullish() }),
  redirectConfig: z.unknown().optional(),
  companyMessageReach: z.string().nullish(),
  changePasswordConfig: flag.optional(),
});
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** Code of the login answer that asks for the face step; its data carries url, loginToken, orderNo. */
export const FACE_CODE = "120030002";
export const FaceStepSchema = z.looseObject({ url: z.string().min(1), loginToken: z.string().min(1), orderNo: z.string().min(1) });

type Captcha = { ticket?: string; randstr?: string };
const LOGIN_EXPECT = ["business", "captcha"] as const satisfies UpstreamErrorKindList;
type UpstreamErrorKindList = Parameters<Upstream["call"]>[0]["expect"];

export function passwordLogin(upstream: Upstream, input: { account: string; password: string; thirdCacheCode?: string } & Captcha) {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/front/login/",
    query: { thirdCacheCode: input.thirdCacheCode },
    body: { account: input.account, password: input.password, ticket: input.ticket, randstr: input.randstr, schoolId: upstream.ctx.schoolId },
    schema: LoginAnswerSchema,
    auth: "none",
    expect: [...LOGIN_EXPECT],
  });
}

export function smsLogin(upstream: Upstream, input: { mobile: string; smsCode: string } & Captcha) {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/front/login/mobileSmsLogin",
    body: { ...input, schoolId: upstream.ctx.schoolId },
    schema: LoginAnswerSchema,
    auth: "none",
    expect: [...LOGIN_EXPECT],
  });
}

export function checkLimitAndMobile(upstream: Upstream, mobile: string, type: "login" | "register" | "forget") {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/front/login/checkLimitAndMobile",
    body: { mobile, type },
    schema: z.unknown(),
    auth: "none",
    expect: [...LOGIN_EXPECT],
  });
}

/** The send call (path chosen by the sandbox contract). */
export function sendSmsCode(upstream: Upstream, input: { mobile: string; type: "login" | "register" | "forget" } & Captcha) {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/front/login/sendSmsCode",
    body: input,
    schema: z.unknown(),
    auth: "none",
    expect: [...LOGIN_EXPECT],
  });
}

export function loginByFace(upstream: Upstream, loginToken: string, orderNo: string) {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/front/login/loginByFace",
    query: { loginToken, orderNo },
    schema: LoginAnswerSchema,
    auth: "none",
    expect: ["business"],
  });
}

export function loginByCacheCode(upstream: Upstream, cacheCode: string) {
  return upstream.call({
    path: "/saas-business/v1/front/login/loginByCacheCode",
    query: { cacheCode },
    schema: LoginAnswerSchema,
    auth: "none",
    expect: ["business"],
  });
}

/** The duplicate check (spec 000 §7.2): mobile, username, email with domain, and the slider's ticket and randstr. */
export function checkAccount(upstream: Upstream, input: { mobile?: string; username?: string; email?: string } & Captcha) {
  return upstream.call({
    path: "/saas-business/v1/front/register/checkAccount",
    query: { ...input, domain: upstream.ctx.domain },
    schema: z.unknown(),
    auth: "none",
    expect: [...LOGIN_EXPECT],
  });
}

export type RegisterPayload = {
  mobile?: string;
  password: string;
  smsCode?: string;
  username?: string;
  province?: string;
  city?: string;
  county?: string;
} & Captcha;

export function register(upstream: Upstream, payload: RegisterPayload) {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/front/register/register",
    query: { domain: upstream.ctx.domain },
    body: payload,
    schema: z.unknown(),
    auth: "none",
    expect: [...LOGIN_EXPECT],
  });
}

export const ThirdUserSchema = z.looseObject({ type: text, bound: z.boolean().nullish(), cacheCode: z.string().nullish(), nickName: text });

export function getThirdUserBy(upstream: Upstream, code: string) {
  return upstream.call({
    path: `/saas-business/api/third/login/getThirdUserBy/${encodeURIComponent(code)}`,
    schema: ThirdUserSchema,
    auth: "none",
    expect: ["business"],
  });
}

/** The provider's authorise address for a third-party login (path chosen by the sandbox contract). */
export function thirdLoginUrl(upstream: Upstream, input: { type: string; redirectUri: string; state: string }) {
  return upstream.call({
    path: "/saas-business/v1/front/register/thirdLoginUrl",
    query: input,
    schema: z.looseObject({ url: z.string().min(1) }),
    auth: "none",
    expect: ["business"],
  });
}

export function ddLoginQrCode(upstream: Upstream) {
  return upstream.call({
    path: "/saas-business/v1/front/register/getDdLoginQrCode",
    schema: z.looseObject({ url: z.string().min(1) }),
    auth: "none",
    expect: SOFT_FAILURES,
  });
}

export const ExerciseMergeSchema = z
  .array(z.looseObject({ oldRecordId: id, recordId: id }))
  .nullish()
  .transform((v) => v ?? []);

/** Anonymous exercise records of this client id become the new user's (spec 001); logged only on failure. */
export async function syncAnonymousExercises(upstream: Upstream, clientId: string, schoolId: number) {
  try {
    return await upstream.call({
      method: "POST",
      path: "/question/v1/exercise/unlogin/sync",
      query: { schoolId, currentId: clientId },
      schema: ExerciseMergeSchema,
      expect: [...SOFT_FAILURES, "unauthorized"],
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    console.error(JSON.stringify({ level: "warn", msg: "exercise merge failed", error: error.message }));
    return [];
  }
}

/** Forgot password (spec 000 §2.1 /login/forget?method=phone; path chosen by the sandbox contract). */
export function resetPassword(upstream: Upstream, input: { mobile: string; smsCode: string; password: string }) {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/front/login/forget/resetPassword",
    body: input,
    schema: z.unknown(),
    auth: "none",
    expect: [...LOGIN_EXPECT],
  });
}
