import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { useNamespaces } from "~/components/use-namespaces";
import { isLoggedIn } from "~/services/portal.server";
import { yuan } from "~/components/catalog/parts";
import { getApplyItem } from "~/services/school-content.server";
import { loadSectionItem, cacheHeaders } from "~/services/sections.server";
import { loginHref } from "~/services/redirect";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "apply", d?.item.title);

export async function loader(args: LoaderFunctionArgs) {
  const { portal, item, i18n } = await loadSectionItem(args, "apply", args.params.id, getApplyItem);
  return data({ item, loggedIn: isLoggedIn(portal), i18n }, { headers: cacheHeaders(portal) });
}

export default function ApplyDetail() {
  const { item, loggedIn, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionDetail width="max-w-3xl" labelId="apply-title" crumbs={<Link to="/apply">{t("apply.title")}</Link>} t={t}>
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
        <Link to={loginHref(`/applydetail/${item.id}`)} className="mt-8 inline-block rounded bg-brand-strong px-5 py-2 text-white">
          {t("apply.loginToSignUp")}
        </Link>
      )}
    </SectionDetail>
  );
}
