import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { thirdLoginUrl } from "~/services/auth.server";
import { getPortal } from "~/lib/portal.server";
import { loginHref, safeExternalUrl, safeRedirect } from "~/lib/security/redirect";
import { THIRD_TYPES, thirdStateCookie, type ThirdState } from "~/services/third-party.server";
import { UpstreamError } from "~/lib/http/upstream.server";

/** The provider's page carries what a social login frame needs (spec 000 section 5): client id, redirect address, response type, scope. */
function hasSocialParameters(target: string): boolean {
  const params = new URL(target).searchParams;
  return ["client_id", "redirect_uri", "response_type", "scope"].every((name) => Boolean(params.get(name)));
}

/** Starts a third-party login: a signed state cookie, then the provider's authorise page. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const type = args.params.type ?? "";
  const url = new URL(args.request.url);
  const backUrl = safeRedirect(url.searchParams.get("backUrl") ?? undefined);
  if (!(THIRD_TYPES as readonly string[]).includes(type)) throw redirect(loginHref(backUrl));
  const state: ThirdState = { state: crypto.randomUUID(), backUrl, popup: url.searchParams.get("popup") === "1" };
  const redirectUri = new URL(`/join/callback/${type}`, portal.tenant.origin).toString();
  try {
    const answer = await thirdLoginUrl(portal.upstream, { type, redirectUri, state: state.state });
    // The provider's page: an absolute http(s) URL, re-serialised; anything else is a failed start.
    const target = safeExternalUrl(answer.url);
    if (!target || target.startsWith("/")) return redirect(loginHref(backUrl, { third: "failed" }));
    // spec 000 section 5: the social login needs client id, redirect address, response type and scope, else 'Missing parameters'
    if (!hasSocialParameters(target)) return redirect(loginHref(backUrl, { third: "missing" }));
    return redirect(target, { headers: { "Set-Cookie": await thirdStateCookie(portal.tenant.secure).serialize(state) } });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return redirect(loginHref(backUrl, { third: "failed" }));
  }
}
