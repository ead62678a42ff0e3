import type { TFunction } from "i18next";

/**
 * Form errors travel as keys of the form's namespace (`errors.<key>`; the login area's `login`),
 * `tooMany:<seconds>` for a rate limit, or `server:<text>` for the upstream's own message (spec 000
 * section 8: shown as it is).
 */
export function errorText(t: TFunction, error: string | undefined): string | undefined {
  if (!error) return undefined;
  if (error.startsWith("server:")) return error.slice("server:".length);
  if (error.startsWith("tooMany:")) return t("errors.tooMany", { seconds: error.slice("tooMany:".length) });
  return t(`errors.${error}`);
}

/**
 * The dynamic-field kit's errors (namespace `fields`, spec 001 §5): `tooLong:<N>` carries the field's
 * length ('input length must not exceed N'); `server:<text>` is the upstream's message.
 */
export function fieldErrorText(t: TFunction, error: string | undefined): string | undefined {
  if (!error) return undefined;
  if (error.startsWith("server:")) return error.slice("server:".length);
  if (error.startsWith("tooLong:")) return t("errors.tooLong", { max: error.slice("tooLong:".length) });
  return t(`errors.${error}`);
}
