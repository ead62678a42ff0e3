import { formatDay, SCHOOL_TIME_ZONE } from "~/lib/time";

/**
 * Calendar maths of the class timetable (spec 001 §2 `/personal/course/classTable`, §7 the two timetable
 * calls): days are `YYYY-MM-DD` in the school's time zone (the company's, Asia/Shanghai unless configured;
 * issue 26, decision 069), weeks start on Monday, a month view shows whole weeks. Only "today" needs the
 * zone; the rest is pure string and UTC arithmetic on calendar days: the server's own zone never matters.
 */
const DAY_MS = 86_400_000;

export type TimetableView = "week" | "month";

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fmt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day itself when it is a real calendar day (1900..2100, spec 001 §9 date bounds), else null. */
export function parseDay(text: string | null | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = utc(text);
  if (Number.isNaN(ms) || fmt(ms) !== text) return null;
  const year = Number(text.slice(0, 4));
  return year >= 1900 && year <= 2100 ? text : null;
}

/** Today in the school's zone. */
export function todayIn(now = Date.now(), zone = SCHOOL_TIME_ZONE): string {
  return formatDay(now, { zone });
}

export function addDays(day: string, n: number): string {
  return fmt(utc(day) + n * DAY_MS);
}

/** Monday of the day's week. */
export function weekStartOf(day: string): string {
  const weekday = (new Date(utc(day)).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return addDays(day, -weekday);
}

/** The seven days (Monday first) of the day's week. */
export function weekDays(day: string): string[] {
  const monday = weekStartOf(day);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Same day of the month `n` months away, kept inside the target month (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return fmt(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

/** Year and month (1..12) of a day. */
export function monthOf(day: string): { year: number; month: number } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** The month view's weeks: Monday to Sunday rows covering every day of the day's month (4 to 6 rows). */
export function monthWeeks(day: string): string[][] {
  const first = `${day.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let monday = weekStartOf(first); monday <= last; monday = addDays(monday, 7)) weeks.push(weekDays(monday));
  return weeks;
}

/** The `?view=&date=` of the page: week by default, today (in the school's zone) by default; anything malformed falls back. */
export function timetableParams(url: URL, now = Date.now(), zone = SCHOOL_TIME_ZONE): { view: TimetableView; day: string } {
  const view = url.searchParams.get("view") === "month" ? "month" : "week";
  return { view, day: parseDay(url.searchParams.get("date")) ?? todayIn(now, zone) };
}

/** The link of a view and day (the page's own address). */
export function timetableHref(view: TimetableView, day: string): string {
  return `/personal/course/classTable?view=${view}&date=${day}`;
}

/** Previous and next period of the view. */
export function neighbours(view: TimetableView, day: string): { prev: string; next: string } {
  return view === "week" ? { prev: addDays(day, -7), next: addDays(day, 7) } : { prev: addMonths(day, -1), next: addMonths(day, 1) };
}
