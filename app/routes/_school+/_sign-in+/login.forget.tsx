import { DefaultSubmit, SubmitButton } from "~/components/ui/SubmitButton";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ChallengeNotice } from "~/components/auth/ChallengeNotice";
import { Field } from "~/components/ui/Field";
import { getFormProps, getInputProps, useForm } from "~/components/form/use-form";
import { errorText } from "~/components/form/messages";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { SmsCodeField } from "~/components/form/SmsCodeField";
import { useNamespaces } from "~/components/use-namespaces";
import { formConstraint } from "~/forms/constraint.server";
import { ForgetResetSchema, ForgetSchema } from "~/forms/forget";
import { NEW_PASSWORD_MAX } from "~/forms/limits";
import type { Outcome } from "~/forms/outcome";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { resetPassword } from "~/services/auth.server";
import { resumeAfterCaptcha, type CaptchaAnswer } from "~/lib/security/captcha.server";
import { failWith, sendCodeOutcome, toCaptcha } from "~/lib/http/form-result.server";
import { encryptPassword, publicKeyOf, sendCode } from "~/services/login.server";
import { getPortal, isLoggedIn, requireValidPost, type Portal } from "~/lib/portal.server";
import { checkSmsCode } from "~/lib/state/code-attempts.server";
import { clientIpOf, retryAfterHeaders, withRetryAfter } from "~/lib/state/rate-limit.server";
import { safeRedirect } from "~/lib/security/redirect";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { HiddenInput } from "~/components/ui/Input";

export const handle = { i18n: ["login", "upstream"], loginPage: true } satisfies RouteHandle;
export const headers = retryAfterHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** Spec 000 §2.1: the forgot-password page (by phone: mobile → SMS code → new password). */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const backUrl = safeRedirect(url.searchParams.get("backUrl") ?? undefined);
  if (isLoggedIn(portal)) throw redirect(backUrl);
  const outcome = await resumeAfterCaptcha<Outcome>(portal, url, "forget", {
    failed: ({ fields }) => failWith(fields, { mobile: ["verificationFailed"] }),
    retry: ({ fields }, answer) => sendStep(portal, clientIpOf(args), fields, answer),
  });
  const i18n = await namespaces(args.request, handle);
  return data(
    {
      i18n,
      title: (i18n.bundles.login as { forget: { title: string } }).forget.title,
      backUrl,
      outcome: outcome ?? null,
      constraint: formConstraint(ForgetResetSchema), // the send-code button carries formNoValidate
    },
    { status: outcome?.status ?? 200, headers: outcome ? withRetryAfter(outcome, { "Set-Cookie": await portal.commitSession() }) : undefined },
  );
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const keep = Object.fromEntries(
      [...formData.entries()].filter(([k, v]) => typeof v === "string" && k !== "password" && k !== "confirmPassword" && k !== "csrf"),
    ) as Record<string, string>;
    const submission = parseWithZod(formData, { schema: ForgetSchema });
    if (submission.status !== "success") return data(failWith(keep, (submission.error ?? {}) as Record<string, string[]>), { status: 400 });
    const value = submission.value;
    if (value.intent === "sendCode") {
      const outcome = await sendStep(portal, clientIpOf(args), { ...keep, mobile: value.mobile });
      return data(outcome, { status: outcome.status, headers: withRetryAfter(outcome, { "Set-Cookie": await portal.commitSession() }) });
    }
    const password = encryptPassword(await publicKeyOf(portal), value.password);
    const checked = await checkSmsCode("forget", value.mobile, () =>
      resetPassword(portal.upstream, { mobile: value.mobile, smsCode: value.smsCode, password }),
    ).catch((error: unknown) => {
      if (!(error instanceof UpstreamError)) throw error;
      return { kind: "failed" as const, error };
    });
    if (checked.kind === "burned") {
      const outcome: Outcome = { ...failWith(keep, { smsCode: ["codeBurned"] }), status: 429, retryAfterS: checked.retryAfterS };
      return data(outcome, { status: 429, headers: withRetryAfter(outcome) });
    }
    if (checked.kind !== "ok") {
      const { error } = checked;
      const message =
        checked.kind === "wrong" && checked.burned
          ? "codeBurned"
          : upstreamFormError({ code: error.code, message: error.upstreamMessage }, "verificationFailed");
      const outcome = failWith(keep, { smsCode: [message] });
      return data(outcome, { status: outcome.status });
    }
    portal.session.flash("notice", "passwordReset");
    const back = value.backUrl ?? "";
    const target = `/join/login${back ? `?backUrl=${encodeURIComponent(safeRedirect(back))}` : ""}`;
    return redirect(target, { status: 303, headers: { "Set-Cookie": await portal.commitSession() } });
  });
}

