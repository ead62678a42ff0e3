import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { checkDownloadPermission, opensDirectly } from "~/services/download.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { resourceUrl } from "~/services/resources.server";
import { safeExternalUrl } from "~/lib/security/redirect";
import { UpstreamError } from "~/lib/http/upstream.server";

export const handle = { i18n: ["files"] } satisfies RouteHandle;

/**
 * `/student/download?ids=<id>`: the student download route (spec 001 §5, §7 "Download", §8). The
 * permission check (type 'xiazai') comes first; a refusal shows its message. Images (jpg, jpeg, png, gif)
 * open directly (the view address), other files download (the download address).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const ids = new URL(args.request.url).searchParams.get("ids") ?? "";
  const id = /^\d{1,12}$/.test(ids.split(",")[0] ?? "") ? Number(ids.split(",")[0]) : undefined;
  const [refused, i18n] = await Promise.all([checkDownloadPermission(portal.upstream), namespaces(args.request, handle)]);
  if (refused !== undefined) return data({ message: refused, i18n }, { status: 403 });
  if (id === undefined) return data({ message: null, i18n }, { status: 400 });
  try {
    const view = await resourceUrl(portal.upstream, id, "view");
    const direct = opensDirectly(view.url.split("?")[0]!.split(".").pop() ?? "");
    const target = direct ? view.url : (await resourceUrl(portal.upstream, id, "download")).url;
    const safe = safeExternalUrl(target);
    if (!safe) return data({ message: null, i18n }, { status: 502 });
    return redirect(safe, { headers: { "Cache-Control": "private, no-store" } }); // a fresh signed link, never kept (decision 043)
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return data({ message: error.upstreamMessage ?? null, i18n }, { status: 404 });
    throw error;
  }
}

export default function DownloadRefused() {
  const { message, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "files");
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <h1 className="text-xl font-bold">{t("download.refused")}</h1>
      <p role="alert" className="text-red-700" data-testid="download-message">
        {message || t("errors.notFound")}
      </p>
      <Link to="/resource/list" className="text-brand-strong underline">
        {t("download.back")}
      </Link>
    </div>
  );
}
