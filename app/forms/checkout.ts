import * as z from "zod/v4";

/**
 * The checkout's query (what to buy and the chosen discounts: a GET, so "recalculate" works without
 * JavaScript and a reload keeps every choice) and its order form (a POST with the idempotency key).
 */
const id = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().positive());
const optionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), id.optional());
const idList = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string()
    .regex(/^\d{1,15}(,\d{1,15}){0,49}$/)
    .transform((s) => [...new Set(s.split(",").map(Number))])
    .optional(),
);

export const POINTS_MAX = 10_000_000;

export const CheckoutQuerySchema = z.object({
  commodityId: optionalId,
  packageId: optionalId,
  vipId: optionalId,
  planId: optionalId,
  cartIds: idList,
  userCouponId: optionalId,
  points: z
    .preprocess(
      (v) => (v === "" || v === null || v === undefined ? "0" : v),
      z
        .string()
        .regex(/^\d{1,8}$/)
        .transform(Number),
    )
    .pipe(z.number().int().min(0).max(POINTS_MAX)),
  useBalance: z.preprocess((v) => v === "1" || v === "on", z.boolean()),
  cardCode: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,40}$/)
      .optional(),
  ),
});
export type CheckoutQuery = z.infer<typeof CheckoutQuerySchema>;

export function parseCheckoutQuery(params: URLSearchParams) {
  const raw: Record<string, string | null> = {};
  for (const key of Object.keys(CheckoutQuerySchema.shape)) raw[key] = params.get(key);
  return CheckoutQuerySchema.safeParse(raw);
}

export { PRODUCT_KEYS } from "./checkout-keys";

const seenEntry = z
  .string()
  .regex(/^[1-5]:\d{1,15}:\d{1,12}$/)
  .transform((s) => {
    const [commodityType, commodityId, priceCents] = s.split(":").map(Number) as [number, number, number];
    return { commodityType, commodityId, priceCents };
  });

/** The order form: the choices as the page applied them (not the address's: a coupon there may have expired), what was seen, the key. */
export const OrderFormSchema = z.object({
  userCouponId: CheckoutQuerySchema.shape.userCouponId,
  points: CheckoutQuerySchema.shape.points,
  useBalance: CheckoutQuerySchema.shape.useBalance,
  cardCode: CheckoutQuerySchema.shape.cardCode,
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  expectedPayCents: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
  seen: z.array(seenEntry).max(50),
  agreeProtocol: z.preprocess((v) => v === "on" || v === "1", z.boolean()),
  /** how to pay at the provider (decision 038): its cashier, or WeChat Pay (the openid check first) */
  payType: z.preprocess((v) => v ?? undefined, z.enum(["online", "wechat"]).optional()),
});
