import * as z from "zod/v4";
import { ID_CARD_RE, mobileChanged, MOBILE_11_RE, SEXES, type FormShape, type InfoFieldName } from "~/forms/personal-info";

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/**
 * The schema of the form `shape` describes. `smsCode` is required only when the mobile was changed; the ID
 * format is checked only for the type ID_IDCARD (the typed value; when the type is not asked, the upstream
 * checks), and only when the value was entered (not the unchanged masked one).
 */
export function personalSchema(shape: FormShape) {
  const has = (f: InfoFieldName) => shape.fields.includes(f);
  const opt = z.string().trim().optional();
  return z
    .object({
      // the save button (Enter in a field posts no button: a save too)
      intent: z.literal("save").optional(),
      name: has("name") ? required("name") : opt,
      identityTypeCode: has("identityTypeCode") ? required("identityType") : opt,
      identityId: has("identityId") ? required("identityId") : opt,
      mobile: has("mobile") && !shape.mobileLocked ? required("mobile").regex(MOBILE_11_RE, { error: "mobileFormat" }) : opt,
      smsCode: opt,
      sex: has("sex") ? z.enum(SEXES, { error: "sex" }) : opt,
      educationCode: has("educationCode") ? required("education") : opt,
      province: has("address") ? required("province") : opt,
      city: has("address") ? required("city") : opt,
      county: has("address") ? required("county") : opt,
      addressDetail: z.string().trim().max(200).optional(),
    })
    .superRefine((v, ctx) => {
      if (mobileChanged(shape, v.mobile) && !v.smsCode) ctx.addIssue({ code: "custom", path: ["smsCode"], message: "smsCode" });
    })
    .refine(
      (v) => {
        const entered = v.identityId !== undefined && v.identityId !== shape.identityIdNow;
        return !(has("identityId") && entered && v.identityTypeCode === "ID_IDCARD" && v.identityId && !ID_CARD_RE.test(v.identityId));
      },
      {
        path: ["identityId"],
        error: "identityIdFormat",
        // spec 001 §5: the ID number is checked by itself (issue 39 §9): whatever else of the form is still
        // missing, as long as the two fields it reads are valid
        when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "identityId" || issue.path?.[0] === "identityTypeCode"),
      },
    );
}

/**
 * The page's posts, one union on `intent` (issue 23 item 3), built on the loaded form: `refresh` re-renders
 * the region selects without JavaScript, `sendCode` sends the SMS code to the typed phone (both keep every
 * value as posted), `save` (or no button) checks the whole form.
 */
export function personalPostSchema(shape: FormShape) {
  return z.discriminatedUnion("intent", [
    z.looseObject({ intent: z.literal("refresh") }),
    z.looseObject({ intent: z.literal("sendCode") }),
    personalSchema(shape),
  ]);
}
