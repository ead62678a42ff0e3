import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "~/forms/constraint.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RegisterPanel } from "~/components/auth/RegisterPanel";
import type { Outcome } from "~/forms/outcome";
import { registerPostSchema, registerSchema, type RegisterFlags } from "~/forms/register";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { checkAccount, passwordLogin, register } from "~/services/auth.server";
import { resumeAfterCaptcha, type CaptchaAnswer } from "~/lib/security/captcha.server";
import { loadCities } from "~/services/cities.server";
import { loadConfig } from "~/services/config.server";
import { failWith, sendCodeOutcome, toCaptcha, withBackUrl } from "~/lib/http/form-result.server";
import { completeLogin, encryptPassword, publicKeyOf, sendCode } from "~/services/login.server";
import { getPortal, isLoggedIn, requireValidPost, type Portal } from "~/lib/portal.server";
import { checkSmsCode } from "~/lib/state/code-attempts.server";
import { clientIpOf, retryAfterHeaders, withRetryAfter } from "~/lib/state/rate-limit.server";
import { loginHref, safeRedirect } from "~/lib/security/redirect";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";

export const handle = { i18n: ["login", "upstream"], loginPage: true } satisfies RouteHandle;
export const headers = retryAfterHeaders;
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

async function flagsOf(portal: Portal): Promise<RegisterFlags & { closed: boolean }> {
  const [config, regionFlag] = await Promise.all([loadConfig(portal.upstream, "registerConfig"), loadConfig(portal.upstream, "regionFlag")]);
  return {
    usernameFlag: config.usernameFlag === 1,
    mobileFlag: config.mobileFlag === 1,
    regionFlag: regionFlag === 1,
    agreementFlag: config.registerAgreementFlag === 1,
    closed: config.closeFlag !== 0,
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const url = new URL(args.request.url);
  const backUrl = safeRedirect(url.searchParams.get("backUrl") ?? undefined);
  if (isLoggedIn(portal)) throw redirect(backUrl);
  const flags = await flagsOf(portal);
  if (flags.closed) throw redirect(loginHref(backUrl));
  const outcome = await resumeAfterCaptcha<Outcome>(portal, url, "register", {
    failed: ({ fields }) => failWith(fields, { [fields.intent === "sendCode" ? "mobile" : "password"]: ["verificationFailed"] }),
    retry: ({ fields, secret }, answer) => attempt(portal, clientIpOf(args), flags, fields, secret, answer),
  });
  const [cities, i18n] = await Promise.all([flags.regionFlag ? loadCities(portal.upstream) : Promise.resolve([]), namespaces(args.request, handle)]);
  return data(
    {
      i18n,
      title: (i18n.bundles.login as { registerTitle: string }).registerTitle,
      flags,
      backUrl,
      rawBackUrl: url.searchParams.get("backUrl") ?? "",
      cities,
      outcome: outcome ?? null,
      constraint: formConstraint(registerSchema(flags)),
    },
    { status: outcome?.status ?? 200, headers: outcome ? withRetryAfter(outcome, { "Set-Cookie": await portal.commitSession() }) : undefined },
  );
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const flags = await flagsOf(portal);
    if (flags.closed) throw redirect("/join/login");
    const keep = Object.fromEntries([...formData.entries()].filter(([k, v]) => typeof v === "string" && k !== "password" && k !== "csrf")) as Record<
      string,
      string
    >;
    const submission = parseWithZod(formData, { schema: registerPostSchema(flags) });
    if (submission.status !== "success") return data(failWith(keep, (submission.error ?? {}) as Record<string, string[]>), { status: 400 });
    const post = submission.value;
    if (post.intent === "region") return data(failWith(keep, {}));
    const outcome = await attempt(portal, clientIpOf(args), flags, keep, post.intent === "sendCode" ? undefined : post.password);
    if (outcome instanceof Response) return outcome;
    return data(outcome, { status: outcome.status, headers: withRetryAfter(outcome, { "Set-Cookie": await portal.commitSession() }) });
  });
}

/** Duplicate answers by upstream code (app/services/upstream-messages.ts): the field they belong to. */
const BOUND: Record<string, [string, string]> = {
  "120020001": ["username", "usernameBound"],
  "120020002": ["mobile", "phoneBound"],
  "120020003": ["mobile", "emailBound"],
};

function upstreamError(error: unknown, fallbackField: string): Record<string, string[]> {
  if (!(error instanceof UpstreamError)) throw error;
  const bound = BOUND[error.code ?? ""];
  if (bound) return { [bound[0]]: [bound[1]] };
  return { [fallbackField]: [upstreamFormError({ code: error.code, message: error.upstreamMessage }, "registrationFailed")] };
}

async function attempt(
  portal: Portal,
  ip: string,
  flags: RegisterFlags,
  fields: Record<string, string>,
  password: string | undefined,
  captcha: Partial<CaptchaAnswer> = {},
): Promise<Outcome | Response> {
  const captchaFirst = () => toCaptcha(portal, "register", withBackUrl("/join/register", fields.backUrl), fields, password);
  const mobile = flags.mobileFlag ? fields.mobile?.trim() : undefined;
  const username = flags.usernameFlag ? fields.username?.trim() : undefined;
  if (fields.intent === "sendCode") {
    try {
      // spec 000 §5: before the code, the uniqueness checks of username, mobile and email, with the slider's ticket and randstr
      await checkAccount(portal.upstream, { username, mobile, email: fields.email?.trim() || undefined, ...captcha });
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === "captcha") return captchaFirst();
      return failWith(fields, upstreamError(error, "mobile"));
    }
    const sent = await sendCode(portal, ip, { mobile: mobile ?? "", type: "register", ...captcha });
    return sendCodeOutcome(sent, fields, captchaFirst);
  }
  try {
    await checkAccount(portal.upstream, { username, mobile });
    const call = () =>
      register(portal.upstream, {
        username,
        mobile,
        smsCode: flags.mobileFlag ? fields.smsCode : undefined,
        password: password ?? "",
        province: flags.regionFlag ? fields.province : undefined,
        city: flags.regionFlag ? fields.city : undefined,
        county: flags.regionFlag ? fields.county || undefined : undefined,
        ...captcha,
      });
    if (mobile) {
      // the register call checks the SMS code: at most 5 wrong tries per code (issue 10 §2)
      const checked = await checkSmsCode("register", mobile, call);
      if (checked.kind === "burned") return { ...failWith(fields, { smsCode: ["codeBurned"] }), status: 429, retryAfterS: checked.retryAfterS };
      if (checked.kind === "wrong") {
        if (checked.burned) return failWith(fields, { smsCode: ["codeBurned"] });
        throw checked.error;
      }
    } else await call();
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "captcha") return captchaFirst();
    return failWith(fields, upstreamError(error, "password"));
  }
  // Spec 000 section 4: an automatic login with the same credentials follows.
  portal.session.flash("notice", "registered");
  try {
    const answer = await passwordLogin(portal.upstream, {
      account: username || mobile || "",
      password: encryptPassword(await publicKeyOf(portal), password ?? ""),
    });
    return await completeLogin(portal, answer, { backUrl: fields.backUrl, newcomer: true });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return redirect(loginHref(safeRedirect(fields.backUrl)), { headers: { "Set-Cookie": await portal.commitSession() } });
  }
}

export default function JoinRegister() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <RegisterPanel data={loaderData} actionData={actionData as Outcome | undefined} busy={navigation.state !== "idle"} />
    </div>
  );
}
