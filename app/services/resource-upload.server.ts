import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { UploadStepSchema } from "~/forms/learner";
import {
  CHUNK_BYTES,
  checkContent,
  checkNameAndSize,
  extensionOf,
  RESOURCE_RULE,
  UPLOAD_MAX_BYTES,
  type FileRuleError,
  type UploadRule,
} from "~/services/upload-rules";
import type { SignUpRuleError } from "~/services/signup-upload-rules";
import type { Portal } from "~/lib/portal.server";
import { getSpace, saveResource, spaceBlocks } from "~/services/resources.server";
import {
  getUploadTarget,
  keyOwnership,
  newStorageKey,
  sendStoredFile,
  storageErrorCode,
  storageFailureStatus,
  storageStore,
  uploadOwner,
  StorageError,
  type StorageErrorCode,
  type UploadTarget,
} from "~/services/storage.server";
import type { FileUpload } from "~/lib/http/upload.server";
import type { VideoRuleError } from "~/services/video-rules";
import { UpstreamError } from "~/lib/http/upstream.server";

/**
 * Resource uploads (spec 001 §4 "Upload", §5, §8): the no-JS post (the whole file streamed to a temporary
 * file, then to the store in chunks) and the relay of the browser's chunked upload (`uploader.client.ts`).
 * Answers carry an error code of the `files` namespace (`errors.*`) or the upstream's message.
 */
export type UploadAnswer = {
  error?: FileRuleError | VideoRuleError | SignUpRuleError | "videoNoJs" | StorageErrorCode | "space" | "malformed" | "server";
  message?: string;
  saved?: string;
  offset?: number;
  key?: string;
};

/**
 * A relay's answer as a Response: a resource route (no component) sends `data()`'s body with status 200
 * whatever its init says, so the relays answer with real 4xx/5xx statuses this way.
 */
export function relayResponse(answer: { data: unknown; init: ResponseInit | null }): Response {
  return Response.json(answer.data, { status: answer.init?.status ?? 200, headers: { "Cache-Control": "no-store" } });
}

export const fail = (error: UploadAnswer["error"], status = 400, message?: string) => data<UploadAnswer>({ error, message }, { status });

/** The reader options of a no-JS resource upload: 5 MB, the type by name and content. */
export const resourceFileOptions = {
  field: "file",
  maxBytes: UPLOAD_MAX_BYTES,
  tooLarge: "attachmentSize" as FileRuleError,
  checkHead: (head: Uint8Array, name: string) => checkNameAndSize(name, 1) ?? checkContent(name, head),
};

/** Chunks of the relay: at most one 4 MB chunk per post. */
export const chunkFileOptions = { field: "chunk", maxBytes: CHUNK_BYTES, tooLarge: "-600" as const };

export async function save(portal: Portal, name: string, key: string, size: number, deduction: number) {
  try {
    await saveResource(portal.upstream, { fileName: name, ext: extensionOf(name), key, size, deduction });
    return data<UploadAnswer>({ saved: name });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return fail("server", 400, error.upstreamMessage ?? "");
    throw error;
  }
}

export function storageFailure(error: unknown) {
  const code = storageErrorCode(error);
  if (!code) throw error;
  return fail(code, storageFailureStatus(error, code));
}

/** The no-JS post: the file is on disk already (checked by name, size and content while streaming). */
export async function uploadWholeFile(portal: Portal, upload: FileUpload<FileRuleError>, signal: AbortSignal) {
  if (upload.error === "malformed") return fail("malformed");
  if (upload.error || !upload.file) return fail(upload.error ?? "required");
  const file = upload.file;
  const rule = checkNameAndSize(file.name, file.size);
  if (rule) return fail(rule);
  const [space, target] = await Promise.all([getSpace(portal.upstream), getUploadTarget(portal.upstream)]);
  if (spaceBlocks(space, file.size)) return fail("space");
  const key = newStorageKey(uploadOwner(portal, RESOURCE_SCENE), file.name);
  try {
    await sendStoredFile(target, key, file, signal);
  } catch (error) {
    return storageFailure(error);
  }
  return save(portal, file.name, key, file.size, space.deductionSpaceFlag);
}

