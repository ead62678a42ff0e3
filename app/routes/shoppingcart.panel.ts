import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPortal, isLoggedIn } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { UpstreamError } from "~/lib/http/upstream.server";
import { cartPanelItems, type CartPanelAnswer } from "~/services/cart.server";
import { CART_ACTION } from "~/components/shop/money";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * `GET /shoppingcart/panel`: the header's cart panel (spec 001 sections 3 and 4: the cart panel can be shown
 * or hidden; decision 068), loaded when the student opens it. A resource route: no layout loader runs, so
 * the answer costs the cart page's one list call (`listCart`, the student's own session: another student's
 * cart is never asked for). A visitor, or a session the upstream no longer takes, gets the way to sign in
 * (the login page back to the cart page: the cart page's own guard does the rest); an upstream failure a
 * message (502), never a 500 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  const answer = (body: CartPanelAnswer, status = 200) => Response.json(body, { status, headers: NO_STORE });
  if (!isLoggedIn(portal)) return answer({ login: loginHref(CART_ACTION) }, 401);
  try {
    return answer({ items: await cartPanelItems(portal.upstream) });
  } catch (error) {
    if (error instanceof UpstreamError) return answer({ failed: true }, 502);
    // the session mapping's redirect (a lapsed or replaced session): the cart page meets it again and renews or signs in
    if (error instanceof Response && error.status >= 300 && error.status < 400) return answer({ login: CART_ACTION }, 401);
    if (error instanceof Response) return answer({ failed: true }, 502);
    throw error;
  }
}
