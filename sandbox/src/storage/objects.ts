import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeAtExit } from '../cleanup.js';

/**
 * The object store the sandbox plays (spec 001 §5 "Uploads", §7 "Upload token"): real files on disk under
 * SANDBOX_STORAGE_DIR (default a per-process temp dir). An object is written chunk by chunk at the offset
 * the store holds (`<key>.part`), so an upload can resume after a drop; `complete` renames it to `<key>`.
 * A control fault fails the next N chunk writes after reading them (the uploader must retry).
 * As a real store's upload tokens are, a token is bound to the user it was issued to: the first chunk
 * written to a key binds that upload to the token's user, and a token of anyone else is refused (403) on
 * its status, chunks and complete; the sealed object keeps its uploader (`uploaderOf`, decision 044).
 */
export const STORAGE_DIR = process.env.SANDBOX_STORAGE_DIR ?? path.join(tmpdir(), `sandbox-storage-${process.pid}`);

let holders = 0;
let removal: ReturnType<typeof removeAtExit> | undefined;
/**
 * A started sandbox holds the store's directory; the default (per-process, temporary) one is removed when the
 * process's last sandbox closes, and with the process however it ends (src/cleanup.ts, decision 073). A
 * directory named by SANDBOX_STORAGE_DIR is the operator's and stays. Returns the release.
 */
export function holdStorage(): () => void {
  holders++;
  if (!process.env.SANDBOX_STORAGE_DIR && !removal) {
    removal = removeAtExit(STORAGE_DIR);
    mkdirSync(STORAGE_DIR, { recursive: true }); // there from the start, so that its removal can be checked
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holders--;
    if (holders === 0 && removal) {
      removal.remove();
      removal = undefined;
    }
  };
}
/** The upload token lives one hour. */
export const UPTOKEN_TTL_MS = 60 * 60_000;
/** Spec 001 §9: attachments and images at most 5 MB; the store refuses more with -600. */
export const STORE_MAX_BYTES = 5 * 1024 * 1024;
/** Homework videos (mp4, mov, m4v): the uploader's default maximum, 1024 MB (spec 001 §9; decision 037). */
export const STORE_VIDEO_MAX_BYTES = 1024 * 1024 * 1024;
export const maxBytesOf = (key: string) => (/\.(mp4|mov|m4v)$/.test(key) ? STORE_VIDEO_MAX_BYTES : STORE_MAX_BYTES);
/** A token asked for the sign-up scene (`getuptoken {scene: "signup"}`): the sign-up uploader's 1024 MB (spec 001 §9). */
export const STORE_SIGNUP_MAX_BYTES = 1024 * 1024 * 1024;
/** The key pattern (spec 001 §7 "Upload token"): companyId/YYYY-MM-DD/coldatatypefile/<generated>.<ext>. */
export const KEY_RE = /^(\d+)\/(\d{4}-\d{2}-\d{2})\/coldatatypefile\/([A-Za-z0-9_-]{8,64})\.([a-z0-9]{1,5})$/;

export type UploadError = { status: number; code: -600 | -601 | -602 | 401 | 400 | 403 | 409; error: string; offset?: number };

type Token = { companyId: number; userId: number; expiresAt: number; maxBytes?: number };

export class ObjectStore {
  private tokens = new Map<string, Token>();
  /** The user each upload (key) belongs to: bound by its first chunk. */
  private uploaders = new Map<string, number>();
  /** Chunk writes still to fail (control fault). */
  failNext = 0;
  chunkWrites = 0;
  failedWrites = 0;
  /** The key of the last sealed object (for the control API). */
  lastCompleted: string | null = null;

  /** `maxBytes`: the token's own object limit (an upload policy's size limit), above the key's default. */
  issueToken(companyId: number, userId: number, maxBytes?: number): string {
    const token = randomBytes(18).toString('base64url');
    this.tokens.set(token, { companyId, userId, expiresAt: Date.now() + UPTOKEN_TTL_MS, maxBytes });
    return token;
  }

