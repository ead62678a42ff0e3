import type { ReactNode } from "react";
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import { LoginPanel, type LoginData } from "~/components/auth/LoginPanel";
import { RegisterPanel, type RegisterData } from "~/components/auth/RegisterPanel";
import { formConstraint } from "~/forms/constraint.server";
import { PasswordLoginSchema, SmsLoginSchema } from "~/forms/login";
import { registerSchema } from "~/forms/register";
import login from "~/locales/en/login.json";

/**
 * Style guide and issue 11 §4: every conform form takes its native constraints from its zod schema
 * (`getZodConstraint`), so the inputs say what the server will check (required, length, pattern). Decision
 * 023: the loader computes them (`formConstraint`) and the panel renders what it is given.
 */
const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ lng: "en", resources: { en: { login } }, interpolation: { escapeValue: false } });
const i18nData = { locale: "en", bundles: { login } };

function render(node: ReactNode): string {
  // a data router: the submit buttons read the navigation (useNavigation)
  const router = createMemoryRouter([{ path: "/", element: node }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <AuthenticityTokenProvider token="t">
        <RouterProvider router={router} />
      </AuthenticityTokenProvider>
    </I18nextProvider>,
  );
}

/** The attributes of the input named `name` in the rendered HTML (the test environment has no DOM). */
function input(html: string, name: string) {
  const tag = html.match(/<input\b[^>]*>/g)?.find((t) => t.includes(` name="${name}"`)) ?? "";
  return {
    getAttribute: (attr: string) => tag.match(new RegExp(` ${attr}="([^"]*)"`, "i"))?.[1] ?? null,
    hasAttribute: (attr: string) => new RegExp(` ${attr}(=|[ />])`, "i").test(tag),
  };
}

describe("native constraints from the zod schemas", () => {
  it("login: the password has the schema's maximum, the account its minimum", () => {
    const data: LoginData = {
      i18n: i18nData,
      title: "",
      mode: "password",
      smsEnabled: true,
      backUrl: "/",
      rawBackUrl: "",
      registerOpen: true,
      rememberAllowed: true,
      remembered: "",
      third: [],
      ddEnabled: false,
      ddQr: null,
      thirdCacheCode: "",
      thirdNotBound: false,
      thirdFailed: false as const,
      faceFailed: false,
      outcome: null,
      constraint: formConstraint(PasswordLoginSchema, SmsLoginSchema),
    };
    const doc = render(<LoginPanel data={data} busy={false} FormComponent="form" />);
    expect(input(doc, "password")?.getAttribute("maxlength")).toBe("64");
    expect(input(doc, "account")?.getAttribute("minlength")).toBe("1");
    // the union's password option: required (a union alone would leave it out, decision 023)
    expect(input(doc, "account")?.hasAttribute("required")).toBe(true);
    expect(input(doc, "password")?.hasAttribute("required")).toBe(true);
  });

  it("register: required fields and the username and mobile patterns", () => {
    const data: RegisterData = {
      i18n: i18nData,
      title: "",
      flags: { usernameFlag: true, mobileFlag: true, regionFlag: false, agreementFlag: true, closed: false },
      backUrl: "/",
      rawBackUrl: "",
      cities: [],
      outcome: null,
      constraint: {},
    };
    data.constraint = formConstraint(registerSchema(data.flags));
    const doc = render(<RegisterPanel data={data} busy={false} FormComponent="form" />);
    expect(input(doc, "username")?.hasAttribute("required")).toBe(true);
    expect(input(doc, "username")?.getAttribute("pattern")).toBeTruthy();
    expect(input(doc, "mobile")?.getAttribute("pattern")).toContain("1[3-9]");
    expect(input(doc, "password")?.hasAttribute("required")).toBe(true);
  });
});
