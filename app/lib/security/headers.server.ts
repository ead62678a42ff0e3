import { analyticsSrc, CLOUD_CAPTCHA_SCRIPT } from "~/lib/security/third-party-scripts";

/**
 * Security headers for every response the portal renders (spec: CSP nonce, frame-ancestors, HSTS).
 * `scriptOrigins`: the https origins the page's third-party scripts come from (pageScriptOrigins);
 * script-src lists exactly those, never a bare `https:` that would let any https script run.
 */
export function securityHeaders(headers: Headers, options: { nonce?: string; secure: boolean; development?: boolean; scriptOrigins?: readonly string[] }) {
  if (options.nonce !== undefined) {
    const script = [`'self'`, `'nonce-${options.nonce}'`, ...(options.scriptOrigins ?? []).filter(isHttpsOrigin)];
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${script.join(" ")}`,
        "style-src 'self' 'unsafe-inline'",
        // blob: the avatar form previews the chosen file through URL.createObjectURL before it is uploaded (issue 26)
        "img-src 'self' data: blob: https: http:",
        // media-src: lesson videos and the question bank's explanation audio/video come from the upstream's media host (a CDN in production), like images
        "media-src 'self' https: http:",
        "font-src 'self' data:",
        `connect-src 'self' ws: wss:${options.development ? " http://localhost:*" : ""}`,
        "frame-src 'self' https:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join("; "),
    );
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "SAMEORIGIN");
  if (options.secure) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** An origin a CSP source list can carry as is: https, a DNS host name, an optional port. */
function isHttpsOrigin(value: string): boolean {
  return /^https:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/i.test(value);
}

function originOf(src: unknown): string | undefined {
  if (typeof src !== "string" || !src) return undefined;
  try {
    const url = new URL(src);
    return url.protocol === "https:" && isHttpsOrigin(url.origin) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** What of the root loader's shell names third-party scripts (read defensively: any part may be missing). */
type ShellScripts = {
  site?: { stat?: { type?: unknown; key?: unknown } | null } | null;
  sidebar?: { scripts?: unknown } | null;
};

/**
 * The origins of the scripts a page of this company loads: its analytics script (spec 000 section 7.4,
 * by statType), the side bar's chat scripts (bdsq, other IM) and, with the cloud captcha provider, the
 * captcha script. Derived from the same shell the page renders, so the CSP allows exactly what is used.
 */
export function pageScriptOrigins(shell: unknown, options: { cloudCaptcha: boolean }): string[] {
  const origins = new Set<string>();
  const add = (src: unknown) => {
    const origin = originOf(src);
    if (origin) origins.add(origin);
  };
  const view = (typeof shell === "object" && shell !== null ? shell : {}) as ShellScripts;
  const stat = view.site?.stat;
  if (stat && typeof stat.type === "string" && typeof stat.key === "string") add(analyticsSrc(stat.type, stat.key));
  const scripts = view.sidebar?.scripts;
  if (Array.isArray(scripts)) scripts.forEach(add);
  if (options.cloudCaptcha) add(CLOUD_CAPTCHA_SCRIPT);
  return [...origins];
}
