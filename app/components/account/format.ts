/** A moment as the school shows it (China time): 2026-11-24 08:15. */
export const dateTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
/** A day (China time): 2026-11-24. */
export const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
