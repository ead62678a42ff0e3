import { ChunkRefused, uploadInChunks, type ChunkStore } from "./chunker";

/**
 * The browser's chunked upload (spec 001 §4 "Upload", §5, §7 "Upload token"): 4 MB slices of the file,
 * up to 3 retries per chunk, through the portal's relay (`/resource/upload`, decision 029). Resumable:
 * the storage key of a file (by name, size and date) is kept in localStorage, so after a drop or a reload
 * picking the same file asks the store for its offset and goes on from there.
 */
export type RelayAnswer = { error?: string; message?: string; saved?: string; offset?: number; key?: string };

/** Codes no retry can fix: the upload stops with the message at once. */
const FINAL = new Set(["-600", "-602", "attachmentSize", "attachmentType", "imageType", "imageSize", "contentMismatch", "required", "space", "malformed", "server", "videoType", "videoSize", "videoNoJs"]);

export class UploadFailed extends Error {
  constructor(readonly answer: RelayAnswer) {
    super(answer.error ?? "unreadable");
  }
}

const signature = (file: File) => `upload:${file.name}:${file.size}:${file.lastModified}`;

async function post(action: string, csrf: string, fields: Record<string, string>, chunk?: Blob, name?: string, signal?: AbortSignal): Promise<RelayAnswer> {
  const body = new FormData();
  body.append("csrf", csrf);
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (chunk) body.append("chunk", chunk, name);
  const response = await fetch(action, { method: "POST", body, signal, credentials: "same-origin", headers: { Accept: "application/json" } });
  let answer: RelayAnswer;
  try {
    answer = (await response.json()) as RelayAnswer;
  } catch {
    throw new UploadFailed({ error: "unreadable" });
  }
  if (answer.error && FINAL.has(answer.error)) throw new ChunkRefused(JSON.stringify(answer));
  if (!response.ok || answer.error) throw new UploadFailed(answer.error ? answer : { error: "-601" });
  return answer;
}

export type UploadProgress = { sent: number; size: number; resumedAt: number };

export async function uploadFile(
  file: File,
  options: { action: string; csrf: string; signal: AbortSignal; onProgress(progress: UploadProgress): void },
): Promise<RelayAnswer> {
  const { action, csrf, signal } = options;
  const base = { name: file.name, size: String(file.size) };
  const sig = signature(file);
  try {
    let key = localStorage.getItem(sig);
    if (!key) {
      key = (await post(action, csrf, { ...base, intent: "start" }, undefined, undefined, signal)).key ?? "";
      localStorage.setItem(sig, key);
    }
    const fields = { ...base, key };
    let resumedAt = -1;
    const store: ChunkStore<RelayAnswer> = {
      offset: async () => (await post(action, csrf, { ...fields, intent: "status" }, undefined, undefined, signal)).offset ?? 0,
      put: async (offset, chunk, chunkSignal) =>
        (await post(action, csrf, { ...fields, intent: "chunk", offset: String(offset) }, chunk as Blob, file.name, chunkSignal)).offset ?? offset,
      complete: () => post(action, csrf, { ...fields, intent: "complete" }, undefined, undefined, signal),
    };
    const answer = await uploadInChunks(store, {
      size: file.size,
      read: async (start, end) => file.slice(start, end),
      signal,
      onProgress: (sent, size) => {
        if (resumedAt < 0) resumedAt = sent;
        options.onProgress({ sent, size, resumedAt });
      },
    });
    localStorage.removeItem(sig);
    return answer;
  } catch (error) {
    if (error instanceof ChunkRefused) {
      localStorage.removeItem(sig);
      let answer: RelayAnswer = { error: "-601" };
      try {
        answer = JSON.parse(error.code) as RelayAnswer;
      } catch {
        /* keep -601 */
      }
      throw new UploadFailed(answer);
    }
    throw error; // a drop or cancel: the key stays for a resume
  }
}
