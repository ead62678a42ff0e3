import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, startBanner } from "../../scripts/start-banner.mjs";
import { leaveUnitSandbox, requestCtx, unitSandbox, type TestSandbox } from "./sandbox";

// Issue 39 §13: `npm start`'s first screen lists every demo account, and each one signs in with the password it names
// (the seed's), by mobile and by username, so the list cannot drift from the sandbox.
let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await unitSandbox();
  await sandbox.control("POST", "/reset");
});
afterAll(leaveUnitSandbox);

describe("npm start's banner (issue 39 §13)", () => {
  it("names the portal, the sandbox, the exam and partial-permission accounts, and the quiet log", () => {
    const banner = startBanner({ portalPort: 3000, upstreamUrl: "http://127.0.0.1:4000" });
    expect(banner).toContain("http://127.0.0.1:3000/home/index");
    expect(banner).toContain("http://127.0.0.1:4000");
    for (const account of ["13700003308", "13800000010", "13800000001"]) expect(banner).toContain(account);
    expect(banner).toContain("password Passw0rd!");
    expect(banner).toContain("LOG_REQUESTS=1");
  });

  it.each(DEMO_ACCOUNTS.map(([what, mobile, username]) => [what, mobile, username]))(
    "%s: %s and %s sign in with Passw0rd!",
    async (_what, mobile, username) => {
      const { createUpstream } = await import("~/lib/http/upstream.server");
      const { passwordLogin } = await import("~/services/auth.server");
      for (const account of [mobile, username]) {
        const answer = await passwordLogin(createUpstream(requestCtx()), { account, password: "Passw0rd!" });
        expect(answer.token, account).toBeTruthy();
      }
    },
  );
});
