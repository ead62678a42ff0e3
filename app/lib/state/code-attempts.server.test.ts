import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leaveUnitSandbox, unitSandbox, type TestSandbox } from "../../../tests/unit/sandbox";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await unitSandbox();
});
afterAll(leaveUnitSandbox);

const { checkSmsCode, codeSent, MAX_WRONG_CODE_TRIES, MemoryCounterStore, useCounterStore } = await import("~/lib/state/code-attempts.server");
const { UpstreamError } = await import("~/lib/http/upstream.server");

const wrong = () => Promise.reject(new UpstreamError("business", "/x", { code: "0", upstreamMessage: "wrong or expired verification code" }));
const right = () => Promise.resolve("in");

describe("checkSmsCode: at most 5 wrong tries per code (issue 10 §2)", () => {
  beforeEach(() => useCounterStore(new MemoryCounterStore()));

  it("the 5th wrong try burns the code; then even the right code is refused without a call", async () => {
    expect(MAX_WRONG_CODE_TRIES).toBe(5);
    for (let i = 1; i <= 4; i++) expect(await checkSmsCode("forget", "13800000006", wrong)).toMatchObject({ kind: "wrong", burned: false });
    expect(await checkSmsCode("forget", "13800000006", wrong)).toMatchObject({ kind: "wrong", burned: true });
    let called = false;
    const result = await checkSmsCode("forget", "13800000006", () => ((called = true), right()));
    expect(result).toMatchObject({ kind: "burned" });
    expect(result.kind === "burned" && result.retryAfterS).toBeGreaterThanOrEqual(1);
    expect(called).toBe(false);
  });

  it("per mobile and purpose; a new code starts again; a right code clears the count", async () => {
    for (let i = 0; i < 5; i++) await checkSmsCode("register", "13800000006", wrong);
    expect((await checkSmsCode("register", "13800000006", right)).kind).toBe("burned");
    expect((await checkSmsCode("login", "13800000006", right)).kind).toBe("ok");
    expect((await checkSmsCode("register", "13800000007", right)).kind).toBe("ok");
    await codeSent("register", "13800000006");
    expect((await checkSmsCode("register", "13800000006", right)).kind).toBe("ok");
    for (let i = 0; i < 4; i++) await checkSmsCode("login", "13800000001", wrong);
    await checkSmsCode("login", "13800000001", right);
    for (let i = 0; i < 4; i++) expect((await checkSmsCode("login", "13800000001", wrong)).kind).toBe("wrong");
  });

  it("a captcha demand or an outage is not a wrong try", async () => {
    for (let i = 0; i < 10; i++) {
      await expect(checkSmsCode("login", "13800000002", () => Promise.reject(new UpstreamError("captcha", "/x", { code: "600" })))).rejects.toThrow();
      await expect(checkSmsCode("login", "13800000002", () => Promise.reject(new UpstreamError("timeout", "/x")))).rejects.toThrow();
    }
    expect((await checkSmsCode("login", "13800000002", right)).kind).toBe("ok");
  });

  it("parallel guesses cannot pass the limit together", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => checkSmsCode("forget", "13800000003", wrong)));
    expect(results.filter((r) => r.kind === "wrong")).toHaveLength(5);
    expect(results.filter((r) => r.kind === "burned")).toHaveLength(15);
  });
});

