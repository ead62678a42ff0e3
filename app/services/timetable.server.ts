import * as z from "zod/v4";
import { flag, id, text } from "~/lib/http/schemas.server";
import { monthOf, weekDays } from "~/services/timetable-dates";
import type { Upstream } from "~/lib/http/upstream.server";

/** The class timetable (spec 001 §7 'Timetable and courses': the two timetable calls). Payloads: decision 024. */
const CENTRE = "/saas-business/v1/course/centre";

export const TimetableEntry = z.looseObject({
  id,
  commodityId: id,
  courseId: id,
  lessonId: id,
  courseName: text,
  chapterName: text,
  lessonName: text,
  teacherName: text,
  /** `YYYY-MM-DD HH:mm`, the school's wall time */
  startTime: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/),
  endTime: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/),
  liveFlag: flag,
  /** 0 not started, 1 in class, 2 finished */
  status: flag,
});
export type TimetableEntry = z.infer<typeof TimetableEntry>;

const WeekAnswer = z
  .array(TimetableEntry)
  .nullish()
  .transform((v) => v ?? []);
const MonthAnswer = z
  .array(
    z.looseObject({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      lessons: z
        .array(TimetableEntry)
        .nullish()
        .transform((v) => v ?? []),
    }),
  )
  .nullish()
  .transform((v) => v ?? []);

/** `POST get/user/timetable`: the sessions of the day's week (Monday to Sunday), grouped per day. */
export async function weekTimetable(upstream: Upstream, day: string) {
  const days = weekDays(day);
  const entries = await upstream.call({
    method: "POST",
    path: `${CENTRE}/get/user/timetable`,
    body: { startDate: days[0], endDate: days[6] },
    schema: WeekAnswer,
  });
  return days.map((date) => ({ date, lessons: entries.filter((e) => e.startTime.startsWith(date)) }));
}

/** `POST user/course/by/timetable`: the month's days with sessions, as a map day → sessions. */
export async function monthTimetable(upstream: Upstream, day: string) {
  const days = await upstream.call({ method: "POST", path: `${CENTRE}/user/course/by/timetable`, body: monthOf(day), schema: MonthAnswer });
  return Object.fromEntries(days.map((d) => [d.date, d.lessons])) as Record<string, TimetableEntry[]>;
}
