import * as z from "zod/v4";
import { ChangePasswordPostSchema } from "~/forms/change-password";
import { MOBILE_RE } from "~/forms/login";

/**
 * The forms of /personal/setting/account (spec 001 §7 "Account settings"): one action, switched on
 * `intent`; field names are the upstream payloads' (`email`, `mobile`, `smsCode`, `username`, `type`,
 * `newPassword`). Error keys resolve in the `personal` namespace under `account.errors`.
 */
const email = z.string({ error: "emailRequired" }).trim().min(1, { error: "emailRequired" }).max(64, { error: "emailFormat" }).email({ error: "emailFormat" });
const mobile = z.string({ error: "mobileRequired" }).trim().min(1, { error: "mobileRequired" }).regex(MOBILE_RE, { error: "mobileFormat" });
const smsCode = z.string({ error: "smsCodeRequired" }).trim().min(1, { error: "smsCodeRequired" }).max(8, { error: "smsCodeRequired" });
/** The registration rules (spec 000 §5): starts with a letter; 4-20 letters, digits, underscores. */
const username = z
  .string({ error: "usernameRequired" })
  .trim()
  .min(1, { error: "usernameRequired" })
  .regex(/^[A-Za-z]/, { error: "usernameLetter" })
  .regex(/^[A-Za-z0-9_]{4,20}$/, { error: "usernameFormat" });
const newPassword = z.string({ error: "passwordRequired" }).min(6, { error: "passwordLength" }).max(20, { error: "passwordLength" });

export const THIRD_TYPES = ["weixin", "qq", "weibo", "weixinwork"] as const;

export const BindEmailSchema = z.object({ intent: z.literal("bindEmail").optional(), email });
export const SendMobileCodeSchema = z.object({ intent: z.literal("sendMobileCode").optional(), mobile, smsCode: z.string().optional() });
export const BindMobileSchema = z.object({ intent: z.literal("bindMobile").optional(), mobile, smsCode });
export const BindUsernameSchema = z.object({ intent: z.literal("bindUsername").optional(), username });
export const UnbindSchema = z.object({ intent: z.literal("unbind").optional(), type: z.enum(THIRD_TYPES, { error: "unknownType" }) });
export const SendPasswordCodeSchema = z.object({ intent: z.literal("sendPasswordCode").optional() }).loose();
const passwordBySms = {
  smsCode,
  newPassword,
  confirmPassword: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" }),
};
const match = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
/** Verify identity with the STU_UPDATE_PWD code, then the new password (no old password needed). */
export const PasswordBySmsSchema = z
  .object({ intent: z.literal("passwordBySms").optional(), ...passwordBySms })
  .refine(match, { path: ["confirmPassword"], error: "passwordMismatch" });

/** The form each intent belongs to (the send buttons submit their bind form with another intent). */
export const FORM_OF = {
  bindEmail: "email",
  sendMobileCode: "mobile",
  bindMobile: "mobile",
  bindUsername: "username",
  unbind: "third",
  sendPasswordCode: "passwordSms",
  passwordBySms: "passwordSms",
  password: "password",
} as const;
export type Intent = keyof typeof FORM_OF;
export type AccountForm = (typeof FORM_OF)[Intent];

/** Never sent back to the browser on a failure. */
export const SECRET_FIELDS = ["oldPassword", "newPassword", "confirmPassword", "smsCode", "csrf"];

/**
 * The posted intent: the shared send-code button submits `intent=sendCode` and `formName` says which code;
 * the change with the current password names no intent.
 */
export function intentOf(posted: unknown, formName: unknown): Intent {
  const intent = posted === null || posted === undefined ? "password" : String(posted);
  return (intent === "sendCode" ? (formName === "passwordSms" ? "sendPasswordCode" : "sendMobileCode") : intent) as Intent;
}

/** The intent of a post as `accountPostSchema` reads it (also for a post it refuses: the form that answers). */
export const AccountIntentSchema = z
  .looseObject({ intent: z.unknown(), formName: z.unknown() })
  .transform(({ formName, ...posted }) => ({ ...posted, intent: intentOf(posted.intent, formName) }));

/**
 * Every post of the account page (issue 23 item 3): the intent read as above, then one union on it, each
 * branch the schema of its form (the send buttons' branches check only what they send).
 */
export function accountPostSchema() {
  return AccountIntentSchema.pipe(
    z.discriminatedUnion("intent", [
      BindEmailSchema.extend({ intent: z.literal("bindEmail") }),
      SendMobileCodeSchema.extend({ intent: z.literal("sendMobileCode") }),
      BindMobileSchema.extend({ intent: z.literal("bindMobile") }),
      BindUsernameSchema.extend({ intent: z.literal("bindUsername") }),
      UnbindSchema.extend({ intent: z.literal("unbind") }),
      SendPasswordCodeSchema.extend({ intent: z.literal("sendPasswordCode") }),
      z.object({ intent: z.literal("passwordBySms"), ...passwordBySms }).refine(match, { path: ["confirmPassword"], error: "passwordMismatch" }),
      ChangePasswordPostSchema,
    ]),
  );
}
