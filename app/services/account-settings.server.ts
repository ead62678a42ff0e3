import * as z from "zod/v4";
import { normaliseCustomFields, normaliseStudentInfoFields, type DynamicField, type FieldPayload } from "~/forms/dynamic-fields";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * Account settings (spec 001 §7 "Account settings", `/saas-business/v1/student/setting/...`): account
 * information and bindings, the password change, the avatar, personal data and custom-field data.
 * Mutations `expect` business errors (the form shows the upstream's message, spec 001 §8) and SMS sends
 * also `captcha` (code 600: the slider first, then the send again with ticket and randstr).
 */
const SETTING = "/saas-business/v1/student/setting";

export const THIRD_PARTY_TYPES = ["weixin", "qq", "weibo", "weixinwork"] as const;

export const AccountInfo = z.looseObject({
  userId: z.union([z.number(), z.string()]),
  username: z.string().nullish(),
  mobile: z.string().nullish(),
  email: z.string().nullish(),
  nickName: z.string().nullish(),
  headPic: z.string().nullish(),
  thirdPartyList: z
    .array(
      z.looseObject({ type: z.string(), bound: z.union([z.number(), z.boolean()]).transform((v) => v === 1 || v === true), nickName: z.string().nullish() }),
    )
    .nullish()
    .transform((v) => v ?? []),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export type Captcha = { ticket: string; randstr: string };

const Nothing = z.unknown();

export function getAccountInfo(upstream: Upstream) {
  return upstream.call({ path: `${SETTING}/get/account/info`, schema: AccountInfo });
}

/** `GET check/captcha`: whether binding a mobile needs the slider first. */
export async function captchaRequired(upstream: Upstream): Promise<boolean> {
  const answer = await upstream.call({
    path: `${SETTING}/check/captcha`,
    schema: z.looseObject({ captchaFlag: z.union([z.number(), z.boolean()]).nullish() }).nullable(),
  });
  return answer?.captchaFlag === 1 || answer?.captchaFlag === true;
}

export function checkEmail(upstream: Upstream, email: string) {
  return upstream.call({ method: "POST", path: `${SETTING}/check/email`, body: { email }, schema: Nothing, expect: ["business"] });
}
export function checkUsername(upstream: Upstream, username: string) {
  return upstream.call({ method: "POST", path: `${SETTING}/check/username`, body: { username }, schema: Nothing, expect: ["business"] });
}
export function checkMobile(upstream: Upstream, mobile: string) {
  return upstream.call({ method: "PUT", path: `${SETTING}/check/mobile`, body: { mobile }, schema: Nothing, expect: ["business"] });
}

/** `POST send/sms`: the code for binding `mobile`. */
export function sendBindSms(upstream: Upstream, mobile: string, captcha?: Captcha) {
  return upstream.call({ method: "POST", path: `${SETTING}/send/sms`, body: { mobile, ...captcha }, schema: Nothing, expect: ["business", "captcha"] });
}

export function bindEmail(upstream: Upstream, email: string) {
  return upstream.call({ method: "PUT", path: `${SETTING}/bind/email`, body: { email }, schema: Nothing, expect: ["business"] });
}
export function bindMobile(upstream: Upstream, mobile: string, smsCode: string) {
  return upstream.call({ method: "PUT", path: `${SETTING}/bind/mobile`, body: { mobile, smsCode }, schema: Nothing, expect: ["business"] });
}
export function bindUsername(upstream: Upstream, username: string) {
  return upstream.call({ method: "PUT", path: `${SETTING}/bind/username`, body: { username }, schema: Nothing, expect: ["business"] });
}
export function unbindThirdParty(upstream: Upstream, type: string) {
  return upstream.call({ method: "PUT", path: `${SETTING}/unbind/third/party/account`, body: { type }, schema: Nothing, expect: ["business"] });
}

/** `PUT send/sms/STU_UPDATE_PWD`: the password-change code, to the account's own mobile. */
export function sendPasswordSms(upstream: Upstream, captcha?: Captcha) {
  return upstream.call({ method: "PUT", path: `${SETTING}/send/sms/STU_UPDATE_PWD`, body: { ...captcha }, schema: Nothing, expect: ["business", "captcha"] });
}

/** `POST verifyIdentidy` (the upstream's spelling) with the STU_UPDATE_PWD code or the current password. */
export function verifyIdentity(upstream: Upstream, proof: { smsCode: string } | { password: string }) {
  return upstream.call({ method: "POST", path: `${SETTING}/verifyIdentidy`, body: proof, schema: Nothing, expect: ["business"] });
}

/**
 * `POST update/password`: with the old password, or without it right after `verifyIdentity`.
 * Success clears a forced change (changePasswordConfig) upstream.
 */
export function changePassword(upstream: Upstream, change: { oldPassword?: string; newPassword: string }) {
  return upstream.call({ method: "POST", path: `${SETTING}/update/password`, body: change, schema: Nothing, expect: ["business"] });
}

/** `PUT head/portrait` with the image (JPG/PNG bytes, checked by the portal first) → the new head picture URL. */
export async function setAvatar(upstream: Upstream, image: Uint8Array): Promise<string | undefined> {
  const answer = await upstream.call({
    method: "PUT",
    path: `${SETTING}/head/portrait`,
    body: { image: Buffer.from(image).toString("base64") },
    schema: z.looseObject({ headPic: z.string().nullish() }).nullable(),
    expect: ["business"],
  });
  return answer?.headPic ?? undefined;
}

/**
 * `POST sign/source/upload` (the spec's sign-up upload; the sandbox takes JSON `{ fileName, data }`) →
 * `{ fileId, filePath }`: where an annex or image value is stored before the field list is saved.
 */
export async function uploadFile(upstream: Upstream, file: { name: string; bytes: Uint8Array }) {
  return upstream.call({
    method: "POST",
    path: `${SETTING}/sign/source/upload`,
    body: { fileName: file.name, data: Buffer.from(file.bytes).toString("base64") },
    schema: z.looseObject({ fileId: z.union([z.string(), z.number()]).transform(String), filePath: z.string() }),
    expect: ["business"],
  });
}

/**
 * `uploadFile` as `uploadFieldFiles` takes it (the file → its address), keeping each address's fileId: the
 * custom-info payload's image `resourceId` (spec 001 §3, `withImageInfo`).
 */
export function signUpUploader(upstream: Upstream) {
  const uploaded = new Map<string, string>();
  const upload = async (file: File) => {
    const stored = await uploadFile(upstream, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    uploaded.set(stored.filePath, stored.fileId);
    return stored.filePath;
  };
  return { upload, uploaded };
}

/* ---------- personal data (four sections) and custom-field data ---------- */

export const PERSONAL_SECTIONS = ["base", "contact", "other", "register"] as const;
export type PersonalSection = (typeof PERSONAL_SECTIONS)[number];

const FieldList = z
  .array(z.unknown())
  .nullish()
  .transform((v) => v ?? []);
const Detail = z.looseObject({ baseInfo: FieldList, contactInfo: FieldList, otherInfo: FieldList, registerInfo: FieldList });

/** `GET get/detail` → the four sections' fields, normalised by the dynamic-field kit. */
export async function getPersonalDetail(upstream: Upstream): Promise<Record<PersonalSection, DynamicField[]>> {
  const d = await upstream.call({ path: `${SETTING}/get/detail`, schema: Detail });
  return {
    base: normaliseStudentInfoFields(d.baseInfo),
    contact: normaliseStudentInfoFields(d.contactInfo),
    other: normaliseStudentInfoFields(d.otherInfo),
    register: normaliseStudentInfoFields(d.registerInfo),
  };
}

/** `PUT save/{section}/info` with the kit's field list (`toFieldPayload`). */
export function savePersonalSection(upstream: Upstream, section: PersonalSection, fieldList: FieldPayload[]) {
  return upstream.call({ method: "PUT", path: `${SETTING}/save/${section}/info`, body: { fieldList }, schema: Nothing, expect: ["business"] });
}

/** `GET get/custom/field/data` → the custom fields with the user's values. */
export async function getCustomFieldData(upstream: Upstream): Promise<DynamicField[]> {
  return normaliseCustomFields(await upstream.call({ path: `${SETTING}/get/custom/field/data`, schema: FieldList }));
}

/* ---------- learning archive (sandbox path chosen: `GET archives`) ---------- */

const Num = z.coerce.number();
export const Archive = z.looseObject({
  studyDays: Num.nullish().transform((v) => v ?? 0),
  studyMinutes: Num.nullish().transform((v) => v ?? 0),
  courses: z
    .array(
      z.looseObject({
        courseName: z.string(),
        progress: Num.nullish(),
        studyMinutes: Num.nullish(),
        lastStudyTime: z.string().nullish(),
        status: z.string().nullish(),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  exams: z
    .array(z.looseObject({ examName: z.string(), score: Num.nullish(), totalScore: Num.nullish(), passFlag: Num.nullish(), examTime: z.string().nullish() }))
    .nullish()
    .transform((v) => v ?? []),
  certificates: z
    .array(z.looseObject({ certificateName: z.string(), number: z.string().nullish(), issueTime: z.string().nullish() }))
    .nullish()
    .transform((v) => v ?? []),
});
export type Archive = z.infer<typeof Archive>;

export function getArchive(upstream: Upstream) {
  return upstream.call({ path: `${SETTING}/archives`, schema: Archive });
}
