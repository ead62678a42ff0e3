import { CHUNK_BYTES, CHUNK_RETRIES } from "./upload-rules";

/**
 * The chunked, resumable upload (spec 001 §7 "Upload token", §9: 4 MB chunks, up to 3 retries per chunk),
 * shared by the browser's uploader (`uploader.client.ts`, slices of a File) and the server's streaming
 * of a no-JS upload (`storage.server.ts`, ranges of a temporary file). The store holds the truth: the
 * offset to resume from is asked from it at the start (after a drop or a reload) and after each failure
 * (a failed chunk may have been written in part).
 */
export type ChunkStore<R> = {
  /** How many bytes the store already holds for this upload. */
  offset(): Promise<number>;
  /** Writes bytes [offset, offset + chunk size) and answers the store's new offset. */
  put(offset: number, chunk: Uint8Array | Blob, signal?: AbortSignal): Promise<number>;
  /** Seals the upload of `size` bytes. */
  complete(size: number): Promise<R>;
};

/** A refusal no retry can fix (too large, duplicate, bad type): thrown at once. */
export class ChunkRefused extends Error {
  constructor(readonly code: string) {
    super(`upload refused: ${code}`);
    this.name = "ChunkRefused";
  }
}

export type ChunkOptions = {
  size: number;
  read(start: number, end: number): Promise<Uint8Array | Blob>;
  chunkBytes?: number;
  retries?: number;
  onProgress?(sent: number, size: number): void;
  signal?: AbortSignal;
  /** The pause before retry number `attempt` (1..retries); default 300 ms × attempt. */
  wait?(attempt: number): Promise<void>;
};

export async function uploadInChunks<R>(store: ChunkStore<R>, options: ChunkOptions): Promise<R> {
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  const retries = options.retries ?? CHUNK_RETRIES;
  const wait = options.wait ?? ((attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, 300 * attempt)));
  const { size, signal } = options;
  let offset = await store.offset();
  options.onProgress?.(Math.min(offset, size), size);
  let failures = 0;
  while (offset < size) {
    signal?.throwIfAborted();
    const end = Math.min(offset + chunkBytes, size);
    try {
      const next = await store.put(offset, await options.read(offset, end), signal);
      if (next <= offset) throw new Error("the store did not move on");
      offset = next;
      failures = 0;
      options.onProgress?.(Math.min(offset, size), size);
    } catch (error) {
      if (error instanceof ChunkRefused || signal?.aborted) throw error;
      failures += 1;
      if (failures > retries) throw error;
      await wait(failures);
      offset = await store.offset(); // resume where the store is, whatever part of the chunk arrived
    }
  }
  signal?.throwIfAborted();
  return store.complete(size);
}
