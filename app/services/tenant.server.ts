import { env } from "~/env.server";

/** The company a request is for is its host; forwarded headers count only behind a trusted proxy. */
export type Tenant = {
  /** host[:port] as the visitor typed it */
  host: string;
  /** host name without port: the `domain` the upstream resolves the company from */
  domain: string;
  secure: boolean;
  origin: string;
};

function first(value: string | null): string | undefined {
  const head = value?.split(",")[0]?.trim();
  return head ? head : undefined;
}

export function tenantOf(request: Request): Tenant {
  const url = new URL(request.url);
  const trust = env().TRUST_PROXY;
  const forwardedHost = trust ? first(request.headers.get("X-Forwarded-Host")) : undefined;
  const forwardedProto = trust ? first(request.headers.get("X-Forwarded-Proto")) : undefined;
  const rawHost = forwardedHost ?? request.headers.get("Host") ?? url.host;
  const host = /^[a-z0-9.:[\]-]+$/i.test(rawHost) ? rawHost.toLowerCase() : url.host;
  const protocol = (forwardedProto ?? url.protocol.replace(":", "")).toLowerCase() === "https" ? "https" : "http";
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
