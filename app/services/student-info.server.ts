import * as z from "zod/v4";
import type { Gate } from "~/services/agreements.server";
import { learnerOf, type Portal } from "~/lib/portal.server";
import { completeInfoHref } from "~/services/study-links";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * Student-info completeness (spec 001 §2 dialogs 1 and 2, §4 "Agreement signing", "Custom-info dialog",
 * "Personal form"; §7 "Agreements and profile completion", "SMS for profile completion").
 *
 * For the lesson entry chain and checkout: `completeInfoGate(portal, scene, { backUrl })` answers `{ ok: true }`
 * or `{ redirect }` to `/info/complete?scene=&backUrl=` (scene codes 2 purchase, 3 study, 4 exam).
 */
const STUDENT = "/saas-business/student";

export type Scene = 2 | 3 | 4;
export const SCENES: readonly Scene[] = [2, 3, 4];

/**
 * Spec 001 §3 "Free-course popup data: containFreeCourseFlag, isShowPopup". The dialog opens on isShowPopup 1;
 * containFreeCourseFlag (the school asks at this scene) alone does not open it.
 */
const PopupSchema = z.looseObject({
  containFreeCourseFlag: z.coerce.number().nullish(),
  isShowPopup: z.coerce.number().nullish(),
});

/**
 * The free-course popup query (spec 001 §7 "Agreements and profile completion": company_id, school_id,
 * userId, sceneCode; path chosen, decision 026): true when the complete-information dialog must open. A
 * visitor is never asked (the chain sends them to login first).
 */
export async function completeInfoNeeded(portal: Portal, scene: Scene): Promise<boolean> {
  const learner = learnerOf(portal);
  if (!learner) return false;
  const answer = await portal.upstream.call({
    path: `${STUDENT}/customize/popup`,
    query: { company_id: learner.companyId, school_id: learner.schoolId, userId: learner.userId, sceneCode: scene },
    schema: PopupSchema,
  });
  return answer.isShowPopup === 1;
}

export async function completeInfoGate(portal: Portal, scene: Scene, target: { backUrl: string }): Promise<Gate> {
  return (await completeInfoNeeded(portal, scene)) ? { redirect: completeInfoHref(scene, target.backUrl) } : { ok: true };
}

const Option = z.looseObject({ content: z.string(), itemCode: z.string() });
const Str = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

/** Each deficient field with its current value or null (a key absent: not deficient, not shown). */
const Current = z.string().nullable().optional();
export const Deficiency = z.looseObject({
  name: Current,
  identityTypeCode: Current,
  identityId: Current,
  mobile: Current,
  sex: Current,
  educationCode: Current,
  address: z.looseObject({ province: Str, city: Str, county: Str, detail: Str }).nullable().optional(),
});
export type Deficiency = z.infer<typeof Deficiency>;

const Validation = z.looseObject({
  msg: z.string().nullish(),
  result: z.union([z.string(), z.number()]).transform(String),
  deficiencyInfo: Deficiency.nullish().transform((v) => v ?? null),
  companyRegisterConfig: z.looseObject({ mobileFlag: z.coerce.number().nullish() }).nullish(),
  identityTypes: z
    .array(Option)
    .nullish()
    .transform((v) => v ?? []),
  educations: z
    .array(Option)
    .nullish()
    .transform((v) => v ?? []),
});
export type Validation = z.infer<typeof Validation>;

/** `GET /student/validatePerfectStudentInfo/{targetId}/{0 course or 1 package}`. */
export async function validatePerfectStudentInfo(upstream: Upstream, targetId: string, targetType: 0 | 1) {
  const answer = await upstream.call({
    path: `${STUDENT}/validatePerfectStudentInfo/${encodeURIComponent(targetId)}/${targetType}`,
    schema: Validation,
  });
  const deficiency = answer.deficiencyInfo && Object.keys(answer.deficiencyInfo).length ? answer.deficiencyInfo : null;
  return { ...answer, deficiency, complete: !deficiency, mobileFlag: answer.companyRegisterConfig?.mobileFlag === 1 };
}

/** Spec 001 §5: a deficient ID number or mobile left unchanged is sent as this marker. */
export const UNCHANGED = "SRC";

/** `POST /student/perfectStudentInfo`: the form fields and id in the query; `data.msg` 'success'. */
export async function perfectStudentInfo(upstream: Upstream, id: string, fields: Record<string, string>) {
  const answer = await upstream.call({
    method: "POST",
    path: `${STUDENT}/perfectStudentInfo`,
    query: { ...fields, id },
    schema: z.looseObject({ msg: z.string().nullish() }).nullish(),
    expect: ["business"],
  });
  return answer?.msg === "success";
}

/** `POST /register/sendSMSByModule/classType/{mobile}?codeType=CHANGE_PHONE` (the captcha's ticket and randstr). */
export function sendChangePhoneSms(upstream: Upstream, mobile: string, captcha?: { ticket: string; randstr: string }) {
  return upstream.call({
    method: "POST",
    path: `/saas-business/register/sendSMSByModule/classType/${encodeURIComponent(mobile)}`,
    query: { codeType: "CHANGE_PHONE", ...captcha },
    body: {},
    schema: z.unknown(),
    expect: ["business", "captcha"],
  });
}
