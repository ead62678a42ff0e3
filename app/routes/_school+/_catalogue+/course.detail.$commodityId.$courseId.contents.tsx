import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { minutes, SectionPage } from "~/components/catalog/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { MissingCourseId } from "~/components/catalog/course";
import { LessonList } from "~/components/study/lesson/LessonList";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getCourseContents } from "~/services/catalog.server";
import { idOf, loadSection, notFound, cacheHeaders } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog", "lesson"] } satisfies RouteHandle;

export const headers = forwardCacheControl;

export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "course", d?.contents?.courseName);

/**
 * The course contents (spec 001 §2). Every lesson is an entry into the lesson chain (lessonEntryHref, spec 001
 * §4): the chain decides per student (login, buy, replay, agreements, face, the live room or the video page), so
 * the page itself is the same for everyone and keeps the section's caching. Trial lessons are marked; the chain
 * opens them for visitors.
 * Spec 001 §5: a course missing commodityId or course/classTypeId gives 'loading data error, course id cannot be empty'.
 */
export async function loader(args: LoaderFunctionArgs) {
  const commodityId = idOf(args.params.commodityId);
  const courseId = idOf(args.params.courseId);
  const [{ portal, value: contents, i18n }, lesson] = await Promise.all([
    loadSection(args, "course", (p) => (commodityId && courseId ? getCourseContents(p.upstream, commodityId, courseId) : null)),
    namespaces(args.request, handle),
  ]);
  const bundles = { ...i18n, bundles: { ...i18n.bundles, ...lesson.bundles } };
  if (!commodityId || !courseId) return data({ contents: null, missingId: true, i18n: bundles }, { status: 400, headers: cacheHeaders(portal) });
  if (!contents) notFound(portal);
  return data({ contents, missingId: false, i18n: bundles }, { headers: cacheHeaders(portal) });
}

export default function CourseContents() {
  const { contents, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "catalog");
  if (!contents) return <MissingCourseId t={t} />;
  return (
    <SectionPage
      title={contents.courseName}
      intro={
        <p>
          {t("contents.title")} · {t("course.stats2", { lessons: contents.lessonCount })} ·{" "}
          {t("course.duration", { minutes: minutes(contents.totalDurationS) })}
        </p>
      }
    >
      <Link to={`/course/detail/${contents.commodityId}`} className="text-brand-strong underline">
        {t("contents.back")}
      </Link>
      <LessonList commodityId={contents.commodityId} courseId={contents.courseId} chapters={contents.chapters} />
    </SectionPage>
  );
}
