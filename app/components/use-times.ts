import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { formatDay, formatMoment, isoOf, SCHOOL_TIME_ZONE, type Clock } from "~/lib/time";

/** Without the root's clock (its loader failed): the default zone, and no "today" (every moment names its day). */
const NO_CLOCK: Clock = { zone: SCHOOL_TIME_ZONE, now: Number.NaN };

/**
 * The times a page prints (decision 061): the one formatter of ~/lib/time bound to the root loader's
 * clock (the school's zone and the request's time), so the server and the hydrated page agree.
 */
export function useTimes() {
  const root = useRouteLoaderData("root") as { clock?: Clock } | undefined;
  const clock = root?.clock ?? NO_CLOCK;
  return useMemo(
    () => ({
      clock,
      /** `HH:mm` today, else `YYYY-MM-DD HH:mm`; `withDate` always names the day. */
      moment: (at: number | string | null | undefined, options?: { withDate?: boolean }) => formatMoment(at, clock, options),
      /** `YYYY-MM-DD` */
      day: (at: number | string | null | undefined) => formatDay(at, clock),
      iso: (at: number | string | null | undefined) => isoOf(at, clock.zone),
    }),
    [clock],
  );
}
