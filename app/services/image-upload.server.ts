import { imageKindOf } from "~/forms/dynamic-fields/files";
import { readFileUpload } from "~/lib/http/upload.server";

/**
 * An image posted as multipart (the avatar page without JavaScript, spec 001 §5 "Uploads"): JPG or PNG
 * by their magic bytes ('image can only be uploaded in JPG/PNG format'), at most 5 MB ('image size cannot
 * exceed 5MB!'). The file is streamed to a temporary file and the parse stops as soon as it passes the
 * limit: a large upload is never held in memory, nor read to its end.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024; // spec 001 §9: 5242880

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

/** Reads a multipart request whose file part `field` must be a JPG/PNG of at most `maxBytes` (`readFileUpload`). */
export async function readImageUpload(request: Request, options: { field?: string; maxBytes?: number } = {}): Promise<ImageUpload> {
  const upload = await readFileUpload<"imageType" | "imageSize">(request, {
    field: options.field ?? "avatar",
    maxBytes: options.maxBytes ?? IMAGE_MAX_BYTES,
    tooLarge: "imageSize",
    checkHead: (head) => (imageKindOf(head) ? undefined : "imageType"),
  });
  if (!upload.file) return { formData: upload.formData, error: upload.error ?? "required" };
  const kind = imageKindOf(upload.file.head)!;
  const file = upload.file;
  return {
    formData: upload.formData,
    image: { kind, contentType: kind === "png" ? "image/png" : "image/jpeg", size: file.size, read: file.read, remove: file.remove },
  };
}
