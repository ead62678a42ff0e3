import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { esignDocument } from "~/components/study/agreements/esign-document.server";
import { EsignSchema } from "~/forms/learner";
import { localeOf, serverResources } from "~/i18n.server";
import { isPending, loadAgreement, prepareAgreement } from "~/services/agreements.server";
import { knownCompany } from "~/services/config.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost } from "~/lib/portal.server";
import { agreementHref } from "~/services/study-links";

/**
 * The e-sign hand-over (spec 001 §4 "Agreement signing" 2; §7 prepareAgreement): a resource route (no page
 * of its own) the agreement page's e-sign button posts to. It asks the upstream for the provider's form and
 * answers the small document that posts it (`esign-document.server.tsx`); the provider sends the student
 * back to the agreement page (`?esign=1` signed, `0` refused), which goes on to `backUrl` once signed.
 * A failure goes back to the agreement page with the server's message (spec 001 §8).
 */
export function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  return redirect(agreementHref("edit", args.params.curId ?? "0", args.params.protocolId ?? "0", { backUrl: url.searchParams.get("backUrl") ?? undefined }));
}

export async function action(args: ActionFunctionArgs) {
  const { formData } = await requireValidPost(args);
  const portal = await requireStudent(args);
  if (parseWithZod(formData, { schema: EsignSchema }).status !== "success") return Response.json({ error: "malformed" }, { status: 400 });
  const { agreement, backUrl } = await loadAgreement(args, portal, "edit");
  const page = agreementHref("edit", agreement.id, agreement.protocolId, { backUrl });
  if (!isPending(agreement.agreementStatus) || agreement.protocolType !== 1) throw redirect(page, 303);
  const companyId = portal.session.get("companyId") ?? knownCompany(portal.tenant.domain);
  const prepared = await prepareAgreement(portal.upstream, agreement, companyId, new URL(page, portal.tenant.origin).toString());
  if (!prepared.ok) throw redirect(agreementHref("edit", agreement.id, agreement.protocolId, { backUrl, esignFailed: prepared.message || " " }), 303);
  const text = serverResources[await localeOf(args.request)].agreement.sign;
  return esignDocument({ action: prepared.action, params: prepared.params }, { title: text.title, go: text.esignContinue }, portal.tenant.secure);
}
