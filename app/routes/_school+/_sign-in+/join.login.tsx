import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/forms/constraint.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { LoginPanel } from "~/components/auth/LoginPanel";
import { LoginSchema, PasswordLoginSchema, SmsLoginSchema, type LoginSubmission } from "~/forms/login";
import type { Outcome } from "~/forms/outcome";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { passwordLogin, smsLogin } from "~/services/auth.server";
import { ddQrDataUrl } from "~/services/third-party.server";
import { resumeAfterCaptcha, type CaptchaAnswer, type Pending } from "~/lib/security/captcha.server";
import { centralLoginUrl, loadConfig } from "~/services/config.server";
import { failWith, sendCodeOutcome, toCaptcha, withBackUrl } from "~/lib/http/form-result.server";
import {
  completeLogin,
  encryptPassword,
  faceRedirectUrl,
  loginFailureOf,
  NO_REMEMBER_COMPANY,
  publicKeyOf,
  rememberedAccount,
  sendCode,
} from "~/services/login.server";
import { getPortal, isLoggedIn, requireValidPost, type Portal } from "~/lib/portal.server";
import { checkSmsCode } from "~/lib/state/code-attempts.server";
import { clientIpOf, retryAfterHeaders, limitLogin, withRetryAfter } from "~/lib/state/rate-limit.server";
import { safeRedirect } from "~/lib/security/redirect";
import { formAction } from "~/lib/http/form-failure.server";

export const handle = { i18n: ["login", "upstream"], loginPage: true } satisfies RouteHandle;
export const headers = retryAfterHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

const THIRD = [
  ["weixin", "wechatLogin"],
  ["qq", "qqLogin"],
  ["weibo", "weiboLogin"],
  ["weixinwork", "wechatWorkLogin"],
] as const;

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const backUrl = safeRedirect(url.searchParams.get("backUrl") ?? undefined);
  if (isLoggedIn(portal)) throw redirect(backUrl);

  const outcome = await resumeAfterCaptcha<Outcome>(portal, url, "login", {
    failed: (pending) => {
      const fields = pendingLogin(pending);
      return failWith(fields, { [fields.intent === "password" ? "password" : fields.intent === "sms" ? "smsCode" : "mobile"]: ["verificationFailed"] });
    },
    retry: (pending, answer) => attempt(portal, clientIpOf(args), pendingLogin(pending), pending.secret, answer),
  });

  const [loginConfig, thirdLogin, registerConfig, company, globalLogin, remembered, i18n] = await Promise.all([
    loadConfig(portal.upstream, "loginConfig"),
    loadConfig(portal.upstream, "thirdLogin"),
    loadConfig(portal.upstream, "registerConfig"),
    loadConfig(portal.upstream, "company"),
    loadConfig(portal.upstream, "globalLogin"),
    rememberedAccount(portal),
    namespaces(args.request, handle),
  ]);
  // Spec 000 section 4: a company with central sign-on logs in there (every login link lands here).
  const central = centralLoginUrl(globalLogin);
  if (central) throw redirect(central);
  const smsEnabled = loginConfig.webVerifyCodeLogin === 1;
  const mode =
    smsEnabled &&
    (url.searchParams.get("mode") === "sms" || outcome?.result.initialValue?.intent === "sms" || outcome?.result.initialValue?.intent === "sendCode")
      ? "sms"
      : "password";
  const third = thirdLogin.thirdLoginFlag === 1 ? THIRD.filter(([, key]) => thirdLogin[key] === 1).map(([type]) => type) : [];
  const ddEnabled = thirdLogin.thirdLoginFlag === 1 && thirdLogin.ddLoginFlag === 1;
  let ddQr: string | null = null;
  if (ddEnabled && url.searchParams.get("dd") === "1") {
    ddQr = await ddQrDataUrl(portal.upstream);
  }
  const t = i18n.bundles.login as { title: string };
  const headers = withRetryAfter(outcome ?? { status: 200 });
  // a third-party login's failure: the provider's own words, once (spec 000 §8)
  const thirdMessage = url.searchParams.get("third") === "failed" ? (portal.session.get("thirdMessage") ?? null) : null;
  if (outcome || thirdMessage !== null) headers.append("Set-Cookie", await portal.commitSession());
  return data(
    {
      i18n,
      title: t.title,
      mode,
      smsEnabled,
      backUrl,
      rawBackUrl: url.searchParams.get("backUrl") ?? "",
      registerOpen: registerConfig.closeFlag === 0,
      rememberAllowed: company.companyId !== NO_REMEMBER_COMPANY,
      remembered,
      third,
      ddEnabled,
      ddQr,
      thirdCacheCode: url.searchParams.get("thirdCacheCode") ?? "",
      thirdNotBound: url.searchParams.get("third") === "unbound",
      thirdFailed: url.searchParams.get("third") === "missing" ? ("missing" as const) : url.searchParams.get("third") === "failed" && ("failed" as const),
      thirdMessage,
      faceFailed: url.searchParams.get("face") === "failed",
      outcome: outcome ?? null,
      // the password form and the SMS form (its send-code button carries formNoValidate)
      constraint: formConstraint(PasswordLoginSchema, SmsLoginSchema),
    },
    { status: outcome?.status ?? 200, headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const submission = parseWithZod(formData, { schema: LoginSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply({ hideFields: ["password"] }), status: 400 } satisfies Outcome, { status: 400 });
    }
    const fields = submission.value;
    let secret: string | undefined;
    if (fields.intent === "password") {
      const key = await publicKeyOf(portal);
      try {
        secret = encryptPassword(key, fields.password);
      } catch {
        // longer than the upstream's key can hold (the schema's maximum fits RSA-1024): a form error, never a 500
        return data({ result: submission.reply({ hideFields: ["password"], fieldErrors: { password: ["passwordTooLong"] } }), status: 400 } satisfies Outcome, {
          status: 400,
        });
      }
    }
    const outcome = await attempt(portal, clientIpOf(args), fields, secret);
    if (outcome instanceof Response) return outcome;
    return data(outcome, { status: outcome.status, headers: withRetryAfter(outcome, { "Set-Cookie": await portal.commitSession() }) });
  });
}

