import { describe, expect, it } from "vitest";
import { ChunkRefused, uploadInChunks, type ChunkStore } from "./chunker";
import { CHUNK_BYTES } from "./upload-rules";

/** A fake store holding bytes in memory; `failures` lists put numbers (1-based) that fail, `partial` writes half first. */
function fakeStore(options: { held?: Uint8Array; failures?: number[]; partial?: boolean; refuse?: boolean } = {}) {
  let bytes = options.held ?? new Uint8Array(0);
  const puts: Array<{ offset: number; length: number }> = [];
  let offsetAsks = 0;
  const store: ChunkStore<Uint8Array> = {
    async offset() {
      offsetAsks++;
      return bytes.length;
    },
    async put(offset, chunk) {
      const data = chunk instanceof Uint8Array ? chunk : new Uint8Array(await chunk.arrayBuffer());
      puts.push({ offset, length: data.length });
      if (options.refuse) throw new ChunkRefused("-600");
      if (offset !== bytes.length) throw new Error("offset mismatch");
      if (options.failures?.includes(puts.length)) {
        if (options.partial) bytes = concat(bytes, data.slice(0, data.length >> 1));
        throw new Error("network drop");
      }
      bytes = concat(bytes, data);
      return bytes.length;
    },
    async complete(size) {
      if (size !== bytes.length) throw new Error("size mismatch");
      return bytes;
    },
  };
  return { store, puts, offsetAsks: () => offsetAsks };
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

const file = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + 7) % 251);
const source = (data: Uint8Array) => ({ size: data.length, read: async (s: number, e: number) => data.slice(s, e), wait: async () => undefined });

describe("uploadInChunks (spec 001 §7, §9: 4 MB chunks, 3 retries, resumable)", () => {
  it("sends 4 MB chunks and seals the upload byte-exact", async () => {
    const data = file(9 * 1024 * 1024 + 17);
    const { store, puts } = fakeStore();
    const progress: number[] = [];
    const out = await uploadInChunks(store, { ...source(data), onProgress: (sent) => progress.push(sent) });
    expect(CHUNK_BYTES).toBe(4 * 1024 * 1024);
    expect(puts.map((p) => p.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 1024 * 1024 + 17]);
    expect(puts.map((p) => p.offset)).toEqual([0, CHUNK_BYTES, 2 * CHUNK_BYTES]);
    expect(progress).toEqual([0, CHUNK_BYTES, 2 * CHUNK_BYTES, data.length]);
    expect(Buffer.from(out).equals(Buffer.from(data))).toBe(true);
  });

  it("retries a failed chunk up to 3 times, asking the store where to resume (a partly written chunk)", async () => {
    const data = file(5 * 1024 * 1024);
    const { store, puts } = fakeStore({ failures: [2, 3, 4], partial: true });
    const out = await uploadInChunks(store, source(data));
    expect(Buffer.from(out).equals(Buffer.from(data))).toBe(true);
    // put 1 ok, puts 2-4 fail (each writing half of what it sent), put 5 sends the rest from the store's offset
    expect(puts).toHaveLength(5);
    expect(puts[2]!.offset).toBeGreaterThan(puts[1]!.offset);
  });

  it("gives up after the 3rd retry of one chunk (4 attempts)", async () => {
    const { store, puts } = fakeStore({ failures: [1, 2, 3, 4] });
    await expect(uploadInChunks(store, source(file(1000)))).rejects.toThrow("network drop");
    expect(puts).toHaveLength(4);
  });

  it("resumes from the offset the store holds (after a reload)", async () => {
    const data = file(6 * 1024 * 1024);
    const { store, puts } = fakeStore({ held: data.slice(0, CHUNK_BYTES) });
    const out = await uploadInChunks(store, source(data));
    expect(puts).toEqual([{ offset: CHUNK_BYTES, length: 2 * 1024 * 1024 }]);
    expect(Buffer.from(out).equals(Buffer.from(data))).toBe(true);
  });

  it("does not retry a refusal, and stops when cancelled", async () => {
    const refused = fakeStore({ refuse: true });
    await expect(uploadInChunks(refused.store, source(file(10)))).rejects.toBeInstanceOf(ChunkRefused);
    expect(refused.puts).toHaveLength(1);
    const cancel = new AbortController();
    const { store, puts } = fakeStore();
    const run = uploadInChunks(store, { ...source(file(9 * 1024 * 1024)), signal: cancel.signal, onProgress: (sent) => sent > 0 && cancel.abort() });
    await expect(run).rejects.toThrow();
    expect(puts).toHaveLength(1);
  });
});
