import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { imageKindOf } from "~/forms/dynamic-fields/files";
import { unstable_composeUploadHandlers, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

/**
 * An image posted as multipart (the avatar page without JavaScript, spec 001 §5 "Uploads"): JPG or PNG
 * by their magic bytes ('image can only be uploaded in JPG/PNG format'), at most 5 MB ('image size cannot
 * exceed 5MB!'). The file is streamed to a temporary file and the parse stops as soon as it passes the
 * limit: a large upload is never held in memory, nor read to its end.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024; // spec 001 §9: 5242880
/** Room for the other parts (csrf, intent) and the multipart framing when Content-Length is known. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** A text part (csrf, intent) is small; more is not a form of ours. */
const TEXT_PART_MAX_BYTES = 16 * 1024;

export type ImageKind = "jpg" | "png";
/** Error codes: the first three are keys of the `fields` namespace; `malformed` is a 400. */
export type ImageUploadError = "imageType" | "imageSize" | "required" | "malformed";

export type StoredImage = {
  kind: ImageKind;
  contentType: "image/jpeg" | "image/png";
  size: number;
  /** The bytes (at most 5 MB), for the upstream call. */
  read(): Promise<Buffer>;
  /** Deletes the temporary file; call it once done (also after a failed upstream call). */
  remove(): Promise<void>;
};

export type ImageUpload = { formData: FormData; image?: StoredImage; error?: ImageUploadError };

export { imageKindOf };

class UploadRefused extends Error {
  constructor(readonly code: ImageUploadError) {
    super(code);
  }
}

/** Reads a multipart request whose file part `field` must be a JPG/PNG of at most `maxBytes`. */
export async function readImageUpload(request: Request, options: { field?: string; maxBytes?: number } = {}): Promise<ImageUpload> {
  const field = options.field ?? "avatar";
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const empty = new FormData();
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return { formData: empty, error: "malformed" };
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) return { formData: empty, error: "imageSize" };

  const dir = await mkdtemp(path.join(tmpdir(), "portal-upload-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  let image: StoredImage | undefined;
  // The text parts read so far (csrf comes first in the form): kept when the image is refused, so the
  // route can still check the CSRF token and answer with the message rather than a 403.
  const texts = new FormData();
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: TEXT_PART_MAX_BYTES });
  const textHandler: UploadHandler = async (part) => {
    const value = await memory(part);
    if (part.filename === undefined && typeof value === "string") texts.append(part.name, value);
    return value;
  };

  const imageHandler: UploadHandler = async (part) => {
    if (part.name !== field || part.filename === undefined) return undefined;
    if (image) throw new UploadRefused("malformed"); // one file only
    const file = path.join(dir, "image");
    const out = createWriteStream(file);
    let size = 0;
    let head = new Uint8Array(0);
    let kind: ImageKind | undefined;
    try {
      for await (const chunk of part.data) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new UploadRefused("imageSize");
        if (!kind) {
          const joined = new Uint8Array(head.length + chunk.length);
          joined.set(head);
          joined.set(chunk, head.length);
          head = joined.slice(0, 8);
          if (head.length >= 8 || size >= 8) {
            kind = imageKindOf(head);
            if (!kind) throw new UploadRefused("imageType");
          }
        }
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      }
    } finally {
      out.end();
      await finished(out).catch(() => undefined);
    }
    if (size === 0) return undefined; // no file chosen
    kind ??= imageKindOf(head);
    if (!kind) throw new UploadRefused("imageType");
    image = {
      kind,
      contentType: kind === "png" ? "image/png" : "image/jpeg",
      size,
      read: () => readFile(file),
      remove: cleanup,
    };
    return "stored";
  };

  try {
    const formData = await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(imageHandler, textHandler),
    );
    formData.delete(field);
    if (!image) {
      await cleanup();
      return { formData, error: "required" };
    }
    return { formData, image };
  } catch (error) {
    await cleanup();
    if (error instanceof UploadRefused) return { formData: error.code === "malformed" ? empty : texts, error: error.code };
    if (request.signal.aborted) throw error;
    return { formData: empty, error: "malformed" }; // broken framing, an oversized text part
  }
}
