import { absoluteHttpUrl } from "~/lib/security/redirect";
import { callSignal, recordCall, type UpstreamContext } from "~/lib/http/upstream.server";
import type { UpstreamOutcome } from "~/lib/http/upstream-kinds";

/**
 * THE fetch of an address outside the upstream API (decision 082): a file the upstream names on its CDN (an
 * annex field's template), the object store's upload API, the sandbox's static city list. None of them answers
 * the JSON envelope, so they cannot go through `upstream.call`; everything else is the same rule:
 * - the address is an absolute http(s) URL without credentials (`absoluteHttpUrl`, the check of
 *   `safeExternalUrl`), else `refused` and nothing is sent;
 * - the upstream's time-out (`timeoutMs` at most UPSTREAM_TIMEOUT_MS) and the request's abort signal (or the
 *   caller's `signal`; `null`: not tied to the request), as `upstream.call`;
 * - timed in the request's Server-Timing and the metrics as `outside/<label>`, never the address (a label of
 *   lower-case words and dashes: the metrics' path template keeps it, a space or a digit would become `:id`);
 * - `redirect: "manual"`: a 3xx is `redirect` (the caller answers 502); no redirect is followed, so an address
 *   the upstream names cannot send the server on to another host (an internal one);
 * - no token of the session is ever sent: only the caller's `headers` (the store's own upload token) and
 *   `Accept`; an address or header that carries the session's token is `refused`.
 * The answer is returned whatever its status (the store answers its codes with 4xx); `outcome` is `ok` for a
 * 2xx, `unavailable` for any other status, as for the upstream.
 */
export type OutsideOptions = {
  /** Server-Timing and metrics label (`template-file`, `storage-put`, ...: lower-case words and dashes), never the address. */
  label: string;
  method?: "GET" | "POST" | "PUT";
  accept?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  timeoutMs?: number;
  /** The caller's abort signal instead of the request's; `null`: not tied to the request. */
  signal?: AbortSignal | null;
};

export type OutsideErrorKind = "refused" | "redirect" | "timeout" | "unavailable";

export class OutsideError extends Error {
  constructor(
    readonly kind: OutsideErrorKind,
    readonly label: string,
    details: { status?: number; cause?: unknown } = {},
  ) {
    super(`outside ${kind} on ${label}${details.status ? ` (HTTP ${details.status})` : ""}`, { cause: details.cause });
    this.name = "OutsideError";
  }
}

type OutsideContext = Pick<UpstreamContext, "request" | "timings" | "token">;

const LABEL = /^[a-z]+(-[a-z]+)*$/;

export async function fetchOutside(ctx: OutsideContext, address: string | URL, options: OutsideOptions): Promise<Response> {
  const { label } = options;
  if (!LABEL.test(label)) throw new Error(`fetchOutside: the label ${JSON.stringify(label)} is not lower-case words and dashes`);
  const url = absoluteHttpUrl(String(address));
  const headers = { Accept: options.accept ?? "*/*", ...options.headers };
  if (!url || carriesToken(ctx, url, headers)) throw new OutsideError("refused", label);
  const method = options.method ?? "GET";
  // not released: the deadline and the visitor's leaving still cut the body the caller streams (the timer is unref'd)
  const { timedOut, requestSignal, signal } = callSignal(ctx, options);
  const started = performance.now();
  let outcome: UpstreamOutcome = "ok";
  try {
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body: options.body, signal, redirect: "manual", credentials: "omit" });
    } catch (cause) {
      if (timedOut()) throw new OutsideError("timeout", label, { cause });
      if (requestSignal?.aborted) throw cause; // the visitor went away: nothing to map
      throw new OutsideError("unavailable", label, { cause });
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new OutsideError("redirect", label, { status: response.status });
    }
    if (!response.ok) outcome = "unavailable";
    return response;
  } catch (error) {
    outcome = !(error instanceof OutsideError) ? "aborted" : error.kind === "timeout" ? "timeout" : error.kind === "redirect" ? "bad-response" : "unavailable";
    throw error;
  } finally {
    recordCall(ctx, { method, path: `outside/${label}`, outcome, started });
  }
}

function carriesToken(ctx: OutsideContext, url: URL, headers: Record<string, string>): boolean {
  const token = ctx.token;
  if (!token) return false;
  return url.href.includes(token) || url.href.includes(encodeURIComponent(token)) || Object.values(headers).some((value) => value.includes(token));
}
