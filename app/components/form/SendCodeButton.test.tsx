import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SendCodeButton } from "~/components/form/SendCodeButton";
import { createTranslator, TranslationProvider } from "~/i18n-runtime";
import login from "~/locales/zh/login.json";

/**
 * THE send-code button (issue 11 §4, one form part for every form that sends an SMS code): login's words by
 * default; the personal information form's own words (spec 001 §4 "SMS button") and a countdown that the
 * server's render already shows, so the button is disabled without JavaScript.
 */
const i18n = createTranslator("zh", { login });
const html = (node: JSX.Element) => renderToString(<TranslationProvider i18n={i18n}>{node}</TranslationProvider>);
const info = { send: "发送验证码", resendIn: (n: number) => `（${n}s）后重试`, resend: "重新获取验证码" };

describe("SendCodeButton", () => {
  it("before a send: a formNoValidate submit with intent=sendCode and login's words", () => {
    const out = html(<SendCodeButton />);
    expect(out).toMatch(/type="submit"/);
    expect(out).toMatch(/name="intent"/);
    expect(out).toMatch(/value="sendCode"/);
    expect(out).toMatch(/formNoValidate=""/i);
    expect(out).toContain(">获取验证码<");
    expect(out).toContain('data-testid="send-code"');
    expect(out).not.toMatch(/disabled=""/);
  });

  it("after a send, counting from hydration (default): the server's page offers the resend, enabled", () => {
    const out = html(<SendCodeButton resendAt={Date.now() + 45_000} />);
    expect(out).toContain(">重新发送<");
    expect(out).not.toMatch(/disabled=""/);
  });

  it("after a send, counting from the render: the seconds left and disabled, in the form's own words", () => {
    const out = html(<SendCodeButton resendAt={Date.now() + 45_000} countFrom="render" labels={info} testId="info-send-code" />);
    expect(out).toMatch(/（4[45]s）后重试/);
    expect(out).toMatch(/disabled=""/);
    expect(out).toContain('data-testid="info-send-code"');
    expect(html(<SendCodeButton resendAt={Date.now() - 1} countFrom="render" labels={info} />)).toContain(">重新获取验证码<");
    expect(html(<SendCodeButton countFrom="render" labels={info} />)).toContain(">发送验证码<");
  });
});