describe("POST /login/forget: the 6th code is refused by the portal (429, Retry-After)", () => {
  const MOBILE = "13800000006";
  async function post(fields: Record<string, string>) {
    const { action } = await import("~/routes/_school+/_sign-in+/login.forget");
    const { csrf } = await import("~/lib/security/csrf.server");
    const [token, setCookie] = await csrf(false).commitToken();
    const body = new URLSearchParams({ csrf: token, ...fields });
    const request = new Request("http://localhost/login/forget?method=phone", {
      method: "POST",
      body,
      headers: {
        Host: "localhost",
        Origin: "http://localhost",
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: (setCookie ?? "").split(";")[0] ?? "",
      },
    });
    const answer = (await action({ request, context: { clientIp: "203.0.113.9" } as AppLoadContext, params: {} })) as unknown as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number; headers?: HeadersInit };
    };
    return { status: answer.init.status, headers: new Headers(answer.init.headers), errors: answer.data.result.error };
  }

  it("5 wrong codes, then the right one: 429 with Retry-After, codeBurned, no reset call upstream", async () => {
    await sandbox.control("POST", "/reset");
    expect((await post({ intent: "sendCode", mobile: MOBILE })).status).toBe(200);
    const { code } = await sandbox.control<{ code: string }>("GET", `/sms?mobile=${MOBILE}`);
    const bad = code === "000000" ? "111111" : "000000";
    const reset = { intent: "reset", mobile: MOBILE, password: "NewPass123", confirmPassword: "NewPass123" };
    for (let i = 1; i <= 4; i++) expect((await post({ ...reset, smsCode: bad })).status).toBe(400);
    expect((await post({ ...reset, smsCode: bad })).errors.smsCode).toEqual(["codeBurned"]);
    await sandbox.control("DELETE", "/requests");
    const sixth = await post({ ...reset, smsCode: code });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(sixth.errors.smsCode).toEqual(["codeBurned"]);
    expect(await sandbox.control<unknown[]>("GET", "/requests?path=resetPassword")).toHaveLength(0);
  });

  it("the SMS send limit's 429 carries Retry-After too", async () => {
    await sandbox.control("POST", "/reset");
    await post({ intent: "sendCode", mobile: "13800000001" });
    const again = await post({ intent: "sendCode", mobile: "13800000001" });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(50);
  });
});

describe("POST /join/login (SMS login): the same limit", () => {
  it("5 wrong codes, then the right one: 429 with Retry-After, no login call upstream", async () => {
    const MOBILE = "13800000009";
    const { action } = await import("~/routes/_school+/_sign-in+/join.login");
    const { csrf } = await import("~/lib/security/csrf.server");
    const post = async (fields: Record<string, string>) => {
      const [token, setCookie] = await csrf(false).commitToken();
      const request = new Request("http://localhost/join/login", {
        method: "POST",
        body: new URLSearchParams({ csrf: token, ...fields }),
        headers: {
          Host: "localhost",
          Origin: "http://localhost",
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: (setCookie ?? "").split(";")[0] ?? "",
        },
      });
      const answer = (await action({ request, context: { clientIp: "203.0.113.10" } as AppLoadContext, params: {} })) as unknown as {
        data: { result: { error: Record<string, string[]> } };
        init: { status: number; headers?: HeadersInit };
      };
      return { status: answer.init.status, headers: new Headers(answer.init.headers), errors: answer.data.result.error };
    };
    await sandbox.control("POST", "/reset");
    expect((await post({ intent: "sendCode", mobile: MOBILE })).status).toBe(200);
    const { code } = await sandbox.control<{ code: string }>("GET", `/sms?mobile=${MOBILE}`);
    const bad = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) expect((await post({ intent: "sms", mobile: MOBILE, smsCode: bad })).status).toBe(400);
    expect((await post({ intent: "sms", mobile: MOBILE, smsCode: bad })).errors.smsCode).toEqual(["codeBurned"]);
    await sandbox.control("DELETE", "/requests");
    const sixth = await post({ intent: "sms", mobile: MOBILE, smsCode: code });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(sixth.errors.smsCode).toEqual(["codeBurned"]);
    expect(await sandbox.control<unknown[]>("GET", "/requests?path=mobileSmsLogin")).toHaveLength(0);
  });
});

