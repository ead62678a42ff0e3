import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { loginByFace } from "~/services/auth.server";
import { completeLogin } from "~/services/login.server";
import { getPortal } from "~/lib/portal.server";
import { loginHref, safeRedirect } from "~/lib/security/redirect";
import { UpstreamError } from "~/lib/http/upstream.server";

/** Back from the face page (code 120030002): `loginByFace?loginToken&orderNo` makes the session. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const loginToken = url.searchParams.get("loginToken") ?? "";
  const orderNo = url.searchParams.get("orderNo") ?? "";
  const backUrl = safeRedirect(url.searchParams.get("backUrl") ?? undefined);
  try {
    const answer = await loginByFace(portal.upstream, loginToken, orderNo);
    return await completeLogin(portal, answer, { backUrl });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return redirect(loginHref(backUrl, { face: "failed" }));
  }
}
