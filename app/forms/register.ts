import * as z from "zod/v4";
import { USERNAME_MAX } from "~/forms/limits";
import { MOBILE_RE, passwordField } from "~/forms/login";

export const RE = {
  usernameRequired: "usernameRequired",
  usernameLetter: "usernameLetter",
  usernameFormat: "usernameFormat",
  mobileRequired: "mobileRequired",
  mobileFormat: "mobileFormat",
  smsCodeEmpty: "smsCodeEmpty",
  passwordEmpty: "passwordEmpty",
  regionRequired: "regionRequired",
  agreementRequired: "agreementRequired",
} as const;

/** Spec 000 section 5: the username input's max length. */
export { USERNAME_MAX };

/** The flags of the register config that change the form. */
export type RegisterFlags = { usernameFlag: boolean; mobileFlag: boolean; regionFlag: boolean; agreementFlag: boolean };

const username = z
  .string({ error: RE.usernameRequired })
  .trim()
  .min(1, { error: RE.usernameRequired })
  .regex(/^[A-Za-z]/, { error: RE.usernameLetter })
  .regex(/^[A-Za-z0-9_]{4,20}$/, { error: RE.usernameFormat });

const mobile = z.string({ error: RE.mobileRequired }).trim().min(1, { error: RE.mobileRequired }).regex(MOBILE_RE, { error: RE.mobileFormat });

/** The register form for a given config (spec 000 sections 2.6 and 5); the same on server and client. */
export function registerSchema(flags: RegisterFlags) {
  return z.object({
    // the register button; the blur validation's post carries it too (decision 082)
    intent: z.literal("register"),
    username: flags.usernameFlag ? username : z.string().optional(),
    mobile: flags.mobileFlag ? mobile : z.string().optional(),
    smsCode: flags.mobileFlag ? z.string({ error: RE.smsCodeEmpty }).trim().min(1, { error: RE.smsCodeEmpty }) : z.string().optional(),
    // the automatic login after registering encrypts it: the login's maximum applies
    password: passwordField(RE.passwordEmpty),
    province: flags.regionFlag ? z.string({ error: RE.regionRequired }).trim().min(1, { error: RE.regionRequired }) : z.string().optional(),
    city: flags.regionFlag ? z.string({ error: RE.regionRequired }).trim().min(1, { error: RE.regionRequired }) : z.string().optional(),
    county: z.string().trim().optional(),
    agreement: flags.agreementFlag ? z.literal("on", { error: RE.agreementRequired }) : z.string().optional(),
    backUrl: z.string().optional(),
  });
}

/** The register form's send-code button: the mobile only, with the register form's message. */
export const RegisterSendCodeSchema = z.object({
  intent: z.literal("sendCode"),
  mobile: z.string({ error: RE.mobileRequired }).trim().min(1, { error: RE.mobileRequired }).regex(MOBILE_RE, { error: RE.mobileFormat }),
});

/**
 * The register page's posts, one union on `intent` (issue 23 item 3; a factory: the register form depends on
 * the school's config): `region` re-renders the form without JavaScript keeping every value (the region
 * selects' next level), `sendCode` checks the mobile only, `register` the whole form (the blur validation's post names it too).
 */
export function registerPostSchema(flags: RegisterFlags) {
  return z.discriminatedUnion("intent", [z.looseObject({ intent: z.literal("region") }), RegisterSendCodeSchema, registerSchema(flags)]);
}
