import * as z from "zod/v4";
import { safeExternalUrl } from "~/lib/security/redirect";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/**
 * The payment provider (issue 16; the sandbox plays it): the upstream gives the provider's address for an
 * unpaid order; the provider sends the browser back to `returnUrl` and notifies the upstream, which sets
 * the order's status. The portal never trusts the way back: the result page reads the order.
 */
const Pay = z.object({ payUrl: z.string() });

/** The provider's address, or the upstream's refusal (160022: the order expired, decision 038; 160019: no longer unpaid). */
export async function startPayment(
  upstream: Upstream,
  orderNo: string,
  returnUrl: string,
  payType: PayType = "online",
): Promise<{ payUrl: string | undefined } | { refused: string }> {
  try {
    const answer = await upstream.call({
      method: "POST",
      path: "/saas-business/v1/payOrder/pay",
      body: { orderNo, returnUrl, payType },
      schema: Pay,
      charges: true,
      expect: ["business"],
    });
    return { payUrl: safeExternalUrl(answer.payUrl) };
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return { refused: error.code ?? "" };
    throw error;
  }
}

/** Where the provider sends the browser back: this portal's result page (absolute, the provider is another site). */
export function paymentReturnUrl(request: Request): string {
  return new URL("/payment/result", request.url).toString();
}

/** How the student pays at the provider: its own cashier ("online"), or WeChat Pay, which needs the openid first. */
export type PayType = "online" | "wechat";
export const payTypeOf = (value: string | null): PayType => (value === "wechat" ? "wechat" : "online");

const Openid = z.object({ bound: z.boolean(), openid: z.string().nullish(), authorizeUrl: z.string().nullish() });

/**
 * `check/openid` (spec 001 section 7), the check before a WeChat payment: bound, or WeChat's authorisation
 * address (another site), which comes back to `redirectUrl` (this pay page) once the student answered.
 */
export async function checkOpenid(upstream: Upstream, redirectUrl: string): Promise<{ bound: true } | { bound: false; authorizeUrl: string | undefined }> {
  const answer = await upstream.call({ path: "/saas-business/v1/account/check/openid", query: { redirectUrl }, schema: Openid });
  return answer.bound ? { bound: true } : { bound: false, authorizeUrl: answer.authorizeUrl ? safeExternalUrl(answer.authorizeUrl) : undefined };
}
