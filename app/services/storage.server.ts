import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Readable } from "node:stream";
import * as z from "zod/v4";
import { ChunkRefused, uploadInChunks, type ChunkStore } from "~/services/chunker";
import { env } from "~/env.server";
import type { Portal } from "~/lib/portal.server";
import { extensionOf, storageDay, storageKey, STORAGE_KEY_RE } from "~/services/upload-rules";
import type { StoredFile } from "~/lib/http/upload.server";
import type { Upstream, UpstreamContext } from "~/lib/http/upstream.server";
import { fetchOutside, OutsideError } from "~/lib/http/outside.server";

/**
 * The object store (spec 001 §5 "Uploads", §7 "Upload token"). The upload token and the storage domain
 * are fetched first, both at once (`uptoken`, `qndomain`); the store's upload API is at the storage
 * domain's origin (`/storage/upload`, decision 029). The token never leaves the server: the browser's
 * chunks come through the portal's relay (`/resource/upload`), which keeps the page's CSP at
 * `connect-src 'self'` and the token out of the page. Errors: -600 (larger than the limit), -601 (upload
 * failed), -602 (duplicate), an unreadable answer (spec 001 §8).
 */
export const UPTOKEN_PATH = "/saas-business/v1/resource/getuptoken";
export const QNDOMAIN_PATH = "/saas-business/v1/resource/getqndomain";
const STORAGE_TIMEOUT_MS = 60_000;

/**
 * Where a request's uploads go: the store's token and domain, and the request (`ctx`) whose Server-Timing,
 * metrics and abort signal the store's calls share (`fetchOutside`, decision 082).
 */
export type UploadTarget = { uptoken: string; qndomain: string; companyId: string; ctx: UpstreamContext };

/**
 * The codes of spec 001 §8 plus `unreadable`, and the client's own mistakes the store refuses (decision 044):
 * `offset` (a chunk not at the store's offset: out of order), `size` (complete with a size the store does not
 * hold), `notYours` (the upload was started by another student). Keys of the `files` namespace's `errors.*`.
 */
export type StorageErrorCode = "-600" | "-601" | "-602" | "unreadable" | "offset" | "size" | "notYours";

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    readonly offset?: number,
  ) {
    super(`storage ${code}`);
    this.name = "StorageError";
  }
}

/**
 * The token and domain. `scene` "signup" (the instead sign-up's uploader, spec 001 §9: up to 1024 MB) asks
 * a token whose store limit is the sign-up uploader's (like an upload policy's size limit; chosen, decision
 * 036); without it the store keeps the §9 5 MB limit (videos excepted, decision 037).
 */
export async function getUploadTarget(upstream: Upstream, scene?: "signup"): Promise<UploadTarget> {
  const [token, domain] = await Promise.all([
    upstream.call({ method: "POST", path: UPTOKEN_PATH, body: scene ? { scene } : {}, schema: z.object({ uptoken: z.string().min(8).max(512) }) }),
    upstream.call({ path: QNDOMAIN_PATH, schema: z.object({ qndomain: z.url({ protocol: /^https?$/ }) }) }),
  ]);
  return { uptoken: token.uptoken, qndomain: domain.qndomain.replace(/\/+$/, ""), companyId: String(upstream.ctx.companyId ?? ""), ctx: upstream.ctx };
}

/**
 * Who an upload belongs to (decision 044): the student and the scene that started it ("resource",
 * "homework:<id>" for a homework's video or attachment, "signup" for a sign-up annex).
 */
export type UploadOwner = { companyId: string; userId: number | undefined; scene: string };

export function uploadOwner(portal: Pick<Portal, "upstream" | "userId">, scene: string): UploadOwner {
  return { companyId: String(portal.upstream.ctx.companyId ?? ""), userId: portal.userId, scene };
}

const NONCE_CHARS = 16; // 12 random bytes, base64url
const keySignature = (owner: UploadOwner, day: string, nonce: string, ext: string) =>
  createHmac("sha256", env().SESSION_SECRET[0]!)
    .update(`upload|${owner.companyId}|${owner.userId}|${owner.scene}|${day}|${nonce}|${ext}`)
    .digest("base64url")
    .slice(0, 16);

/**
 * A new key for a file of that name: companyId/YYYY-MM-DD/coldatatypefile/<generated>.<ext>, where
 * <generated> is a random nonce and a signature of the owner (student and scene), so the key the browser
 * sends back on each chunk proves whose upload it is without any state kept between the relay's posts.
 */
export function newStorageKey(owner: UploadOwner, name: string, now = new Date()): string {
  const nonce = randomBytes(12).toString("base64url");
  return storageKey(owner.companyId, now, nonce + keySignature(owner, storageDay(now), nonce, extensionOf(name)), name);
}

/**
 * Whose a key sent back by the browser is: "own" (this student started it in this scene), "notYours"
 * (well formed, of this company, but started by another student or scene) or "malformed".
 */
