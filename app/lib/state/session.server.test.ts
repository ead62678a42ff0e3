import { createCookieSessionStorage } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { resetProcessState } from "~/lib/state/process-state.server";
import { commitSession, getSession } from "~/lib/state/session.server";

// Issue 36 §3, decision 094: the session cookie is sealed (encrypted and authenticated with @hapi/iron), keyed
// from SESSION_SECRET with rotation; a cookie that does not unseal is a clean sign-out.
const OLD = "session-secret-before-the-rotation";
const NEW = "session-secret-after-the-rotation";
const ORIGIN = "http://localhost:3000";
const TOKEN = "c3f1e5a0-upstream-bearer-token-9d1b";
const BACK_CODE = "back-login-code-77aa31";

function useSecret(secret: string) {
  process.env.UPSTREAM_URL = "http://127.0.0.1:9"; // env() is read; nothing is called
  process.env.SESSION_SECRET = secret;
  resetProcessState();
}
afterEach(() => useSecret(OLD));

const requestWith = (setCookie: string) => new Request(ORIGIN, { headers: { Cookie: setCookie.split(";")[0]! } });

async function signedIn(): Promise<string> {
  const session = await getSession(new Request(ORIGIN), false);
  session.set("token", TOKEN);
  session.set("backCode", BACK_CODE);
  session.set("userId", 1001);
  session.set("linkSignIn", { token: `${TOKEN}-b`, userId: 1002, to: "/home/index", expiresAt: Date.now() + 60_000 });
  return commitSession(session, false);
}

/** Every readable form of the cookie's value: as sent, URL-decoded, and each base64 / base64url part decoded. */
function readings(setCookie: string): string[] {
  const value = setCookie.split(";")[0]!.slice(setCookie.indexOf("=") + 1);
  const parts = decodeURIComponent(value).split(/[*.]/);
  return [
    value,
    decodeURIComponent(value),
    ...parts.flatMap((p) => [Buffer.from(p, "base64").toString("latin1"), Buffer.from(p, "base64url").toString("latin1")]),
  ];
}

describe("the sealed session cookie (issue 36 §3)", () => {
  it("holds no upstream token or code in readable form, and reads back", async () => {
    useSecret(OLD);
    const cookie = await signedIn();
    expect(cookie).toMatch(/^portal_session=Fe26\.2\*/);
    expect(cookie).toMatch(/; HttpOnly; SameSite=Lax$/);
    for (const reading of readings(cookie)) {
      expect(reading).not.toContain(TOKEN);
      expect(reading).not.toContain(BACK_CODE);
      expect(reading).not.toContain("1001");
    }
    const session = await getSession(requestWith(cookie), false);
    expect(session.get("token")).toBe(TOKEN);
    expect(session.get("backCode")).toBe(BACK_CODE);
    expect(session.get("linkSignIn")?.userId).toBe(1002);
  });

  it("a tampered cookie, a foreign key's or the signed format of before is no session (a clean sign-out)", async () => {
    useSecret(OLD);
    const cookie = await signedIn();
    const value = cookie.split(";")[0]!;
    const flipped = value.slice(0, 40) + (value[40] === "A" ? "B" : "A") + value.slice(41);
    expect((await getSession(requestWith(flipped), false)).get("token")).toBeUndefined();
    expect((await getSession(requestWith(`${value}x`), false)).get("token")).toBeUndefined();
    const signed = createCookieSessionStorage({ cookie: { name: "portal_session", secrets: [OLD] } });
    const old = await signed.getSession();
    old.set("token", TOKEN);
    expect((await getSession(requestWith(await signed.commitSession(old)), false)).get("token")).toBeUndefined();
    useSecret("another-company-secret-0123456789");
    expect((await getSession(requestWith(cookie), false)).get("token")).toBeUndefined();
  });

  it("rotation: with SESSION_SECRET=new,old an old cookie still reads, a commit seals with the new key; without old it no longer reads", async () => {
    useSecret(OLD);
    const before = await signedIn();
    useSecret(`${NEW},${OLD}`);
    const session = await getSession(requestWith(before), false);
    expect(session.get("token")).toBe(TOKEN);
    session.set("upgradedAt", 1);
    const after = await commitSession(session, false);
    expect(after.split("*")[1]).not.toBe(before.split("*")[1]);
    useSecret(NEW);
    expect((await getSession(requestWith(after), false)).get("token")).toBe(TOKEN);
    expect((await getSession(requestWith(before), false)).get("token")).toBeUndefined();
  });

  it("a commit of unchanged data sends the cookie it came with (no seal per view); a change seals anew", async () => {
    useSecret(OLD);
    const cookie = await signedIn();
    const session = await getSession(requestWith(cookie), false);
    expect(await commitSession(session, false)).toBe(cookie);
    session.set("schoolId", 23);
    const changed = await commitSession(session, false);
    expect(changed).not.toBe(cookie);
    expect((await getSession(requestWith(changed), false)).get("schoolId")).toBe(23);
  });

  it("over https: __Host- prefixed and Secure", async () => {
    useSecret(OLD);
    const session = await getSession(new Request("https://school.example/"), true);
    session.set("schoolId", 2);
    const cookie = await commitSession(session, true);
    expect(cookie).toMatch(/^__Host-portal_session=Fe26\.2\*.*; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const back = await getSession(new Request("https://school.example/", { headers: { Cookie: cookie.split(";")[0]! } }), true);
    expect(back.get("schoolId")).toBe(2);
  });
});