describe("POST /join/register: the same limit", () => {
  it("5 wrong codes, then the right one: 429 with Retry-After, no register call upstream", async () => {
    const MOBILE = "13712345670";
    const { action } = await import("~/routes/_school+/_sign-in+/join.register");
    const { csrf } = await import("~/lib/security/csrf.server");
    const post = async (fields: Record<string, string>) => {
      const [token, setCookie] = await csrf(false).commitToken();
      const request = new Request("http://localhost/join/register", {
        method: "POST",
        body: new URLSearchParams({ csrf: token, ...fields }),
        headers: {
          Host: "localhost",
          Origin: "http://localhost",
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: (setCookie ?? "").split(";")[0] ?? "",
        },
      });
      const answer = (await action({ request, context: { clientIp: "203.0.113.11" } as AppLoadContext, params: {} })) as unknown as {
        data: { result: { error: Record<string, string[]> } };
        init?: { status?: number; headers?: HeadersInit };
      };
      return { status: answer.init?.status ?? 200, headers: new Headers(answer.init?.headers), errors: answer.data.result.error };
    };
    await sandbox.control("POST", "/reset");
    expect((await post({ intent: "sendCode", mobile: MOBILE })).status).toBe(200);
    const { code } = await sandbox.control<{ code: string }>("GET", `/sms?mobile=${MOBILE}`);
    const bad = code === "000000" ? "111111" : "000000";
    const form = { intent: "register", username: "guesser1", mobile: MOBILE, password: "Passw0rd!", province: "北京市", city: "北京市", agreement: "on" };
    for (let i = 1; i <= 4; i++) expect((await post({ ...form, smsCode: bad })).status).toBe(400);
    expect((await post({ ...form, smsCode: bad })).errors.smsCode).toEqual(["codeBurned"]);
    await sandbox.control("DELETE", "/requests");
    const sixth = await post({ ...form, smsCode: code });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(sixth.errors.smsCode).toEqual(["codeBurned"]);
    expect(await sandbox.control<unknown[]>("GET", "/requests?path=register/register")).toHaveLength(0);
  });
});

const { checkMoneyCode } = await import("~/lib/state/code-attempts.server");
const { resetProcessState } = await import("~/lib/state/process-state.server");
const { env } = await import("~/env.server");

describe("checkMoneyCode: wrong money codes per account and per address (issue 36 §1)", () => {
  beforeEach(() => resetProcessState());

  const args = (ip: string) => ({ context: { clientIp: ip } as AppLoadContext, request: new Request("http://localhost:3000/") });
  const student = (userId: number) => ({ tenant: { domain: "localhost" } as never, userId });
  const refused = () => Promise.resolve({ ok: false as const, code: "1", message: "卡号不存在" });
  const accepted = () => Promise.resolve({ ok: true as const });

  it("the account's limit: then a right code is refused too, without a call", async () => {
    const max = env().RATE_LIMIT_CODES_PER_ACCOUNT;
    expect(max).toBe(10);
    for (let i = 0; i < max; i++) expect((await checkMoneyCode(args("10.0.0.1"), student(1), refused)).kind).toBe("checked");
    let called = false;
    const locked = await checkMoneyCode(args("10.0.0.2"), student(1), () => ((called = true), accepted()));
    expect(locked).toMatchObject({ kind: "locked" });
    expect(locked.kind === "locked" && locked.retryAfterS).toBeGreaterThan(3500);
    expect(called).toBe(false);
    // another student is not locked by this one's guesses
    expect((await checkMoneyCode(args("10.0.0.2"), student(2), accepted)).kind).toBe("checked");
  });

  it("a right code and an outage are not counted", async () => {
    for (let i = 0; i < 9; i++) await checkMoneyCode(args("10.0.0.1"), student(3), refused);
    for (let i = 0; i < 5; i++) {
      expect(await checkMoneyCode(args("10.0.0.1"), student(3), accepted)).toMatchObject({ kind: "checked", value: { ok: true } });
      await expect(checkMoneyCode(args("10.0.0.1"), student(3), () => Promise.reject(new UpstreamError("timeout", "/x")))).rejects.toThrow();
    }
    expect((await checkMoneyCode(args("10.0.0.1"), student(3), refused)).kind).toBe("checked");
    expect((await checkMoneyCode(args("10.0.0.1"), student(3), accepted)).kind).toBe("locked");
  });

  it("the address's limit across accounts (30 by default); another address goes on", async () => {
    expect(env().RATE_LIMIT_CODES_PER_IP).toBe(30);
    for (const userId of [11, 12, 13]) for (let i = 0; i < 10; i++) await checkMoneyCode(args("10.0.0.9"), student(userId), refused);
    expect((await checkMoneyCode(args("10.0.0.9"), student(14), accepted)).kind).toBe("locked");
    expect((await checkMoneyCode(args("10.0.0.10"), student(14), accepted)).kind).toBe("checked");
  });

  it("parallel guesses cannot pass the limit together", async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => checkMoneyCode(args("10.0.0.3"), student(20), refused)));
    expect(results.filter((r) => r.kind === "checked")).toHaveLength(10);
    expect(results.filter((r) => r.kind === "locked")).toHaveLength(15);
  });
});
