import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { certificatePdfUrl } from "~/services/certificates.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { safeExternalUrl } from "~/lib/security/redirect";
import { UpstreamError } from "~/lib/http/upstream.server";

/**
 * `/certificate/pdf/<id>?kind=train|learn`: opens the certificate's PDF (spec 001 §7 getTrainsPdfUrl /
 * getLearnPdfUrl). The PDF is a private object of the store: the upstream answers the signed-in student a
 * fresh short-lived signed link to their own certificate (decision 043), and the browser is sent there.
 * The link is never kept (the redirect is `no-store`), logged (the request log has the path only) nor put
 * in the portal's own addresses; another student's certificate is the upstream's refusal, a 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const id = /^\d{1,9}$/.test(args.params.id ?? "") ? Number(args.params.id) : undefined;
  const kind = new URL(args.request.url).searchParams.get("kind") === "train" ? "train" : "learn";
  if (id === undefined) throw new Response("not found", { status: 404 });
  try {
    const { url } = await certificatePdfUrl(portal.upstream, id, kind);
    const safe = safeExternalUrl(url);
    if (!safe) throw new Response("bad gateway", { status: 502 });
    return redirect(safe, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") throw new Response("not found", { status: 404 });
    throw error;
  }
}
