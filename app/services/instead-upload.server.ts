import { ANNEX_EXTENSIONS, FILE_MAX_BYTES } from "~/forms/dynamic-fields";
import { ChunkRefused } from "~/services/chunker";
import { flowSpace } from "~/services/instead.server";
import type { Portal } from "~/services/portal.server";
import { getUploadTarget, isOwnKey, newStorageKey, storageErrorCode, storageStore, type StorageErrorCode } from "~/services/storage.server";
import type { FileUpload } from "~/services/upload.server";
import { extensionOf } from "~/services/upload-rules";

/**
 * The instead sign-up's file uploader with JavaScript (spec 001 §4 "Upload": the progress bar of the
 * `insteadFillUploadFile` uploads; §9 sign-up uploader: 4 MB chunks, 3 retries, auto start; decision 036):
 * the relay of `uploader.client.ts`'s chunks for an annex field. Rules are the kit's (decision 017): the
 * sign-up extensions, at most 5 MB (the store's limit too). `start` asks the flow space check for the
 * file's bytes; `complete` answers the stored file's address, which the form then posts as the field's value.
 */
export type InsteadUploadAnswer = { error?: "annexType" | "annexSize" | "space" | "malformed" | StorageErrorCode; message?: string; saved?: string; offset?: number; key?: string };

/** A JSON answer with its status (a resource route: `data()` would lose the status under single fetch). */
const json = (answer: InsteadUploadAnswer, status = 200) => Response.json(answer, { status });
const fail = (error: InsteadUploadAnswer["error"], status = 400, message?: string) => json(message === undefined ? { error } : { error, message }, status);
const int = (v: FormDataEntryValue | null) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : undefined);

/** The kit's annex rule for a name and a size (`fields` namespace codes). */
export function annexRule(name: string, size: number): "annexType" | "annexSize" | undefined {
  if (!name.includes(".") || !(ANNEX_EXTENSIONS as readonly string[]).includes(extensionOf(name))) return "annexType";
  if (size > FILE_MAX_BYTES || size <= 0) return "annexSize";
  return undefined;
}

export async function relayInsteadChunk(portal: Portal, upload: FileUpload<"-600">) {
  if (upload.error === "malformed") return fail("malformed");
  if (upload.error === "-600") return fail("-600");
  const form = upload.formData;
  const intent = form.get("intent");
  const name = String(form.get("name") ?? "").slice(0, 200);
  const size = int(form.get("size"));
  if (!name || size === undefined) return fail("malformed");
  const rule = annexRule(name, size);
  if (rule) return fail(rule);
  if (intent === "start") {
    const [space, target] = await Promise.all([flowSpace(portal.upstream, size), getUploadTarget(portal.upstream)]);
    if (!space.enough) return fail("space", 400, space.message);
    return json({ key: newStorageKey(target.companyId, name), offset: 0 });
  }
  const key = String(form.get("key") ?? "");
  const target = await getUploadTarget(portal.upstream);
  if (!isOwnKey(key, target.companyId) || extensionOf(key) !== extensionOf(name)) return fail("malformed");
  const store = storageStore(target, key);
  try {
    if (intent === "status") return json({ offset: await store.offset() });
    if (intent === "chunk") {
      const offset = int(form.get("offset"));
      const file = upload.file;
      if (offset === undefined || !file) return fail("malformed");
      if (offset + file.size > size) return fail("-600");
      return json({ offset: await store.put(offset, new Uint8Array(await file.read())) });
    }
    if (intent === "complete") {
      const sealed = await store.complete(size);
      // the store's address of the file, its name kept for the download (`attname`)
      return json({ saved: `${target.qndomain}/${sealed.key}?${new URLSearchParams({ attname: name })}` });
    }
  } catch (error) {
    const code = storageErrorCode(error);
    if (error instanceof ChunkRefused || code) return fail(code ?? "-601", code === "-601" || code === "unreadable" ? 502 : 400);
    throw error;
  }
  return fail("malformed");
}
