import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { minutes, SectionPage } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { ChapterList, MissingCourseId } from "~/components/catalog/course";
import { getCourseContents } from "~/services/catalog.server";
import { idOf, loadSection, notFound, cacheHeaders } from "~/services/sections.server";

export const handle = { i18n: ["catalog"] };

export const headers = forwardCacheControl;

export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "course", d?.contents?.courseName);

/** Spec 001: a course missing commodityId or course/classTypeId gives 'loading data error, course id cannot be empty'. */
export async function loader(args: LoaderFunctionArgs) {
  const commodityId = idOf(args.params.commodityId);
  const courseId = idOf(args.params.courseId);
  const { portal, value: contents, i18n } = await loadSection(args, "course", (p) => (commodityId && courseId ? getCourseContents(p.upstream, commodityId, courseId) : null));
  if (!commodityId || !courseId) return data({ contents: null, missingId: true, i18n }, { status: 400, headers: cacheHeaders(portal) });
  if (!contents) notFound(portal);
  return data({ contents, missingId: false, i18n }, { headers: cacheHeaders(portal) });
}

export default function CourseContents() {
  const { contents, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  if (!contents) return <MissingCourseId t={t} />;
  return (
    <SectionPage
      title={contents.courseName}
      intro={
        <p>
          {t("contents.title")} · {t("course.stats2", { lessons: contents.lessonCount })} · {t("course.duration", { minutes: minutes(contents.totalDurationS) })}
        </p>
      }
    >
      <Link to={`/course/detail/${contents.commodityId}`} className="text-brand-strong underline">
        {t("contents.back")}
      </Link>
      <ChapterList chapters={contents.chapters} t={t} />
    </SectionPage>
  );
}
