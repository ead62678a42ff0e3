import { createHmac, randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { env } from "~/env.server";

/** The shape of a token this portal issues: base64url value, '.', base64url HMAC (remix-utils `generate`). */
const TOKEN_SHAPE = /^[\w-]{16,128}\.[\w-]{16,128}$/;

/**
 * remix-utils CSRF, except that a cookie it cannot use is treated as absent (issue 10 part 5): remix-utils
 * keeps an empty `csrf=` cookie as the token "", and `useAuthenticityToken` then throws while the page
 * renders (HTTP 500 on every page, even for visitors). Here an empty, unsigned, non-string or
 * odd-shaped cookie gets a fresh token and a new cookie.
 */
class PortalCSRF extends CSRF {
  constructor(
    private readonly tokenCookie: Cookie,
    private readonly signingSecret: string,
  ) {
    super({ cookie: tokenCookie, formDataKey: "csrf", secret: signingSecret });
  }

  /**
   * A new token as remix-utils makes one (`<base64url of 32 random bytes>.<base64url HMAC-SHA256 of it>`,
   * checked by its `validate`), made with node:crypto instead of crypto-js: ~25 µs instead of ~260 µs, on
   * every page a visitor without the cookie opens (decision 083). app/lib/security/csrf.server.test.ts checks
   * that remix-utils accepts it and that it has remix-utils' shape.
   */
  override generate(bytes = 32): string {
    const token = randomBytes(bytes).toString("base64url");
    return `${token}.${createHmac("sha256", this.signingSecret).update(token).digest("base64url")}`;
  }

  /** The token in the request's cookie when it is one of ours, else undefined. */
  async readToken(requestOrHeaders: Request | Headers = new Headers()): Promise<string | undefined> {
    const headers = requestOrHeaders instanceof Request ? requestOrHeaders.headers : requestOrHeaders;
    let value: unknown;
    try {
      value = await this.tokenCookie.parse(headers.get("Cookie"));
    } catch {
      return undefined;
    }
    // The cookie is signed with SESSION_SECRET, so a readable string is one this portal wrote.
    return typeof value === "string" && TOKEN_SHAPE.test(value) ? value : undefined;
  }

  override async getToken(requestOrHeaders?: Request | Headers, bytes = 32): Promise<string> {
    return (await this.readToken(requestOrHeaders)) ?? this.generate(bytes);
  }

  override async commitToken(requestOrHeaders?: Request | Headers, bytes = 32): Promise<readonly [string, string | null]> {
    const existing = await this.readToken(requestOrHeaders);
    if (existing) return [existing, null] as const;
    const token = this.generate(bytes);
    return [token, await this.tokenCookie.serialize(token)] as const;
  }
}

const instances = new Map<boolean, PortalCSRF>();

/** remix-utils CSRF: a signed cookie plus the same token in every form (`csrf` field). */
export function csrf(secure: boolean): CSRF {
  let instance = instances.get(secure);
  if (!instance) {
    const cookie = createCookie(secure ? "__Host-csrf" : "csrf", {
      path: "/",
      httpOnly: true,
      secure,
      sameSite: "lax",
      secrets: env().SESSION_SECRET,
    });
    instance = new PortalCSRF(cookie, env().SESSION_SECRET[0]!);
    instances.set(secure, instance);
  }
  return instance;
}

export { CSRFError };
