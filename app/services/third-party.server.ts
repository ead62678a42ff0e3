import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";

/** The third-party types of the icon row (spec 000 section 2.6). */
export const THIRD_TYPES = ["weixin", "qq", "weibo", "weixinwork"] as const;

/** The OAuth-style `state` of a third-party login: signed, 10 minutes, with where to go afterwards. */
export function thirdStateCookie(secure: boolean) {
  return createCookie(secure ? "__Host-third_state" : "third_state", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: 600,
    secrets: [env().SESSION_SECRET],
  });
}

export type ThirdState = { state: string; backUrl: string; popup: boolean };
