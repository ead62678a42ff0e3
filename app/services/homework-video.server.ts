import { data } from "@remix-run/node";
import { saveHomeworkVideo, videoStorageRefusal } from "~/services/homework.server";
import type { Portal } from "~/lib/portal.server";
import { fail, relayChunkWith, storageFailure, type RelayPolicy, type UploadAnswer } from "~/services/resource-upload.server";
import { getUploadTarget, newStorageKey, sendStoredFile, uploadOwner } from "~/services/storage.server";
import { UPLOAD_MAX_BYTES } from "~/services/upload-rules";
import type { FileUpload } from "~/lib/http/upload.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { checkVideoContent, checkVideoNameAndSize, VIDEO_RULE, type VideoRuleError } from "~/services/video-rules";

/**
 * Homework videos (spec 001 §7 "Homework": `uploadVideo/judgeVideoStorage`, `homeworkUpload`; §9;
 * decision 037): with JavaScript the browser's 4 MB chunks through the relay `/homework/video/<id>`
 * (3 retries, resumable, up to 1024 MB); without it a plain multipart post of at most 5 MB (the
 * multipart cap), streamed to a temporary file and sent to the store in chunks. Either way the storage
 * check comes before the first byte, and the sealed file is recorded with `homeworkUpload`.
 */
async function record(portal: Portal, homeworkId: number, name: string, key: string, size: number) {
  try {
    await saveHomeworkVideo(portal.upstream, homeworkId, { fileName: name, sourcePath: key, sourceSize: size });
    return data<UploadAnswer>({ saved: name });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business")
      return fail(error.upstreamMessage === "文件重复" ? "-602" : "server", 400, error.upstreamMessage ?? "");
    throw error;
  }
}

async function admit(portal: Portal, size: number) {
  const refusal = await videoStorageRefusal(portal.upstream, size);
  return refusal === undefined ? undefined : fail("server", 400, refusal);
}

/** The scene of a homework's uploads (its video, its attachment): an upload belongs to one homework (decision 044). */
export const homeworkScene = (homeworkId: number) => `homework:${homeworkId}`;

export function videoPolicy(portal: Portal, homeworkId: number): RelayPolicy {
  return {
    ...VIDEO_RULE,
    scene: homeworkScene(homeworkId),
    admit: (size) => admit(portal, size),
    complete: (name, key, size) => record(portal, homeworkId, name, key, size),
  };
}

export function relayVideoChunk(portal: Portal, homeworkId: number, upload: FileUpload<"-600">) {
  return relayChunkWith(portal, upload, videoPolicy(portal, homeworkId));
}

/** The reader options of a no-JS video post: the multipart cap's 5 MB, the type by name and content. */
export const videoFileOptions = {
  field: "video",
  maxBytes: UPLOAD_MAX_BYTES,
  tooLarge: "videoNoJs" as VideoRuleError | "videoNoJs",
  checkHead: (head: Uint8Array, name: string): VideoRuleError | "videoNoJs" | undefined => checkVideoNameAndSize(name, 1) ?? checkVideoContent(name, head),
};

/** The no-JS post: the file is on disk already (checked by name, size and content while streaming). */
export async function uploadWholeVideo(portal: Portal, homeworkId: number, upload: FileUpload<VideoRuleError | "videoNoJs">, signal: AbortSignal) {
  if (upload.error === "malformed") return fail("malformed");
  if (upload.error || !upload.file) return fail((upload.error ?? "required") as UploadAnswer["error"]);
  const file = upload.file;
  const rule = checkVideoNameAndSize(file.name, file.size);
  if (rule) return fail(rule);
  const [refused, target] = await Promise.all([admit(portal, file.size), getUploadTarget(portal.upstream)]);
  if (refused) return refused;
  const key = newStorageKey(uploadOwner(portal, homeworkScene(homeworkId)), file.name);
  try {
    await sendStoredFile(target, key, file, signal);
  } catch (error) {
    return storageFailure(error);
  }
  return record(portal, homeworkId, file.name, key, file.size);
}
