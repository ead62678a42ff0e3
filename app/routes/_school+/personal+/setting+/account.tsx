import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountSettings, type AccountOutcome } from "~/components/personal/account/AccountSettings";
import { ChangePasswordSchema } from "~/forms/change-password";
import {
  BindEmailSchema,
  BindMobileSchema,
  BindUsernameSchema,
  accountPostSchema,
  AccountIntentSchema,
  FORM_OF,
  PasswordBySmsSchema,
  SECRET_FIELDS,
  type AccountForm,
  type Intent,
} from "~/forms/account-settings";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";
import {
  bindEmail,
  bindMobile,
  bindUsername,
  changePassword,
  checkEmail,
  checkMobile,
  checkUsername,
  getAccountInfo,
  sendBindSms,
  sendPasswordSms,
  unbindThirdParty,
  verifyIdentity,
  type Captcha,
} from "~/services/account-settings.server";
import { challengeFor, resumeAfterCaptcha, storePending, type Pending } from "~/lib/security/captcha.server";
import { checkSmsCode } from "~/lib/state/code-attempts.server";
import { failFor } from "~/lib/http/form-result.server";
import { sendLimited, type SendOutcome } from "~/services/login.server";
import { keptFormData, takeKept, type KeptForm } from "~/lib/state/form-keep.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost, type Portal } from "~/lib/portal.server";
import { clientIpOf, privateRetryAfterHeaders, withRetryAfter } from "~/lib/state/rate-limit.server";
import { updatePassword } from "~/services/school.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";

