/**
 * The ONE formatter of times a person reads (issue 26, decision 061): every moment is shown in the
 * school's time zone (the company's configuration, Asia/Shanghai unless it names another), as
 * `YYYY-MM-DD HH:mm`, or `HH:mm` alone when it falls on the reference day ("today").
 *
 * Isomorphic and deterministic: the zone and "now" come from the root loader (the request's time), so
 * the server and the browser after hydration print the same characters. Numbers are taken from
 * Intl.DateTimeFormat's parts (never a locale's whole string, whose separators differ between Node's
 * and a browser's ICU).
 */
export const SCHOOL_TIME_ZONE = "Asia/Shanghai";

/** Configured zone names already checked (decision 070: an Intl.DateTimeFormat costs ~0.5 ms, the shell asks on every view). */
const checkedZones = new Map<string, string>();
const CHECKED_ZONES_MAX = 100;

/** A configured IANA zone name if this runtime knows it, else the default. */
export function schoolTimeZone(configured: string | null | undefined): string {
  const name = (configured ?? "").trim();
  if (!name) return SCHOOL_TIME_ZONE;
  let zone = checkedZones.get(name);
  if (zone === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: name });
      zone = name;
    } catch {
      zone = SCHOOL_TIME_ZONE;
    }
    if (checkedZones.size >= CHECKED_ZONES_MAX) checkedZones.clear();
    checkedZones.set(name, zone);
  }
  return zone;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(zone, format);
  }
  return format;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function wallOf(ms: number, zone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatIn(zone).formatToParts(new Date(ms))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const w = wallOf(ms, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (ms - (ms % 1000));
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A moment as milliseconds: a number as is; an upstream string `YYYY-MM-DD HH:mm[:ss]` is the school's
 * wall time (the upstream writes its times in the school's zone); an ISO string with Z or an offset is
 * read as such. Undefined for anything else.
 */
export function momentOf(at: number | string | null | undefined, zone: string): number | undefined {
  if (typeof at === "number") return Number.isFinite(at) ? at : undefined;
  if (typeof at !== "string" || !at.trim()) return undefined;
  const wall = WALL.exec(at.trim());
  if (wall) {
    const [, y, mo, d, h = "0", mi = "0", s = "0"] = wall;
    const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    // the wall time in the zone: shift by the zone's offset (twice, for the hour around a DST change)
    const first = asUtc - offsetAt(asUtc, zone);
    return asUtc - offsetAt(first, zone);
  }
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? undefined : ms;
}

export type Clock = { zone: string; now: number };

/** The day of a moment in the school's zone: `YYYY-MM-DD` ('' for no moment). */
export function formatDay(at: number | string | null | undefined, clock: Pick<Clock, "zone">): string {
  const ms = momentOf(at, clock.zone);
  if (ms === undefined) return "";
  const w = wallOf(ms, clock.zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * A moment in the school's zone: `HH:mm` on the clock's day, `YYYY-MM-DD HH:mm` on any other
 * (`withDate: true` always names the day). '' for no moment; an unreadable string is shown as written.
 */
export function formatMoment(at: number | string | null | undefined, clock: Clock, options: { withDate?: boolean } = {}): string {
  const ms = momentOf(at, clock.zone);
  if (ms === undefined) return typeof at === "string" ? at : "";
  const w = wallOf(ms, clock.zone);
  const time = `${pad(w.hour)}:${pad(w.minute)}`;
  const day = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  if (!options.withDate && day === formatDay(clock.now, clock)) return time;
  return `${day} ${time}`;
}

/** The ISO form for a <time dateTime> attribute ('' for no moment). */
export function isoOf(at: number | string | null | undefined, zone: string): string {
  const ms = momentOf(at, zone);
  return ms === undefined ? "" : new Date(ms).toISOString();
}