/** The form a pending login kept (what `attempt` stored, never the password). */
const pendingLogin = (pending: Pending) => pending.fields as unknown as LoginSubmission & { remember?: string };

/** One login or send attempt (also the retry after a captcha); a Response on success. */
async function attempt(
  portal: Portal,
  ip: string,
  fields: LoginSubmission,
  secret: string | undefined,
  captcha: Partial<CaptchaAnswer> = {},
): Promise<Outcome | Response> {
  const { password: _omit, ...publicFields } = fields as LoginSubmission & { password?: string };
  const keep = Object.fromEntries(Object.entries(publicFields).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const captchaFirst = () => toCaptcha(portal, "login", withBackUrl("/join/login", fields.backUrl), keep, secret);

  if (fields.intent === "sendCode") {
    const sent = await sendCode(portal, ip, { mobile: fields.mobile, type: "login", ...captcha });
    return sendCodeOutcome(sent, keep, captchaFirst);
  }

  const account = fields.intent === "password" ? fields.account : fields.mobile;
  const limit = await limitLogin(ip, account);
  if (!limit.ok) {
    return {
      ...failWith(keep, { [fields.intent === "password" ? "password" : "smsCode"]: [`tooMany:${limit.retryAfterS}`] }),
      status: 429,
      retryAfterS: limit.retryAfterS,
    };
  }
  try {
    let answer;
    if (fields.intent === "password") {
      answer = await passwordLogin(portal.upstream, { account, password: secret ?? "", thirdCacheCode: fields.thirdCacheCode, ...captcha });
    } else {
      const checked = await checkSmsCode("login", fields.mobile, () =>
        smsLogin(portal.upstream, { mobile: fields.mobile, smsCode: fields.smsCode, ...captcha }),
      );
      if (checked.kind === "burned") return { ...failWith(keep, { smsCode: ["codeBurned"] }), status: 429, retryAfterS: checked.retryAfterS };
      if (checked.kind === "wrong") {
        if (checked.burned) return failWith(keep, { smsCode: ["codeBurned"] });
        throw checked.error;
      }
      answer = checked.value;
    }
    const remember = fields.intent === "password" ? (fields.remember === "on" ? fields.account : null) : undefined;
    return await completeLogin(portal, answer, { backUrl: fields.backUrl, remember });
  } catch (error) {
    const failure = loginFailureOf(error);
    if (failure.kind === "captcha") return captchaFirst();
    if (failure.kind === "face") {
      // spec 000 section 8: a redirect to the face page, without JavaScript too (through /join/face-step)
      portal.session.flash("faceStepUrl", faceRedirectUrl(portal, failure.url, fields.backUrl));
      return redirect("/join/face-step", { status: 303, headers: { "Set-Cookie": await portal.commitSession(), "X-Remix-Reload-Document": "true" } });
    }
    return failWith(keep, { [fields.intent === "password" ? "password" : "smsCode"]: [upstreamFormError(failure, "verificationFailed")] });
  }
}

export default function JoinLogin() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useNamespaces(loaderData.i18n, "login");
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <LoginPanel data={loaderData} actionData={actionData as Outcome | undefined} busy={navigation.state !== "idle"} />
      <p className="mt-4 text-center text-sm">
        <Link to={`/join/qrcode?backUrl=${encodeURIComponent(loaderData.backUrl)}`} className="text-brand" data-testid="qr-login-link">
          {t("qr.link")}
        </Link>
      </p>
    </div>
  );
}
