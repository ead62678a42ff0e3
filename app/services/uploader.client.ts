import { ChunkRefused, uploadInChunks, type ChunkStore } from "./chunker";

/**
 * The browser's chunked upload (spec 001 §4 "Upload", §5, §7 "Upload token"): 4 MB slices of the file,
 * up to 3 retries per chunk, through the portal's relay (`/resource/upload`, decision 029). Resumable:
 * the storage key of a file (by name, size and date) is kept in localStorage, so after a drop or a reload
 * picking the same file asks the store for its offset and goes on from there.
 */
export type RelayAnswer = { error?: string; message?: string; saved?: string; offset?: number; key?: string };

/** Codes no retry can fix: the upload stops with the message at once. */
const FINAL = new Set([
  "-600",
  "-602",
  "size",
  "notYours",
  "attachmentSize",
  "attachmentType",
  "imageType",
  "imageSize",
  "contentMismatch",
  "required",
  "space",
  "malformed",
  "server",
  "videoType",
  "videoSize",
  "videoNoJs",
]);

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

/** The relay's answer a final refusal carries (`post` above), or -601. */
function refusal(error: unknown): RelayAnswer {
  if (!(error instanceof ChunkRefused)) return {};
  try {
    return JSON.parse(error.code) as RelayAnswer;
  } catch {
    return { error: "-601" };
  }
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
    const start = async () => {
      const started = (await post(action, csrf, { ...base, intent: "start" }, undefined, undefined, signal)).key ?? "";
      localStorage.setItem(sig, started);
      return started;
    };
    // a key kept from an earlier try may be another account's on this device (decision 044): then start anew
    let resuming = localStorage.getItem(sig) !== null;
    let key = localStorage.getItem(sig) ?? (await start());
    let resumedAt = -1;
    const store: ChunkStore<RelayAnswer> = {
      offset: async () => {
        try {
          const at = (await post(action, csrf, { ...base, key, intent: "status" }, undefined, undefined, signal)).offset ?? 0;
          resuming = false;
          return at;
        } catch (error) {
          if (!resuming || refusal(error).error !== "notYours") throw error;
          resuming = false;
          key = await start();
          return 0;
        }
      },
      put: async (offset, chunk, chunkSignal) =>
        (await post(action, csrf, { ...base, key, intent: "chunk", offset: String(offset) }, chunk as Blob, file.name, chunkSignal)).offset ?? offset,
      complete: () => post(action, csrf, { ...base, key, intent: "complete" }, undefined, undefined, signal),
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
      throw new UploadFailed(refusal(error));
    }
    throw error; // a drop or cancel: the key stays for a resume
  }
}
