import * as z from "zod/v4";
import { formId, intentOnly } from "~/forms/fields";

/** The signed-in learner pages' forms outside `/personal` (issue 23 step 3), parsed with `parseWithZod` in their actions. */

/** At most a page's worth of videos in one batch delete. */
export const MAX_BATCH_VIDEOS = 100;

/**
 * `/resource/list`: delete one resource (`id`), or the ticked videos at once (spec 001 §7 batchDelVideo:
 * `ids`, repeated; none ticked is the page's "tick one" message, not a malformed post).
 */
export const ResourceListFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: formId }),
  z.object({
    intent: z.literal("delete-videos"),
    ids: z
      .array(
        z
          .string()
          .regex(/^\d{1,9}$/)
          .transform(Number)
          .refine((n) => n > 0),
      )
      .max(MAX_BATCH_VIDEOS)
      .default([]),
  }),
]);

/** `/resource/{id}`: delete this resource. */
export const ResourceDeleteSchema = intentOnly("delete");

/** `/homework/{id}`: delete one of the submitted attachments. */
export const AttachmentDeleteSchema = z.object({ intent: z.literal("delete-attachment"), id: formId });

/**
 * `/homework/{id}`: the answer's text, required, at most 5000 characters (the sandbox's rule; the spec gives
 * none): the multipart form's text part (its file is read by the streaming reader).
 */
export const HomeworkTextSchema = z.object({ content: z.string().trim().min(1).max(5000) });

/** `/agreement/esign/{curId}/{protocolId}`: the agreement page's "sign online" button. */
export const EsignSchema = intentOnly("esign");

/** A byte count or offset of the chunked upload: 1 to 10 digits. */
const bytes = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number);
/** The file's name (at most 200 characters kept) and size, on every step. */
const upload = { name: z.string().transform((v) => v.slice(0, 200)), size: bytes };

/**
 * The chunked upload's steps (resources and homework videos, decision 044): the text parts of the streamed
 * multipart post (its `chunk` file is read by the streaming reader): start, then status / chunk / complete
 * with the key that start gave.
 */
export const UploadStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), ...upload }),
  z.object({ intent: z.literal("status"), ...upload, key: z.string() }),
  z.object({ intent: z.literal("chunk"), ...upload, key: z.string(), offset: bytes }),
  z.object({ intent: z.literal("complete"), ...upload, key: z.string() }),
]);
