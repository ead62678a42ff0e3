import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { cancelHref } from "~/components/dialog/cancel-href";
import { PersonalInfoForm, type InfoOutcome } from "~/components/study/info/PersonalInfoForm";
import { personalPostSchema, personalSchema } from "~/forms/personal-info-schema";
import { mobileChanged, toPayload, keepRegion, MOBILE_11_RE, type FormShape, type InfoFieldName } from "~/forms/personal-info";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { challengeFor, resumeAfterCaptcha, storePending, type CaptchaAnswer } from "~/lib/security/captcha.server";
import { loadCities } from "~/services/cities.server";
import { checkSmsCode } from "~/lib/state/code-attempts.server";
import { failWith } from "~/lib/http/form-result.server";
import { sendLimited } from "~/services/login.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost, type Portal } from "~/lib/portal.server";
import { clientIpOf, withRetryAfter } from "~/lib/state/rate-limit.server";
import { safeRedirect } from "~/lib/security/redirect";
import { myAgreementsHref } from "~/services/study-links";
import { perfectStudentInfo, sendChangePhoneSms, validatePerfectStudentInfo } from "~/services/student-info.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";

/**
 * The personal information form (spec 001 §2 dialog 2, width 685; §4 "Agreement signing" 4, "Personal
 * form", "SMS button"; §5; §7 perfectStudentInfo, validatePerfectStudentInfo, sendSMSByModule CHANGE_PHONE;
 * §8): `/info/personal?backUrl=&targetId=&targetType=`. It shows the deficient fields; on success it goes
 * back to `backUrl` with `notice=infoSaved` ('submitted successfully, please continue signing the
 * agreement'). A changed phone needs an SMS code; sending it to a phone other than the account's needs the
 * slider captcha first. Without JavaScript the region selects re-render with `intent=refresh`.
 */
export const handle = { i18n: ["agreement", "login", "upstream"] } satisfies RouteHandle;

async function context(portal: Portal, request: Request) {
  const url = new URL(request.url);
  // built on use: no module-level zod in a route (decision 023)
  const Query = z.object({
    targetId: z
      .string()
      .regex(/^\d{1,15}$/)
      .catch("0"),
    targetType: z.enum(["0", "1"]).catch("0"),
  });
  const q = Query.parse({ targetId: url.searchParams.get("targetId") ?? undefined, targetType: url.searchParams.get("targetType") ?? undefined });
  const backUrl = safeRedirect(url.searchParams.get("backUrl"), myAgreementsHref());
  // where closing or cancelling goes (the agreement page passes its own backUrl: going back to it would loop)
  const cancelUrl = cancelHref(url, backUrl);
  const info = await validatePerfectStudentInfo(portal.upstream, q.targetId, q.targetType === "1" ? 1 : 0);
  const d = info.deficiency ?? {};
  const fields = (["name", "identityTypeCode", "identityId", "mobile", "sex", "educationCode", "address"] as InfoFieldName[]).filter((f) => f in d);
  const shape: FormShape = { fields, identityIdNow: d.identityId ?? "", mobileNow: d.mobile ?? "", mobileLocked: info.mobileFlag && !!d.mobile };
  const initial: Record<string, string> = {
    name: d.name ?? "",
    identityTypeCode: d.identityTypeCode ?? "",
    identityId: d.identityId ?? "",
    mobile: d.mobile ?? "",
    sex: d.sex ?? "",
    educationCode: d.educationCode ?? "",
    province: d.address?.province ?? "",
    city: d.address?.city ?? "",
    county: d.address?.county ?? "",
    addressDetail: d.address?.detail ?? "",
  };
  return { url, backUrl, cancelUrl, info, shape, initial };
}

