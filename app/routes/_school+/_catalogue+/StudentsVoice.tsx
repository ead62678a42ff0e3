import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { Img } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { listStudentVoices } from "~/services/school-content.server";
import { loadSection, cacheHeaders, titleOf } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "voice", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const { portal, value: voices, i18n } = await loadSection(args, "voice", (p) => listStudentVoices(p.upstream));
  return data({ voices, i18n, title: titleOf(i18n, "voices.title") }, { headers: cacheHeaders(portal) });
}

export default function StudentsVoice() {
  const { voices, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionList
      title={t("voices.title")}
      intro={t("voices.intro")}
      items={voices}
      empty={t("voices.empty")}
      footer={
        <Link to="/course/list" className="text-brand-strong underline">
          {t("home.allCourses")}
        </Link>
      }
      t={t}
    >
      {(list) => (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((v, i) => (
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
      )}
    </SectionList>
  );
}
