import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArchiveView } from "~/components/personal/data/ArchiveView";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";
import { getArchive } from "~/services/account-settings.server";
import { requireStudent } from "~/lib/guards/guards.server";

export const handle = { i18n: ["personal"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { personal: ["archive"] } as const satisfies NamespaceParts;

/** The learning archive (spec 001 §2 `/personal/setting/archives`; sandbox `GET archives`): a read page. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args, "setting.archives");
  const [archive, i18n] = await Promise.all([getArchive(portal.upstream), namespaces(args.request, handle, PARTS)]);
  return { archive, i18n };
}

export default function ArchivePage() {
  const { archive, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "personal");
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-bold">{t("archive.title")}</h1>
      <ArchiveView archive={archive} />
    </div>
  );
}
