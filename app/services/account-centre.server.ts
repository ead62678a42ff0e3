import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import * as z from "zod/v4";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { failWith, schemaReply } from "~/lib/http/form-result.server";

/**
 * The account centre's forms (spec 001 §7 "Account: membership, points, coupons"; decision 032): the
 * zod schemas (server only, decision 023: the browser gets `formConstraint` from the loader), the
 * notices a 303 carries back, and the conform-shaped failure of a form.
 */
const ID = z.coerce.number({ error: "malformed" }).int("malformed").positive("malformed").max(2_147_483_647, "malformed");

export const BuyMemberSchema = z.object({
  memId: ID,
  memType: z.coerce
    .number({ error: "malformed" })
    .int("malformed")
    .refine((n) => n === 1 || n === 2, "malformed"),
  idemKey: z.string({ error: "malformed" }).regex(/^[A-Za-z0-9_-]{8,64}$/, "malformed"),
});

/** Points bought with the balance: a whole number in the upstream's range (the sandbox's: 100 to 1 000 000). */
export const POINTS_BUY_MIN = 100;
export const POINTS_BUY_MAX = 1_000_000;
export const BuyPointsSchema = z.object({
  point: z
    .number({ error: (issue) => (issue.input === undefined ? "pointsRequired" : "pointsInteger") })
    .int("pointsInteger")
    .min(POINTS_BUY_MIN, "pointsRange")
    .max(POINTS_BUY_MAX, "pointsRange"),
});

/** An exchange code: letters and digits (the spec shows no format; the upstream answers for unknown ones). */
export const ExchangeCouponSchema = z.object({
  code: z
    .string({ error: "codeRequired" })
    .trim()
    .min(1, "codeRequired")
    .max(32, "codeFormat")
    .regex(/^[A-Za-z0-9]+$/, "codeFormat"),
});
export const CardCodeSchema = z.object({
  code: z
    .string({ error: "cardRequired" })
    .trim()
    .min(1, "cardRequired")
    .max(32, "cardFormat")
    .regex(/^[A-Za-z0-9]+$/, "cardFormat"),
});
export const RechargeSchema = z.object({
  code: z
    .string({ error: "rechargeRequired" })
    .trim()
    .min(1, "rechargeRequired")
    .max(32, "cardFormat")
    .regex(/^[A-Za-z0-9]+$/, "cardFormat"),
});
/** A yuan amount with at most two decimals (read as text: the upstream turns it into cents). */
export const WithdrawSchema = z.object({
  withdrawAmount: z
    .string({ error: "amountRequired" })
    .trim()
    .min(1, "amountRequired")
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "amountFormat"),
});
/** An invoice request (spec 001 §7 "Invoices"): a company title needs its tax number (15 to 20 letters and digits). */
const InvoiceFields = z.object({
  titleType: z.enum(["personal", "company"], { error: "titleTypeRequired" }),
  title: z.string({ error: "titleRequired" }).trim().min(1, "titleRequired").max(100, "titleTooLong"),
  taxNo: z.string().trim().toUpperCase().optional(),
  email: z.email({ error: "emailFormat" }).max(100, "emailFormat"),
  saveTemplate: z.literal("on").optional(),
});
const companyTaxNo = (v: { titleType: string; taxNo?: string }, ctx: z.RefinementCtx) => {
  if (v.titleType !== "company") return;
  if (!v.taxNo) ctx.addIssue({ code: "custom", path: ["taxNo"], message: "taxNoRequired" });
  else if (!/^[0-9A-Z]{15,20}$/.test(v.taxNo)) ctx.addIssue({ code: "custom", path: ["taxNo"], message: "taxNoFormat" });
};
export const InvoiceSchema = InvoiceFields.superRefine(companyTaxNo);
export const DeleteCouponSchema = z.object({ userCouponId: ID });
/** An online recharge (make/order (balance), decision 038): yuan as typed, at most two decimals, and the render's key. */
export const ChargeSchema = z.object({
  balance: z
    .string({ error: "amountRequired" })
    .trim()
    .min(1, "amountRequired")
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "amountFormat"),
  idemKey: z.string({ error: "malformed" }).regex(/^[A-Za-z0-9_-]{8,64}$/, "malformed"),
});
/** A user-centre category to upgrade (decision 038). */
export const UpgradeCategorySchema = z.object({ categoryId: ID });
/** Goods for points (decision 038): which goods, and the render's idempotency key (a double click exchanges once). */
export const ExchangeGoodsSchema = z.object({
  goodsId: ID,
  idemKey: z.string({ error: "malformed" }).regex(/^[A-Za-z0-9_-]{8,64}$/, "malformed"),
});

