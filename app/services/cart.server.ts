import * as z from "zod/v4";
import { SOFT_FAILURES, UpstreamError, type Upstream } from "~/services/upstream.server";
import { optionalId } from "~/services/schemas.server";

export const CartListSchema = z
  .array(z.looseObject({ id: optionalId, commodityId: optionalId }))
  .nullable()
  .transform((v) => v ?? []);

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
