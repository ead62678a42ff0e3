import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CheckoutPage, type CheckoutAnswer } from "~/components/shop/CheckoutPage";
import { shopTitle } from "~/components/shop/money";
import { useNamespaces } from "~/components/use-namespaces";
import { OrderFormSchema, parseCheckoutQuery, type CheckoutQuery } from "~/forms/checkout";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { listCart, type CartItem } from "~/services/cart.server";
import { buyCheck, createOrder, previewCheckout, type Wanted } from "~/services/checkout.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { completeInfoHref } from "~/services/study-links";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { currentPath, type Upstream } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { newCreateKey, oneCreate } from "~/lib/state/one-create.server";
import { refused } from "~/lib/http/form-result.server";

export const handle = { i18n: ["shop", "upstream"] } satisfies RouteHandle;

/**
 * Checkout `/payment/order` (spec 000 section 2; issue 16): "buy now" (`commodityId`, `packageId`,
 * `vipId`, `planId`) or the cart (`cartIds`). The price line by line as the upstream computes it for the
 * choices in the query (coupon, points, balance, study card): a GET form, so every change is priced by the
 * server (with JavaScript on change, without it a "recalculate" button). The order form carries what the
 * student saw (`seen`, `expectedPayCents`) and an idempotency key: a double click makes one order, and an
 * item that changed meanwhile is named on this page with the corrected total, every other choice kept.
 */
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: shopTitle(d?.i18n, "checkout") }];

/** Commodity types of the buy-now keys (spec 001 section 3; 4 and 5 are this portal's membership and plan kinds). */
function wantedOf(q: CheckoutQuery, cart: CartItem[]): { items: Wanted[]; cartIds: number[] } {
  const items: Wanted[] = [];
  if (q.commodityId) items.push({ commodityType: 1, commodityId: q.commodityId });
  if (q.packageId) items.push({ commodityType: 2, commodityId: q.packageId });
  if (q.vipId) items.push({ commodityType: 4, commodityId: q.vipId });
  if (q.planId) items.push({ commodityType: 5, commodityId: q.planId });
  const rows = q.cartIds ? cart.filter((c) => q.cartIds!.includes(c.id)) : [];
  for (const row of rows) items.push({ commodityType: row.commodityType, commodityId: row.commodityId });
  return { items, cartIds: rows.map((r) => r.id) };
}

const choicesOf = (q: Pick<CheckoutQuery, "userCouponId" | "points" | "useBalance" | "cardCode">) => ({
  userCouponId: q.userCouponId ?? null,
  points: q.points,
  useBalance: q.useBalance,
  cardCode: q.cardCode ?? null,
});

function readQuery(request: Request): CheckoutQuery {
  const parsed = parseCheckoutQuery(new URL(request.url).searchParams);
  if (!parsed.success) throw data({ kind: "badRequest" }, { status: 400 });
  return parsed.data;
}

async function cartOf(upstream: Upstream, q: CheckoutQuery) {
  return q.cartIds ? listCart(upstream) : [];
}

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const q = readQuery(args.request);
  const back = currentPath(args.request);
  // the buy check and the preview run side by side (the preview waits only for the cart it prices)
  const [check, priced, i18n] = await Promise.all([
    buyCheck(portal.upstream),
    cartOf(portal.upstream, q)
      .then((cart) => {
        const { items } = wantedOf(q, cart);
        return items.length ? previewCheckout(portal.upstream, items, choicesOf(q)) : null;
      })
      .then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    namespaces(args.request, handle),
  ]);
  // COMPANY_BUY_CHECK 2 and 5: the complete-information dialog (scene 2) first, then back here
  if ((check.status === 2 || check.status === 5) && !check.pass) throw redirect(completeInfoHref(2, back));
  if (!priced.ok) throw priced.error;
  const preview = priced.value;
  return data({ preview, check, back, idempotencyKey: newCreateKey(), i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const q = readQuery(args.request);
    const form = parseWithZod(formData, { schema: OrderFormSchema });
    if (form.status !== "success") return refused(form, { error: "malformed" } satisfies CheckoutAnswer);
    // the order's key is also the portal's (decision 095): a second tap waits for the first and goes where it went
    return oneCreate(
      args,
      "order",
      async () => {
        const { items, cartIds } = wantedOf(q, await cartOf(portal.upstream, q));
        if (!items.length) return data<CheckoutAnswer>({ error: "empty" }, { status: 400 });
        const created = await createOrder(portal.upstream, {
          items,
          // the bought items leave the cart in the order's own transaction (a refused order keeps the cart whole)
          cartIds,
          choices: choicesOf(form.value),
          seen: form.value.seen,
          expectedPayCents: form.value.expectedPayCents,
          idempotencyKey: form.value.idempotencyKey,
          agreeProtocol: form.value.agreeProtocol,
        });
        if (created.ok) {
          const orderNo = encodeURIComponent(created.orderNo);
          const wechat = form.value.payType === "wechat" ? "&payType=wechat" : "";
          return redirect(created.payCents === 0 ? `/payment/result?orderNo=${orderNo}` : `/payment/pay?orderNo=${orderNo}${wechat}`, 303);
        }
        if (created.code === "160012") return redirect(completeInfoHref(2, currentPath(args.request)), 303);
        if (created.code === "160010" && created.preview) {
          // 200, not 409: the page's loaders run again after it (Remix skips that after a 4xx), so the price,
          // the choices and the order form's `seen` and `expectedPayCents` all show the corrected order
          return data<CheckoutAnswer>({ error: "changed", problems: created.preview.problems, payCents: created.preview.priced.payCents });
        }
        if (created.code === "160011") return data<CheckoutAnswer>({ error: "protocol" }, { status: 400 });
        // a known code in the page's language (160013 buying closed, ...), any other as the upstream said it
        return data<CheckoutAnswer>({ error: "server", message: upstreamFormError(created, `server:${created.message}`) }, { status: 409 });
      },
      "idempotencyKey",
    );
  });
}

export default function PaymentOrder() {
  const loaderData = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  useNamespaces(loaderData.i18n, "shop");
  return <CheckoutPage {...loaderData} answer={answer} />;
}
