import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { env } from "~/env.server";

const instances = new Map<boolean, CSRF>();

/** remix-utils CSRF: a signed cookie plus the same token in every form (`csrf` field). */
export function csrf(secure: boolean): CSRF {
  let instance = instances.get(secure);
  if (!instance) {
    instance = new CSRF({
      cookie: createCookie(secure ? "__Host-csrf" : "csrf", {
        path: "/",
        httpOnly: true,
        secure,
        sameSite: "lax",
        secrets: [env().SESSION_SECRET],
      }),
      formDataKey: "csrf",
      secret: env().SESSION_SECRET,
    });
    instances.set(secure, instance);
  }
  return instance;
}

export { CSRFError };