export function keyOwnership(key: string, owner: UploadOwner): "own" | "notYours" | "malformed" {
  const m = STORAGE_KEY_RE.exec(key);
  if (!m || m[1] !== owner.companyId) return "malformed";
  const [, , day = "", generated = "", ext = ""] = m;
  if (owner.userId === undefined || generated.length !== NONCE_CHARS + 16) return "notYours";
  const expected = Buffer.from(keySignature(owner, day, generated.slice(0, NONCE_CHARS), ext));
  const given = Buffer.from(generated.slice(NONCE_CHARS));
  return expected.length === given.length && timingSafeEqual(expected, given) ? "own" : "notYours";
}

const Offset = z.object({ offset: z.number().int().nonnegative() });
const Sealed = z.object({ key: z.string(), size: z.number().int().positive(), hash: z.string() });
const Failure = z.object({ code: z.union([z.number(), z.string()]).transform(String), offset: z.number().int().optional() });

/**
 * A ChunkStore over the storage API for one key. Its calls go through `fetchOutside` (decision 082) under the
 * labels `storage-status`, `storage-put`, `storage-complete`: the store's own upload token (`UpToken`) is the
 * only credential sent; a redirect, a time-out or the network is `-601`.
 */
export function storageStore(target: UploadTarget, key: string): ChunkStore<z.infer<typeof Sealed>> {
  const base = new URL("/storage/upload", target.qndomain).toString();
  const headers = { Authorization: `UpToken ${target.uptoken}` };
  const url = (suffix: string, query: Record<string, string | number>) =>
    `${base}${suffix}?${new URLSearchParams({ key, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`;
  async function answer<S extends z.ZodType>(response: Response, schema: S, mismatch: "offset" | "size" = "offset"): Promise<z.infer<S>> {
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new StorageError("unreadable");
    }
    if (response.ok) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new StorageError("unreadable");
      return parsed.data;
    }
    const failure = Failure.safeParse(json);
    if (!failure.success) throw new StorageError("unreadable");
    const code = failure.data.code;
    if (code === "-600" || code === "-602") throw new ChunkRefused(code);
    if (code === "403") throw new ChunkRefused("notYours"); // the store's token is bound to another student's upload
    // a chunk off the store's offset: retried from there (uploadInChunks); a complete of another size: refused
    if (code === "409" && failure.data.offset !== undefined) throw new StorageError(mismatch, failure.data.offset);
    if (code === "400" || code === "401") throw new ChunkRefused("-601");
    throw new StorageError("-601");
  }
  const options = { headers, accept: "application/json", timeoutMs: STORAGE_TIMEOUT_MS };
  return {
    async offset() {
      const response = await fetchOutside(target.ctx, url("/status", {}), { ...options, label: "storage-status" });
      return (await answer(response, Offset)).offset;
    },
    async put(offset, chunk, signal) {
      const body: BodyInit = chunk instanceof Uint8Array ? new Blob([chunk as Uint8Array<ArrayBuffer>]) : chunk;
      const response = await fetchOutside(target.ctx, url("", { offset }), {
        ...options,
        label: "storage-put",
        method: "PUT",
        headers: { ...headers, "Content-Type": "application/octet-stream" },
        body,
        signal,
      });
      return (await answer(response, Offset)).offset;
    },
    async complete(size) {
      const response = await fetchOutside(target.ctx, url("/complete", { size }), { ...options, label: "storage-complete", method: "POST" });
      return answer(response, Sealed, "size");
    },
  };
}

/** Reads bytes [start, end) of a stored temporary file (at most one chunk in memory). */
async function readRange(file: StoredFile, start: number, end: number): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const part of Readable.from(file.range(start, end))) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Sends a file the portal holds on disk (a no-JS upload) to the store in 4 MB chunks with retries. */
export async function sendStoredFile(target: UploadTarget, key: string, file: StoredFile, signal?: AbortSignal) {
  return uploadInChunks(storageStore(target, key), { size: file.size, read: (s, e) => readRange(file, s, e), signal });
}

/** Maps a failure of the store to the spec's message code (§8), or undefined for other errors. */
export function storageErrorCode(error: unknown): StorageErrorCode | undefined {
  if (error instanceof StorageError) return error.code;
  if (error instanceof ChunkRefused) return (["-600", "-601", "-602", "notYours"] as const).find((c) => c === error.code) ?? "-601";
  if (error instanceof OutsideError || error instanceof TypeError) return "-601"; // the store unreachable, too slow, redirecting
  return undefined;
}

/**
 * The relay's status for a failure of the store: the store unreachable or unreadable is a 502; the
 * client's own mistakes are 4xx (decision 044): another's upload 403, an offset or size off the store's 409,
 * a refusal (too large, duplicate, a token or key the store will not take) 400.
 */
export function storageFailureStatus(error: unknown, code: StorageErrorCode): number {
  if (code === "notYours") return 403;
  if (code === "offset" || code === "size") return 409;
  if (error instanceof ChunkRefused) return 400;
  return code === "-601" || code === "unreadable" ? 502 : 400;
}
