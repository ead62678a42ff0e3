import type { TFunction } from "i18next";
import { upstreamErrorText } from "~/lib/http/upstream-messages";

/**
 * Form errors travel as keys of the form's namespace (`errors.<key>`; the login area's `login`),
 * `tooMany:<seconds>` for a rate limit, `locked:<seconds>` for the wrong-code lockout (issue 36 §1: told in minutes), `upstream:<key>` for an upstream message the portal knows by its
 * code (translated), or `server:<text>` for any other upstream message (spec 000 section 8: shown as it is).
 */
export function errorText(t: TFunction, error: string | undefined): string | undefined {
  if (!error) return undefined;
  const upstream = upstreamErrorText(t as never, error);
  if (upstream !== null) return upstream;
  if (error.startsWith("tooMany:")) return t("errors.tooMany", { seconds: error.slice("tooMany:".length) });
  if (error.startsWith("locked:")) return t("errors.locked", { count: Math.max(1, Math.ceil(Number(error.slice("locked:".length)) / 60)) });
  return t(`errors.${error}`);
}

/**
 * The dynamic-field kit's errors (namespace `fields`, spec 001 §5): `tooLong:<N>` carries the field's
 * length ('input length must not exceed N'); `server:<text>` is the upstream's message.
 */
export function fieldErrorText(t: TFunction, error: string | undefined): string | undefined {
  if (!error) return undefined;
  const upstream = upstreamErrorText(t as never, error);
  if (upstream !== null) return upstream;
  if (error.startsWith("tooLong:")) return t("errors.tooLong", { max: error.slice("tooLong:".length) });
  return t(`errors.${error}`);
}
