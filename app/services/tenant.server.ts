import { env } from "~/env.server";
import { resolveClient } from "~/services/client-address.server";

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
