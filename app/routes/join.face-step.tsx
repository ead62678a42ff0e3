import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { faceWindowDocument } from "~/components/study/face/face-window-document.server";
import { localeOf } from "~/i18n.server";
import { getPortal } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";

/**
 * Login answering 120030002 (spec 000 section 8: "redirects to the face-verification url"), with or without
 * JavaScript: the login action keeps the face page's address in the session (a flash) and redirects here;
 * this document goes on to it by a 0-second meta refresh (a form post's redirect to another origin is
 * blocked by the CSP form-action 'self'; the same pass-through as the study face window). Nothing kept (a
 * reload, an old tab): back to the login page with 'face verification failed'.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = portal.session.get("faceStepUrl");
  const cookie = await portal.commitSession();
  if (typeof url !== "string" || !url) return redirect(loginHref("/home/index", { face: "failed" }), { headers: { "Set-Cookie": cookie } });
  const response = faceWindowDocument({ locale: await localeOf(args.request), url }, { secure: portal.tenant.secure });
  response.headers.append("Set-Cookie", cookie);
  return response;
}
