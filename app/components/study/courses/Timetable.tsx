import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { lessonEntryHref } from "~/services/study-links";
import { monthOf, neighbours, timetableHref, type TimetableView } from "~/services/timetable-dates";
import { Empty } from "./parts";
import { Table } from "~/components/ui/Table";
import { Badge } from "~/components/ui/Badge";

export type TimetableLesson = {
  id: number;
  commodityId: number;
  courseId: number;
  lessonId: number;
  courseName: string;
  lessonName: string;
  chapterName: string;
  teacherName: string;
  startTime: string;
  endTime: string;
  liveFlag: number;
  status: number;
};

/**
 * The class timetable (spec 001 §2, the course section's landing page): a week (Monday to Sunday, each day's
 * sessions) or a month (whole weeks); the view and previous / next are plain links (no JavaScript needed).
 * Every session enters its lesson through the entry chain (study-links.ts).
 */
export function Timetable({
  view,
  day,
  week,
  month,
  weeks,
  today,
}: {
  view: TimetableView;
  day: string;
  week: Array<{ date: string; lessons: TimetableLesson[] }> | null;
  month: Record<string, TimetableLesson[]> | null;
  weeks: string[][];
  today: string;
}) {
  const { t } = useTranslation("study", { keyPrefix: "timetable" });
  const { prev, next } = neighbours(view, day);
  const { year, month: m } = monthOf(day);
  const heading = view === "week" && week ? t("weekRange", { from: week[0]!.date, to: week[6]!.date }) : t("monthTitle", { year, month: m });
  const empty = view === "week" ? !week?.some((d) => d.lessons.length) : !Object.keys(month ?? {}).length;
  return (
    <div data-testid="timetable" data-view={view}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t("views")} className="flex gap-1 text-sm">
          {(["week", "month"] as const).map((v) => (
            <a
              key={v}
              href={timetableHref(v, day)}
              aria-current={v === view ? "page" : undefined}
              className={`rounded border px-3 py-1 ${v === view ? "border-brand bg-brand text-white" : "border-gray-300"}`}
            >
              {t(v)}
            </a>
          ))}
        </nav>
        {/* the period never breaks inside a date ("2026-11-" / "29" at 390 px, issue 26): the row wraps between its parts */}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <a href={timetableHref(view, prev)} rel="prev" className="target" data-testid="timetable-prev">
            {t(view === "week" ? "prevWeek" : "prevMonth")}
          </a>
          <h2 className="font-medium whitespace-nowrap" data-testid="timetable-period">
            {heading}
          </h2>
          <a href={timetableHref(view, next)} rel="next" className="target" data-testid="timetable-next">
            {t(view === "week" ? "nextWeek" : "nextMonth")}
          </a>
          <a href={timetableHref(view, today)} className="target text-gray-600 underline" data-testid="timetable-today">
            {t("today")}
          </a>
        </div>
      </div>
      {view === "week" && week ? (
        <ol className="mt-4 grid gap-2 md:grid-cols-7">
          {week.map((d, i) => (
            <li
              key={d.date}
              className={`rounded border p-2 ${d.date === today ? "border-brand" : "border-gray-200"}`}
              aria-current={d.date === today ? "date" : undefined}
              data-testid="timetable-day"
              data-date={d.date}
            >
              <h3 className="text-xs font-medium text-gray-700">
                {t(`weekdays.${i}`)} <span className="text-gray-500">{d.date.slice(5)}</span>
              </h3>
              {d.lessons.length ? (
                <ul className="mt-1 space-y-2">
                  {d.lessons.map((l) => (
                    <Session key={l.id} lesson={l} />
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-xs text-gray-600">{t("noClass")}</p>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {view === "month" ? (
        <Table className="mt-4 table-fixed border-collapse text-xs">
          <caption className="sr-only">{heading}</caption>
          <thead>
            <tr>
              {Array.from({ length: 7 }, (_, i) => (
                <th key={i} scope="col" className="border border-gray-200 p-1 font-medium text-gray-700">
                  {t(`weekdays.${i}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w[0]}>
                {w.map((date) => {
                  const lessons = month?.[date] ?? [];
                  const inMonth = date.slice(0, 7) === day.slice(0, 7);
                  return (
                    <td
                      key={date}
                      className={`h-20 border border-gray-200 p-1 align-top ${inMonth ? "" : "bg-gray-50 text-gray-500"} ${date === today ? "outline outline-1 outline-brand" : ""}`}
                      data-testid="timetable-day"
                      data-date={date}
                      data-count={lessons.length}
                    >
                      <span>{Number(date.slice(8))}</span>
                      <ul className="mt-1 space-y-1">
                        {lessons.slice(0, 3).map((l) => (
                          <li key={l.id}>
                            <Link
                              to={lessonEntryHref(l.commodityId, l.courseId, l.lessonId)}
                              className="block truncate text-brand"
                              title={`${l.courseName} ${l.lessonName}`}
                            >
                              {l.startTime.slice(11, 16)} {l.courseName}
                            </Link>
                          </li>
                        ))}
                      </ul>
                      {lessons.length > 3 ? (
                        <a href={timetableHref("week", date)} className="text-gray-600 underline">
                          {t("more", { count: lessons.length - 3 })}
                        </a>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {empty ? <Empty>{t(view === "week" ? "emptyWeek" : "emptyMonth")}</Empty> : null}
    </div>
  );
}

function Session({ lesson: l }: { lesson: TimetableLesson }) {
  const { t } = useTranslation("study", { keyPrefix: "timetable" });
  return (
    <li className="rounded bg-gray-50 p-1.5 text-xs" data-testid="timetable-lesson" data-lesson-id={l.lessonId}>
      <p className="font-medium text-gray-900">{t("time", { start: l.startTime.slice(11, 16), end: l.endTime.slice(11, 16) })}</p>
      <p className="mt-0.5 text-gray-800">{l.courseName}</p>
      <p className="text-gray-700">{l.lessonName}</p>
      <p className="mt-0.5 text-gray-600">
        {l.liveFlag ? (
          <Badge tone="danger" className="mr-1">
            {t("live")}
          </Badge>
        ) : null}
        {t(`status.${l.status}`)}
      </p>
      <Link
        to={lessonEntryHref(l.commodityId, l.courseId, l.lessonId)}
        aria-label={t("enterLabel", { lesson: l.lessonName })}
        className="target mt-1 text-brand underline"
      >
        {t("enter")}
      </Link>
    </li>
  );
}
