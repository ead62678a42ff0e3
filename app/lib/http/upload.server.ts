import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { FORM_OVERHEAD_BYTES } from "~/lib/security/body-limit.server";
import { unstable_composeUploadHandlers, unstable_createMemoryUploadHandler, type UploadHandler } from "@remix-run/node";
import { parseMultipartFormData } from "~/lib/http/multipart.server";

/**
 * One multipart file read as it streams (spec 001 §5 "Uploads"; the avatar's `readImageUpload`, the
 * resource and homework uploads, the chunk relay): the file part goes to a temporary file, never into
 * memory; the parse stops as soon as the part passes `maxBytes` (nothing more is read) or its first bytes
 * fail `checkHead` (the type by content). The text parts (csrf, intent, ...) are kept, small.
 */

export { FORM_OVERHEAD_BYTES };
/** A text part (csrf, intent) is small; more is not a form of ours. */
const TEXT_PART_MAX_BYTES = 16 * 1024;

export type StoredFile = {
  /** The name the browser sent (base name only). */
  name: string;
  size: number;
  /** The first bytes (up to `headBytes`), for the caller's own checks. */
  head: Uint8Array;
  path: string;
  read(): Promise<Buffer>;
  /** Bytes [start, end) of the file as a stream (for chunked sending). */
  range(start: number, end: number): NodeJS.ReadableStream;
  /** Deletes the temporary file; call it once done (also after a failed call). */
  remove(): Promise<void>;
};

export type FileUploadOptions<E extends string> = {
  field: string;
  maxBytes: number;
  /** How many leading bytes `checkHead` needs (default 8). */
  headBytes?: number;
  /** The error of the first bytes (and the name), or undefined when they are fine. */
  checkHead?(head: Uint8Array, name: string): E | undefined;
  /** The error code for a file over `maxBytes`. */
  tooLarge: E;
};

export type FileUpload<E extends string> = { formData: FormData; file?: StoredFile; error?: E | "required" | "malformed" };

class UploadRefused<E extends string> extends Error {
  constructor(readonly code: E | "malformed") {
    super(code);
  }
}

export async function readFileUpload<E extends string>(request: Request, options: FileUploadOptions<E>): Promise<FileUpload<E>> {
  const { field, maxBytes } = options;
  const headBytes = options.headBytes ?? 8;
  const empty = new FormData();
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return { formData: empty, error: "malformed" };
  // A declared length over the file's limit and its form: the text parts before the file (csrf first)
  // are still read, so the page can answer with the size message; the file is refused at its header,
  // before any of its bytes is read.
  const declared = Number(request.headers.get("Content-Length"));
  const overDeclared = Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES;

  const dir = await mkdtemp(path.join(tmpdir(), "portal-upload-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  let stored: StoredFile | undefined;
  // The text parts read so far (csrf comes first in the form): kept when the file is refused, so the
  // route can still check the CSRF token and answer with the message rather than a 403.
  const texts = new FormData();
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: TEXT_PART_MAX_BYTES });
  let textBytes = 0;
  const textHandler: UploadHandler = async (part) => {
    const value = await memory(part);
    if (typeof value === "string") textBytes += value.length;
    // a body declared over the limit is read no further than its form's allowance (decision 037)
    if (overDeclared && textBytes > FORM_OVERHEAD_BYTES) throw new UploadRefused(options.tooLarge);
    if (part.filename === undefined && typeof value === "string") texts.append(part.name, value);
    return value;
  };

  const fileHandler: UploadHandler = async (part) => {
    if (part.name !== field || part.filename === undefined) return undefined;
    if (stored) throw new UploadRefused<E>("malformed"); // one file only
    if (overDeclared) throw new UploadRefused(options.tooLarge);
    const name = path.basename(part.filename.replace(/\\/g, "/")).slice(0, 200);
    const file = path.join(dir, "file");
    const out = createWriteStream(file);
    let size = 0;
    let head = new Uint8Array(0);
    let checked = false;
    try {
      for await (const chunk of part.data) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new UploadRefused(options.tooLarge);
        if (head.length < headBytes) {
          const joined = new Uint8Array(head.length + chunk.length);
          joined.set(head);
          joined.set(chunk, head.length);
          head = joined.slice(0, headBytes);
        }
        if (!checked && head.length >= headBytes) {
          checked = true;
          const error = options.checkHead?.(head, name);
          if (error) throw new UploadRefused(error);
        }
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      }
    } finally {
      out.end();
      await finished(out).catch(() => undefined);
    }
    if (size === 0) return undefined; // no file chosen
    if (!checked) {
      const error = options.checkHead?.(head, name);
      if (error) throw new UploadRefused(error);
    }
    stored = {
      name,
      size,
      head,
      path: file,
      read: () => readFile(file),
      range: (start, end) => createReadStream(file, { start, end: end - 1 }),
      remove: cleanup,
    };
    return "stored";
  };

  try {
    const formData = await parseMultipartFormData(request, unstable_composeUploadHandlers(fileHandler, textHandler));
    formData.delete(field);
    if (!stored) {
      await cleanup();
      return { formData, error: "required" };
    }
    return { formData, file: stored };
  } catch (error) {
    await cleanup();
    if (error instanceof UploadRefused) return { formData: error.code === "malformed" ? empty : texts, error: error.code as E | "malformed" };
    if (request.signal.aborted) throw error;
    // broken framing, an oversized text part: the text parts read so far (csrf first) go with the error,
    // so the page answers its "malformed" message, not a CSRF refusal (issue 21 §7)
    return { formData: texts, error: "malformed" };
  }
}
