import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-01-01T00:00:00Z"));
  vi.stubEnv("UPSTREAM_URL", "http://127.0.0.1:4000");
  vi.stubEnv("SESSION_SECRET", "test-secret-0123456789");
  vi.stubEnv("RATE_LIMIT_LOGIN_PER_IP", "3");
  vi.stubEnv("RATE_LIMIT_SMS_PER_IP", "2");
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("Limit (rate-limiter-flexible, memory)", () => {
  it("counts per key in a fixed window and tells the wait", async () => {
    const { Limit } = await import("~/lib/state/rate-limit.server");
    const limit = new Limit("t", 2, 60);
    expect((await limit.hit("a")).ok).toBe(true);
    expect((await limit.hit("a")).ok).toBe(true);
    expect(await limit.peek("a")).toEqual({ ok: false, retryAfterS: 60 });
    expect(await limit.hit("a")).toEqual({ ok: false, retryAfterS: 60 });
    expect((await limit.hit("b")).ok).toBe(true);
    vi.advanceTimersByTime(45_000);
    expect(await limit.hit("a")).toEqual({ ok: false, retryAfterS: 15 });
    vi.advanceTimersByTime(15_000);
    expect((await limit.hit("a")).ok).toBe(true);
  });
});

describe("SMS and login limits", () => {
  it("one code per mobile per 60 s; a failed send releases it", async () => {
    const { limitSms, releaseSms, smsResendLeftS } = await import("~/lib/state/rate-limit.server");
    expect(await limitSms("1.1.1.1", "13800000001")).toEqual({ ok: true });
    expect(await limitSms("2.2.2.2", "13800000001")).toEqual({ ok: false, retryAfterS: 60 });
    expect(await smsResendLeftS("13800000001")).toBe(60);
    vi.advanceTimersByTime(59_000);
    expect(await limitSms("2.2.2.2", "13800000001")).toEqual({ ok: false, retryAfterS: 1 });
    vi.advanceTimersByTime(1_000);
    expect(await limitSms("2.2.2.2", "13800000001")).toEqual({ ok: true });
    expect(await limitSms("3.3.3.3", "13800000002")).toEqual({ ok: true });
    await releaseSms("13800000002");
    expect(await limitSms("3.3.3.3", "13800000002")).toEqual({ ok: true });
  });

  it("per IP caps SMS sends across mobiles", async () => {
    const { limitSms } = await import("~/lib/state/rate-limit.server");
    expect((await limitSms("9.9.9.9", "13800000001")).ok).toBe(true);
    expect((await limitSms("9.9.9.9", "13800000002")).ok).toBe(true);
    const third = await limitSms("9.9.9.9", "13800000003");
    expect(third.ok).toBe(false);
    expect(!third.ok && third.retryAfterS).toBe(3600);
  });

  it("login attempts per IP and per account", async () => {
    const { limitLogin } = await import("~/lib/state/rate-limit.server");
    for (let i = 0; i < 3; i++) expect((await limitLogin("5.5.5.5", `user${i}`)).ok).toBe(true);
    expect(await limitLogin("5.5.5.5", "other")).toEqual({ ok: false, retryAfterS: 600 });
    for (let i = 0; i < 10; i++) expect((await limitLogin(`10.0.0.${i}`, "Student01")).ok).toBe(true);
    expect(await limitLogin("10.0.1.1", " student01 ")).toEqual({ ok: false, retryAfterS: 600 });
  });

  it("the client address comes from the load context", async () => {
    const { clientIpOf } = await import("~/lib/state/rate-limit.server");
    const request = new Request("http://localhost/", { headers: { "X-Forwarded-For": "6.6.6.6" } });
    expect(clientIpOf({ context: { clientIp: "1.2.3.4" } as never, request })).toBe("1.2.3.4");
    // without serve.mjs and without TRUST_PROXY the socket is not visible: never the client's header
    expect(clientIpOf({ context: {} as never, request })).toBe("unknown");
  });
});
