import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { isLifetime, yuan } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { listVipLevels } from "~/services/school-content.server";
import { loadSection, cacheHeaders, titleOf } from "~/lib/guards/sections.server";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "vip", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const { portal, value: levels, i18n } = await loadSection(args, "vip", (p) => listVipLevels(p.upstream));
  return data({ levels, i18n, title: titleOf(i18n, "vip.title") }, { headers: cacheHeaders(portal) });
}

export default function Vip() {
  const { levels, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionList title={t("vip.title")} intro={t("vip.intro")} items={levels} empty={t("vip.empty")} t={t}>
      {(list) => (
        <ul className="grid gap-4 md:grid-cols-3">
          {list.map((level) => (
            <li key={level.id} className="flex flex-col rounded-lg border border-amber-300 bg-white p-6">
              <h2 className="text-xl font-semibold">{level.levelName}</h2>
              <p className="mt-2 text-2xl font-bold text-red-700">{yuan(level.price)}</p>
              <p className="text-sm text-gray-600">
                {isLifetime(level.durationDays) ? t("vip.lifetime") : t("vip.duration", { days: level.durationDays })}
                {level.discount ? ` · ${t("vip.discount", { discount: level.discount })}` : null}
              </p>
              <ul className="mt-4 flex-1 list-inside list-disc space-y-1 text-sm">
                {level.benefits.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
              <Link to={`/payment/order?vipId=${level.id}`} className={buttonClass({ variant: "strong", className: "mt-6" })}>
                {t("vip.open")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