  /**
   * The token's owner when it is valid for that key: the key starts with its company id, and the upload is
   * not another user's. `bind` (a chunk write) makes a key no one holds yet this token user's.
   */
  check(token: string, key: string, bind = false): Token | UploadError {
    const t = this.tokens.get(token);
    if (!t || t.expiresAt < Date.now()) return { status: 401, code: 401, error: 'bad uptoken' };
    const m = KEY_RE.exec(key);
    if (!m || Number(m[1]) !== t.companyId) return { status: 400, code: 400, error: 'bad key' };
    const uploader = this.uploaders.get(key);
    if (uploader !== undefined && uploader !== t.userId) return { status: 403, code: 403, error: 'upload of another user' };
    if (bind && uploader === undefined) this.uploaders.set(key, t.userId);
    return t;
  }

  /** The user who uploaded a key (undefined: not uploaded through a token, e.g. seeded). */
  uploaderOf(key: string): number | undefined {
    return this.uploaders.get(key);
  }

  private file(key: string) {
    return path.join(STORAGE_DIR, ...key.split('/'));
  }

  async status(key: string): Promise<{ offset: number; complete: boolean }> {
    const done = await stat(this.file(key)).catch(() => undefined);
    if (done) return { offset: done.size, complete: true };
    const part = await stat(`${this.file(key)}.part`).catch(() => undefined);
    return { offset: part?.size ?? 0, complete: false };
  }

  /** Appends `body` at `offset` (which must be the stored size). */
  async write(key: string, offset: number, body: Readable, max = maxBytesOf(key)): Promise<{ offset: number } | UploadError> {
    const now = await this.status(key);
    if (now.complete) {
      body.resume();
      return { status: 409, code: -602, error: 'duplicate file' };
    }
    if (offset !== now.offset) {
      body.resume();
      return { status: 409, code: 409, error: 'offset mismatch', offset: now.offset };
    }
    this.chunkWrites++;
    if (this.failNext > 0) {
      this.failNext--;
      this.failedWrites++;
      for await (const _ of body) {
        /* read and drop */
      }
      return { status: 500, code: -601, error: 'chunk failed (sandbox fault)' };
    }
    const target = `${this.file(key)}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    let size = offset;
    let over = false;
    const counted = async function* (source: Readable) {
      for await (const chunk of source) {
        size += (chunk as Buffer).length;
        if (size > max) over = true; // the rest is read and dropped: a socket left unread would hang its next request
        if (!over) yield chunk as Buffer;
      }
    };
    try {
      await pipeline(body, counted, createWriteStream(target, { flags: 'a' }));
    } catch {
      return { status: 500, code: -601, error: 'chunk broken' };
    }
    if (over) {
      await rm(target, { force: true });
      return { status: 413, code: -600, error: 'file larger than the limit' };
    }
    return { offset: (await this.status(key)).offset };
  }

  async complete(key: string, size: number): Promise<{ key: string; size: number; hash: string } | UploadError> {
    const now = await this.status(key);
    if (now.complete) return { status: 409, code: -602, error: 'duplicate file' };
    if (now.offset !== size || size === 0) return { status: 409, code: 409, error: 'size mismatch', offset: now.offset };
    await rename(`${this.file(key)}.part`, this.file(key));
    this.lastCompleted = key;
    return { key, size, hash: await this.sha256(key) };
  }

  async sha256(key: string): Promise<string> {
    return createHash('sha256')
      .update(await readFile(this.file(key)))
      .digest('hex');
  }

  read(key: string): Readable {
    return createReadStream(this.file(key));
  }

  pathOf(key: string): string {
    return this.file(key);
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
    await rm(`${this.file(key)}.part`, { force: true });
  }
}

const stores = new WeakMap<object, ObjectStore>();
/** One store per sandbox instance. */
export function objectStore(owner: object): ObjectStore {
  let s = stores.get(owner);
  if (!s) stores.set(owner, (s = new ObjectStore()));
  return s;
}
