const BASE = "http://portal.invalid";

/** The account page where a forced password change happens (spec 000 section 4). */
export const PASSWORD_PAGE = "/personal/setting/account";

/** Control characters and backslashes: browsers strip them or turn them into slashes. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f\\]/;

/**
 * A path of this site, as a browser would read it: it starts with one `/`, holds no character a browser
 * strips or turns into a slash, and stays a path of this site once resolved. The resolved path is
 * checked too: `new URL` collapses dot segments (`/.//evil`, `/..//evil`, `/%2e//evil` become `//evil`),
 * and a path starting with `//` is another host when it is sent on as a Location or a link.
 */
function isLocalPath(value: string): boolean {
  if (!value.startsWith("/")) return false; // absolute URLs, javascript:, relative paths
  if (value.startsWith("//") || value.startsWith("/\\")) return false; // protocol-relative
  if (UNSAFE_CHARS.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return false;
  }
  return url.origin === BASE && !url.pathname.startsWith("//");
}

/** The value and every decoding of it (up to 4 levels) are paths of this site. */
function isLocalAtEveryDecoding(original: string): boolean {
  let value = original;
  for (let i = 0; i < 4; i++) {
    if (!isLocalPath(value)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return false;
    }
    if (decoded === value) return true;
    value = decoded;
  }
  return false; // still decoding after 4 rounds: nobody writes such a link by accident
}

/**
 * The one check for every redirect target the portal takes from outside (`backUrl`, `from`, `callback`,
 * `loginSchoolPath`, a home template link, ...): only a path of this site is accepted; anything else
 * falls back. Every decoding of the value is checked, so `%2F%2Fevil` cannot hide a second slash, and
 * the normalised result (what is actually sent) is checked again the same way, so dot segments cannot
 * turn it into `//evil`. The result is a fixed point: `safeRedirect(safeRedirect(x)) === safeRedirect(x)`.
 */
export function safeRedirect(target: unknown, fallback = "/home/index"): string {
  if (typeof target !== "string") return fallback;
  const original = target.trim();
  if (!isLocalAtEveryDecoding(original)) return fallback;
  const url = new URL(original, BASE);
  const result = url.pathname + url.search + url.hash;
  return isLocalAtEveryDecoding(result) ? result : fallback;
}

/**
 * A URL the upstream hands back to send the browser to (a variable menu link, a home template link, a
 * third-party authorise page): a path of this site (through `safeRedirect`), or an absolute http(s) URL
 * without credentials, spaces, control characters or backslashes, parsed and re-serialised so the
 * browser reads exactly the host the portal checked. `http://evil.example\@good.example` is refused:
 * browsers read its host as evil.example. Anything else: `undefined`.
 */
export function safeExternalUrl(target: unknown): string | undefined {
  if (typeof target !== "string") return undefined;
  const value = target.trim();
  if (value.startsWith("/")) {
    const local = safeRedirect(value, "");
    return local || undefined;
  }
  return absoluteHttpUrl(value)?.href;
}

/**
 * An absolute http(s) URL without credentials, spaces, control characters or backslashes, parsed (what is
 * sent is what was checked), or `undefined`. The check of `safeExternalUrl` for absolute addresses, and of
 * every address the server itself fetches outside the upstream API (`fetchOutside`, decision 082).
 */
export function absoluteHttpUrl(target: unknown): URL | undefined {
  if (typeof target !== "string") return undefined;
  const value = target.trim();
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (!/^https?:\/\/[^/\\\s]/i.test(value) || /[\s\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url;
}

/**
 * Where a home template of redirect type 1 sends the visitor (spec 000 section 7.1, homePageTemplateRsp):
 * its link as `safeExternalUrl` takes it, unless that is the home page itself (checked after
 * normalising, so `/./home/index` is the home page too): the home page would send the visitor on forever.
 */
export function homeTemplateTarget(templateLink: unknown): string | undefined {
  const target = safeExternalUrl(templateLink);
  if (!target?.startsWith("/")) return target;
  const path = target.replace(/[?#].*$/, "");
  return path === "/" || path === "/home/index" || path.startsWith("/home/index/") ? undefined : target;
}

/**
 * The login page's address, coming back to `backUrl` (a path of this site) afterwards; `extra` adds
 * the login page's flags (`third=failed`, `face=failed`, ...). The one builder of login links.
 */
export function loginHref(backUrl: string, extra: Record<string, string> = {}): string {
  return `/join/login?${new URLSearchParams({ ...extra, backUrl }).toString()}`;
}
