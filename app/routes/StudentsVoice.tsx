import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { sectionHeaders } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces } from "~/i18n.server";
import { getPortal } from "~/services/portal.server";
import { Empty, Img, SectionPage } from "~/components/catalog/parts";
import { listStudentVoices } from "~/services/school-content.server";
import { requireSectionAccess, sectionHeaders as cacheHeaders, titleOf } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = sectionHeaders;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "voice", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const [, voices, i18n] = await Promise.all([requireSectionAccess(portal, "voice"), listStudentVoices(portal.upstream), namespaces(args.request, ["catalog"])]);
  return data({ voices, i18n, title: titleOf(i18n, "voices.title") }, { headers: cacheHeaders(portal) });
}

export default function StudentsVoice() {
  const { voices, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionPage title={t("voices.title")} intro={<p>{t("voices.intro")}</p>}>
      {voices.length ? (
        <ul className="grid gap-4 md:grid-cols-2">
          {voices.map((v, i) => (
            <li key={v.id} className="flex gap-4 rounded-lg border border-gray-200 bg-white p-4">
              <div className="w-14 shrink-0">
                <Img src={v.avatar} alt="" width={56} height={56} eager={i < 2} className="rounded-full" />
              </div>
              <figure>
                <blockquote className="leading-7">{v.content}</blockquote>
                <figcaption className="mt-2 text-sm text-gray-600">
                  {v.studentName} · {v.courseName} · <span aria-label={t("voices.score", { score: v.score })}>{"★".repeat(Math.min(v.score, 5))}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <Empty>{t("voices.empty")}</Empty>
      )}
      <p className="mt-6">
        <Link to="/course/list" className="text-brand-strong underline">
          {t("home.allCourses")}
        </Link>
      </p>
    </SectionPage>
  );
}
