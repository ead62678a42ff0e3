import * as z from "zod/v4";
import { formId } from "~/forms/fields";

/** Posted by a fetcher (the page is hydrated): answered with data instead of a 303. */
const js = { _js: z.literal("1").optional() };
/** The ticked rows (checkboxes `cartId`): none is the page's "select one" message, not a malformed post. */
const cartIds = z.array(formId).default([]);

/**
 * The cart's forms (`/shoppingcart`): add a commodity (its page's button: `commodityType` 1 course, the
 * default, or 2 package), remove the ticked rows or go to checkout with them (`intent` remove / checkout),
 * and a row's own remove button (`removeId`, no intent: read as intent "removeOne"; it wins over another
 * intent, as the row's button was the one pressed). `total` (no JavaScript) shows the ticked rows' total.
 */
export const CartFormSchema = z.preprocess(
  (v) => (typeof v === "object" && v !== null && "removeId" in v && (v as { intent?: unknown }).intent !== "add" ? { ...v, intent: "removeOne" } : v),
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("add"), commodityId: formId, commodityType: z.enum(["1", "2"]).default("1").transform(Number), ...js }),
    z.object({ intent: z.literal("removeOne"), removeId: formId, ...js }),
    z.object({ intent: z.literal("remove"), cartId: cartIds, ...js }),
    z.object({ intent: z.literal("checkout"), cartId: cartIds, ...js }),
    // without JavaScript: the total of the ticked rows, counted by the server (the page comes back with them ticked)
    z.object({ intent: z.literal("total"), cartId: cartIds, ...js }),
  ]),
);