/** The success address: backUrl with `notice=infoSaved`. */
function savedHref(backUrl: string): string {
  const u = new URL(backUrl, "http://x");
  u.searchParams.set("notice", "infoSaved");
  return u.pathname + u.search + u.hash;
}

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const [{ url, backUrl, cancelUrl, info, shape, initial }, i18n] = await Promise.all([context(portal, args.request), namespaces(args.request, handle)]);
  if (info.complete) throw redirect(backUrl);
  const ip = clientIpOf(args);
  const outcome = await resumeAfterCaptcha<InfoOutcome>(portal, url, "changePhone", {
    failed: (p) => ({ ...failWith(p.fields, { mobile: ["verificationFailed"] }) }),
    retry: (p, answer) => sendCode(portal, ip, p.fields, answer),
  });
  const regions = shape.fields.includes("address") ? await loadCities(portal.upstream) : [];
  return data(
    {
      shape,
      initial,
      regions,
      identityTypes: info.identityTypes,
      educations: info.educations,
      constraint: formConstraint(personalSchema(shape)),
      backUrl: cancelUrl,
      i18n,
      outcome: outcome ?? null,
    },
    { status: outcome?.status ?? 200, headers: outcome ? withRetryAfter(outcome, { "Set-Cookie": await portal.commitSession() }) : undefined },
  );
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const { backUrl, info, shape } = await context(portal, args.request);
    if (info.complete) throw redirect(backUrl, 303);
    const submission = parseWithZod(formData, { schema: personalPostSchema(shape) });
    const intent = submission.status === "success" ? submission.value.intent : "save";
    const posted: Record<string, string> = {};
    for (const [k, v] of formData) if (typeof v === "string" && k !== "csrf" && k !== "intent" && k !== "smsCode") posted[k] = v;
    if (shape.fields.includes("address")) {
      const regions = await loadCities(portal.upstream);
      Object.assign(posted, keepRegion(regions, posted.province ?? "", posted.city ?? "", posted.county ?? ""));
    }
    if (intent === "refresh") return data(failWith(posted, {}));
    if (intent === "sendCode") {
      const mobile = (posted.mobile ?? "").trim();
      // spec 001 §5: an empty phone does nothing; the SMS phone must be 11 digits starting with 1
      if (!mobile) return data(failWith(posted, {}));
      if (!MOBILE_11_RE.test(mobile)) return data(failWith(posted, { mobile: ["mobileSmsFormat"] }), { status: 400 });
      if (!mobileChanged(shape, mobile)) return data(failWith(posted, {}));
      // a phone other than the account's: the slider captcha first (spec 001 §5)
      const id = await storePending(portal, { form: "changePhone", fields: posted });
      const back = new URL(args.request.url);
      back.searchParams.delete("captcha");
      const outcome: InfoOutcome = { ...failWith(posted, {}), next: { kind: "captcha", challenge: challengeFor(portal, back.pathname + back.search, id) } };
      return data(outcome, { headers: { "Set-Cookie": await portal.commitSession() } });
    }
    if (submission.status !== "success" || submission.value.intent === "refresh" || submission.value.intent === "sendCode")
      return data({ result: submission.reply(), status: 400 } satisfies InfoOutcome, { status: 400 });
    const payload = toPayload(shape, submission.value);
    const save = async () => {
      if (!(await perfectStudentInfo(portal.upstream, info.result, payload)))
        throw new UpstreamError("business", "perfectStudentInfo", { upstreamMessage: "" });
    };
    try {
      if (payload.smsCode) {
        const checked = await checkSmsCode("bind", payload.mobile ?? "", save);
        if (checked.kind === "burned") return data(failWith(posted, { smsCode: ["verificationFailed"] }), { status: 429 });
        if (checked.kind === "wrong") throw checked.error;
      } else {
        await save();
      }
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      // spec 001 §8: the server message, or 'submit failed'
      return data(
        {
          result: submission.reply({ formErrors: [upstreamFormError({ code: error.code, message: error.upstreamMessage }, "submitFailed")] }),
          status: 400,
        } satisfies InfoOutcome,
        { status: 400 },
      );
    }
    throw redirect(savedHref(backUrl), 303);
  });
}

/** The CHANGE_PHONE code (spec 001 §7): the portal's limits, then the send with the captcha's answer. */
async function sendCode(portal: Portal, ip: string, fields: Record<string, string>, captcha: CaptchaAnswer): Promise<InfoOutcome> {
  const mobile = fields.mobile ?? "";
  if (!MOBILE_11_RE.test(mobile)) return failWith(fields, { mobile: ["mobileSmsFormat"] });
  const sent = await sendLimited(ip, mobile, "bind", () => sendChangePhoneSms(portal.upstream, mobile, captcha));
  switch (sent.kind) {
    case "sent":
      return { ...failWith(fields, {}, "success"), sentResendAt: sent.resendAt };
    case "limited":
      return { ...failWith(fields, { mobile: [`tooMany:${sent.retryAfterS}`] }), status: 429, retryAfterS: sent.retryAfterS };
    case "captcha": // the captcha was answered just before: a second 600 means its answer failed
      return failWith(fields, { mobile: ["verificationFailed"] });
    case "message": // spec 001 §8: the server message; nothing → 'SMS verification code sending abnormal'
      return failWith(fields, { mobile: [upstreamFormError(sent, "smsAbnormal")] });
  }
}

export default function PersonalInfoPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <PersonalInfoForm {...loaded} outcome={(answer as InfoOutcome | undefined) ?? loaded.outcome ?? undefined} />;
}
