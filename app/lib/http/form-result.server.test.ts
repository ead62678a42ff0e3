import { describe, expect, it } from "vitest";
import { formFailure } from "~/services/account-centre.server";
import { failFor, failWith, sendCodeOutcome, withBackUrl } from "~/lib/http/form-result.server";

describe("failWith (the one result helper of the login-area forms)", () => {
  it("keeps what was typed but never a password, its confirmation or the CSRF token", () => {
    const outcome = failWith(
      { mobile: "13800000000", password: "secret1", confirmPassword: "secret1", csrf: "t", intent: "reset" },
      { smsCode: ["codeBurned"] },
    );
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
    expect(await sendCodeOutcome({ kind: "sent", resendAt: 123 }, fields, captcha)).toMatchObject({
      result: { status: "success" },
      sentResendAt: 123,
      status: 200,
    });
  });

  it("limited: 429 with Retry-After seconds on the mobile field", async () => {
    expect(await sendCodeOutcome({ kind: "limited", retryAfterS: 42 }, fields, captcha)).toMatchObject({
      result: { error: { mobile: ["tooMany:42"] } },
      status: 429,
      retryAfterS: 42,
    });
  });

  it("captcha: what the form's captcha step returns", async () => {
    expect((await sendCodeOutcome({ kind: "captcha" }, fields, captcha)).status).toBe(299);
  });

  it("message: the upstream's message on the mobile field (a code the portal knows is translated: decision 018)", async () => {
    expect(await sendCodeOutcome({ kind: "message", message: "nope" }, fields, captcha)).toMatchObject({
      result: { error: { mobile: ["server:nope"] } },
      status: 400,
    });
  });
});

describe("withBackUrl", () => {
  it("adds an encoded backUrl only when there is one", () => {
    expect(withBackUrl("/join/login", "/a?b=1")).toBe("/join/login?backUrl=%2Fa%3Fb%3D1");
    expect(withBackUrl("/join/login", "")).toBe("/join/login");
    expect(withBackUrl("/join/login", undefined)).toBe("/join/login");
  });
});

// Issue 11 §4: one result helper for actions. Every form's failure comes from failWith: what was typed
// comes back, never a password or the CSRF token (nor the fields a form names as secret).
describe("failFor and the account centre's formFailure: failWith underneath (issue 11 §4)", () => {
  const typed = { mobile: "13800000001", password: "Passw0rd!", confirmPassword: "Passw0rd!", csrf: "tok", smsCode: "123456" };

  it("failWith: an error naming a field is a 400 with the typed values, passwords and csrf left out", () => {
    const out = failWith(typed, { mobile: ["required"] });
    expect(out.status).toBe(400);
    expect(out.result).toEqual({
      status: "error",
      initialValue: { mobile: "13800000001", smsCode: "123456" },
      error: { mobile: ["required"] },
      state: undefined,
    });
    expect(failWith(typed, {}, "success").status).toBe(200);
    expect(failWith(typed, {}, "error", ["smsCode"]).result.initialValue).toEqual({ mobile: "13800000001" });
  });

  it("failFor tags the answer with its form; the account settings' secrets stay out", () => {
    const out = failFor("passwordSms", { ...typed, oldPassword: "x", newPassword: "y" }, { smsCode: ["codeBurned"] }, "error", [
      "oldPassword",
      "newPassword",
      "smsCode",
    ]);
    expect(out).toEqual({
      form: "passwordSms",
      status: 400,
      result: { status: "error", initialValue: { mobile: "13800000001" }, error: { smsCode: ["codeBurned"] }, state: undefined },
    });
  });

  it("the account centre's formFailure is failWith's result (no password or token echoed back)", () => {
    const out = formFailure("withdraw", typed, { "": ["malformed"] });
    expect(out).toEqual({
      form: "withdraw",
      result: { status: "error", initialValue: { mobile: "13800000001", smsCode: "123456" }, error: { "": ["malformed"] }, state: undefined },
    });
  });
});
