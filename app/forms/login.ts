import * as z from "zod/v4";
import { MOBILE_RE, PASSWORD_MAX, PASSWORD_MAX_BYTES } from "~/forms/limits";

export { MOBILE_RE, PASSWORD_MAX, PASSWORD_MAX_BYTES };

/**
 * Error messages are keys of the `login` namespace (`errors.<key>`): the schema runs in the action (the
 * browser gets its constraints, decision 023), and the component translates.
 */
export const E = {
  accountRequired: "accountRequired",
  passwordRequired: "passwordRequired",
  mobileInvalid: "mobileInvalid",
  smsCodeRequired: "smsCodeRequired",
  passwordTooLong: "passwordTooLong",
} as const;

/** A required password of at most PASSWORD_MAX characters and PASSWORD_MAX_BYTES bytes. */
export function passwordField(requiredKey: string) {
  return z
    .string({ error: requiredKey })
    .min(1, { error: requiredKey })
    .max(PASSWORD_MAX, { error: E.passwordTooLong })
    .refine((v) => v.length > PASSWORD_MAX || new TextEncoder().encode(v).byteLength <= PASSWORD_MAX_BYTES, { error: E.passwordTooLong });
}

/** Trimmed and normalised: full-width characters become their ASCII forms, inner spaces go. */
export function normaliseAccount(value: string): string {
  return value.normalize("NFKC").replace(/\s+/g, "");
}

const mobile = z
  .string({ error: E.mobileInvalid })
  .transform((v) => normaliseAccount(v))
  .pipe(z.string({ error: E.mobileInvalid }).regex(MOBILE_RE, { error: E.mobileInvalid }));

export const PasswordLoginSchema = z.object({
  intent: z.literal("password"),
  account: z
    .string({ error: E.accountRequired })
    .transform(normaliseAccount)
    .pipe(z.string({ error: E.accountRequired }).min(1, { error: E.accountRequired })),
  password: passwordField(E.passwordRequired),
  remember: z.literal("on").optional(),
  backUrl: z.string().optional(),
  /** a third-party sign-in not yet bound (spec 000 §2.3): the upstream's cache code, posted back hidden */
  thirdCacheCode: z.string().optional(),
});

export const SmsLoginSchema = z.object({
  intent: z.literal("sms"),
  mobile,
  smsCode: z.string({ error: E.smsCodeRequired }).trim().min(1, { error: E.smsCodeRequired }),
  backUrl: z.string().optional(),
  thirdCacheCode: z.string().optional(),
});

/** The send-code button: only the mobile is checked (spec 000 section 5). */
export const SendCodeSchema = z.object({
  intent: z.literal("sendCode"),
  mobile,
  smsCode: z.string().optional(),
  backUrl: z.string().optional(),
  thirdCacheCode: z.string().optional(),
});

export const LoginSchema = z.discriminatedUnion("intent", [PasswordLoginSchema, SmsLoginSchema, SendCodeSchema]);
export type LoginSubmission = z.infer<typeof LoginSchema>;

/** /join/switch (issue 36 §2): the signed-in student's answer to a sign-in link for another user. */
export const LinkSwitchSchema = z.object({ intent: z.enum(["switch", "stay"]) });
