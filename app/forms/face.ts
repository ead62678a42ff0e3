import * as z from "zod/v4";
import { intentOnly } from "~/forms/fields";
import { ID_CARD_RE } from "~/forms/personal-info";

/** Spec 001 §5 / §9: the face dialog's name, 1 to 5 Chinese characters. */
export const FACE_NAME_RE = /^[\u4e00-\u9fa5]{1,5}$/;

/**
 * The face info form (spec 001 §2 dialog 3, §5 "Face dialog"): name required ('please enter name') and 1-5
 * Chinese characters ('please enter correct name'); ID number required ('please enter ID number') and checked
 * by the shared validator, unless it is the stored (masked) one left unedited, which is then omitted.
 */
export function faceSchema(storedId: string) {
  return z.object({
    name: z.string({ error: "name" }).trim().min(1, { error: "name" }).regex(FACE_NAME_RE, { error: "nameFormat" }),
    identityId: z
      .string({ error: "identityId" })
      .trim()
      .min(1, { error: "identityId" })
      .refine((v) => (storedId && v === storedId) || ID_CARD_RE.test(v), { error: "identityIdFormat" }),
  });
}

/**
 * The face page's posts, one union on `intent` (issue 23 item 3): `cancel` (the face info form or the
 * re-verify question: failure 2), `done` (fetch the verification's result), `info` (the face info form). The
 * info form's own fields depend on the identity on file, loaded only for that branch: `faceSchema(storedId)`.
 */
export const facePostSchema = () => z.discriminatedUnion("intent", [intentOnly("cancel"), intentOnly("done"), z.looseObject({ intent: z.literal("info") })]);
