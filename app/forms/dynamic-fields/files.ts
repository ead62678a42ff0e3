import { visibleFields } from "./values";
import type { DynamicField, FieldValues } from "./types";

/** Spec 001 §5 "Uploads" and §9: 5 MB (5242880 bytes) for attachments and images. */
export const FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Spec 001 §5: the sign-up file upload's extensions (annex fields). */
export const ANNEX_EXTENSIONS = ["pdf", "doc", "txt", "ppt", "docx", "xlsx", "pptx", "jpg", "png", "gif", "jpeg", "zip", "rar"] as const;

/**
 * A stored file's name as shown: the store's `attname` (the name it was chosen with), else the address's
 * last path part, never the query (private files are handed out as signed links, decision 043).
 */
export function fileNameOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.searchParams.get("attname") || decodeURIComponent(parsed.pathname.split("/").pop() ?? url);
  } catch {
    return url;
  }
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPG or PNG by their magic bytes (whatever the name or declared type says). */
export function imageKindOf(head: Uint8Array): "jpg" | "png" | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpg";
  if (head.length >= 8 && PNG.every((b, i) => head[i] === b)) return "png";
  return undefined;
}

/** The error code (namespace `fields`) of a file attached to an annex or image field, or undefined. */
export async function checkFieldFile(field: DynamicField, file: File): Promise<string | undefined> {
  if (field.type === "image") {
    const kind = imageKindOf(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
    if (!kind) return "imageType";
    if (file.size > FILE_MAX_BYTES) return "imageSize";
    return undefined;
  }
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!file.name.includes(".") || !(ANNEX_EXTENSIONS as readonly string[]).includes(ext)) return "annexType";
  if (file.size > FILE_MAX_BYTES) return "annexSize";
  return undefined;
}

/**
 * Uploads the files attached to the shown annex/image fields (checked first: type and 5 MB) and puts
 * their URLs in place of the files, kept values first. All files are checked before any is uploaded;
 * errors come back per field name, ready for `submission.reply({ fieldErrors })`.
 */
export async function uploadFieldFiles(
  fields: DynamicField[],
  value: FieldValues,
  upload: (file: File, field: DynamicField) => Promise<string>,
): Promise<{ value: FieldValues; errors?: undefined } | { errors: Record<string, string[]>; value?: undefined }> {
  const shown = visibleFields(fields, value).filter((f) => !f.readOnly && (f.type === "annex" || f.type === "image"));
  const errors: Record<string, string[]> = {};
  for (const field of shown) {
    for (const item of listOf(value[field.name])) {
      if (!(item instanceof File) || isEmptyFileInput(item)) continue;
      const error = await checkFieldFile(field, item);
      if (error) errors[field.name] = [error];
    }
  }
  if (Object.keys(errors).length) return { errors };
  const out: FieldValues = { ...value };
  for (const field of shown) {
    // a file input left empty posts a nameless empty part (a multipart form): nothing was chosen
    const items = listOf(value[field.name]).filter((item) => !(item instanceof File && isEmptyFileInput(item)));
    const urls: string[] = [];
    for (const item of items) urls.push(item instanceof File ? await upload(item, field) : String(item));
    out[field.name] = urls;
  }
  return { value: out };
}

/** What a browser posts for a file input with no file chosen (multipart): an empty part without a name. */
function isEmptyFileInput(file: File): boolean {
  return file.size === 0 && file.name === "";
}

function listOf(v: unknown): unknown[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}
