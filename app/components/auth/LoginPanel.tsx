import { DefaultSubmit, SubmitButton } from "~/components/ui/SubmitButton";
import { Form } from "@remix-run/react";
import { useEffect } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ChallengeNotice } from "~/components/auth/ChallengeNotice";
import { Field } from "~/components/ui/Field";
import { getFormProps, getInputProps, useForm, type SchemaConstraints } from "~/components/form/use-form";
import { errorText } from "~/components/form/messages";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { SmsCodeField } from "~/components/form/SmsCodeField";
import { ThirdPartyRow } from "~/components/auth/ThirdPartyRow";
import { useNamespaces } from "~/components/use-namespaces";
import type { PanelProps } from "~/components/auth/panel-props";
import type { LoginSchema } from "~/forms/login";
import type { Outcome } from "~/forms/outcome";
import type { I18nData } from "~/components/use-namespaces";
import { HiddenInput, Input } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";

/** What the login page's loader gives the panel (the stand-alone page and the pop-up's fetcher alike). */
export type LoginData = {
  i18n: I18nData;
  title: string;
  mode: string;
  smsEnabled: boolean;
  backUrl: string;
  rawBackUrl: string;
  registerOpen: boolean;
  rememberAllowed: boolean;
  remembered: string;
  third: string[];
  ddEnabled: boolean;
  ddQr: string | null;
  thirdCacheCode: string;
  thirdNotBound: boolean;
  /** `third=failed`: the login did not complete; `third=missing`: the provider's address lacked its parameters (spec 000 section 5) */
  thirdFailed: false | "failed" | "missing";
  /** the provider's (or the upstream's) own message for a failed third-party login, shown as text */
  thirdMessage?: string | null;
  faceFailed: boolean;
  outcome: Outcome | null;
  constraint: SchemaConstraints<typeof LoginSchema>;
};

/**
 * The login form of /join/login: the ONE implementation, rendered by the stand-alone page (a Remix
 * `<Form>`) and by the header's pop-up (a fetcher's `Form` posting to `/join/login`, spec 000 §2.6).
 * Links inside it are absolute `/join/...` addresses: the pop-up loads them into itself.
 */
