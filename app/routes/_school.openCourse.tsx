import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { Img } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { useNamespaces } from "~/components/use-namespaces";
import { listOpenCourses } from "~/services/catalog.server";
import { loadSection, cacheHeaders, titleOf } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "openCourse", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const { portal, value: courses, i18n } = await loadSection(args, "openCourse", (p) => listOpenCourses(p.upstream));
  return data({ courses, i18n, title: titleOf(i18n, "openCourse.title") }, { headers: cacheHeaders(portal) });
}

export default function OpenCourses() {
  const { courses, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionList title={t("openCourse.title")} intro={t("openCourse.intro")} items={courses} empty={t("openCourse.empty")} t={t}>
      {(list) => (
        <ul className="grid gap-4 md:grid-cols-3">
          {list.map((c, i) => (
            <li key={c.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white">
              <Img src={c.cover} alt="" width={320} height={180} eager={i < 3} />
              <div className="p-3">
                <p className="text-xs font-medium text-brand-strong">{t(`openCourse.status.${c.status === "live" || c.status === "replay" ? c.status : "upcoming"}`)}</p>
                <h2 className="mt-1 font-semibold">{c.title}</h2>
                <p className="mt-1 text-sm text-gray-700">
                  {c.teacher ? <Link to={`/teachersdetail?id=${c.teacher.id}`}>{c.teacher.teacherName}</Link> : null} · {c.startTime}
                </p>
                <p className="mt-1 text-xs text-gray-600">{t("openCourse.signUps", { count: c.signUpCount, minutes: c.durationMin })}</p>
                <p className="mt-2 text-sm">{c.summary}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
