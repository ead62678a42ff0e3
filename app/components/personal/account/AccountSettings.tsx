import { DefaultSubmit, SubmitButton } from "~/components/ui/SubmitButton";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n-runtime";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ChallengeNotice } from "~/components/auth/ChallengeNotice";
import { KeptNotice } from "~/components/personal/KeptNotice";
import { SmsCodeField } from "~/components/form/SmsCodeField";
import { Field } from "~/components/ui/Field";
import { getFormProps, getInputProps, useForm, type SchemaConstraints, type SubmissionResult } from "~/components/form/use-form";
import { errorText } from "~/components/form/messages";
import { upstreamErrorText } from "~/lib/http/upstream-messages";
import { useShell } from "~/components/shell/use-shell";
import { useNamespaces } from "~/components/use-namespaces";
import type { AccountForm, BindEmailSchema, BindMobileSchema, BindUsernameSchema, PasswordBySmsSchema } from "~/forms/account-settings";
import type { ChangePasswordSchema } from "~/forms/change-password";
import type { CaptchaChallenge } from "~/lib/security/captcha.server";
import { HiddenInput } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";

export type AccountOutcome = {
  form: AccountForm;
  result: SubmissionResult<string[]>;
  status: number;
  done?: string;
  sentResendAt?: number;
  next?: { kind: "captcha"; challenge: CaptchaChallenge };
  retryAfterS?: number;
  /** Decision 021: filled back in after a login; the notice asks to check and submit again. */
  kept?: boolean;
};

type Info = {
  userId: string | number;
  username?: string | null;
  mobile?: string | null;
  email?: string | null;
  nickName?: string | null;
  thirdPartyList: { type: string; bound: boolean; nickName?: string | null }[];
};
type I18nData = { locale: string; bundles: Record<string, unknown> };

/** The browser constraints of the page's forms, from the loader (`formConstraint`, decision 023). */
export type AccountConstraints = {
  email: SchemaConstraints<typeof BindEmailSchema>;
  mobile: SchemaConstraints<typeof BindMobileSchema>;
  username: SchemaConstraints<typeof BindUsernameSchema>;
  password: SchemaConstraints<typeof ChangePasswordSchema>;
  passwordSms: SchemaConstraints<typeof PasswordBySmsSchema>;
};

