/** Order management's constants, shared by the server module and the pages (no server code here). */

/** Order statuses (not shown in the spec; decisions 028, 038): 1 unpaid, 2 paid, 3 cancelled, 4 expired (closed unpaid). */
export const ORDER_STATUS = { UNPAID: 1, PAID: 2, CANCELLED: 3, EXPIRED: 4 } as const;
export const ORDER_TABS = [
  { key: "all", status: undefined },
  { key: "unpaid", status: ORDER_STATUS.UNPAID },
  { key: "paid", status: ORDER_STATUS.PAID },
  { key: "cancelled", status: ORDER_STATUS.CANCELLED },
  { key: "expired", status: ORDER_STATUS.EXPIRED },
] as const;
export type OrderTab = (typeof ORDER_TABS)[number]["key"];
export const PAGE_SIZE = 10;

/** The order's time to pay, in minutes, as the upstream set it (decision 038: 30). */
export const ttlMinutes = (o: { createdAt: number; expiresAt?: number | null }) => (o.expiresAt ? Math.round((o.expiresAt - o.createdAt) / 60_000) : 30);
export type { Order, OrderCounts } from "./orders.server";
