import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { Img } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { listTeachers } from "~/services/catalog.server";
import { loadSection, cacheHeaders, titleOf } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "teacher", d?.title);

export async function loader(args: LoaderFunctionArgs) {
  const { portal, value: teachers, i18n } = await loadSection(args, "teacher", (p) => listTeachers(p.upstream));
  return data({ teachers, i18n, title: titleOf(i18n, "teachers.title") }, { headers: cacheHeaders(portal) });
}

export default function Teachers() {
  const { teachers, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionList title={t("teachers.title")} intro={t("teachers.intro")} items={teachers} empty={t("teachers.empty")} t={t}>
      {(list) => (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((teacher, i) => (
            <li key={teacher.id} className="flex gap-4 rounded-lg border border-gray-200 bg-white p-4">
              <div className="w-20 shrink-0">
                <Img src={teacher.avatar} alt="" width={80} height={80} eager={i < 3} className="rounded-full" />
              </div>
              <div>
                <h2 className="font-semibold">
                  <Link to={`/teachersdetail?id=${teacher.id}`}>{teacher.teacherName}</Link>
                </h2>
                <p className="text-xs text-gray-600">{teacher.title}</p>
                <p className="mt-1 line-clamp-3 text-sm text-gray-700">{teacher.intro}</p>
                <p className="mt-1 text-xs text-gray-600">{t("teachers.stats", { courses: teacher.courseCount, students: teacher.studentCount })}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionList>
  );
}
