import type { TFunction } from "i18next";
import { upstreamErrorText } from "~/services/upstream-messages";

/**
 * Form errors travel as keys of the `login` namespace (`errors.<key>`), `tooMany:<seconds>` for a rate
 * limit, or `upstream:<key>` for an upstream message the portal knows by its code (translated), `server:<text>` for
 * any other upstream message (spec 000 section 8: shown as it is).
 */
export function errorText(t: TFunction, error: string | undefined): string | undefined {
  if (!error) return undefined;
  const upstream = upstreamErrorText(t as never, error);
  if (upstream !== null) return upstream;
  if (error.startsWith("tooMany:")) return t("errors.tooMany", { seconds: error.slice("tooMany:".length) });
  return t(`errors.${error}`);
}
