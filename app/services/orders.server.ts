import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/v4";
import { namespaces } from "~/i18n.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { myOrdersHref } from "~/services/study-links";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/**
 * Order management (`/personal/order?parentId=-1`, spec 001 section 7 "Orders"): the list with the status
 * counts as tabs (countUserOrderStatus), one order's detail (findOrderById), cancel (abolishOrder) and pay
 * an unpaid order. The route file shared with my agreements (`?OrderTabIndex=2`) only dispatches here.
 */

import { ORDER_TABS, PAGE_SIZE } from "~/services/orders.constants";

export { ORDER_STATUS } from "~/services/orders.constants";

const Item = z.object({
  commodityType: z.number().int(),
  commodityId: z.number().int(),
  commodityName: z.string(),
  commodityCode: z.string().nullish(),
  priceCents: z.number().int(),
  memberPriceCents: z.number().int().nullish(),
});
export const OrderSchema = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  subtotalCents: z.number().int(),
  memberCents: z.number().int(),
  couponCents: z.number().int(),
  pointsUsed: z.number().int(),
  pointsCents: z.number().int(),
  cardCents: z.number().int(),
  balanceCents: z.number().int(),
  payCents: z.number().int(),
  totalCents: z.number().int(),
  payResult: z.string().nullish(),
  createdAt: z.number(),
  paidAt: z.number().nullish(),
  /** when an unpaid order closes (decision 038); absent from an upstream that does not expire orders */
  expiresAt: z.number().nullish(),
  cancelledAt: z.number().nullish(),
  items: z.array(Item),
});
export type Order = z.infer<typeof OrderSchema>;
const OrderList = z.object({ total: z.number().int(), list: z.array(OrderSchema) });
const Counts = z.object({
  all: z.number().int(),
  unpaid: z.number().int(),
  paid: z.number().int(),
  cancelled: z.number().int(),
  expired: z.number().int().default(0),
});
export type OrderCounts = z.infer<typeof Counts>;

export function listOrders(upstream: Upstream, status: number | undefined, pageNum: number) {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/payOrder/findOrderList",
    body: { status: status ?? null, pageNum, pageSize: PAGE_SIZE },
    schema: OrderList,
  });
}
export function countOrders(upstream: Upstream) {
  return upstream.call({ path: "/saas-business/v1/payOrder/countUserOrderStatus", schema: Counts });
}

/** One order of the student; undefined when the upstream does not know it (or it is another's). */
export async function getOrder(upstream: Upstream, orderNo: string): Promise<Order | undefined> {
  try {
    return await upstream.call({ path: "/saas-business/v1/payOrder/findOrderById", query: { orderNo }, schema: OrderSchema, expect: ["business"] });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return undefined;
    throw error;
  }
}

export async function cancelOrder(upstream: Upstream, orderNo: string): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  try {
    await upstream.call({ path: "/saas-business/v1/payOrder/abolishOrder", query: { orderNo }, schema: z.unknown(), expect: ["business"] });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
    return { ok: false, code: error.code ?? "", message: error.upstreamMessage ?? "" };
  }
}

const ORDER_NO = /^[A-Za-z0-9_-]{1,40}$/;

/** The loader of `/personal/order?parentId=-1` (the guard first, then every call at once). */
export async function ordersLoader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const tab = ORDER_TABS.find((t) => t.key === url.searchParams.get("tab")) ?? ORDER_TABS[0];
  const page = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const orderNo = url.searchParams.get("orderNo");
  // the permission check runs in the round of the page's calls (one round per page)
  const {
    loaded: [list, counts, order, i18n],
  } = await requireStudentWith(args, "order.order", (portal) =>
    Promise.all([
      listOrders(portal.upstream, tab.status, page),
      countOrders(portal.upstream),
      orderNo && ORDER_NO.test(orderNo) ? getOrder(portal.upstream, orderNo) : Promise.resolve(undefined),
      namespaces(args.request, ["shop"]),
    ]),
  );
  if (orderNo && !order) throw data(null, { status: 404 });
  return { kind: "orders" as const, tab: tab.key, page, list, counts, order: order ?? null, notice: url.searchParams.get("notice"), i18n };
}

/** The order list's posts (issue 23 step 3): cancel or pay an order, one union on `intent`. */
const OrderPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), orderNo: z.string().regex(ORDER_NO) }),
  z.object({ intent: z.literal("pay"), orderNo: z.string().regex(ORDER_NO), payType: z.string().optional() }),
]);

/** Cancel or pay an unpaid order; answered with a 303 back to the list (or to the provider). */
export async function ordersAction(args: ActionFunctionArgs) {
  const { formData } = await requireValidPost(args);
  const portal = await requireStudent(args, "order.order");
  const submission = parseWithZod(formData, { schema: OrderPostSchema });
  // the order and the choice come from the row's buttons: a refusal of the schema is a post no button makes
  if (submission.status !== "success") return data({ error: "malformed" as const }, { status: 400 });
  const post = submission.value;
  const { orderNo } = post;
  const back = (notice: string) => `${myOrdersHref()}&orderNo=${encodeURIComponent(orderNo)}&notice=${notice}`;
  if (post.intent === "cancel") {
    const r = await cancelOrder(portal.upstream, orderNo);
    return redirect(back(r.ok ? "cancelled" : "stateChanged"), 303);
  }
  // the provider's address comes from the pay page (a 303 to another site would meet the CSP form-action)
  const wechat = post.payType === "wechat" ? "&payType=wechat" : "";
  return redirect(`/payment/pay?orderNo=${encodeURIComponent(orderNo)}${wechat}`, 303);
}
