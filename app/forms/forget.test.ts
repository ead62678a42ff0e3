import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ForgetSchema } from "~/forms/forget";

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

describe("forgot-password schema", () => {
  it("send-code checks the mobile only", () => {
    expect(parseWithZod(form({ intent: "sendCode", mobile: "12345" }), { schema: ForgetSchema }).error).toEqual({ mobile: ["mobileInvalid"] });
    expect(parseWithZod(form({ intent: "sendCode", mobile: " 138 0000 0006 " }), { schema: ForgetSchema }).status).toBe("success");
  });
  it("reset needs the code, a 6-20 character password and the same confirmation", () => {
    const empty = parseWithZod(form({ intent: "reset", mobile: "13800000006" }), { schema: ForgetSchema });
    expect(empty.error).toMatchObject({ smsCode: ["smsCodeEmpty"], password: ["passwordEmpty"], confirmPassword: ["confirmRequired"] });
    const short = parseWithZod(form({ intent: "reset", mobile: "13800000006", smsCode: "1", password: "abc", confirmPassword: "abc" }), { schema: ForgetSchema });
    expect(short.error).toMatchObject({ password: ["newPasswordLength"] });
    const long = parseWithZod(form({ intent: "reset", mobile: "13800000006", smsCode: "1", password: "a".repeat(21), confirmPassword: "a".repeat(21) }), { schema: ForgetSchema });
    expect(long.error).toMatchObject({ password: ["newPasswordLength"] });
    const mismatch = parseWithZod(form({ intent: "reset", mobile: "13800000006", smsCode: "1", password: "abcdef", confirmPassword: "abcdeg" }), { schema: ForgetSchema });
    expect(mismatch.error).toMatchObject({ confirmPassword: ["passwordMismatch"] });
    expect(parseWithZod(form({ intent: "reset", mobile: "13800000006", smsCode: "1", password: "abcdef", confirmPassword: "abcdef" }), { schema: ForgetSchema }).status).toBe("success");
  });
});
