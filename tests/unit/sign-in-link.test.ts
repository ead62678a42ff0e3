import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leaveUnitSandbox, unitSandbox, type TestSandbox, thrown } from "./sandbox";

// Issue 10 part 6a: a sign-in by `?code=` or `?token=` in the address is a login like the form's
// (completeLogin): a new session id (`sid`) and the CSRF cookie expired, so the next page issues a new
// token. Called as a loader calls it (getPortal on a GET), against the in-process sandbox.

let sandbox: TestSandbox;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  sandbox = await unitSandbox();
});
afterAll(leaveUnitSandbox);
beforeEach(async () => {
  await sandbox.control("POST", "/reset");
});

/** A visitor's browser before the sign-in: a session with its own sid, and a CSRF cookie. */
async function visitorCookies(): Promise<string> {
  const { commitSession, getSession } = await import("~/lib/state/session.server");
  const { csrf } = await import("~/lib/security/csrf.server");
  const session = await getSession(new Request(ORIGIN), false);
  session.set("sid", "planted-sid");
  const [, csrfCookie] = await csrf(false).commitToken();
  return [(await commitSession(session, false)).split(";")[0], (csrfCookie ?? "").split(";")[0]].join("; ");
}

async function signIn(query: string): Promise<{ location: string | null; cookies: string[] }> {
  const { getPortal } = await import("~/lib/portal.server");
  const request = new Request(`${ORIGIN}/course/list?courseName=java&${query}`, { headers: { Host: "localhost:3000", Cookie: await visitorCookies() } });
  const answer = await thrown(getPortal({ request, context: {} as AppLoadContext }));
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  return { location: response.headers.get("Location"), cookies: response.headers.getSetCookie() };
}

async function sessionOf(cookies: string[]) {
  const { getSession } = await import("~/lib/state/session.server");
  const cookie = cookies.find((c) => c.startsWith("portal_session="));
  expect(cookie).toBeDefined();
  return getSession(new Request(ORIGIN, { headers: { Cookie: cookie!.split(";")[0]! } }), false);
}

const csrfExpired = (cookies: string[]) => cookies.some((c) => /^csrf=;/.test(c) && /Max-Age=0/i.test(c));

describe("sign-in by a link", () => {
  it("?code=: new sid, CSRF cookie expired, address cleaned", async () => {
    const { code } = await sandbox.control<{ code: string }>("POST", "/sso/code", { account: "student01" });
    const { location, cookies } = await signIn(`code=${code}`);
    expect(location).toBe("/course/list?courseName=java");
    const session = await sessionOf(cookies);
    expect(session.get("token")).toBeTruthy();
    expect(session.get("sid")).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.get("sid")).not.toBe("planted-sid");
    expect(csrfExpired(cookies)).toBe(true);
  });

  it("?token=: new sid, CSRF cookie expired", async () => {
    const { token } = await sandbox.control<{ token: string }>("POST", "/tokens", { account: "student01" });
    const { cookies } = await signIn(`token=${token}`);
    const session = await sessionOf(cookies);
    expect(session.get("token")).toBe(token);
    expect(session.get("sid")).not.toBe("planted-sid");
    expect(session.get("sid")).toBeTruthy();
    expect(csrfExpired(cookies)).toBe(true);
  });

  it("two sign-ins never share a sid", async () => {
    const sids = new Set<unknown>();
    for (let i = 0; i < 2; i++) {
      const { code } = await sandbox.control<{ code: string }>("POST", "/sso/code", { account: "student01" });
      sids.add((await sessionOf((await signIn(`code=${code}`)).cookies)).get("sid"));
    }
    expect(sids.size).toBe(2);
  });

  it("an invalid code signs nobody in: no token, the notice, the visitor's CSRF token kept", async () => {
    const { cookies } = await signIn("code=not-a-real-code");
    const session = await sessionOf(cookies);
    expect(session.get("token")).toBeUndefined();
    expect(csrfExpired(cookies)).toBe(false);
  });
});
