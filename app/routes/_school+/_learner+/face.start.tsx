import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { faceWindowDocument } from "~/components/study/face/face-window-document.server";
import { PostOnlySchema } from "~/forms/fields";
import { localeOf } from "~/i18n.server";
import { faceScopeOf, faceVerifyUrl } from "~/services/face.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { UpstreamError } from "~/lib/http/upstream.server";

/**
 * The face verification window (spec 001 §4 "Face flow" 1): the face step's button posts here in a new tab
 * (`target="_blank"`). It asks for the provider's page (getFaceVerifyUrl; with `scope=common` commonFaceVerifyUrl), keeps the order number in the
 * session for 'done', and answers a small document that goes on to the page by meta refresh (a redirect
 * of a form post to another origin is blocked by the CSP form-action; a pass-through document like the
 * management-centre link's). A failing URL fetch shows the server message (spec 001 §8).
 */
export function loader() {
  return redirect("/face/check");
}

export async function action(args: ActionFunctionArgs) {
  const { formData } = await requireValidPost(args);
  const portal = await requireStudent(args);
  if (parseWithZod(formData, { schema: PostOnlySchema }).status !== "success") return Response.json({ error: "malformed" }, { status: 400 });
  const locale = await localeOf(args.request);
  let url: string;
  let orderNo: string;
  try {
    ({ url, orderNo } = await faceVerifyUrl(portal.upstream, faceScopeOf(new URL(args.request.url).searchParams.get("scope"))));
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") {
      return faceWindowDocument({ locale, message: error.upstreamMessage ?? "" }, { status: 400, secure: portal.tenant.secure });
    }
    if (error instanceof TypeError) return faceWindowDocument({ locale, message: "" }, { status: 502, secure: portal.tenant.secure });
    throw error;
  }
  portal.session.set("faceOrder", orderNo);
  const response = faceWindowDocument({ locale, url }, { secure: portal.tenant.secure });
  response.headers.append("Set-Cookie", await portal.commitSession());
  return response;
}
