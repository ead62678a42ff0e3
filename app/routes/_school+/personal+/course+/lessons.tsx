import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { preloadImage } from "~/components/catalog/meta";
import { MyCourses } from "~/components/study/courses/MyCourses";
import { StudyPage } from "~/components/study/courses/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requirePermitted } from "~/services/personal-menu.server";
import { continueHref, myCourses } from "~/services/my-courses.server";

// what the page and its list draw of the study strings (decision 090): not the other course pages' groups
export const handle = { i18n: ["study"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { study: ["titles", "lessons", "pager"] } as const satisfies NamespaceParts;

/** The layout's title, and the first course's cover from the head: a phone's largest paint (decision 089). */
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => [
  ...(matches[matches.length - 2]?.meta ?? []),
  ...preloadImage(d?.courses[0]?.cover),
];

/** `?page=`: a whole number from 1, else 1; `?courseName=`: at most 50 characters. */
function queryOf(url: URL) {
  const n = Number(url.searchParams.get("page") ?? 1);
  return { page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1, courseName: (url.searchParams.get("courseName") ?? "").trim().slice(0, 50) };
}

/** My courses (spec 001 §2 `/personal/course/lessons`, §7 `get/courses`): progress, and continue where the student stopped. */
export async function loader(args: LoaderFunctionArgs) {
  // the login guard (no upstream call), then the permission check in the same round as the page's calls
  const portal = await requireStudent(args);
  const q = queryOf(new URL(args.request.url));
  const [, list, i18n] = await Promise.all([
    requirePermitted(portal, "course.lessons"),
    myCourses(portal.upstream, q),
    namespaces(args.request, handle, PARTS),
  ]);
  // the first lesson only makes the continue link (decision 090: the loader data carries what the page draws)
  const courses = list.records.map(({ firstLessonId, ...c }) => ({ ...c, continueHref: continueHref({ ...c, firstLessonId }) }));
  return { courses, total: list.total, page: q.page, pages: Math.max(1, Math.ceil(list.total / Math.max(1, list.size))), courseName: q.courseName, i18n };
}

export default function LessonsPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "study");
  return (
    <StudyPage title={t("titles.lessons")} testId="my-courses">
      <MyCourses courses={d.courses} total={d.total} page={d.page} pages={d.pages} courseName={d.courseName} />
    </StudyPage>
  );
}
