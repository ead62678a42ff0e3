import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { LoginSchema, MOBILE_RE, normaliseAccount } from "~/forms/login";
import { RegisterSendCodeSchema, registerSchema } from "~/forms/register";
import en from "~/locales/en/login.json";

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}
function errors(schema: Parameters<typeof parseWithZod>[1]["schema"], entries: Record<string, string>) {
  const s = parseWithZod(form(entries), { schema });
  return s.status === "success" ? {} : (s.error ?? {});
}

describe("login schemas (spec 000 section 5)", () => {
  it("mobile: 11 digits, 1 then 3-9", () => {
    expect(MOBILE_RE.test("13800000001")).toBe(true);
    expect(MOBILE_RE.test("19912345678")).toBe(true);
    expect(MOBILE_RE.test("12800000001")).toBe(false);
    expect(MOBILE_RE.test("1380000000")).toBe(false);
    expect(MOBILE_RE.test("138000000011")).toBe(false);
  });

  it("password login: account and password required with the spec messages", () => {
    const e = errors(LoginSchema, { intent: "password" });
    expect(e.account).toEqual(["accountRequired"]);
    expect(e.password).toEqual(["passwordRequired"]);
    expect(en.errors.accountRequired).toBe("Please enter your account.");
    expect(en.errors.passwordRequired).toBe("Please enter your password.");
  });

  it("the account is trimmed and normalised", () => {
    expect(normaliseAccount("  ｓｔｕｄｅｎｔ０１ ")).toBe("student01");
    const s = parseWithZod(form({ intent: "password", account: " 138 0000 0001 ", password: "x" }), { schema: LoginSchema });
    expect(s.status === "success" && s.value.intent === "password" && s.value.account).toBe("13800000001");
    expect(errors(LoginSchema, { intent: "password", account: "   ", password: "x" }).account).toEqual(["accountRequired"]);
  });

  it("send code validates the mobile only; SMS login needs the code", () => {
    expect(errors(LoginSchema, { intent: "sendCode", mobile: "12345" }).mobile).toEqual(["mobileInvalid"]);
    expect(errors(LoginSchema, { intent: "sendCode", mobile: "13800000001" })).toEqual({});
    expect(errors(LoginSchema, { intent: "sms", mobile: "13800000001" }).smsCode).toEqual(["smsCodeRequired"]);
    expect(en.errors.mobileInvalid).toBe("Please enter the correct mobile number.");
    expect(en.errors.smsCodeRequired).toBe("Please enter the verification code.");
  });
});

describe("register schema (spec 000 section 5)", () => {
  const all = { usernameFlag: true, mobileFlag: true, regionFlag: true, agreementFlag: true };
  const good = {
    intent: "register",
    username: "abc_1",
    mobile: "13712345678",
    smsCode: "123456",
    password: "p",
    province: "北京市",
    city: "北京市",
    agreement: "on",
  };

  it("every rule with its message", () => {
    const e = errors(registerSchema(all), { intent: "register" });
    expect(e).toMatchObject({
      username: ["usernameRequired"],
      mobile: ["mobileRequired"],
      smsCode: ["smsCodeEmpty"],
      password: ["passwordEmpty"],
      province: ["regionRequired"],
      city: ["regionRequired"],
      agreement: ["agreementRequired"],
    });
    expect(errors(registerSchema(all), { ...good, username: "1abc" }).username).toEqual(["usernameLetter"]);
    expect(errors(registerSchema(all), { ...good, username: "abc" }).username).toEqual(["usernameFormat"]);
    expect(errors(registerSchema(all), { ...good, username: "a".repeat(21) }).username).toEqual(["usernameFormat"]);
    expect(errors(registerSchema(all), { ...good, username: "ab-c" }).username).toEqual(["usernameFormat"]);
    expect(errors(registerSchema(all), { ...good, username: "a".repeat(20) })).toEqual({});
    expect(errors(registerSchema(all), { ...good, mobile: "1234" }).mobile).toEqual(["mobileFormat"]);
    expect(errors(registerSchema(all), good)).toEqual({});
  });

  it("flags off drop their fields", () => {
    const none = { usernameFlag: false, mobileFlag: false, regionFlag: false, agreementFlag: false };
    expect(errors(registerSchema(none), { intent: "register", password: "p" })).toEqual({});
    expect(errors(registerSchema({ ...none, mobileFlag: true }), { intent: "register", password: "p" })).toMatchObject({
      mobile: ["mobileRequired"],
      smsCode: ["smsCodeEmpty"],
    });
  });

  it("the register send-code button checks the mobile with the register message", () => {
    expect(errors(RegisterSendCodeSchema, { intent: "sendCode", mobile: "1" }).mobile).toEqual(["mobileFormat"]);
  });

  it("the English texts are the spec's wording", () => {
    expect(en.errors).toMatchObject({
      usernameRequired: "Please enter a username.",
      usernameLetter: "Username must start with a letter.",
      usernameFormat: "The username can only consist of 4-20 letters, digits and underscores.",
      mobileRequired: "Please enter your phone number.",
      mobileFormat: "The phone number format is incorrect.",
      smsCodeEmpty: "SMS verification code cannot be empty.",
      passwordEmpty: "The password cannot be empty.",
      regionRequired: "Please fill in the province, city and county.",
      regionField: "Please choose an address.",
      agreementRequired: "Please agree to the user agreement.",
      usernameBound: "Username already bound.",
      phoneBound: "Phone already bound.",
      emailBound: "Email already bound.",
      verificationFailed: "Verification failed.",
      windowBlocked: "Window cannot be opened, please check your browser settings.",
    });
    expect(en.registrationSuccessful).toBe("Registration successful.");
    expect(en.third.ddTitle).toBe("DingTalk login");
  });
});

describe("password maximum (issue 10 §4: RSA-1024 OAEP holds 86 bytes)", () => {
  it("longer passwords are a form error with the spec-style message, on login and register", async () => {
    const { PASSWORD_MAX, PASSWORD_MAX_BYTES } = await import("~/forms/login");
    expect([PASSWORD_MAX, PASSWORD_MAX_BYTES]).toEqual([64, 86]);
    const login = (password: string) => errors(LoginSchema, { intent: "password", account: "student01", password }).password;
    expect(login("a".repeat(64))).toBeUndefined();
    expect(login("a".repeat(65))).toEqual(["passwordTooLong"]);
    expect(login("a".repeat(1000))).toEqual(["passwordTooLong"]);
    expect(login("密".repeat(28))).toBeUndefined(); // 84 bytes
    expect(login("密".repeat(29))).toEqual(["passwordTooLong"]); // 87 bytes
    const none = { usernameFlag: false, mobileFlag: false, regionFlag: false, agreementFlag: false };
    expect(errors(registerSchema(none), { intent: "register", password: "a".repeat(100) }).password).toEqual(["passwordTooLong"]);
    expect(en.errors.passwordTooLong).toBe("The password is too long (at most 64 characters).");
  });

  it("every password the schema takes can be encrypted with a 1024-bit key", async () => {
    const { generateKeyPairSync } = await import("node:crypto");
    const { encryptPassword } = await import("~/services/login.server");
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const key = publicKey.export({ type: "spki", format: "der" }).toString("base64");
    expect(() => encryptPassword(key, "é".repeat(43))).not.toThrow(); // 86 bytes
    expect(() => encryptPassword(key, "a".repeat(87))).toThrow(); // what crashed login with a 500
  });
});
