import * as z from "zod/v4";
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from "~/forms/limits";
import { MOBILE_RE, normaliseAccount } from "~/forms/login";

/** Spec 000 §2.1 `/login/forget?method=phone`: mobile → SMS code → new password (errors: `login` keys). */
export { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN };

const mobile = z
  .string({ error: "mobileInvalid" })
  .transform((v) => normaliseAccount(v))
  .pipe(z.string({ error: "mobileInvalid" }).regex(MOBILE_RE, { error: "mobileInvalid" }));

export const ForgetSendCodeSchema = z.object({
  intent: z.literal("sendCode"),
  mobile,
  smsCode: z.string().optional(),
  backUrl: z.string().optional(),
});

export const ForgetResetSchema = z
  .object({
    intent: z.literal("reset"),
    mobile,
    smsCode: z.string({ error: "smsCodeEmpty" }).trim().min(1, { error: "smsCodeEmpty" }),
    password: z
      .string({ error: "passwordEmpty" })
      .min(1, { error: "passwordEmpty" })
      .min(NEW_PASSWORD_MIN, { error: "newPasswordLength" })
      .max(NEW_PASSWORD_MAX, { error: "newPasswordLength" }),
    confirmPassword: z.string({ error: "confirmRequired" }).min(1, { error: "confirmRequired" }),
    /** where the sign-in page goes after the reset (checked by `safeRedirect`) */
    backUrl: z.string().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: "passwordMismatch" });

export const ForgetSchema = z.discriminatedUnion("intent", [ForgetSendCodeSchema, ForgetResetSchema]);
