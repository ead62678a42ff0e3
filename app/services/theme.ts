/**
 * The theme colour when the company sets none (spec 000 section 4). Here, not in shell.server.ts: the
 * root layout reads it in the browser too (a value from a `.server` module is undefined there).
 */
export const DEFAULT_THEME_COLOR = "#008AFF";
