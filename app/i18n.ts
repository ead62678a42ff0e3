import zhErrors from "~/locales/zh/errors.json";
import enErrors from "~/locales/en/errors.json";

export const SUPPORTED_LANGUAGES = ["zh", "en"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "zh";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Namespaces: `common` (the shell, sent by the root loader for the visitor's language only),
 * `errors` (tiny, bundled so that an error page can render without any loader data), and one per
 * area, sent by that area's loader.
 */
export const bundledResources = {
  zh: { errors: zhErrors },
  en: { errors: enErrors },
} as const;

/** The namespace `useTranslation()` reads when none is named. */
export const DEFAULT_NAMESPACE = "common";
