import { describe, expect, it } from "vitest";
import { failWith, sendCodeOutcome, withBackUrl } from "~/services/form-result.server";

describe("failWith (the one result helper of the login-area forms)", () => {
  it("keeps what was typed but never a password, its confirmation or the CSRF token", () => {
    const outcome = failWith({ mobile: "13800000000", password: "secret1", confirmPassword: "secret1", csrf: "t", intent: "reset" }, { smsCode: ["codeBurned"] });
    expect(outcome).toEqual({
      result: { status: "error", initialValue: { mobile: "13800000000", intent: "reset" }, error: { smsCode: ["codeBurned"] }, state: undefined },
      status: 400,
    });
  });

  it("is a 200 when no field has an error", () => {
    expect(failWith({ account: "a" }, {}).status).toBe(200);
    expect(failWith({ account: "a" }, {}, "success").result.status).toBe("success");
  });
});

describe("sendCodeOutcome (spec 000 §4, §5)", () => {
  const fields = { mobile: "13800000000", intent: "sendCode" };
  const captcha = () => ({ ...failWith(fields, {}), status: 299 });

  it("sent: a success with the resend time", async () => {
    expect(await sendCodeOutcome({ kind: "sent", resendAt: 123 }, fields, captcha)).toMatchObject({ result: { status: "success" }, sentResendAt: 123, status: 200 });
  });

  it("limited: 429 with Retry-After seconds on the mobile field", async () => {
    expect(await sendCodeOutcome({ kind: "limited", retryAfterS: 42 }, fields, captcha)).toMatchObject({ result: { error: { mobile: ["tooMany:42"] } }, status: 429, retryAfterS: 42 });
  });

  it("captcha: what the form's captcha step returns", async () => {
    expect((await sendCodeOutcome({ kind: "captcha" }, fields, captcha)).status).toBe(299);
  });

  it("message: the upstream's message on the mobile field (a code the portal knows is translated: decision 018)", async () => {
    expect(await sendCodeOutcome({ kind: "message", message: "nope" }, fields, captcha)).toMatchObject({ result: { error: { mobile: ["server:nope"] } }, status: 400 });
  });
});

describe("withBackUrl", () => {
  it("adds an encoded backUrl only when there is one", () => {
    expect(withBackUrl("/join/login", "/a?b=1")).toBe("/join/login?backUrl=%2Fa%3Fb%3D1");
    expect(withBackUrl("/join/login", "")).toBe("/join/login");
    expect(withBackUrl("/join/login", undefined)).toBe("/join/login");
  });
});
