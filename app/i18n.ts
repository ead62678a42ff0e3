export const SUPPORTED_LANGUAGES = ["zh", "en"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "zh";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Namespaces: `common` (the shell, sent by the root loader for the visitor's language only),
 * `errors` (in every page of the visitor's language, as a JSON block the root layout writes, so that
 * an error page renders without any loader data: `ErrorsBundle` in i18n-runtime.ts, decision 040), and
 * one per area, sent by that area's loader. No translation is bundled in the browser's JavaScript.
 */
/** The namespace `useTranslation()` reads when none is named. */
export const DEFAULT_NAMESPACE = "common";