/** The 429's Retry-After, and never stored (as the personal layout's pages). */
export const handle = { i18n: ["login", "upstream", "personal"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { personal: ["account", "kept"] } as const satisfies NamespaceParts;

export const headers: HeadersFunction = privateRetryAfterHeaders;
const PAGE = "/personal/setting/account";

/**
 * Account settings (spec 001 §7): account information; bind or verify email, mobile (SMS code, captcha
 * 600 flow), username; unbind a third-party account; change the password with the current one (the forced
 * change of spec 000 §4 lands here) or by the STU_UPDATE_PWD code (verifyIdentidy, then update/password).
 * One action, switched on `intent`; every failure re-renders the form with what was typed (never a
 * password or a code).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args, "setting.account");
  const url = new URL(args.request.url);
  const ip = clientIpOf(args);
  const failed = (form: AccountForm) => (p: Pending) => fail(form, p.fields, { [form === "mobile" ? "mobile" : "smsCode"]: ["captchaFailed"] });
  const outcome =
    (await resumeAfterCaptcha<AccountOutcome>(portal, url, "bindMobile", {
      failed: failed("mobile"),
      retry: (p, answer) => sendMobileCode(portal, ip, p.fields, answer),
    })) ??
    (await resumeAfterCaptcha<AccountOutcome>(portal, url, "passwordCode", {
      failed: failed("passwordSms"),
      retry: (p, answer) => sendPasswordCode(portal, ip, p.fields, answer),
    }));
  const [info, i18n, kept] = await Promise.all([getAccountInfo(portal.upstream), namespaces(args.request, handle, PARTS), takeKept(portal)]);
  return data(
    { info, i18n, outcome: outcome ?? (kept ? restore(kept) : null), constraints: accountConstraints() },
    { status: outcome?.status ?? 200, headers: outcome ? withRetryAfter(outcome, { "Set-Cookie": await portal.commitSession() }) : undefined },
  );
}

/** The forms' browser constraints (decision 023: zod stays on the server). */
function accountConstraints() {
  return {
    email: formConstraint(BindEmailSchema),
    mobile: formConstraint(BindMobileSchema),
    username: formConstraint(BindUsernameSchema),
    password: formConstraint(ChangePasswordSchema),
    passwordSms: formConstraint(PasswordBySmsSchema),
  };
}

export async function action(args: ActionFunctionArgs) {
  return formAction(
    args,
    async () => {
      const { formData } = await requireValidPost(args);
      const portal = await requireStudent(args, "setting.account");
      const ip = clientIpOf(args);
      const submission = parseAccountPost(formData);
      const intent = AccountIntentSchema.parse(submission.payload).intent;
      const keep = {
        ...Object.fromEntries([...formData.entries()].filter(([k, v]) => typeof v === "string" && !SECRET_FIELDS.includes(k) && k !== "formName")),
        intent,
      } as Record<string, string>;
      const reply = async (outcome: AccountOutcome) =>
        data(outcome, { status: outcome.status, headers: withRetryAfter(outcome, { "Set-Cookie": await portal.commitSession() }) });

      if (!Object.hasOwn(FORM_OF, intent)) return reply(fail("email", {}, { "": ["unknownIntent"] }));
      if (intent === "password") return passwordWithOldOne(portal, submission);
      const form = FORM_OF[intent];
      if (submission.status !== "success") return reply(fail(form, keep, (submission.error ?? {}) as Record<string, string[]>));
      const known = submission.value.intent as Exclude<Intent, "password">;
      const value = submission.value as Record<string, string>;
      const fieldOf = (k: string) => value[k] ?? "";

      try {
        switch (known) {
          case "bindEmail":
            await checkEmail(portal.upstream, fieldOf("email"));
            await bindEmail(portal.upstream, fieldOf("email"));
            return reply(done(form, "emailBound"));
          case "bindUsername":
            await checkUsername(portal.upstream, fieldOf("username"));
            await bindUsername(portal.upstream, fieldOf("username"));
            return reply(done(form, "usernameBound"));
          case "unbind":
            await unbindThirdParty(portal.upstream, fieldOf("type"));
            return reply(done(form, "unbound"));
          case "sendMobileCode":
            return reply(await sendMobileCode(portal, ip, keep));
          case "sendPasswordCode":
            return reply(await sendPasswordCode(portal, ip, keep));
          case "bindMobile": {
            const mobile = fieldOf("mobile");
            const checked = await checkSmsCode("bind", mobile, () => bindMobile(portal.upstream, mobile, fieldOf("smsCode")));
            if (checked.kind === "ok") return reply(done(form, "mobileBound"));
            return reply(codeFailure(form, keep, checked));
          }
          case "passwordBySms": {
            const { mobile } = await getAccountInfo(portal.upstream);
            if (!mobile) return reply(fail(form, keep, { smsCode: ["noMobile"] }));
            const checked = await checkSmsCode("verify", mobile, () => verifyIdentity(portal.upstream, { smsCode: fieldOf("smsCode") }));
            if (checked.kind !== "ok") return reply(codeFailure(form, keep, checked));
            await changePassword(portal.upstream, { newPassword: fieldOf("newPassword") });
            portal.session.flash("notice", "passwordChanged");
            return redirect("/home/index", { status: 303, headers: { "Set-Cookie": await portal.commitSession() } });
          }
        }
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
        const target = {
          bindEmail: "email",
          bindUsername: "username",
          unbind: "",
          sendMobileCode: "mobile",
          sendPasswordCode: "smsCode",
          bindMobile: "mobile",
          passwordBySms: "newPassword",
        }[known];
        return reply(fail(form, keep, { [target]: [upstreamFormError({ code: error.code, message: error.upstreamMessage }, "failed")] }));
      }
    },
    (posted) => FORM_OF[AccountIntentSchema.parse(posted).intent] ?? "password",
  ); // an upstream failure answers the form that posted
}

const parseAccountPost = (formData: FormData) => parseWithZod(formData, { schema: accountPostSchema() });

/** Forms whose typed values come back after a login (decision 021): the rest hold only secrets. */
const KEPT_INTENTS: Partial<Record<Intent, AccountForm>> = { bindEmail: "email", bindUsername: "username", bindMobile: "mobile", sendMobileCode: "mobile" };

/** Decision 021: the form posted when the session had ended, filled back in (no error, no code), with the notice. */
function restore(kept: KeptForm): AccountOutcome | null {
  const { formName: _named, ...fields } = Object.fromEntries([...keptFormData(kept).entries()].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  // the shared send-code button posts `intent=sendCode` and names its form in `formName` (as the action reads it)
  const { intent } = AccountIntentSchema.parse({ ...fields, formName: _named });
  const form = KEPT_INTENTS[intent];
  return form ? { ...fail(form, fields, {}), kept: true } : null;
}

/** The change with the current password (the forced change of spec 000 §4 releases the shell at once). */
async function passwordWithOldOne(portal: Portal, submission: ReturnType<typeof parseAccountPost>) {
  const hide = { hideFields: ["oldPassword", "newPassword", "confirmPassword"] };
  const out = (result: SubmissionResult<string[]>): AccountOutcome => ({ form: "password", result, status: 400 });
  if (submission.status !== "success" || submission.value.intent !== "password") return data(out(submission.reply(hide)), { status: 400 });
  try {
    await updatePassword(portal.upstream, submission.value.oldPassword, submission.value.newPassword);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data(out(submission.reply({ ...hide, formErrors: [upstreamFormError({ code: error.code, message: error.upstreamMessage }, "password.failed")] })), {
      status: 400,
    });
  }
  portal.session.flash("notice", "passwordChanged");
  return redirect("/home/index", { headers: { "Set-Cookie": await portal.commitSession() } });
}

/** Send the binding code: the portal's limits (60 s, hourly caps), check/mobile, then send/sms (600: captcha). */
async function sendMobileCode(portal: Portal, ip: string, fields: Record<string, string>, captcha?: Captcha): Promise<AccountOutcome> {
  const mobile = fields.mobile ?? "";
  const sent = await sendLimited(ip, mobile, "bind", async () => {
    await checkMobile(portal.upstream, mobile);
    await sendBindSms(portal.upstream, mobile, captcha);
  });
  return sentOutcome(portal, "mobile", "bindMobile", "mobile", fields, sent);
}

/** Send the STU_UPDATE_PWD code to the account's own mobile (same limits and captcha flow). */
async function sendPasswordCode(portal: Portal, ip: string, fields: Record<string, string>, captcha?: Captcha): Promise<AccountOutcome> {
  const { mobile } = await getAccountInfo(portal.upstream);
  if (!mobile) return fail("passwordSms", fields, { smsCode: ["noMobile"] });
  const sent = await sendLimited(ip, mobile, "verify", () => sendPasswordSms(portal.upstream, captcha));
  return sentOutcome(portal, "passwordSms", "passwordCode", "smsCode", fields, sent);
}

/** A send's outcome as the form's answer (the refusals on `field`; 600: the captcha, the request kept for after it). */
async function sentOutcome(
  portal: Portal,
  form: AccountForm,
  pending: Pending["form"],
  field: "mobile" | "smsCode",
  fields: Record<string, string>,
  sent: SendOutcome,
): Promise<AccountOutcome> {
  switch (sent.kind) {
    case "sent":
      return { ...fail(form, fields, {}, "success"), sentResendAt: sent.resendAt };
    case "limited":
      return { ...fail(form, fields, { [field]: [`tooMany:${sent.retryAfterS}`] }), status: 429, retryAfterS: sent.retryAfterS };
    case "captcha": {
      const id = await storePending(portal, { form: pending, fields });
      return { ...fail(form, fields, {}), status: 200, next: { kind: "captcha", challenge: challengeFor(portal, PAGE, id) } };
    }
    case "message":
      return fail(form, fields, { [field]: [upstreamFormError(sent, "failed")] });
  }
}

function codeFailure(
  form: AccountForm,
  fields: Record<string, string>,
  checked: { kind: "wrong"; error: UpstreamError; burned: boolean } | { kind: "burned"; retryAfterS: number },
): AccountOutcome {
  if (checked.kind === "burned") return { ...fail(form, fields, { smsCode: ["codeBurned"] }), status: 429, retryAfterS: checked.retryAfterS };
  const message = checked.burned ? "codeBurned" : upstreamFormError({ code: checked.error.code, message: checked.error.upstreamMessage }, "failed");
  return fail(form, fields, { smsCode: [message] });
}

function fail(form: AccountForm, fields: Record<string, string>, error: Record<string, string[]>, status: "error" | "success" = "error"): AccountOutcome {
  return failFor(form, fields, error, status, SECRET_FIELDS);
}

function done(form: AccountForm, key: string): AccountOutcome {
  return { form, result: { status: "success", initialValue: {}, state: undefined }, status: 200, done: key };
}

export default function AccountPage() {
  const { info, i18n, outcome: resumed, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AccountOutcome | undefined;
  return <AccountSettings info={info} i18n={i18n} outcome={actionData ?? (resumed as AccountOutcome | null) ?? undefined} constraints={constraints} />;
}
