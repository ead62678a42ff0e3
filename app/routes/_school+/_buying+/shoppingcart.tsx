import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CartPage } from "~/components/shop/CartPage";
import { shopTitle } from "~/components/shop/money";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { addToCart, listCart, pendingAddSignature, removeOwnFromCart, verifyPendingAdd } from "~/services/cart.server";
import { loginRedirect } from "~/lib/guards/guards.server";
import { getPortal, isLoggedIn, requireValidPost } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { checkoutHref } from "~/services/study-links";
import { UpstreamError } from "~/lib/http/upstream.server";
import { CartFormSchema } from "~/forms/cart";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";

export const handle = { i18n: ["shop"] } satisfies RouteHandle;

/**
 * `/shoppingcart` (spec 000 section 2: the cart; spec 001 section 7 "Shopping cart"): list, add, remove one
 * or several, go to checkout. Every form is a plain post answered with a 303; posted by a fetcher (`_js`)
 * the answer is the new count instead, and the header badge follows. A visitor's add goes to login and
 * comes back here with the item added (`?add=` signed for this browser, cart.server.ts).
 */
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: shopTitle(d?.i18n, "cart") }];

const ID = /^\d{1,15}$/;
const idOf = (v: unknown) => (typeof v === "string" && ID.test(v) && Number(v) > 0 ? Number(v) : undefined);
const typeOf = (v: unknown) => (v === null || v === undefined || v === "" ? 1 : v === "1" ? 1 : v === "2" ? 2 : undefined);

/** `?selected=1,2`: the rows ticked when "total" was posted without JavaScript (null: the default, every row on sale). */
function selectedOf(value: string | null): number[] | null {
  if (value === null) return null;
  return value
    .split(",")
    .slice(0, 200)
    .map(idOf)
    .filter((id): id is number => id !== undefined);
}

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  if (!isLoggedIn(portal)) throw loginRedirect(args.request);
  const url = new URL(args.request.url);
  if (url.searchParams.has("add")) {
    const commodityId = idOf(url.searchParams.get("add"));
    const commodityType = typeOf(url.searchParams.get("type"));
    const sig = url.searchParams.get("sig") ?? "";
    let notice = "";
    if (commodityId && commodityType && verifyPendingAdd(portal.clientId, commodityType, commodityId, sig)) {
      notice = await addToCart(portal.upstream, { commodityId, commodityType }).then(
        () => "added",
        (error: unknown) => {
          if (error instanceof UpstreamError && error.kind === "business") return error.code === "160003" ? "bought" : "failed";
          throw error;
        },
      );
    }
    throw redirect(notice ? `/shoppingcart?notice=${notice}` : "/shoppingcart", 303);
  }
  const [items, i18n] = await Promise.all([listCart(portal.upstream), namespaces(args.request, handle)]);
  return data(
    { items, notice: url.searchParams.get("notice"), selected: selectedOf(url.searchParams.get("selected")), i18n },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type CartActionAnswer = { ok: boolean; count?: number; message?: string; error?: string };

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const submission = parseWithZod(formData, { schema: CartFormSchema });
    if (submission.status !== "success") return refused(submission, { ok: false, error: "malformed" } satisfies CartActionAnswer);
    const f = submission.value;
    const js = f._js === "1";
    const answer = (value: CartActionAnswer, to: string, status = 200) => (js ? data(value, { status }) : redirect(to, 303));
    if (f.intent === "add") {
      const { commodityId, commodityType } = f;
      if (!isLoggedIn(portal)) {
        const back = `/shoppingcart?${new URLSearchParams({ add: String(commodityId), type: String(commodityType), sig: pendingAddSignature(portal.clientId, commodityType, commodityId) })}`;
        return redirect(loginHref(back), 303);
      }
      try {
        const count = await addToCart(portal.upstream, { commodityId, commodityType });
        return answer({ ok: true, count }, "/shoppingcart?notice=added");
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
        const notice = error.code === "160003" ? "bought" : error.code === "160001" ? "unavailable" : "failed";
        return answer({ ok: false, message: error.upstreamMessage ?? "" }, `/shoppingcart?notice=${notice}`, 409);
      }
    }
    if (!isLoggedIn(portal)) return redirect(loginHref("/shoppingcart"), 303);
    if (f.intent === "removeOne" || f.intent === "remove") {
      const ids = f.intent === "removeOne" ? [f.removeId] : f.cartId;
      if (!ids.length) return answer({ ok: false, error: "selectOne" }, "/shoppingcart?notice=selectOne", 400);
      try {
        const { removed, count } = await removeOwnFromCart(portal.upstream, ids);
        // none of them in this student's cart (another's rows, or gone): nothing removed, and said so (issue 21)
        if (!removed) return answer({ ok: false, error: "notInCart", count }, "/shoppingcart?notice=notInCart", 404);
        return answer({ ok: true, count }, "/shoppingcart?notice=removed");
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
        return answer({ ok: false, message: error.upstreamMessage ?? "" }, "/shoppingcart?notice=failed", 409);
      }
    }
    if (f.intent === "total") return redirect(`/shoppingcart?selected=${f.cartId.join(",")}`, 303);
    // checkout: a navigation either way (the checkout page is where the order is made)
    if (!f.cartId.length) return redirect("/shoppingcart?notice=selectOne", 303);
    return redirect(checkoutHref({ cartIds: f.cartId.join(",") }), 303);
  });
}

export default function ShoppingCart() {
  const { items, notice, selected, i18n } = useLoaderData<typeof loader>();
  useNamespaces(i18n, "shop");
  return <CartPage items={items} notice={notice} selected={selected} />;
}
