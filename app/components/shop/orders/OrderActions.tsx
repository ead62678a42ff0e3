import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { myOrdersHref } from "~/services/study-links";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

/** `/personal/order` is an index route under the section layout: `index` sends the post to it, not to the layout. */
const ORDERS_ACTION = `${myOrdersHref()}&index`;

/**
 * Pay an unpaid order: a post to order management, answered with a 303 to the pay page (and on to the
 * provider). With `wechatLabel`, a second button pays with WeChat (`payType=wechat`: the openid check first).
 */
export function PayOrderForm({ orderNo, label, wechatLabel }: { orderNo: string; label: string; wechatLabel?: string }) {
  return (
    <Form method="post" action={ORDERS_ACTION} className="flex flex-wrap gap-3">
      <AuthenticityTokenInput name="csrf" />
      <HiddenInput name="orderNo" value={orderNo} />
      <HiddenInput name="intent" value="pay" />
      <Button type="submit" variant="strong" size="lg">
        {label}
      </Button>
      {wechatLabel ? (
        <Button type="submit" name="payType" value="wechat" variant="bare" className="rounded border border-green-700 px-5 py-2 text-green-800">
          {wechatLabel}
        </Button>
      ) : null}
    </Form>
  );
}

/** Cancel an unpaid order (abolishOrder); the balance, points and coupon it took go back. */
export function CancelOrderForm({ orderNo, label }: { orderNo: string; label: string }) {
  return (
    <Form method="post" action={ORDERS_ACTION}>
      <AuthenticityTokenInput name="csrf" />
      <HiddenInput name="orderNo" value={orderNo} />
      <Button type="submit" name="intent" value="cancel" variant="outline" size="lg">
        {label}
      </Button>
    </Form>
  );
}
