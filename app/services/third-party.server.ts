import { createCookie } from "@remix-run/node";
import QRCode from "qrcode";
import { env } from "~/env.server";
import { ddLoginQrCode } from "~/services/auth.server";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

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
    secrets: env().SESSION_SECRET,
  });
}

export type ThirdState = { state: string; backUrl: string; popup: boolean };

/** The DingTalk QR code of the modal as a data URL, made on the server (no QR code in the browser). */
export async function ddQrDataUrl(upstream: Upstream): Promise<string | null> {
  try {
    const qr = await ddLoginQrCode(upstream);
    return await QRCode.toDataURL(qr.url, { width: 240, margin: 1 });
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}
