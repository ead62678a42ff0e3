import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StudyPage } from "~/components/study/courses/parts";
import { Timetable } from "~/components/study/courses/Timetable";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requirePermitted } from "~/services/personal-menu.server";
import { schoolZoneOf } from "~/services/shell.server";
import { monthTimetable, weekTimetable } from "~/services/timetable.server";
import { monthWeeks, timetableParams, todayIn } from "~/services/timetable-dates";

export const handle = { i18n: ["study"] } satisfies RouteHandle;

/**
 * The class timetable (spec 001 §2, the course section's default page; §7 the two timetable calls): the
 * week (`get/user/timetable`) or the month (`user/course/by/timetable`) holding `?date=` (today by default,
 * in the school's time zone, decision 069), chosen by `?view=`; a malformed query falls back to this week.
 */
export async function loader(args: LoaderFunctionArgs) {
  // the login guard (no upstream call), then the permission check in the same round as the page's calls
  const portal = await requireStudent(args);
  // the zone comes with the company config the root loader already loads for this request (no extra call)
  const zone = await schoolZoneOf(portal);
  const now = Date.now();
  const { view, day } = timetableParams(new URL(args.request.url), now, zone);
  const [, week, month, i18n] = await Promise.all([
    requirePermitted(portal, "course.classTable"),
    view === "week" ? weekTimetable(portal.upstream, day) : null,
    view === "month" ? monthTimetable(portal.upstream, day) : null,
    namespaces(args.request, handle),
  ]);
  return { view, day, today: todayIn(now, zone), week, month, weeks: view === "month" ? monthWeeks(day) : [], i18n };
}

export default function ClassTablePage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useNamespaces(d.i18n, "study");
  return (
    <StudyPage title={t("titles.classTable")} testId="class-table">
      <Timetable view={d.view} day={d.day} today={d.today} week={d.week} month={d.month} weeks={d.weeks} />
    </StudyPage>
  );
}
