import { createCookie } from "@remix-run/node";
import { CSRF } from "remix-utils/csrf/server";
import { describe, expect, it } from "vitest";
import { csrf, CSRFError } from "~/lib/security/csrf.server";

process.env.UPSTREAM_URL ??= "http://127.0.0.1:9"; // env() is checked when the token cookie is made; no call is sent

/** The Cookie header a browser sends back for a Set-Cookie value. */
const cookieHeader = (setCookie: string) => setCookie.split(";")[0]!;

function form(token: string) {
  const data = new FormData();
  data.set("csrf", token);
  return data;
}

describe("csrf: the token made with node:crypto (decision 083)", () => {
  it("has remix-utils' shape and is signed as remix-utils signs (its own CSRF accepts it)", async () => {
    const [token, setCookie] = await csrf(false).commitToken(new Headers());
    expect(token).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    expect(setCookie).toBeTruthy();
    const headers = new Headers({ Cookie: cookieHeader(setCookie!) });
    // the portal's own check
    await expect(csrf(false).validate(form(token), headers)).resolves.toBeUndefined();
    // remix-utils' (crypto-js) check with the same secret and cookie
    const plain = new CSRF({
      cookie: createCookie("csrf", { path: "/", httpOnly: true, sameSite: "lax", secrets: [process.env.SESSION_SECRET!] }),
      formDataKey: "csrf",
      secret: process.env.SESSION_SECRET!,
    });
    await expect(plain.validate(form(token), headers)).resolves.toBeUndefined();
    // and a token remix-utils makes is accepted by the portal
    const theirs = plain.generate(32);
    const theirCookie = await createCookie("csrf", { path: "/", secrets: [process.env.SESSION_SECRET!] }).serialize(theirs);
    await expect(csrf(false).validate(form(theirs), new Headers({ Cookie: cookieHeader(theirCookie) }))).resolves.toBeUndefined();
  });

  it("refuses a token whose signature was changed, and makes a new token each time", async () => {
    const token = csrf(false).generate();
    const [value, signature] = token.split(".");
    const forged = `${value}.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
    const forgedCookie = await createCookie("csrf", { path: "/", secrets: [process.env.SESSION_SECRET!] }).serialize(forged);
    const refused = await csrf(false)
      .validate(form(forged), new Headers({ Cookie: cookieHeader(forgedCookie) }))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CSRFError);
    expect((refused as CSRFError).code).toBe("tampered_token_in_cookie");
    expect(csrf(false).generate()).not.toBe(token);
  });
});
