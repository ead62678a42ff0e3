import * as z from "zod/v4";
import { safeExternalUrl } from "~/services/redirect";
import type { Upstream } from "~/services/upstream.server";

/**
 * The payment provider (issue 16; the sandbox plays it): the upstream gives the provider's address for an
 * unpaid order; the provider sends the browser back to `returnUrl` and notifies the upstream, which sets
 * the order's status. The portal never trusts the way back: the result page reads the order.
 */
const Pay = z.object({ payUrl: z.string() });

export async function startPayment(upstream: Upstream, orderNo: string, returnUrl: string): Promise<string | undefined> {
  const answer = await upstream.call({ method: "POST", path: "/saas-business/v1/payOrder/pay", body: { orderNo, returnUrl }, schema: Pay, expect: ["business"] });
  return safeExternalUrl(answer.payUrl);
}

/** Where the provider sends the browser back: this portal's result page (absolute, the provider is another site). */
export function paymentReturnUrl(request: Request): string {
  return new URL("/payment/result", request.url).toString();
}
