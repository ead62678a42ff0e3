import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { sectionHeaders } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces } from "~/i18n.server";
import { getPortal, isLoggedIn } from "~/services/portal.server";
import { yuan } from "~/components/catalog/parts";
import { getApplyItem } from "~/services/school-content.server";
import { idOf, notFound, requireSectionAccess, sectionHeaders as cacheHeaders } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = sectionHeaders;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "apply", d?.item.title);

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const id = idOf(args.params.id);
  const [, item, i18n] = await Promise.all([requireSectionAccess(portal, "apply"), id ? getApplyItem(portal.upstream, id) : null, namespaces(args.request, ["catalog"])]);
  if (!item) notFound(portal);
  return data({ item, loggedIn: isLoggedIn(portal), i18n }, { headers: cacheHeaders(portal) });
}

export default function ApplyDetail() {
  const { item, loggedIn, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8" aria-labelledby="apply-title">
      <nav aria-label={t("breadcrumb")} className="mb-4 text-sm text-gray-700">
        <Link to="/apply">{t("apply.title")}</Link>
      </nav>
      <h1 id="apply-title" className="text-2xl font-bold">
        {item.title}
      </h1>
      <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-y-2 rounded border border-gray-200 bg-white p-4 text-sm">
        <dt className="text-gray-600">{t("apply.examName")}</dt>
        <dd>{item.examName}</dd>
        <dt className="text-gray-600">{t("apply.examTime")}</dt>
        <dd>{item.examTime}</dd>
        <dt className="text-gray-600">{t("apply.place")}</dt>
        <dd>{item.place}</dd>
        <dt className="text-gray-600">{t("apply.applyPeriod")}</dt>
        <dd>
          {item.applyStart} – {item.applyEnd}
        </dd>
        <dt className="text-gray-600">{t("apply.feeLabel")}</dt>
        <dd>{yuan(item.fee)}</dd>
        <dt className="text-gray-600">{t("apply.quotaLabel")}</dt>
        <dd>{t("apply.quota", { applied: item.applied, quota: item.quota })}</dd>
      </dl>
      <section aria-labelledby="apply-desc" className="mt-6">
        <h2 id="apply-desc" className="text-xl font-semibold">
          {t("apply.description")}
        </h2>
        {item.description.map((p, i) => (
          <p key={i} className="mt-2">
            {p}
          </p>
        ))}
        <h2 className="mt-6 text-xl font-semibold">{t("apply.requirements")}</h2>
        <ul className="mt-2 list-inside list-disc">
          {item.requirements.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      {loggedIn ? null : (
        <Link to={`/join/login?backUrl=${encodeURIComponent(`/applydetail/${item.id}`)}`} className="mt-8 inline-block rounded bg-brand-strong px-5 py-2 text-white">
          {t("apply.loginToSignUp")}
        </Link>
      )}
    </article>
  );
}
