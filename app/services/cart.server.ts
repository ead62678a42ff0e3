import { createHmac, timingSafeEqual } from "node:crypto";
import * as z from "zod/v4";
import { env } from "~/env.server";
import { SOFT_FAILURES, UpstreamError, type Upstream } from "~/lib/http/upstream.server";
import { optionalId } from "~/lib/http/schemas.server";

/**
 * The shopping cart (spec 001 section 7 "Shopping cart", /saas-business, each with query schoolId;
 * section 3 commodity types and buy source; spec 000 section 2.2 the header badge).
 */

/** Spec 001 section 3: 1 COURSE → COMMODITY_CLASS, 2 PACKAGE → COMMODITY_PACKAGE, 3 MOUDLE. */
export const COMMODITY_TYPES = { COURSE: 1, PACKAGE: 2, MOUDLE: 3 } as const;
export const COMMODITY_CODES = { 1: "COMMODITY_CLASS", 2: "COMMODITY_PACKAGE", 3: "MOUDLE" } as const;
/** Spec 001 section 3: buy source 1 class type, 2 class package. */
export const BUY_SOURCES = { CLASS_TYPE: 1, CLASS_PACKAGE: 2 } as const;
export const buySourceOf = (commodityType: number) => (commodityType === COMMODITY_TYPES.PACKAGE ? BUY_SOURCES.CLASS_PACKAGE : BUY_SOURCES.CLASS_TYPE);

export const CartListSchema = z
  .array(z.looseObject({ id: optionalId, commodityId: optionalId }))
  .nullable()
  .transform((v) => v ?? []);

export const CartItemSchema = z.object({
  id: z.number().int(),
  commodityId: z.number().int(),
  commodityType: z.number().int(),
  commodityName: z.string(),
  cover: z.string().nullish(),
  priceCents: z.number().int().nullish(),
  memberPriceCents: z.number().int().nullish(),
  status: z.enum(["ok", "bought", "soldOut", "notFound"]).catch("notFound"),
  protocolId: z.number().int().nullish(),
});
export type CartItem = z.infer<typeof CartItemSchema>;
const CartItems = z
  .array(CartItemSchema)
  .nullable()
  .transform((v) => v ?? []);
const CountSchema = z.object({ count: z.number().int() });

/** The cart items of the current school, for the header badge; failures are logged only (spec 000 section 8). */
export async function getCartCount(upstream: Upstream): Promise<number> {
  try {
    const items = await upstream.call({
      path: "/saas-business/definePayOrderCart/list",
      query: { schoolId: upstream.ctx.schoolId },
      schema: CartListSchema,
      expect: SOFT_FAILURES,
    });
    return items.length;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    console.error(JSON.stringify({ level: "warn", msg: "cart list failed", error: error.message }));
    return 0;
  }
}

/** The cart's rows; `soft`: the failures a background caller answers itself (the header's panel) are thrown, not mapped to a page. */
export function listCart(upstream: Upstream, { soft = false }: { soft?: boolean } = {}): Promise<CartItem[]> {
  return upstream.call({
    path: "/saas-business/definePayOrderCart/list",
    query: { schoolId: upstream.ctx.schoolId },
    schema: CartItems,
    expect: soft ? SOFT_FAILURES : undefined,
  });
}

/** One row of the header's cart panel (decision 068): what it draws, nothing more. */
export type CartPanelItem = { id: number; name: string; priceCents: number | null; onSale: boolean };
/** `GET /shoppingcart/panel`'s answer (app/routes/shoppingcart.panel.ts), one of the three. */
export type CartPanelAnswer = { items: CartPanelItem[] } | { login: string } | { failed: true };

/** The header's cart panel (spec 001 sections 3 and 4: the panel shown and hidden): the cart page's one list call. */
export async function cartPanelItems(upstream: Upstream): Promise<CartPanelItem[]> {
  const items = await listCart(upstream, { soft: true });
  return items.map((item) => ({ id: item.id, name: item.commodityName, priceCents: item.priceCents ?? null, onSale: item.status === "ok" }));
}

/** Adds one commodity (the same add twice keeps one row: the upstream's answer); business failures are the caller's. */
export async function addToCart(upstream: Upstream, item: { commodityId: number; commodityType: number }): Promise<number> {
  const answer = await upstream.call({
    method: "POST",
    path: "/saas-business/definePayOrderCart/add",
    query: { schoolId: upstream.ctx.schoolId },
    body: {
      commodityId: item.commodityId,
      commodityType: item.commodityType,
      commodityCode: COMMODITY_CODES[item.commodityType as 1 | 2] ?? null,
      buySource: buySourceOf(item.commodityType),
    },
    schema: CountSchema,
    expect: ["business"],
  });
  return answer.count;
}

export async function removeFromCart(upstream: Upstream, ids: number[]): Promise<number> {
  const answer = await upstream.call({
    method: "POST",
    path: "/saas-business/definePayOrderCart/delete",
    query: { schoolId: upstream.ctx.schoolId },
    body: { ids },
    schema: CountSchema,
    expect: ["business"],
  });
  return answer.count;
}

/**
 * Removes the rows among `ids` that are in the student's cart: how many were (0: nothing sent, the ids
 * are another's or gone) and the cart's count after. The upstream's delete answers alike either way, so the
 * portal asks the list first and says what really happened (issue 21).
 */
export async function removeOwnFromCart(upstream: Upstream, ids: number[]): Promise<{ removed: number; count: number }> {
  const items = await listCart(upstream);
  const own = ids.filter((id) => items.some((item) => item.id === id));
  if (!own.length) return { removed: 0, count: items.length };
  return { removed: own.length, count: await removeFromCart(upstream, own) };
}

/**
 * A visitor's "add to cart" goes to login and comes back with the item added: the way back carries the
 * item and a signature bound to this browser's clientId cookie, so only the post this browser made
 * (CSRF-checked) can add anything on the GET after login; a link from elsewhere adds nothing.
 */
export function pendingAddSignature(clientId: string, commodityType: number, commodityId: number): string {
  return createHmac("sha256", env().SESSION_SECRET[0]!).update(`cart-add|${clientId}|${commodityType}|${commodityId}`).digest("base64url").slice(0, 32);
}

export function verifyPendingAdd(clientId: string, commodityType: number, commodityId: number, sig: string): boolean {
  const expected = Buffer.from(pendingAddSignature(clientId, commodityType, commodityId));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
