import { useBlurValidation } from "~/components/form/use-blur-validation";
import { DefaultSubmit, SubmitButton } from "~/components/ui/SubmitButton";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ChallengeNotice } from "~/components/auth/ChallengeNotice";
import { Field } from "~/components/ui/Field";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { getFormProps, getInputProps, useForm, type SchemaConstraints } from "~/components/form/use-form";
import { errorText } from "~/components/form/messages";
import { SmsCodeField } from "~/components/form/SmsCodeField";
import { useNamespaces } from "~/components/use-namespaces";
import type { PanelProps } from "~/components/auth/panel-props";
import { USERNAME_MAX } from "~/forms/limits";
import type { Outcome } from "~/forms/outcome";
import type { RegisterFlags, registerSchema } from "~/forms/register";
import type { I18nData } from "~/components/use-namespaces";
import { Button } from "~/components/ui/Button";
import { HiddenInput, Input, Select } from "~/components/ui/Input";

/** A province of the region picker: its cities and their counties. */
export type Province = { name: string; cities: { name: string; counties: string[] }[] };

/** What the register page's loader gives the panel (the stand-alone page and the pop-up's fetcher alike). */
export type RegisterData = {
  i18n: I18nData;
  title: string;
  flags: RegisterFlags & { closed: boolean };
  backUrl: string;
  rawBackUrl: string;
  cities: Province[];
  outcome: Outcome | null;
  constraint: SchemaConstraints<ReturnType<typeof registerSchema>>;
};

/**
 * The register form of /join/register: the ONE implementation, rendered by the stand-alone page and by
 * the header's pop-up (a fetcher's `Form` posting to `/join/register`, spec 000 §2.6).
 */
