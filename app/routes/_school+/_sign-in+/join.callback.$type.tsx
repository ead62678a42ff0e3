import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getThirdUserBy, loginByCacheCode } from "~/services/auth.server";
import { completeLogin } from "~/services/login.server";
import { getPortal } from "~/lib/portal.server";
import { thirdStateCookie, type ThirdState } from "~/services/third-party.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { loginHref } from "~/lib/security/redirect";

/** Spec 000 section 2.6: the third-party window closes 500 ms after finishing. */
export const handle = { i18n: ["login"] } satisfies RouteHandle;

export const POPUP_CLOSE_MS = 500;
/** The longest provider message shown (a provider's page of text is not a message). */
const THIRD_MESSAGE_MAX = 200;

/**
 * The provider comes back with `code` and `state`: `getThirdUserBy` tells whether the identity is bound;
 * a bound one logs in by cache code, an unbound one goes to the login form to be linked.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const cookie = thirdStateCookie(portal.tenant.secure);
  const saved = (await cookie.parse(args.request.headers.get("Cookie"))) as ThirdState | null;
  const clear = await cookie.serialize("", { maxAge: 0 });
  const code = url.searchParams.get("code") ?? "";
  // the provider's own words (spec 000 §8): an OAuth refusal's `error_description` / `error`, or the upstream's
  // message; kept in the session for the login page (never in its address: a link cannot put words there)
  const fail = async (why: string, extra: Record<string, string> = {}, message?: string) => {
    const headers = new Headers({ "Set-Cookie": clear });
    const said = message?.trim().slice(0, THIRD_MESSAGE_MAX);
    if (said) {
      portal.session.flash("thirdMessage", said);
      headers.append("Set-Cookie", await portal.commitSession());
    }
    return redirect(loginHref(saved?.backUrl ?? "/home/index", { third: why, ...extra }), { headers });
  };
  const refused = url.searchParams.get("error_description") || url.searchParams.get("error") || undefined;
  if (!saved || !code || saved.state !== url.searchParams.get("state"))
    return fail("failed", {}, saved && saved.state === url.searchParams.get("state") ? refused : undefined);
  let response: Response;
  try {
    const third = await getThirdUserBy(portal.upstream, code);
    if (!third.bound || !third.cacheCode) return fail("unbound", { thirdCacheCode: third.cacheCode ?? "" });
    const answer = await loginByCacheCode(portal.upstream, third.cacheCode);
    response = await completeLogin(portal, answer, { backUrl: saved.backUrl, extraCookies: [clear] });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return fail("failed", {}, error.kind === "business" ? error.upstreamMessage : undefined);
  }
  if (!saved.popup) return response;
  const headers = new Headers();
  for (const [name, value] of response.headers) if (name.toLowerCase() === "set-cookie") headers.append("Set-Cookie", value);
  return data({ target: response.headers.get("Location") ?? "/home/index", i18n: await namespaces(args.request, handle) }, { headers });
}

/** In the pop-up window: the opener goes to the target, the window closes 500 ms later. */
export default function ThirdCallback() {
  const { target, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "login");
  useEffect(() => {
    if (window.opener) {
      (window.opener as Window).location.href = target;
      const timer = setTimeout(() => window.close(), POPUP_CLOSE_MS);
      return () => clearTimeout(timer);
    }
    window.location.replace(target);
  }, [target]);
  return (
    <p className="p-10 text-center" role="status">
      {t("third.done")} <a href={target}>{t("actions.continue")}</a>
    </p>
  );
}
