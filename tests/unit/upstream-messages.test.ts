import { createInstance } from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enErrors from "~/locales/en/errors.json";
import zhErrors from "~/locales/zh/errors.json";
import { upstreamErrorText } from "~/lib/http/upstream-messages";
import { parseUpstreamFormError, UPSTREAM_MESSAGE_KEYS, upstreamFormError } from "~/lib/http/upstream-messages.server";
import { requestCtx, startTestSandbox, thrown, type TestSandbox } from "./sandbox";

// Issue 12 part 3: the upstream speaks Chinese; a message the portal knows by its code is shown in the
// page's language, any other as the upstream wrote it.
let sandbox: TestSandbox;
process.env.UPSTREAM_TIMEOUT_MS = "2000";
let upstreamMod: typeof import("~/lib/http/upstream.server");
let auth: typeof import("~/services/auth.server");
let login: typeof import("~/services/login.server");

beforeAll(async () => {
  sandbox = await startTestSandbox();
  process.env.UPSTREAM_URL = sandbox.url;
  upstreamMod = await import("~/lib/http/upstream.server");
  auth = await import("~/services/auth.server");
  login = await import("~/services/login.server");
});
afterAll(() => sandbox.close());

function translator(lng: "zh" | "en") {
  const i18n = createInstance();
  // the upstream messages are their own namespace in the page (decision 075), made from errors.json's `upstream`
  const resources = { zh: { errors: zhErrors, upstream: zhErrors.upstream }, en: { errors: enErrors, upstream: enErrors.upstream } };
  void i18n.init({ lng, initImmediate: false, resources, defaultNS: "errors" });
  return i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;
}

describe("upstream message codes", () => {
  it("every known code has a zh and an en text; English reads as a sentence", () => {
    for (const key of new Set(Object.values(UPSTREAM_MESSAGE_KEYS))) {
      const zh = (zhErrors.upstream as Record<string, string>)[key];
      const en = (enErrors.upstream as Record<string, string>)[key];
      expect(zh, key).toBeTruthy();
      expect(en, key).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("a wrong SMS code: the sandbox answers in Chinese with its code; the page shows zh or en by that code", async () => {
    const upstream = upstreamMod.createUpstream(requestCtx());
    const error = await thrown(auth.smsLogin(upstream, { mobile: "13800000001", smsCode: "000000" }));
    expect(error).toBeInstanceOf(upstreamMod.UpstreamError);
    const failure = login.loginFailureOf(error);
    expect(failure).toMatchObject({ kind: "message", code: "120010007", message: "验证码错误或已过期" });
    const formError = upstreamFormError(failure as { code?: string; message?: string }, "verificationFailed");
    expect(formError).toBe("upstream:smsCodeWrong");
    expect(upstreamErrorText(translator("zh"), formError)).toBe("验证码错误或已过期");
    expect(upstreamErrorText(translator("en"), formError)).toBe("The verification code is wrong or has expired.");
  });

  it("a number in the message travels with the key (seconds to wait)", () => {
    const formError = upstreamFormError({ code: "120010009", message: "请42秒后再获取验证码" }, "x");
    expect(parseUpstreamFormError(formError)).toEqual({ key: "upstream.smsRetryLater", n: 42 });
    expect(upstreamErrorText(translator("en"), formError)).toBe("Please wait 42 seconds before requesting another code.");
  });

  it("an unknown code shows the upstream's own message; no message gives the fallback key", () => {
    expect(upstreamFormError({ code: "999", message: "系统繁忙" }, "x")).toBe("server:系统繁忙");
    expect(upstreamErrorText(translator("en"), "server:系统繁忙")).toBe("系统繁忙");
    expect(upstreamFormError({ code: "999" }, "registrationFailed")).toBe("registrationFailed");
    expect(upstreamErrorText(translator("en"), "registrationFailed")).toBeNull();
    expect(parseUpstreamFormError("upstream:notAKey")).toBeNull();
  });
});