/**
 * Each page's post as one schema (issue 23 step 3): the fields of the form its `intent` names, a
 * discriminated union on `intent` where the page has several forms. The actions parse with `parseWithZod`;
 * the loaders keep sending the constraints of the field schemas above.
 */
const intent = <I extends string>(name: I) => ({ intent: z.literal(name) });
export const MemberPostSchema = z.discriminatedUnion("intent", [z.object(intent("refresh")), BuyMemberSchema.extend(intent("buy"))]);
export const PointsPostSchema = BuyPointsSchema.extend(intent("buy"));
export const CouponPostSchema = z.discriminatedUnion("intent", [ExchangeCouponSchema.extend(intent("exchange")), DeleteCouponSchema.extend(intent("delete"))]);
export const CardPostSchema = z.discriminatedUnion("intent", [CardCodeSchema.extend(intent("check")), CardCodeSchema.extend(intent("redeem"))]);
export const BalancePostSchema = z.discriminatedUnion("intent", [
  RechargeSchema.extend(intent("recharge")),
  ChargeSchema.extend(intent("charge")),
  WithdrawSchema.extend(intent("withdraw")),
]);
export const InvoicePostSchema = InvoiceFields.extend(intent("apply")).superRefine(companyTaxNo);
export const UpgradeCategoryPostSchema = UpgradeCategorySchema.extend(intent("upgrade"));
export const ExchangeGoodsPostSchema = ExchangeGoodsSchema.extend(intent("exchange"));

/** The posted `intent` when it is one of `intents`, else undefined (a post no form of the page makes). */
export function postedIntent<I extends string>(submission: { payload: Record<string, unknown> }, intents: readonly I[]): I | undefined {
  const posted = submission.payload.intent;
  return (intents as readonly unknown[]).includes(posted) ? (posted as I) : undefined;
}

/** A form's refusal by its schema (`schemaReply`: no CSRF token, no password) for `form`. */
export function replyFor<F extends string>(form: F, submission: { reply(options?: { hideFields?: string[] }): SubmissionResult<string[]> }): FormOutcome<F> {
  return { form, result: schemaReply(submission) };
}

/** What a 303 back to an account-centre page may say (`?notice=`); anything else is ignored. */
export const NOTICES = [
  "refreshed",
  "memberActive",
  "memberInactive",
  "pointsBought",
  "couponExchanged",
  "couponsDeleted",
  "cardRedeemed",
  "recharged",
  "withdrawn",
  "invoiced",
  "goodsExchanged",
  "categoryUpgraded",
] as const;
export type Notice = (typeof NOTICES)[number];
export function noticeOf(url: URL): Notice | null {
  const n = url.searchParams.get("notice");
  return (NOTICES as readonly string[]).includes(n ?? "") ? (n as Notice) : null;
}

export type FormOutcome<F extends string = string> = { form: F; result: SubmissionResult<string[]> };

/** A form's failure, conform-shaped: what was typed comes back, with the errors by field ("" = the form). */
export function formFailure<F extends string>(form: F, fields: Record<string, string>, error: Record<string, string[]>): FormOutcome<F> {
  return { form, result: failWith(fields, error).result };
}

/**
 * The wrong-code lockout (issue 36 §1, `checkMoneyCode`): HTTP 429 with `Retry-After`, the code as typed
 * kept in the form that posted, the wait on its field (`locked:<seconds>`, told in minutes).
 */
export function lockedOut<F extends string, X extends object = object>(form: F, fields: Record<string, string>, retryAfterS: number, extra?: X) {
  const wait = Math.max(1, Math.ceil(retryAfterS));
  return data({ ...formFailure(form, fields, { code: [`locked:${wait}`] }), ...(extra as X) }, { status: 429, headers: { "Retry-After": String(wait) } });
}

/** An upstream refusal as the form error: a known code translated (upstream-messages.ts), else the upstream's text. */
export function upstreamFailure<F extends string>(
  form: F,
  fields: Record<string, string>,
  field: string,
  failure: { code: string; message: string },
): FormOutcome<F> {
  return formFailure(form, fields, { [field]: [upstreamFormError(failure, "failed")] });
}

/** The posted strings (never a file) to echo back into a failed form. */
export function typed(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, formData.get(n)]).filter((e): e is [string, string] => typeof e[1] === "string"));
}
