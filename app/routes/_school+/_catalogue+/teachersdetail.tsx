import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { SectionDetail } from "~/components/catalog/SectionDetail";
import { useNamespaces } from "~/components/use-namespaces";
import { CourseGrid, Img } from "~/components/catalog/parts";
import { getTeacher } from "~/services/catalog.server";
import { loadSectionItem, cacheHeaders } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog"] };
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "teacher", d?.teacher.teacherName, d?.teacher.intro);

/** `/teachersdetail?id={teacherId}`. */
export async function loader(args: LoaderFunctionArgs) {
  const { portal, item: teacher, i18n } = await loadSectionItem(args, "teacher", new URL(args.request.url).searchParams.get("id"), getTeacher);
  return data({ teacher, i18n }, { headers: cacheHeaders(portal) });
}

export default function TeacherDetail() {
  const { teacher, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return (
    <SectionDetail width="max-w-6xl" labelId="teacher-title" crumbs={<Link to="/teachers">{t("teachers.title")}</Link>} t={t}>
      <div className="flex gap-6 rounded-lg border border-gray-200 bg-white p-6">
        <div className="w-32 shrink-0">
          <Img src={teacher.avatar} alt={teacher.teacherName} width={128} height={128} eager className="rounded-full" />
        </div>
        <div>
          <h1 id="teacher-title" className="text-2xl font-bold">
            {teacher.teacherName}
          </h1>
          <p className="text-gray-700">{teacher.title}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {teacher.tags.map((tag) => (
              <li key={tag} className="rounded bg-gray-100 px-2 py-0.5 text-xs">
                {tag}
              </li>
            ))}
          </ul>
          <p className="mt-3 leading-7">{teacher.intro}</p>
          <p className="mt-2 text-sm text-gray-600">{t("teachers.stats", { courses: teacher.courseCount, students: teacher.studentCount })}</p>
        </div>
      </div>
      <section aria-labelledby="teacher-courses" className="mt-8">
        <h2 id="teacher-courses" className="mb-3 text-xl font-semibold">
          {t("teachers.courses")}
        </h2>
        <CourseGrid courses={teacher.courses} t={t} />
      </section>
    </SectionDetail>
  );
}
