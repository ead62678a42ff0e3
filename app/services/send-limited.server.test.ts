import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UpstreamError } from "~/lib/http/upstream.server";

let sendLimited: typeof import("~/services/login.server").sendLimited;
beforeAll(async () => {
  // the portal reads its environment once (env.server.ts): what the limits need, before the first import
  vi.stubEnv("UPSTREAM_URL", "http://127.0.0.1:4000");
  vi.stubEnv("SESSION_SECRET", "test-secret-0123456789");
  ({ sendLimited } = await import("~/services/login.server"));
});
afterAll(() => vi.unstubAllEnvs());

// Issue 11 §4: THE send of an SMS code (login, register, forgot-password, account settings, the personal
// information form). Each test uses its own mobile: the resend limit (60 s) is per mobile.
describe("sendLimited", () => {
  it("sends, then refuses a second send within 60 s without calling the upstream", async () => {
    let calls = 0;
    const send = async () => {
      calls += 1;
    };
    const first = await sendLimited("10.0.0.1", "13911110001", "bind", send);
    expect(first.kind).toBe("sent");
    expect(first.kind === "sent" && first.resendAt - Date.now()).toBeGreaterThan(55_000);
    const second = await sendLimited("10.0.0.1", "13911110001", "bind", send);
    expect(second.kind).toBe("limited");
    expect(second.kind === "limited" && second.retryAfterS).toBeGreaterThan(0);
    expect(calls).toBe(1);
  });

  it("an upstream refusal is its message and gives the slot back (a retry is allowed at once)", async () => {
    const refused = await sendLimited("10.0.0.2", "13911110002", "verify", async () => {
      throw new UpstreamError("business", "/send/sms", { code: "123", upstreamMessage: "手机号不存在" });
    });
    expect(refused).toEqual({ kind: "message", message: "手机号不存在", code: "123" });
    expect((await sendLimited("10.0.0.2", "13911110002", "verify", async () => undefined)).kind).toBe("sent");
  });

  it("600 is the captcha (slot given back); any other failure goes to the request layer's mapping", async () => {
    const captcha = await sendLimited("10.0.0.3", "13911110003", "bind", async () => {
      throw new UpstreamError("captcha", "/send/sms", { code: "600" });
    });
    expect(captcha).toEqual({ kind: "captcha" });
    await expect(
      sendLimited("10.0.0.3", "13911110003", "bind", async () => {
        throw new UpstreamError("timeout", "/send/sms");
      }),
    ).rejects.toBeInstanceOf(UpstreamError);
    expect((await sendLimited("10.0.0.3", "13911110003", "bind", async () => undefined)).kind).toBe("sent");
  });
});
