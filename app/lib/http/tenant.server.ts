import { data } from "@remix-run/node";
import { env } from "~/env.server";
import { resolveClient } from "~/lib/security/client-address.server";
import { onProcessReset } from "~/lib/state/process-state.server";

/** The company a request is for is its host; forwarded headers count only behind a trusted proxy. */
export type Tenant = {
  /** host[:port] as the visitor typed it */
  host: string;
  /** host name without port: the `domain` the upstream resolves the company from */
  domain: string;
  secure: boolean;
  origin: string;
};

/**
 * The host and protocol the visitor asked for. Behind `scripts/serve.mjs` the request already carries
 * them (it resolved the forwarded headers and removed them); under a bare `remix-serve` the forwarded
 * headers are read here with the same function and TRUST_PROXY (decision 012).
 */
export function tenantOf(request: Request): Tenant {
  const url = new URL(request.url);
  const client = resolveClient(env().TRUST_PROXY, { headers: request.headers, secure: url.protocol === "https:" });
  const rawHost = client.host ?? url.host;
  const host = /^[a-z0-9.:[\]-]+$/i.test(rawHost) ? rawHost.toLowerCase() : url.host;
  const protocol = client.proto;
  const domain = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d+$/, "");
  return { host, domain, secure: protocol === "https", origin: `${protocol}://${host}` };
}

/** The operating system of the visitor's browser, for the upstream's `system_os` header. */
export function systemOsOf(request: Request): string {
  const ua = request.headers.get("User-Agent") ?? "";
  if (/Windows/i.test(ua)) return "windows";
  if (/iPhone|iPad|iPod/i.test(ua)) return "ios";
  if (/Android/i.test(ua)) return "android";
  if (/Mac OS X|Macintosh/i.test(ua)) return "mac";
  if (/Linux|X11/i.test(ua)) return "linux";
  return "other";
}

/** Issue 10 §4: an unknown Host is asked about once per domain per minute, not 15 times per request. */
export const UNKNOWN_SITE_TTL_MS = 60_000;
const MAX_UNKNOWN_SITES = 10_000;
const unknownUntil = new Map<string, number>();
const probes = new Map<string, Promise<void>>();
onProcessReset(() => {
  unknownUntil.clear();
  probes.clear();
});

/** The answer for a host the upstream does not know: the branded "site not found" page (404). */
export function siteNotFound() {
  return data({ kind: "siteNotFound" as const }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

/**
 * Throws `siteNotFound()` for a domain the upstream does not know (remembered UNKNOWN_SITE_TTL_MS).
 * `probe` asks the upstream once (concurrent requests share it) and answers whether the domain is
 * unknown; a failing probe (timeout, outage) is not remembered: the request goes on and fails as usual.
 */
export async function requireKnownSite(domain: string, probe: () => Promise<boolean>): Promise<void> {
  const until = unknownUntil.get(domain);
  if (until !== undefined) {
    if (until > Date.now()) throw siteNotFound();
    unknownUntil.delete(domain);
  }
  let pending = probes.get(domain);
  if (!pending) {
    pending = probe()
      .then((unknown) => {
        if (!unknown) return;
        if (unknownUntil.size >= MAX_UNKNOWN_SITES) {
          const oldest = unknownUntil.keys().next().value;
          if (oldest !== undefined) unknownUntil.delete(oldest);
        }
        unknownUntil.set(domain, Date.now() + UNKNOWN_SITE_TTL_MS);
      })
      .catch(() => undefined)
      .finally(() => probes.delete(domain));
    probes.set(domain, pending);
  }
  await pending;
  if ((unknownUntil.get(domain) ?? 0) > Date.now()) throw siteNotFound();
}

/** Tests: forget every remembered unknown domain. */
export function forgetUnknownSites() {
  unknownUntil.clear();
}
