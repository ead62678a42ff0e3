import path from "node:path";
import { data, unstable_createMemoryUploadHandler, type UploadHandler } from "@remix-run/node";
import { FILE_MAX_BYTES, visibleFields, type DynamicField, type FieldValues } from "~/forms/dynamic-fields";
import { MULTIPART_MAX_BYTES } from "~/lib/security/body-limit.server";
import { flowSpace } from "~/services/instead.server";
import type { Portal } from "~/lib/portal.server";
import { fail, relayChunkWith, type RelayPolicy, type UploadAnswer } from "~/services/resource-upload.server";
import { SIGNUP_RULE } from "~/services/signup-upload-rules";
import type { FileUpload } from "~/lib/http/upload.server";
import { checkWholeFile } from "~/services/upload-rules";
import { parseMultipartFormData } from "~/lib/http/multipart.server";

/** The scene of a sign-up annex (an upload belongs to its student and scene: decision 044). */
const SIGNUP_SCENE = "signup";

/**
 * The instead sign-up's file uploader with JavaScript (spec 001 §4 "Upload": the progress bar of the
 * `insteadFillUploadFile` uploads; §9 sign-up uploader: 4 MB chunks, 3 retries, auto start; decision 036):
 * the relay of `uploader.client.ts`'s chunks for an annex field, the one relay of the resources and videos
 * (`relayChunkWith`: its steps parsed by the learner `UploadStepSchema`) with the sign-up's policy. Rules are
 * the sign-up uploader's (`SIGNUP_RULE`): the sign-up extensions checked by content, on every chunk (a txt
 * file must be text throughout), at most 1024 MB (the upload token is asked for the sign-up scene, whose
 * store limit is as large). `start` asks the flow space check for the file's bytes; `complete` answers the
 * stored file's address, which the form then posts as the field's value.
 */
export function insteadPolicy(portal: Portal): RelayPolicy {
  return {
    ...SIGNUP_RULE,
    scene: SIGNUP_SCENE,
    tokenScene: "signup",
    admit: async (size) => {
      const space = await flowSpace(portal.upstream, size);
      return space.enough ? undefined : fail("space", 400, space.message);
    },
    // the store's address of the file, its name kept for the download (`attname`)
    complete: async (name, key, _size, target) => data<UploadAnswer>({ saved: `${target.qndomain}/${key}?${new URLSearchParams({ attname: name })}` }),
  };
}

export function relayInsteadChunk(portal: Portal, upload: FileUpload<"-600">) {
  return relayChunkWith(portal, upload, insteadPolicy(portal));
}

/** A text part of the form (a field's value, csrf, intent) is small; more is not our form. */
const TEXT_PART_MAX_BYTES = 16 * 1024;

export type FillFormRead = { formData: FormData; error?: "malformed"; tooLarge?: string };

/**
 * The fill form's multipart post without JavaScript (decision 036): the text parts and the files of the
 * annex and image fields, each at most FILE_MAX_BYTES (spec 001 §5/§9 5 MB), all of them at most the
 * server's multipart limit (decision 037: 5 MB and the form's allowance; `scripts/serve.mjs` caps the body
 * there too). A larger file stops the read as it passes the
 * limit: `tooLarge` names its field and `formData` keeps the parts read before it (csrf first, the typed
 * values), so the page re-renders with the size message and those values. The sign-up uploader's 1024 MB
 * needs JavaScript (the chunked relay above).
 */
export async function readFillForm(request: Request): Promise<FillFormRead> {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return { formData: new FormData(), error: "malformed" };
  const read = new FormData();
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: TEXT_PART_MAX_BYTES });
  let fileBytes = 0;
  let reading: string | undefined;
  let tooLarge: string | undefined;
  const handler: UploadHandler = async (part) => {
    if (part.filename === undefined) {
      const value = await memory(part);
      if (typeof value === "string") read.append(part.name, value);
      return value;
    }
    reading = part.name;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of part.data) {
      size += chunk.byteLength;
      fileBytes += chunk.byteLength;
      if (size > FILE_MAX_BYTES || fileBytes > MULTIPART_MAX_BYTES) {
        tooLarge = part.name;
        throw new Error("file over the form's limit");
      }
      chunks.push(chunk);
    }
    reading = undefined;
    const file = new File(chunks as Uint8Array<ArrayBuffer>[], path.basename(part.filename.replace(/\\/g, "/")).slice(0, 200), { type: part.contentType });
    read.append(part.name, file);
    return file;
  };
  try {
    return { formData: await parseMultipartFormData(request, handler) };
  } catch (error) {
    if (request.signal.aborted) throw error;
    // the server's body cap (scripts/serve.mjs) may end the body inside a file first: that file is the large one
    const field = tooLarge ?? reading;
    if (field) return { formData: read, tooLarge: field };
    return { formData: new FormData(), error: "malformed" }; // broken framing, an oversized text part
  }
}

/**
 * The sign-up rule's content check of the annex files in a no-JS post (already at most 5 MB, in memory):
 * errors per field name (`fields` namespace), ready for `submission.reply({ fieldErrors })`. The kit's own
 * checks (the extension, the 5 MB) run after, in `uploadFieldFiles`.
 */
export async function annexContentErrors(fields: DynamicField[], value: FieldValues): Promise<Record<string, string[]> | undefined> {
  const errors: Record<string, string[]> = {};
  for (const field of visibleFields(fields, value)) {
    if (field.type !== "annex" || field.readOnly) continue;
    const v = value[field.name];
    for (const item of Array.isArray(v) ? v : [v]) {
      if (!(item instanceof File) || item.size === 0) continue;
      const rule = checkWholeFile(SIGNUP_RULE, item.name, new Uint8Array(await item.arrayBuffer()));
      if (rule) errors[field.name] = [rule === "contentMismatch" ? "annexContent" : rule];
    }
  }
  return Object.keys(errors).length ? errors : undefined;
}