export function RegisterPanel({
  data: loaderData,
  actionData,
  busy,
  busyIntent,
  FormComponent = Form,
  action,
  idPrefix = "",
  popup = false,
}: PanelProps<RegisterData, Outcome>) {
  const { t } = useNamespaces(loaderData.i18n, "login");
  const outcome = (actionData ?? loaderData.outcome) as Outcome | null;
  const { flags, cities } = loaderData;
  // spec 000 §5: mobile and username validated on blur (with JavaScript; the server's messages)
  const validation = useBlurValidation(`${idPrefix}register`, busy ? undefined : outcome?.result, { validatedOnBlur: ["mobile", "username"] });
  const [form, fields] = useForm({
    id: `${idPrefix}register`,
    lastResult: busy ? undefined : outcome?.result,
    constraint: loaderData.constraint,
    validation,
  });
  const passwordId = fields.password.id;
  useEffect(() => {
    const input = document.getElementById(passwordId);
    if (actionData && input instanceof HTMLInputElement) input.value = "";
  }, [actionData, passwordId]);
  const initial = (outcome?.result.initialValue ?? {}) as Record<string, string>;
  const [province, setProvince] = useState(initial.province ?? "");
  const [city, setCity] = useState(initial.city ?? "");
  const cityList = cities.find((p) => p.name === province)?.cities ?? [];
  const countyList = cityList.find((c) => c.name === city)?.counties ?? [];
  const err = (name: string) => errorText(t, fields[name as keyof typeof fields]?.errors?.[0]);
  const back = loaderData.rawBackUrl ? `?backUrl=${encodeURIComponent(loaderData.rawBackUrl)}` : "";
  const Heading = popup ? "h2" : "h1";
  const id = (name: string) => `${idPrefix}${name}`;
  const regionError = err("province") ?? err("city");

  return (
    <div className="rounded-lg bg-white p-6 shadow">
      <div className="mb-4 flex gap-4 border-b border-gray-200">
        <a href={`/join/login${back}`} className="pb-2 text-gray-600">
          {t("tabs.login")}
        </a>
        <Heading id={id("register-heading")} className="border-b-2 border-brand pb-2 font-semibold text-brand">
          {t("tabs.register")}
        </Heading>
      </div>
      {outcome?.next ? <ChallengeNotice next={outcome.next} /> : null}
      <FormComponent method="post" action={action} {...getFormProps(form)} aria-labelledby={id("register-heading")}>
        {/* Enter registers: the send-code button comes first (decision 085) */}
        <DefaultSubmit name="intent" value="register" pending={popup ? busyIntent === "register" : undefined} />
        <AuthenticityTokenInput name="csrf" />
        <FormFailureNotice answer={actionData} className="mb-3" />
        <HiddenInput name="backUrl" value={loaderData.backUrl} />
        {flags.usernameFlag ? (
          <Field
            {...getInputProps(fields.username, { type: "text" })}
            key={fields.username.key}
            label={t("fields.username")}
            maxLength={USERNAME_MAX}
            autoComplete="username"
            error={err("username")}
          />
        ) : null}
        {flags.mobileFlag ? (
          <>
            <Field
              {...getInputProps(fields.mobile, { type: "tel" })}
              key={fields.mobile.key}
              label={t("fields.mobile")}
              maxLength={11}
              inputMode="numeric"
              autoComplete="tel"
              error={err("mobile")}
            />
            <SmsCodeField
              key={`${fields.smsCode.key}-${outcome?.sentResendAt ?? ""}`}
              inputProps={getInputProps(fields.smsCode, { type: "text" })}
              error={err("smsCode")}
              sentResendAt={outcome?.sentResendAt}
            />
          </>
        ) : null}
        {flags.regionFlag ? (
          <fieldset className="mb-3" aria-describedby={regionError ? id("region-error") : undefined}>
            <legend className="mb-1 text-sm text-gray-700">
              {t("fields.province")} / {t("fields.city")} / {t("fields.county")}
            </legend>
            <div className="flex gap-2">
              <label className="sr-only" htmlFor={id("province")}>
                {t("fields.province")}
              </label>
              <Select
                id={id("province")}
                name="province"

                value={province}
                onChange={(e) => {
                  setProvince(e.target.value);
                  setCity("");
                }}
              >
                <option value="">{t("fields.province")}</option>
                {cities.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </Select>
              <label className="sr-only" htmlFor={id("city")}>
                {t("fields.city")}
              </label>
              <Select id={id("city")} name="city" value={city} onChange={(e) => setCity(e.target.value)}>
                <option value="">{t("fields.city")}</option>
                {cityList.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </Select>
              <label className="sr-only" htmlFor={id("county")}>
                {t("fields.county")}
              </label>
              <Select id={id("county")} name="county" defaultValue={initial.county ?? ""} key={city}>
                <option value="">{t("fields.county")}</option>
                {countyList.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            </div>
            <noscript>
              <Button type="submit" name="intent" value="region" formNoValidate variant="link" className="mt-1 text-xs">
                {t("actions.chooseRegion")}
              </Button>
            </noscript>
            {regionError ? (
              <p id={id("region-error")} className="field-error" data-error-for="province">
                {regionError}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <Field
          {...getInputProps(fields.password, { type: "password" })}
          key={fields.password.key}
          defaultValue=""
          label={t("fields.password")}
          autoComplete="new-password"
          error={err("password")}
        />
        {flags.agreementFlag ? (
          <div className="mb-3 text-sm">
            <label className="flex items-center gap-1">
              <Input
                type="checkbox"
                name="agreement"
                aria-describedby={err("agreement") ? id("agreement-error") : undefined}
                defaultChecked={initial.agreement === "on"}
              />
              {t("fields.agreementPrefix")}
            </label>{" "}
            <a href="/showRegisterAgreement" target="_blank" rel="noopener" className="inline-flex min-h-6 items-center text-brand">
              {t("fields.agreementLink")}
            </a>
            {err("agreement") ? (
              <p id={id("agreement-error")} className="field-error" data-error-for="agreement">
                {err("agreement")}
              </p>
            ) : null}
          </div>
        ) : null}
        <SubmitButton name="intent" value="register" pending={popup ? busyIntent === "register" : undefined} block>
          {t("actions.register")}
        </SubmitButton>
      </FormComponent>
    </div>
  );
}
