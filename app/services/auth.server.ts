import * as z from "zod/v4";
import { LogoutAnswer, SOFT_FAILURES, UpstreamError, type Upstream } from "~/services/upstream.server";
import { flag, id, optionalId, text } from "~/services/schemas.server";

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
    expect: ["business"],
  });
}

export function getCurrentUser(upstream: Upstream) {
  return upstream.call({ path: "/external/api/v1/usersfront/getCurrentUser", schema: CurrentUserSchema });
}

export const LastLearnSchema = z.looseObject({ courseId: optionalId, courseName: text, lessonId: optionalId, lessonName: text }).nullable();

/** The last learning item for the header's 'continue' entry; its failure is logged only. */
export async function getLastLearn(upstream: Upstream) {
  try {
    return await upstream.call({ path: "/saas-business/v1/front/learn/lastLearn", schema: LastLearnSchema, expect: SOFT_FAILURES });
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
