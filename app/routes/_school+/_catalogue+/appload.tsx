import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { Empty, SectionPage } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { qrSvgDataUrl, SCHOOL_QR_SIZE, APP_QR_SIZE } from "~/services/app-download.server";
import { loadConfig } from "~/services/config.server";
import { loadSection, cacheHeaders, titleOf } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "app", d?.title);

const httpUrl = (v: string) => (/^https?:\/\//i.test(v) ? v : "");

/** `/appload`: the app download page from the company's appConfig; QR codes made on the server as SVG. */
export async function loader(args: LoaderFunctionArgs) {
  const {
    portal,
    value: [baseInfo, company],
    i18n,
  } = await loadSection(args, "app", (p) => Promise.all([loadConfig(p.upstream, "baseInfo"), loadConfig(p.upstream, "company")]));
  const app = baseInfo.appConfig;
  const enabled = app?.appConfigStatus === 1;
  const scan = enabled ? httpUrl(app.scanDownURL) : "";
  const school = enabled ? httpUrl(app.schoolURL) : "";
  const [appQr, schoolQr] = await Promise.all([scan ? qrSvgDataUrl(scan, APP_QR_SIZE) : "", school ? qrSvgDataUrl(school, SCHOOL_QR_SIZE) : ""]);
  return data(
    {
      enabled,
      appQr,
      schoolQr,
      ios: enabled ? httpUrl(app.iosDownURL) : "",
      android: enabled ? httpUrl(app.androidDownURL) : "",
      sizes: { app: APP_QR_SIZE, school: SCHOOL_QR_SIZE },
      companyName: company.companyName,
      i18n,
      title: titleOf(i18n, "appload.title"),
    },
    { headers: cacheHeaders(portal) },
  );
}

export default function AppLoad() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n);
  return (
    <SectionPage title={t("appload.title")} intro={<p>{t("appload.intro", { name: d.companyName })}</p>}>
      {d.enabled ? (
        <div className="flex flex-wrap gap-10 rounded-lg border border-gray-200 bg-white p-6">
          {d.appQr ? (
            <figure className="text-center">
              <img src={d.appQr} width={d.sizes.app} height={d.sizes.app} alt={t("appload.appQr")} />
              <figcaption className="mt-2 text-sm text-gray-700">{t("appload.scan")}</figcaption>
            </figure>
          ) : null}
          {d.schoolQr ? (
            <figure className="text-center">
              <img src={d.schoolQr} width={d.sizes.school} height={d.sizes.school} alt={t("appload.schoolQr")} />
              <figcaption className="mt-2 text-sm text-gray-700">{t("appload.schoolScan")}</figcaption>
            </figure>
          ) : null}
          <ul className="flex flex-col gap-3 self-center">
            {d.ios ? (
              <li>
                <a href={d.ios} className="inline-block rounded bg-gray-900 px-5 py-2 text-white" rel="noopener noreferrer">
                  {t("appload.ios")}
                </a>
              </li>
            ) : null}
            {d.android ? (
              <li>
                <a href={d.android} className="inline-block rounded bg-green-700 px-5 py-2 text-white" rel="noopener noreferrer">
                  {t("appload.android")}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      ) : (
        <Empty>{t("appload.disabled")}</Empty>
      )}
    </SectionPage>
  );
}
