import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { myOrdersHref } from "~/services/study-links";

/** `/personal/order` is an index route under the section layout: `index` sends the post to it, not to the layout. */
const ORDERS_ACTION = `${myOrdersHref()}&index`;

/** Pay an unpaid order: a post to order management, answered with a 303 to the pay page (and on to the provider). */
export function PayOrderForm({ orderNo, label }: { orderNo: string; label: string }) {
  return (
    <Form method="post" action={ORDERS_ACTION}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="orderNo" value={orderNo} />
      <button type="submit" name="intent" value="pay" className="rounded bg-brand-strong px-5 py-2 text-white">
        {label}
      </button>
    </Form>
  );
}

/** Cancel an unpaid order (abolishOrder); the balance, points and coupon it took go back. */
export function CancelOrderForm({ orderNo, label }: { orderNo: string; label: string }) {
  return (
    <Form method="post" action={ORDERS_ACTION}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="orderNo" value={orderNo} />
      <button type="submit" name="intent" value="cancel" className="rounded border border-gray-400 px-5 py-2">
        {label}
      </button>
    </Form>
  );
}