/** The send-code button: the portal's limits, the upstream checks (the mobile must be registered). */
async function sendStep(portal: Portal, ip: string, fields: Record<string, string>, captcha: Partial<CaptchaAnswer> = {}): Promise<Outcome> {
  const sent = await sendCode(portal, ip, { mobile: fields.mobile ?? "", type: "forget", ...captcha });
  return sendCodeOutcome(sent, fields, () => toCaptcha(portal, "forget", "/login/forget?method=phone", fields));
}

export default function LoginForget() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Outcome | undefined;
  const { t } = useNamespaces(loaderData.i18n, "login");
  const navigation = useNavigation();
  const outcome = actionData ?? (loaderData.outcome as Outcome | null);
  const [form, fields] = useForm({
    id: "forget",
    lastResult: navigation.state === "idle" ? outcome?.result : undefined,
    constraint: loaderData.constraint,
  });
  // Neither password survives a failed attempt.
  const ids = [fields.password.id, fields.confirmPassword.id].join(" ");
  useEffect(() => {
    for (const id of ids.split(" ")) {
      const input = document.getElementById(id);
      if (actionData && input instanceof HTMLInputElement) input.value = "";
    }
  }, [actionData, ids]);
  const err = (name: string) => errorText(t, fields[name as keyof typeof fields]?.errors?.[0]);
  const back = loaderData.backUrl !== "/" ? `?backUrl=${encodeURIComponent(loaderData.backUrl)}` : "";

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-lg bg-white p-6 shadow">
        <h1 id="forget-heading" className="mb-2 text-lg font-semibold">
          {t("forget.title")}
        </h1>
        <p className="mb-4 text-sm text-gray-600">{t("forget.intro")}</p>
        {outcome?.next ? <ChallengeNotice next={outcome.next} /> : null}
        <Form method="post" {...getFormProps(form)} aria-labelledby="forget-heading">
          {/* Enter resets the password: the send-code button comes first (decision 085) */}
          <DefaultSubmit name="intent" value="reset" />
          <AuthenticityTokenInput name="csrf" />
          <FormFailureNotice answer={actionData} className="mb-3" />
          <HiddenInput name="backUrl" value={loaderData.backUrl} />
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
          <Field
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            defaultValue=""
            label={t("forget.newPassword")}
            autoComplete="new-password"
            maxLength={NEW_PASSWORD_MAX}
            error={err("password")}
          />
          <Field
            {...getInputProps(fields.confirmPassword, { type: "password" })}
            key={fields.confirmPassword.key}
            defaultValue=""
            label={t("forget.confirmPassword")}
            autoComplete="new-password"
            maxLength={NEW_PASSWORD_MAX}
            error={err("confirmPassword")}
          />
          <SubmitButton name="intent" value="reset" block>
            {t("forget.submit")}
          </SubmitButton>
        </Form>
        <p className="mt-4 text-center text-sm">
          <a href={`/join/login${back}`} className="text-brand">
            {t("forget.backToLogin")}
          </a>
        </p>
      </div>
    </div>
  );
}