/** The scene of a resource upload (an upload belongs to its student and scene: decision 044). */
export const RESOURCE_SCENE = "resource";

/**
 * What one kind of chunked upload checks and does (resources; homework videos; sign-up annexes): its rule
 * (`UploadRule`: name and size, then each chunk's content), its scene (whose uploads its keys are), the
 * upload token's scene where it has one (the sign-up's store limit is larger), a storage check before the
 * first byte, and what happens once the store has sealed the file.
 */
export type RelayPolicy = UploadRule & {
  scene: string;
  tokenScene?: "signup";
  admit(size: number): Promise<ReturnType<typeof fail> | undefined>;
  complete(name: string, key: string, size: number, target: UploadTarget): Promise<ReturnType<typeof fail>>;
};

/** The resource relay (the §5 rules, the resource space, then `save`). */
function resourcePolicy(portal: Portal): RelayPolicy {
  return {
    ...RESOURCE_RULE,
    scene: RESOURCE_SCENE,
    admit: async (size) => (spaceBlocks(await getSpace(portal.upstream), size) ? fail("space") : undefined),
    complete: async (name, key, size) => {
      const space = await getSpace(portal.upstream);
      if (spaceBlocks(space, size)) return fail("space");
      return save(portal, name, key, size, space.deductionSpaceFlag);
    },
  };
}

/** The relay: intents start, status, chunk and complete of one upload (the store's token stays here). */
export function relayChunk(portal: Portal, upload: FileUpload<"-600">) {
  return relayChunkWith(portal, upload, resourcePolicy(portal));
}

export async function relayChunkWith(portal: Portal, upload: FileUpload<"-600">, policy: RelayPolicy) {
  if (upload.error === "malformed") return fail("malformed");
  if (upload.error === "-600") return fail("-600");
  const step = parseWithZod(upload.formData, { schema: UploadStepSchema });
  if (step.status !== "success") return fail("malformed");
  const { intent, name, size } = step.value;
  if (!name) return fail("malformed");
  const rule = policy.checkNameAndSize(name, size);
  if (rule) return fail(rule as UploadAnswer["error"]);
  const owner = uploadOwner(portal, policy.scene);
  if (intent === "start") {
    const refused = await policy.admit(size);
    if (refused) return refused;
    return data<UploadAnswer>({ key: newStorageKey(owner, name), offset: 0 });
  }
  // the key must be one this student started in this scene: checked before the store is asked anything
  const { key } = step.value;
  const ownership = keyOwnership(key, owner);
  if (ownership === "malformed" || extensionOf(key) !== extensionOf(name)) return fail("malformed");
  if (ownership === "notYours") return fail("notYours", 403);
  const target = await getUploadTarget(portal.upstream, policy.tokenScene);
  const store = storageStore(target, key);
  try {
    if (intent === "status") return data<UploadAnswer>({ offset: await store.offset() });
    if (intent === "chunk") {
      const { offset } = step.value;
      const file = upload.file;
      if (!file) return fail("malformed");
      if (offset + file.size > size) return fail("-600");
      const bytes = new Uint8Array(await file.read());
      const content = policy.checkPiece(name, bytes, offset, size);
      if (content) return fail(content as UploadAnswer["error"]);
      return data<UploadAnswer>({ offset: await store.put(offset, bytes) });
    }
    if (intent === "complete") {
      const sealed = await store.complete(size);
      return await policy.complete(name, sealed.key, sealed.size, target);
    }
  } catch (error) {
    // a chunk off the store's offset: 409 with the store's offset, where the uploader resumes
    if (error instanceof StorageError && error.code === "offset") return data<UploadAnswer>({ error: "offset", offset: error.offset }, { status: 409 });
    return storageFailure(error);
  }
  return fail("malformed");
}
