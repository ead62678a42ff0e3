import * as z from "zod/v4";
import { text } from "~/lib/http/schemas.server";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * The generic QR-code login (spec 000 section 2.6, "other login modes seen in calls: QR code"; the paths
 * are the sandbox's chosen ones, sandbox/README.md): a code to show, then its status until the school's
 * app has scanned and confirmed it; `confirmed` carries a one-time cache code for `loginByCacheCode`.
 */
export const QrCodeSchema = z.looseObject({ qrId: z.string().min(1), content: z.string().min(1), expireS: z.number().int().positive().catch(120) });
export type QrCode = z.infer<typeof QrCodeSchema>;

export const QrStatusSchema = z.looseObject({
  status: z.enum(["waiting", "scanned", "confirmed", "expired"]).catch("expired"),
  cacheCode: text,
});
export type QrStatus = z.infer<typeof QrStatusSchema>;

export { QR_POLL_S } from "~/services/qr-poll";

export function createQrCode(upstream: Upstream) {
  return upstream.call({ path: "/saas-business/v1/front/login/qrcode/create", schema: QrCodeSchema, auth: "none" });
}

export function qrCodeStatus(upstream: Upstream, qrId: string) {
  return upstream.call({ path: "/saas-business/v1/front/login/qrcode/status", query: { qrId }, schema: QrStatusSchema, auth: "none" });
}
