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

describe("RateLimiter", () => {
  it("counts per key in a fixed window and tells the wait", async () => {
    const { RateLimiter } = await import("~/services/rate-limit.server");
    const limiter = new RateLimiter(2, 60_000);
    expect(limiter.hit("a").ok).toBe(true);
    expect(limiter.hit("a").ok).toBe(true);
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterS: 60 });
    expect(limiter.hit("b").ok).toBe(true);
    vi.advanceTimersByTime(45_000);
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterS: 15 });
    vi.advanceTimersByTime(15_000);
    expect(limiter.hit("a").ok).toBe(true);
  });

  it("drops expired keys when full", async () => {
    const { RateLimiter } = await import("~/services/rate-limit.server");
    const limiter = new RateLimiter(1, 1000, 2);
    limiter.hit("a");
    limiter.hit("b");
    vi.advanceTimersByTime(1000);
    limiter.hit("c");
    expect(limiter.peek("a").ok).toBe(true);
    expect(limiter.peek("c").ok).toBe(false);
  });
});

describe("SMS and login limits", () => {
  it("one code per mobile per 60 s; a failed send releases it", async () => {
    const { limitSms, releaseSms, smsResendLeftS } = await import("~/services/rate-limit.server");
    expect(limitSms("1.1.1.1", "13800000001")).toEqual({ ok: true });
    expect(limitSms("2.2.2.2", "13800000001")).toEqual({ ok: false, retryAfterS: 60 });
    expect(smsResendLeftS("13800000001")).toBe(60);
    vi.advanceTimersByTime(59_000);
    expect(limitSms("2.2.2.2", "13800000001")).toEqual({ ok: false, retryAfterS: 1 });
    vi.advanceTimersByTime(1_000);
    expect(limitSms("2.2.2.2", "13800000001")).toEqual({ ok: true });
    expect(limitSms("3.3.3.3", "13800000002")).toEqual({ ok: true });
    releaseSms("13800000002");
    expect(limitSms("3.3.3.3", "13800000002")).toEqual({ ok: true });
  });

  it("per IP caps SMS sends across mobiles", async () => {
    const { limitSms } = await import("~/services/rate-limit.server");
    expect(limitSms("9.9.9.9", "13800000001").ok).toBe(true);
    expect(limitSms("9.9.9.9", "13800000002").ok).toBe(true);
    const third = limitSms("9.9.9.9", "13800000003");
    expect(third.ok).toBe(false);
    expect(!third.ok && third.retryAfterS).toBe(3600);
  });

  it("login attempts per IP and per account", async () => {
    const { limitLogin } = await import("~/services/rate-limit.server");
    for (let i = 0; i < 3; i++) expect(limitLogin("5.5.5.5", `user${i}`).ok).toBe(true);
    expect(limitLogin("5.5.5.5", "other")).toEqual({ ok: false, retryAfterS: 600 });
    for (let i = 0; i < 10; i++) expect(limitLogin(`10.0.0.${i}`, "Student01").ok).toBe(true);
    expect(limitLogin("10.0.1.1", " student01 ")).toEqual({ ok: false, retryAfterS: 600 });
  });

  it("the client address comes from the load context", async () => {
    const { clientIpOf } = await import("~/services/rate-limit.server");
    const request = new Request("http://localhost/", { headers: { "X-Forwarded-For": "6.6.6.6" } });
    expect(clientIpOf({ context: { clientIp: "1.2.3.4" } as never, request })).toBe("1.2.3.4");
    // without serve.mjs and without TRUST_PROXY the socket is not visible: never the client's header
    expect(clientIpOf({ context: {} as never, request })).toBe("unknown");
  });
});
