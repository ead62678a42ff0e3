import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { certificateCounts, listCertificates, unreadCertificates } from "~/services/certificates.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { FilterLink } from "~/components/ui/FilterLink";
import { Notice } from "~/components/ui/Notice";

export const handle = { i18n: ["files"] } satisfies RouteHandle;

/**
 * `/certificate/list?status=1|0` (decision 029): my certificates by status (obtained first), the counts and
 * the unread count (read before the list marks them read), each obtained one with its PDF.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const url = new URL(args.request.url);
  const status = url.searchParams.get("status") === "0" ? 0 : 1;
  // after /certificate/create/<id>: say so (the id only picks the row's name; nothing is trusted from it)
  const createdId = Number(url.searchParams.get("created"));
  const [unread, counts, i18n] = await Promise.all([unreadCertificates(portal.upstream), certificateCounts(portal.upstream), namespaces(args.request, handle)]);
  const list = await listCertificates(portal.upstream, status);
  const created = list.find((c) => c.id === createdId && c.status === 1)?.certificateName ?? null;
  return data({ status, list, counts, unread, created, i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function CertificateList() {
  const { status, list, counts, unread, created, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "files");
  const tab = (value: 0 | 1, label: string) => (
    <FilterLink client href={`?status=${value}`} current={status === value} look="tab" className="text-sm">
      {label}
    </FilterLink>
  );
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-xl font-bold">{t("certificates.title")}</h1>
      {created ? (
        <Notice tone="success" as="p" data-testid="certificate-created">
          {t("certificates.created", { name: created })}
        </Notice>
      ) : null}
      {unread > 0 ? (
        <Notice tone="warning" as="p" data-testid="certificate-unread">
          {t("certificates.unread", { count: unread })}
        </Notice>
      ) : null}
      <nav className="flex gap-2" aria-label={t("certificates.title")}>
        {tab(1, t("certificates.obtained", { count: counts.obtained }))}
        {tab(0, t("certificates.notObtained", { count: counts.notObtained }))}
      </nav>
      {list.length === 0 ? (
        <p className="text-gray-600">{t("certificates.empty")}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {list.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="certificate-row">
              <div>
                <p className="font-medium">{c.certificateName}</p>
                {c.issueTime ? <p className="text-sm text-gray-600">{t("certificates.issued", { date: c.issueTime })}</p> : null}
              </div>
              {c.status === 1 ? (
                <a href={`/certificate/pdf/${c.id}?kind=${c.type}`} className="text-brand-strong underline">
                  {t("certificates.pdf")}
                </a>
              ) : c.unlockFlag === 1 ? (
                <Link to={`/certificate/create/${c.id}`} className="text-brand-strong underline">
                  {t("certificates.claim")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
