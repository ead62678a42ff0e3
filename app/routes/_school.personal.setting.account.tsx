import { upstreamErrorText, upstreamFormError } from "~/services/upstream-messages";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ChangePasswordSchema } from "~/forms/change-password";
import { useShell } from "~/components/shell/use-shell";
import { requireStudent } from "~/services/guards.server";
import { requireValidPost } from "~/services/portal.server";
import { updatePassword } from "~/services/school.server";
import { UpstreamError } from "~/services/upstream.server";

/**
 * The account page, minimal for now (the personal-centre issue completes it): the password change that
 * a forced change (changePasswordConfig 1 or 2) sends every page to, with the spec's warning.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireStudent(args, "setting.account");
  return null;
}

export async function action(args: ActionFunctionArgs) {
  const { formData } = await requireValidPost(args);
  const portal = await requireStudent(args, "setting.account");
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  const hide = { hideFields: ["oldPassword", "newPassword", "confirmPassword"] };
  if (submission.status !== "success") return data(submission.reply(hide), { status: 400 });
  try {
    await updatePassword(portal.upstream, submission.value.oldPassword, submission.value.newPassword);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data(submission.reply({ ...hide, formErrors: [upstreamFormError({ code: error.code, message: error.upstreamMessage }, "password.failed")] }), { status: 400 });
  }
  portal.session.flash("notice", "passwordChanged");
  return redirect("/home/index", { headers: { "Set-Cookie": await portal.commitSession() } });
}

export default function AccountPage() {
  const { t } = useTranslation();
  const shell = useShell();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: "onSubmit",
  });
  const message = (key: string | undefined) => (key ? (key.startsWith("password.") ? t(`account.${key}`) : (upstreamErrorText(t as never, key) ?? key)) : "");
  const field = (f: typeof fields.oldPassword, label: string) => (
    <div>
      <label htmlFor={f.id} className="block text-sm font-medium">
        {label}
      </label>
      <input {...getInputProps(f, { type: "password" })} autoComplete={f.name === "oldPassword" ? "current-password" : "new-password"} className="mt-1 w-full rounded border border-gray-300 px-3 py-2" />
      {f.errors?.length ? (
        <p id={f.errorId} className="mt-1 text-sm text-red-700">
          {message(f.errors[0])}
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t("account.title")}</h1>
      {shell?.user?.changePassword ? (
        <p role="alert" data-testid="forced-password-warning" className="mt-4 rounded border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {t("account.forced")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <AuthenticityTokenInput name="csrf" />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="text-sm text-red-700">
            {message(form.errors[0])}
          </p>
        ) : null}
        {field(fields.oldPassword, t("account.oldPassword"))}
        {field(fields.newPassword, t("account.newPassword"))}
        {field(fields.confirmPassword, t("account.confirmPassword"))}
        <button type="submit" className="w-full rounded bg-brand py-2 text-white">
          {t("account.submit")}
        </button>
      </Form>
    </div>
  );
}
