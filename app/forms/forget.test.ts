import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ForgetSchema } from "~/forms/forget";

/** The field errors of a failed parse (none for a success). */
function errors(values: Record<string, string>) {
  const submission = parseWithZod(form(values), { schema: ForgetSchema });
  return submission.status === "success" ? undefined : submission.error;
}

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

describe("forgot-password schema", () => {
  it("send-code checks the mobile only", () => {
    expect(errors({ intent: "sendCode", mobile: "12345" })).toEqual({ mobile: ["mobileInvalid"] });
    expect(parseWithZod(form({ intent: "sendCode", mobile: " 138 0000 0006 " }), { schema: ForgetSchema }).status).toBe("success");
  });
  it("reset needs the code, a 6-20 character password and the same confirmation", () => {
    expect(errors({ intent: "reset", mobile: "13800000006" })).toMatchObject({
      smsCode: ["smsCodeEmpty"],
      password: ["passwordEmpty"],
      confirmPassword: ["confirmRequired"],
    });
    expect(errors({ intent: "reset", mobile: "13800000006", smsCode: "1", password: "abc", confirmPassword: "abc" })).toMatchObject({
      password: ["newPasswordLength"],
    });
    expect(errors({ intent: "reset", mobile: "13800000006", smsCode: "1", password: "a".repeat(21), confirmPassword: "a".repeat(21) })).toMatchObject({
      password: ["newPasswordLength"],
    });
    expect(errors({ intent: "reset", mobile: "13800000006", smsCode: "1", password: "abcdef", confirmPassword: "abcdeg" })).toMatchObject({
      confirmPassword: ["passwordMismatch"],
    });
    expect(
      parseWithZod(form({ intent: "reset", mobile: "13800000006", smsCode: "1", password: "abcdef", confirmPassword: "abcdef" }), { schema: ForgetSchema })
        .status,
    ).toBe("success");
  });
});
