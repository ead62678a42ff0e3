import * as z from "zod/v4";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/**
 * Checkout (`/payment/order`, issue 16): the price of the student's choices as the upstream computes it
 * (never the browser), the order's creation with an idempotency key, and the company's purchase check
 * COMPANY_BUY_CHECK (spec 001 section 7 "Misc": checkCompanyFunctionSet, verifyFunctionCodeStatus;
 * what each status does: docs/decisions/028-cart-checkout-payment.md).
 */

export const WantedSchema = z.object({ commodityType: z.number().int().min(1).max(5), commodityId: z.number().int().positive() });
export type Wanted = z.infer<typeof WantedSchema>;

const Line = z.object({
  commodityType: z.number().int(),
  commodityId: z.number().int(),
  commodityName: z.string(),
  cover: z.string().nullish(),
  priceCents: z.number().int(),
  memberPriceCents: z.number().int().nullable(),
  status: z.enum(["ok", "bought", "soldOut", "notFound"]),
  protocolId: z.number().int().nullable(),
  protocolName: z.string().nullable(),
});
const Coupon = z.object({
  id: z.number().int(),
  couponName: z.string(),
  amountCents: z.number().int(),
  minCents: z.number().int(),
  expiresAt: z.number(),
  usable: z.boolean(),
  reason: z.enum(["ok", "expired", "used", "unmet"]),
});
export const ProblemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("priceChanged"), commodityId: z.number(), name: z.string(), beforeCents: z.number(), afterCents: z.number() }),
  z.object({ kind: z.enum(["bought", "soldOut", "notFound"]), commodityId: z.number(), name: z.string() }),
  z.object({ kind: z.enum(["couponExpired", "couponUsed", "couponUnmet", "couponUnknown"]), userCouponId: z.number(), name: z.string() }),
  z.object({ kind: z.literal("pointsShort"), wanted: z.number(), available: z.number() }),
  z.object({ kind: z.literal("totalChanged"), beforeCents: z.number(), afterCents: z.number() }),
  z.object({ kind: z.literal("cardInvalid"), code: z.string() }),
]);
export type Problem = z.infer<typeof ProblemSchema>;

export const PreviewSchema = z.object({
  lines: z.array(Line),
  coupons: z.array(Coupon),
  member: z.boolean(),
  balanceCents: z.number().int(),
  points: z.number().int(),
  priced: z.object({
    subtotalCents: z.number().int(),
    memberDiscountCents: z.number().int(),
    couponCents: z.number().int(),
    pointsUsed: z.number().int(),
    pointsCents: z.number().int(),
    cardCents: z.number().int(),
    balanceCents: z.number().int(),
    payCents: z.number().int(),
    totalCents: z.number().int(),
  }),
  problems: z.array(ProblemSchema.or(z.looseObject({ kind: z.string() }).transform(() => null))).transform((l) => l.filter((p): p is Problem => p !== null)),
  applied: z.object({ userCouponId: z.number().int().nullable(), points: z.number().int(), useBalance: z.boolean(), cardCode: z.string().nullable() }),
});
export type Preview = z.infer<typeof PreviewSchema>;

export type Choices = { userCouponId: number | null; points: number; useBalance: boolean; cardCode: string | null };
export type Seen = Wanted & { priceCents: number };

export function previewCheckout(upstream: Upstream, items: Wanted[], choices: Choices, seen: Seen[] = []): Promise<Preview> {
  return upstream.call({ method: "POST", path: "/saas-business/v1/payOrder/preview", body: { items, ...choices, seen }, schema: PreviewSchema });
}

const Created = z.object({ orderNo: z.string(), status: z.number().int(), payCents: z.number().int(), duplicate: z.boolean() });
export type CreateAnswer =
  { ok: true; orderNo: string; status: number; payCents: number } | { ok: false; code: string; message: string; preview: Preview | null };

/** createOrder (spec 001 section 7); a refusal comes back with its code and, when the order changed, the fresh price. */
export async function createOrder(
  upstream: Upstream,
  order: {
    items: Wanted[];
    cartIds: number[];
    choices: Choices;
    seen: Seen[];
    expectedPayCents: number;
    idempotencyKey: string;
    agreeProtocol: boolean;
  },
): Promise<CreateAnswer> {
  try {
    const answer = await upstream.call({
      method: "POST",
      path: "/saas-business/definePayOrderCart/createOrder",
      query: { schoolId: upstream.ctx.schoolId },
      body: {
        items: order.items,
        cartIds: order.cartIds,
        ...order.choices,
        seen: order.seen,
        expectedPayCents: order.expectedPayCents,
        idempotencyKey: order.idempotencyKey,
        agreeProtocol: order.agreeProtocol ? 1 : 0,
      },
      schema: Created,
      expect: ["business"],
      // an order: a failure without a trusted answer may have gone through (decision 042)
      charges: true,
    });
    return { ok: true, orderNo: answer.orderNo, status: answer.status, payCents: answer.payCents };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
    const preview = PreviewSchema.safeParse(error.data);
    return { ok: false, code: error.code ?? "", message: error.upstreamMessage ?? "", preview: preview.success ? preview.data : null };
  }
}

/**
 * COMPANY_BUY_CHECK (decision 028): 1 buy freely; 2 complete information (scene 2) before buying;
 * 3 suggest completing it (a notice, buying goes on); 4 online buying closed; 5 like 2. `pass`: the user
 * meets the check now.
 */
export type BuyCheck = { status: number; pass: boolean };
const FunctionSet = z.object({ status: z.number().int() }).nullable();
const FunctionStatus = z.object({ status: z.number().int(), pass: z.boolean() }).nullable();

export async function buyCheck(upstream: Upstream): Promise<BuyCheck> {
  const set = await upstream.call({
    path: "/saas-business/company/checkCompanyFunctionSet",
    query: { functionCode: "COMPANY_BUY_CHECK" },
    schema: FunctionSet,
  });
  const status = set?.status ?? 1;
  if (status === 1) return { status, pass: true };
  const verified = await upstream.call({
    path: "/saas-business/v1/sys/config/verifyFunctionCodeStatus",
    query: { functionCode: "COMPANY_BUY_CHECK" },
    schema: FunctionStatus,
  });
  return { status, pass: verified?.pass ?? false };
}
