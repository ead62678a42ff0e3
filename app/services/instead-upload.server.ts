import path from "node:path";
import { unstable_createMemoryUploadHandler, type UploadHandler } from "@remix-run/node";
import { FILE_MAX_BYTES, visibleFields, type DynamicField, type FieldValues } from "~/forms/dynamic-fields";
import { MULTIPART_MAX_BYTES } from "~/lib/security/body-limit.server";
import { flowSpace } from "~/services/instead.server";
import type { Portal } from "~/lib/portal.server";
import {
  getUploadTarget,
  keyOwnership,
  newStorageKey,
  StorageError,
  storageErrorCode,
  storageFailureStatus,
  storageStore,
  uploadOwner,
  type StorageErrorCode,
} from "~/services/storage.server";
import { checkSignUpContent, checkSignUpNameAndSize, type SignUpRuleError } from "~/services/signup-upload-rules";
import type { FileUpload } from "~/lib/http/upload.server";
import { extensionOf } from "~/services/upload-rules";
import { parseMultipartFormData } from "~/lib/http/multipart.server";

/**
 * The instead sign-up's file uploader with JavaScript (spec 001 §4 "Upload": the progress bar of the
 * `insteadFillUploadFile` uploads; §9 sign-up uploader: 4 MB chunks, 3 retries, auto start; decision 036):
 * the relay of `uploader.client.ts`'s chunks for an annex field. Rules are the sign-up uploader's
 * (`signup-upload-rules.ts`): the sign-up extensions checked by content, at most 1024 MB (the upload token
 * is asked for the sign-up scene, whose store limit is as large). `start` asks the flow space check for the
 * file's bytes; `complete` answers the stored file's address, which the form then posts as the field's value.
 */
export type InsteadUploadAnswer = {
  error?: SignUpRuleError | "space" | "malformed" | StorageErrorCode;
  message?: string;
  saved?: string;
  offset?: number;
  key?: string;
};

/** A JSON answer with its status (a resource route: `data()` would lose the status under single fetch). */
const json = (answer: InsteadUploadAnswer, status = 200) => Response.json(answer, { status });
const fail = (error: InsteadUploadAnswer["error"], status = 400, message?: string) => json(message === undefined ? { error } : { error, message }, status);
const int = (v: FormDataEntryValue | null) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : undefined);

export async function relayInsteadChunk(portal: Portal, upload: FileUpload<"-600">) {
  if (upload.error === "malformed") return fail("malformed");
  if (upload.error === "-600") return fail("-600");
  const form = upload.formData;
  const intent = form.get("intent");
  const name = String(form.get("name") ?? "").slice(0, 200);
  const size = int(form.get("size"));
  if (!name || size === undefined) return fail("malformed");
  const rule = checkSignUpNameAndSize(name, size);
  if (rule) return fail(rule);
  const owner = uploadOwner(portal, "signup");
  if (intent === "start") {
    const space = await flowSpace(portal.upstream, size);
    if (!space.enough) return fail("space", 400, space.message);
    return json({ key: newStorageKey(owner, name), offset: 0 });
  }
  // the key must be one this student started here: checked before the store is asked anything (decision 044)
  const key = String(form.get("key") ?? "");
  const ownership = keyOwnership(key, owner);
  if (ownership === "malformed" || extensionOf(key) !== extensionOf(name)) return fail("malformed");
  if (ownership === "notYours") return fail("notYours", 403);
  const target = await getUploadTarget(portal.upstream, "signup");
  const store = storageStore(target, key);
  try {
    if (intent === "status") return json({ offset: await store.offset() });
    if (intent === "chunk") {
      const offset = int(form.get("offset"));
      const file = upload.file;
      if (offset === undefined || !file) return fail("malformed");
      if (offset + file.size > size) return fail("-600");
      const bytes = new Uint8Array(await file.read());
      const content = checkSignUpContent(name, bytes, offset, size);
      if (content) return fail(content);
      return json({ offset: await store.put(offset, bytes) });
    }
    if (intent === "complete") {
      const sealed = await store.complete(size);
      // the store's address of the file, its name kept for the download (`attname`)
      return json({ saved: `${target.qndomain}/${sealed.key}?${new URLSearchParams({ attname: name })}` });
    }
  } catch (error) {
    // a chunk off the store's offset: 409 with the store's offset, where the uploader resumes
    if (error instanceof StorageError && error.code === "offset") return json({ error: "offset", offset: error.offset }, 409);
    const code = storageErrorCode(error);
    if (!code) throw error;
    return fail(code, storageFailureStatus(error, code));
  }
  return fail("malformed");
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
      const rule = checkSignUpNameAndSize(item.name, item.size) ?? checkSignUpContent(item.name, new Uint8Array(await item.arrayBuffer()), 0, item.size);
      if (rule) errors[field.name] = [rule === "contentMismatch" ? "annexContent" : rule];
    }
  }
  return Object.keys(errors).length ? errors : undefined;
}
