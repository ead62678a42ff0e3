import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { accountPostSchema } from "~/forms/account-settings";
import { facePostSchema } from "~/forms/face";
import { ForgetSchema } from "~/forms/forget";
import { LoginSchema } from "~/forms/login";
import { registerPostSchema } from "~/forms/register";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

/** Decision 074: the fields the actions read by hand are now their schemas' (issue 23 item 3). */
describe("the actions' post schemas", () => {
  it("account: the shared send-code button's form names the intent; no intent is the change with the current password", () => {
    const sent = parseWithZod(form({ intent: "sendCode", formName: "mobile", mobile: "13800138000" }), { schema: accountPostSchema() });
    expect(sent.status === "success" && sent.value.intent).toBe("sendMobileCode");
    const code = parseWithZod(form({ intent: "sendCode", formName: "passwordSms" }), { schema: accountPostSchema() });
    expect(code.status === "success" && code.value.intent).toBe("sendPasswordCode");
    const password = parseWithZod(form({ oldPassword: "a", newPassword: "123456", confirmPassword: "654321" }), { schema: accountPostSchema() });
    expect(password.status === "error" && password.error).toEqual({ confirmPassword: ["password.mismatch"] });
    const bySms = parseWithZod(form({ intent: "passwordBySms", smsCode: "1", newPassword: "123456", confirmPassword: "1234567" }), {
      schema: accountPostSchema(),
    });
    expect(bySms.status === "error" && bySms.error).toEqual({ confirmPassword: ["passwordMismatch"] });
    expect(parseWithZod(form({ intent: "nope" }), { schema: accountPostSchema() }).status).toBe("error");
  });

  it("register: region keeps everything unchecked, register's password is the parsed value", () => {
    const flags = { usernameFlag: true, mobileFlag: false, regionFlag: false, agreementFlag: false };
    expect(parseWithZod(form({ intent: "region", province: "1" }), { schema: registerPostSchema(flags) }).status).toBe("success");
    const done = parseWithZod(form({ intent: "register", username: "abcd1", password: "secret1" }), { schema: registerPostSchema(flags) });
    expect(done.status === "success" && done.value.intent === "register" && done.value.password).toBe("secret1");
  });

  it("face: cancel, done and info only", () => {
    expect(parseWithZod(form({ intent: "info", name: "张三" }), { schema: facePostSchema() }).status).toBe("success");
    expect(parseWithZod(form({ intent: "other" }), { schema: facePostSchema() }).status).toBe("error");
  });

  it("login keeps the third-party cache code, forget the backUrl", () => {
    const login = parseWithZod(form({ intent: "password", account: "a", password: "b", thirdCacheCode: "c1" }), { schema: LoginSchema });
    expect(login.status === "success" && login.value.thirdCacheCode).toBe("c1");
    const reset = parseWithZod(form({ intent: "reset", mobile: "13800138000", smsCode: "1", password: "123456", confirmPassword: "123456", backUrl: "/x" }), {
      schema: ForgetSchema,
    });
    expect(reset.status === "success" && reset.value.backUrl).toBe("/x");
  });
});