/** The account settings page (spec 001 §7): information, the bind forms, third-party accounts, the password. */
export function AccountSettings({
  info,
  i18n,
  outcome,
  constraints,
}: {
  info: Info;
  i18n: I18nData;
  outcome?: AccountOutcome;
  constraints: AccountConstraints;
}) {
  useNamespaces(i18n, "login");
  const { t } = useTranslation("personal", { keyPrefix: "account" });
  const shell = useShell();
  const of = (form: AccountForm) => (outcome?.form === form ? outcome : undefined);
  return (
    <div className="space-y-6" data-testid="account-settings">
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      {shell?.user?.changePassword ? (
        <Notice as="p" tone="warning" role="alert" data-testid="forced-password-warning">
          {t("forced")}
        </Notice>
      ) : null}
      {outcome?.kept ? <KeptNotice /> : null}
      {outcome?.done ? (
        <Notice as="p" tone="success" data-testid="account-done">
          {t(`done.${outcome.done}`)}
        </Notice>
      ) : null}
      <Section id="account-info" title={t("info.title")}>
        <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm" data-testid="account-info">
          <dt className="text-gray-600">{t("info.username")}</dt>
          <dd>{info.username || t("info.none")}</dd>
          <dt className="text-gray-600">{t("info.mobile")}</dt>
          <dd data-testid="info-mobile">{info.mobile || t("info.none")}</dd>
          <dt className="text-gray-600">{t("info.email")}</dt>
          <dd data-testid="info-email">{info.email || t("info.none")}</dd>
          <dt className="text-gray-600">{t("info.nickName")}</dt>
          <dd>{info.nickName || t("info.none")}</dd>
        </dl>
      </Section>
      <EmailForm bound={Boolean(info.email)} outcome={of("email")} constraint={constraints.email} />
      <MobileForm bound={Boolean(info.mobile)} outcome={of("mobile")} constraint={constraints.mobile} />
      {info.username ? null : <UsernameForm outcome={of("username")} constraint={constraints.username} />}
      <ThirdParty list={info.thirdPartyList} outcome={of("third")} />
      <PasswordForm outcome={of("password")} constraint={constraints.password} />
      {info.mobile ? <PasswordBySmsForm outcome={of("passwordSms")} constraint={constraints.passwordSms} /> : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded border border-gray-200 bg-white p-5">
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** `pending` while this intent's post is under way (with JavaScript). */
function usePending(...intents: string[]) {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  return { busy: intent !== null && intents.includes(intent), idle: navigation.state === "idle" };
}

function useErr() {
  const { t } = useTranslation("personal", { keyPrefix: "account" });
  return (error: string | undefined) => errorText(t as never, error);
}

function Submit({ busy, intent, children, testId }: { busy: boolean; intent: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation("personal", { keyPrefix: "account" });
  return (
    <SubmitButton name="intent" value={intent} pending={busy} pendingLabel={t("pending")} data-testid={testId} size="sm">
      {children}
    </SubmitButton>
  );
}

function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  const err = useErr();
  return errors?.length ? (
    <p id={id} role="alert" className="mb-3 text-sm text-red-700">
      {err(errors[0])}
    </p>
  ) : null;
}

function EmailForm({ bound, outcome, constraint }: { bound: boolean; outcome?: AccountOutcome; constraint: AccountConstraints["email"] }) {
  const { t } = useTranslation("personal", { keyPrefix: "account" });
  const err = useErr();
  const { busy, idle } = usePending("bindEmail");
  const [form, fields] = useForm({
    id: "account-email",
    lastResult: idle && !outcome?.done ? outcome?.result : undefined,
    constraint,
  });
  return (
    <Section id="account-email-title" title={bound ? t("email.change") : t("email.bind")}>
      <Form method="post" {...getFormProps(form)} aria-labelledby="account-email-title">
        <AuthenticityTokenInput name="csrf" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          label={t("email.label")}
          autoComplete="email"
          error={err(fields.email.errors?.[0])}
        />
        <Submit busy={busy} intent="bindEmail" testId="bind-email">
          {t("email.submit")}
        </Submit>
      </Form>
    </Section>
  );
}

function MobileForm({ bound, outcome, constraint }: { bound: boolean; outcome?: AccountOutcome; constraint: AccountConstraints["mobile"] }) {
  const { t } = useTranslation("personal", { keyPrefix: "account" });
  const err = useErr();
  const { busy, idle } = usePending("bindMobile");
  const [form, fields] = useForm({
    id: "account-mobile",
    lastResult: idle && !outcome?.done ? outcome?.result : undefined,
    constraint,
  });
  return (
    <Section id="account-mobile-title" title={bound ? t("mobile.change") : t("mobile.bind")}>
      {outcome?.next ? <ChallengeNotice next={outcome.next} /> : null}
      <Form method="post" {...getFormProps(form)} aria-labelledby="account-mobile-title">
        {/* Enter binds the mobile: the send-code button comes first (decision 085) */}
        <DefaultSubmit name="intent" value="bindMobile" pending={busy} />
        <AuthenticityTokenInput name="csrf" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <HiddenInput name="formName" value="mobile" />
        <Field
          {...getInputProps(fields.mobile, { type: "tel" })}
          key={fields.mobile.key}
          label={t("mobile.label")}
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
          error={err(fields.mobile.errors?.[0])}
        />
        <SmsCodeField
          key={`${fields.smsCode.key}-${outcome?.sentResendAt ?? ""}`}
          inputProps={{ ...getInputProps(fields.smsCode, { type: "text" }), defaultValue: "" }}
          error={err(fields.smsCode.errors?.[0])}
          sentResendAt={outcome?.sentResendAt}
        />
        <Submit busy={busy} intent="bindMobile" testId="bind-mobile">
          {t("mobile.submit")}
        </Submit>
      </Form>
    </Section>
  );
}

function UsernameForm({ outcome, constraint }: { outcome?: AccountOutcome; constraint: AccountConstraints["username"] }) {
  const { t } = useTranslation("personal", { keyPrefix: "account" });
  const err = useErr();
  const { busy, idle } = usePending("bindUsername");
  const [form, fields] = useForm({
    id: "account-username",
    lastResult: idle && !outcome?.done ? outcome?.result : undefined,
    constraint,
  });
  return (
    <Section id="account-username-title" title={t("username.bind")}>
      <Form method="post" {...getFormProps(form)} aria-labelledby="account-username-title">
        <AuthenticityTokenInput name="csrf" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field
          {...getInputProps(fields.username, { type: "text" })}
          key={fields.username.key}
          label={t("username.label")}
          autoComplete="username"
          maxLength={20}
          error={err(fields.username.errors?.[0])}
        />
        <p className="mb-3 text-xs text-gray-600">{t("username.hint")}</p>
        <Submit busy={busy} intent="bindUsername" testId="bind-username">
          {t("username.submit")}
        </Submit>
      </Form>
    </Section>
  );
}

function ThirdParty({ list, outcome }: { list: Info["thirdPartyList"]; outcome?: AccountOutcome }) {
  const { t } = useTranslation("personal", { keyPrefix: "account" });
  const navigation = useNavigation();
  const busyType = navigation.state === "submitting" && navigation.formData?.get("intent") === "unbind" ? String(navigation.formData.get("type")) : null;
  const errors = outcome && !outcome.done ? Object.values(outcome.result.error ?? {}).flat() : [];
  return (
    <Section id="account-third-title" title={t("third.title")}>
      <FormErrors errors={errors as string[]} id="account-third-error" />
      <ul className="space-y-2 text-sm">
        {list.map((item) => (
          <li key={item.type} className="flex items-center justify-between gap-3" data-testid={`third-${item.type}`}>
            <span>
              {t(`third.types.${item.type}`, { defaultValue: item.type })}:{" "}
              {item.bound ? `${t("third.bound")}${item.nickName ? ` (${item.nickName})` : ""}` : t("third.notBound")}
            </span>
            {item.bound ? (
              <Form method="post">
                <AuthenticityTokenInput name="csrf" />
                <HiddenInput name="type" value={item.type} />
                <SubmitButton
                  name="intent"
                  value="unbind"
                  pending={busyType === item.type}
                  pendingLabel={t("pending")}
                  variant="outline"
                  size="sm"
                  aria-label={t("third.unbindLabel", { type: t(`third.types.${item.type}`, { defaultValue: item.type }) })}
                >
                  {t("third.unbind")}
                </SubmitButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The change with the current password: the forced change of spec 000 §4 uses it (messages in `common`). */
function PasswordForm({ outcome, constraint }: { outcome?: AccountOutcome; constraint: AccountConstraints["password"] }) {
  const { t } = useTranslation();
  const { busy, idle } = usePending("password");
  const [form, fields] = useForm({
    id: "account-password",
    lastResult: idle ? outcome?.result : undefined,
    constraint,
  });
  const message = (key: string | undefined) =>
    key ? (key.startsWith("password.") ? t(`account.${key}`) : (upstreamErrorText(t as never, key) ?? key)) : undefined;
  const field = (f: typeof fields.oldPassword, label: string) => (
    <Field
      {...getInputProps(f, { type: "password" })}
      key={f.key}
      defaultValue=""
      label={label}
      autoComplete={f.name === "oldPassword" ? "current-password" : "new-password"}
      error={message(f.errors?.[0])}
    />
  );
  return (
    <Section id="account-password-title" title={t("account.title")}>
      <Form method="post" {...getFormProps(form)} aria-labelledby="account-password-title">
        <AuthenticityTokenInput name="csrf" />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="mb-3 text-sm text-red-700">
            {message(form.errors[0])}
          </p>
        ) : null}
        {field(fields.oldPassword, t("account.oldPassword"))}
        {field(fields.newPassword, t("account.newPassword"))}
        {field(fields.confirmPassword, t("account.confirmPassword"))}
        <Submit busy={busy} intent="password" testId="change-password">
          {t("account.submit")}
        </Submit>
      </Form>
    </Section>
  );
}

/** Verify identity by the STU_UPDATE_PWD code sent to the account's mobile, then set the new password. */
function PasswordBySmsForm({ outcome, constraint }: { outcome?: AccountOutcome; constraint: AccountConstraints["passwordSms"] }) {
  const { t } = useTranslation("personal", { keyPrefix: "account" });
  const err = useErr();
  const { busy, idle } = usePending("passwordBySms");
  const [form, fields] = useForm({
    id: "account-password-sms",
    lastResult: idle ? outcome?.result : undefined,
    constraint,
  });
  return (
    <Section id="account-password-sms-title" title={t("passwordSms.title")}>
      {outcome?.next ? <ChallengeNotice next={outcome.next} /> : null}
      <p className="mb-3 text-xs text-gray-600">{t("passwordSms.hint")}</p>
      <Form method="post" {...getFormProps(form)} aria-labelledby="account-password-sms-title">
        {/* Enter sets the password: the send-code button comes first (decision 085) */}
        <DefaultSubmit name="intent" value="passwordBySms" pending={busy} />
        <AuthenticityTokenInput name="csrf" />
        <HiddenInput name="formName" value="passwordSms" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <SmsCodeField
          key={`${fields.smsCode.key}-${outcome?.sentResendAt ?? ""}`}
          inputProps={{ ...getInputProps(fields.smsCode, { type: "text" }), defaultValue: "" }}
          error={err(fields.smsCode.errors?.[0])}
          sentResendAt={outcome?.sentResendAt}
        />
        <Field
          {...getInputProps(fields.newPassword, { type: "password" })}
          key={fields.newPassword.key}
          defaultValue=""
          label={t("passwordSms.newPassword")}
          autoComplete="new-password"
          error={err(fields.newPassword.errors?.[0])}
        />
        <Field
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          key={fields.confirmPassword.key}
          defaultValue=""
          label={t("passwordSms.confirmPassword")}
          autoComplete="new-password"
          error={err(fields.confirmPassword.errors?.[0])}
        />
        <Submit busy={busy} intent="passwordBySms" testId="change-password-sms">
          {t("passwordSms.submit")}
        </Submit>
      </Form>
    </Section>
  );
}
