const BASE = "http://portal.invalid";

function isLocalPath(value: string): boolean {
  if (!value.startsWith("/")) return false; // absolute URLs, javascript:, relative paths
  if (value.startsWith("//") || value.startsWith("/\\")) return false; // protocol-relative
  // Control characters and backslashes: browsers strip or turn them into slashes.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/**
 * The one check for every redirect target the portal takes from outside (`backUrl`, `callback`,
 * `loginSchoolPath`, ...): only a path of this site is accepted; anything else falls back.
 * Every decoding of the value is checked, so `%2F%2Fevil` cannot hide a second slash.
 */
export function safeRedirect(target: unknown, fallback = "/home/index"): string {
  if (typeof target !== "string") return fallback;
  const original = target.trim();
  let value = original;
  for (let i = 0; i < 4; i++) {
    if (!isLocalPath(value)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return fallback;
    }
    if (decoded === value) break;
    value = decoded;
  }
  const url = new URL(original, BASE);
  return url.pathname + url.search + url.hash;
}

/**
 * The login page's address, coming back to `backUrl` (a path of this site) afterwards; `extra` adds
 * the login page's flags (`third=failed`, `face=failed`, ...). The one builder of login links.
 */
export function loginHref(backUrl: string, extra: Record<string, string> = {}): string {
  return `/join/login?${new URLSearchParams({ ...extra, backUrl }).toString()}`;
}