export function LoginPanel({ data, actionData, busy, busyIntent, FormComponent = Form, action, idPrefix = "", popup = false }: PanelProps<LoginData, Outcome>) {
  const { t } = useNamespaces(data.i18n, "login");
  const outcome = (actionData ?? data.outcome) as Outcome | null;
  const result = outcome?.result;
  const mode = result?.initialValue?.intent === "password" ? "password" : result?.initialValue?.intent ? "sms" : data.mode;
  const [form, fields] = useForm({
    id: `${idPrefix}login-${mode}`,
    lastResult: busy ? undefined : result,
    defaultValue: { account: data.remembered, remember: data.remembered ? "on" : undefined },
    constraint: data.constraint,
  });
  // A failed attempt never keeps the password, also when JavaScript kept what was typed.
  const passwordId = fields.password.id;
  useEffect(() => {
    const input = document.getElementById(passwordId);
    if (actionData && input instanceof HTMLInputElement) input.value = "";
  }, [actionData, passwordId]);
  const backUrl = data.rawBackUrl;
  const q = (extra: Record<string, string>, path = "/join/login") => {
    const params = new URLSearchParams({ ...(backUrl ? { backUrl } : {}), ...extra });
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  };
  const err = (name: string) => errorText(t, fields[name as keyof typeof fields]?.errors?.[0]);
  const Heading = popup ? "h2" : "h1";
  const faceFailedId = `${idPrefix}face-failed`;

  return (
    <div className="rounded-lg bg-white p-6 shadow">
      <div className="mb-4 flex gap-4 border-b border-gray-200" role="navigation" aria-label={t("title")}>
        <Heading id={`${idPrefix}login-heading`} className="border-b-2 border-brand pb-2 font-semibold text-brand">
          {t("tabs.login")}
        </Heading>
        {data.registerOpen ? (
          <a href={q({}, "/join/register")} className="pb-2 text-gray-600">
            {t("tabs.register")}
          </a>
        ) : null}
      </div>
      {data.smsEnabled ? (
        <div className="mb-4 flex gap-4 text-sm">
          <a
            href={q({ mode: "password" })}
            aria-current={mode === "password" ? "page" : undefined}
            className="inline-flex min-h-6 items-center aria-[current]:text-brand aria-[current]:font-semibold"
          >
            {t("tabs.password")}
          </a>
          <a
            href={q({ mode: "sms" })}
            aria-current={mode === "sms" ? "page" : undefined}
            className="inline-flex min-h-6 items-center aria-[current]:text-brand aria-[current]:font-semibold"
          >
            {t("tabs.sms")}
          </a>
        </div>
      ) : null}
      {data.thirdNotBound ? (
        <p role="status" className="mb-3 text-sm text-amber-700">
          {t("third.notBound")}
        </p>
      ) : null}
      {data.thirdFailed ? (
        <p role="alert" className="mb-3 text-sm text-red-600">
          {data.thirdFailed === "missing" ? t("errors.thirdMissing") : t("errors.thirdFailed")}
          {data.thirdFailed === "failed" && data.thirdMessage ? (
            <span className="mt-1 block" data-testid="third-message">
              {t("third.providerSaid", { message: data.thirdMessage, interpolation: { escapeValue: false } })}
            </span>
          ) : null}
        </p>
      ) : null}
      {data.faceFailed && !actionData ? (
        <Notice as="p" tone="error" className="mb-3" id={faceFailedId} data-testid="face-failed">
          {t("face.failed")}
        </Notice>
      ) : null}
      {outcome?.next ? <ChallengeNotice next={outcome.next} /> : null}
      <FormComponent
        method="post"
        action={action}
        {...getFormProps(form)}
        aria-labelledby={`${idPrefix}login-heading`}
        aria-describedby={data.faceFailed && !actionData ? faceFailedId : undefined}
      >
        {/* Enter signs in by SMS: the send-code button comes first (decision 085) */}
        {mode === "password" ? null : <DefaultSubmit name="intent" value="sms" pending={popup ? busyIntent === "sms" : undefined} />}
        <AuthenticityTokenInput name="csrf" />
        <FormFailureNotice answer={actionData} className="mb-3" />
        <HiddenInput name="backUrl" value={data.backUrl} />
        {data.thirdCacheCode ? <HiddenInput name="thirdCacheCode" value={data.thirdCacheCode} /> : null}
        {mode === "password" ? (
          <>
            <Field
              {...getInputProps(fields.account, { type: "text" })}
              key={fields.account.key}
              label={t("fields.account")}
              placeholder={t("fields.accountPlaceholder")}
              autoComplete="username"
              error={err("account")}
            />
            <Field
              {...getInputProps(fields.password, { type: "password" })}
              key={fields.password.key}
              defaultValue=""
              label={t("fields.password")}
              autoComplete="current-password"
              error={err("password")}
            />
            <div className="mb-4 flex items-center justify-between text-sm">
              {data.rememberAllowed ? (
                <label className="flex items-center gap-1">
                  <Input type="checkbox" name="remember" defaultChecked={Boolean(data.remembered)} /> {t("fields.remember")}
                </label>
              ) : (
                <span />
              )}
              <a href="/login/forget?method=phone" className="text-brand" data-popup-leave>
                {t("fields.forgot")}
              </a>
            </div>
            <SubmitButton name="intent" value="password" pending={popup ? busyIntent === "password" : undefined} block>
              {t("actions.login")}
            </SubmitButton>
          </>
        ) : (
          <>
            <Field
              {...getInputProps(fields.mobile, { type: "tel" })}
              key={fields.mobile.key}
              label={t("fields.mobile")}
              autoComplete="tel"
              inputMode="numeric"
              maxLength={11}
              error={err("mobile")}
            />
            <SmsCodeField
              key={`${fields.smsCode.key}-${outcome?.sentResendAt ?? ""}`}
              inputProps={getInputProps(fields.smsCode, { type: "text" })}
              error={err("smsCode")}
              sentResendAt={outcome?.sentResendAt}
            />
            <SubmitButton name="intent" value="sms" pending={popup ? busyIntent === "sms" : undefined} block>
              {t("actions.login")}
            </SubmitButton>
          </>
        )}
      </FormComponent>
      <ThirdPartyRow
        types={data.third}
        ddEnabled={data.ddEnabled}
        ddQr={data.ddQr}
        backUrl={data.backUrl}
        closeHref={q(mode === "sms" ? { mode } : {})}
        ddHref={q({ dd: "1", ...(mode === "sms" ? { mode } : {}) })}
      />
    </div>
  );
}
