import type { TFunction } from "i18next";

/**
 * Form errors travel as keys of the `login` namespace (`errors.<key>`), `tooMany:<seconds>` for a rate
 * limit, or `server:<text>` for the upstream's own message (spec 000 section 8: shown as it is).
 */
export function errorText(t: TFunction, error: string | undefined): string | undefined {
  if (!error) return undefined;
  if (error.startsWith("server:")) return error.slice("server:".length);
  if (error.startsWith("tooMany:")) return t("errors.tooMany", { seconds: error.slice("tooMany:".length) });
  return t(`errors.${error}`);
}
