/**
 * The page's half of the upstream's business messages (issue 12 part 3, decision 018): the text of a
 * form-error string that an action made with upstreamFormError (upstream-messages.server.ts, the code →
 * key table). A known code arrives as `upstream:<key>[:<n>]` and is shown in the page's language from the
 * `upstream` namespace (`errors.json`'s `upstream`, sent only by the routes whose forms can answer one:
 * decision 075); a key without a translation is no known message. The table itself stays on the server
 * (decision 055: it was about 1 KB of every form page's script).
 */
export const UPSTREAM_PREFIX = "upstream:";
const UPSTREAM_ERROR = /^upstream:(\w+)(?::(\d+))?$/;

/** The text of an `upstream:` or `server:` form error in the page's language, or null for any other string. */
export function upstreamErrorText(t: (key: string, options: Record<string, unknown>) => string, error: string): string | null {
  const known = UPSTREAM_ERROR.exec(error);
  if (known) {
    const key = known[1]!;
    const text = t(key, { ns: "upstream", n: known[2] === undefined ? undefined : Number(known[2]) });
    return text === key ? null : text;
  }
  // decision 042: the call behind the form failed (timeout, unreachable, unreadable): nothing was saved
  const failed = FORM_FAILED.exec(error);
  if (failed) return t(`formFailure.${failed[1]}`, { ns: "errors" });
  if (error.startsWith("server:")) return error.slice("server:".length);
  return null;
}

/**
 * A form failure's error string (`failed:<kind>` or `failed:uncertain`, made only by `formFailureError` in
 * forms/form-failure.ts; its kinds are the `formFailure.*` keys of errors.json). Read here, not through that module, so every form's script does not carry it
 * (the fill page sat at the 100 KB budget, decision 040).
 */
const FORM_FAILED = /^failed:(.+)/;
