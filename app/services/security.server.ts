/** Security headers for every response the portal renders (spec: CSP nonce, frame-ancestors, HSTS). */
export function securityHeaders(headers: Headers, options: { nonce?: string; secure: boolean; development?: boolean }) {
  if (options.nonce !== undefined) {
    const script = [`'self'`, `'nonce-${options.nonce}'`, "https:"];
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${script.join(" ")}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https: http:",
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
