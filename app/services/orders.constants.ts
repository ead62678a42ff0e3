/** Order management's constants, shared by the server module and the pages (no server code here). */

/** Order statuses (not shown in the spec; decision 028): 1 unpaid, 2 paid, 3 cancelled. */
export const ORDER_STATUS = { UNPAID: 1, PAID: 2, CANCELLED: 3 } as const;
export const ORDER_TABS = [
  { key: "all", status: undefined },
  { key: "unpaid", status: ORDER_STATUS.UNPAID },
  { key: "paid", status: ORDER_STATUS.PAID },
  { key: "cancelled", status: ORDER_STATUS.CANCELLED },
] as const;
export type OrderTab = (typeof ORDER_TABS)[number]["key"];
export const PAGE_SIZE = 10;
export type { Order, OrderCounts } from "./orders.server";
