/**
 * Upload rules shared by the browser and the server (spec 001 §5 "Uploads", §7 "Upload token", §9):
 * attachments of doc/pdf/docx/xlsx/ppt/pptx/rar/zip and images JPG/PNG, each at most 5 MB, checked by
 * their content (magic bytes) and not only by their name; the storage key pattern; the chunk constants.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024; // spec 001 §9: 5242880
/** Spec 001 §7 "Upload token" and §9: 4 MB chunks, up to 3 retries per chunk. */
export const CHUNK_BYTES = 4 * 1024 * 1024;
export const CHUNK_RETRIES = 3;

export const ATTACHMENT_EXTENSIONS = ["doc", "pdf", "docx", "xlsx", "ppt", "pptx", "rar", "zip"] as const;
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png"] as const;
/** What a resource may be: an attachment or an image (the resource page takes both). */
export const RESOURCE_EXTENSIONS = [...ATTACHMENT_EXTENSIONS, ...IMAGE_EXTENSIONS] as const;

/** The content families the magic bytes tell apart. */
export type Sniffed = "pdf" | "ole" | "zip" | "rar" | "jpg" | "png" | "gif";

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 8;

const starts = (head: Uint8Array, bytes: number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

/** The family of a file by its first bytes, or undefined for anything else. */
export function sniff(head: Uint8Array): Sniffed | undefined {
  if (starts(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole"; // doc, xls, ppt (OLE2)
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return "zip"; // zip, docx, xlsx, pptx (OOXML is a zip)
  if (starts(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return "rar"; // Rar!
  if (starts(head, [0xff, 0xd8, 0xff])) return "jpg";
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(head, [0x47, 0x49, 0x46, 0x38])) return "gif"; // GIF8
  return undefined;
}

/** The content family each allowed extension must have. */
const FAMILY: Record<string, Sniffed> = {
  pdf: "pdf",
  doc: "ole",
  ppt: "ole",
  docx: "zip",
  xlsx: "zip",
  pptx: "zip",
  zip: "zip",
  rar: "rar",
  jpg: "jpg",
  jpeg: "jpg",
  png: "png",
  gif: "gif",
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Error codes (keys of the `files` namespace, `errors.*`). */
export type FileRuleError = "attachmentType" | "attachmentSize" | "imageType" | "imageSize" | "contentMismatch" | "required";

const isImage = (ext: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(ext);

/** The name and size rule of a resource file (checked before any byte is sent). */
export function checkNameAndSize(name: string, size: number): FileRuleError | undefined {
  const ext = extensionOf(name);
  if (size <= 0 || !name) return "required";
  if (isImage(ext)) return size > UPLOAD_MAX_BYTES ? "imageSize" : undefined;
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return "attachmentType";
  return size > UPLOAD_MAX_BYTES ? "attachmentSize" : undefined;
}

/** The content rule: the first bytes must be of the family the extension names (a renamed .exe is refused). */
export function checkContent(name: string, head: Uint8Array): FileRuleError | undefined {
  const ext = extensionOf(name);
  const want = FAMILY[ext];
  const got = sniff(head);
  if (!want || got !== want) return isImage(ext) ? "imageType" : "contentMismatch";
  return undefined;
}

/**
 * One kind of upload's rule, as both of its paths ask it (decision 044): the name and declared size before
 * any byte is sent, then the content of each piece (`bytes` at `offset` of a file of `size` bytes). The
 * chunked relay asks it chunk by chunk; a file read whole (a no-JS post) is one piece: `checkWholeFile`.
 */
export type UploadRule<E extends string = string> = {
  checkNameAndSize(name: string, size: number): E | undefined;
  checkPiece(name: string, bytes: Uint8Array, offset: number, size: number): E | undefined;
};

/** A rule whose content is its first bytes' signature (resources, videos): only the first piece is looked at. */
export function signatureRule<E extends string>(
  checkNameAndSize: (name: string, size: number) => E | undefined,
  checkHead: (name: string, head: Uint8Array) => E | undefined,
): UploadRule<E> {
  return { checkNameAndSize, checkPiece: (name, bytes, offset) => (offset === 0 ? checkHead(name, bytes) : undefined) };
}

/** A file read whole, by a rule: its name and size, then its bytes as one piece. */
export function checkWholeFile<E extends string>(rule: UploadRule<E>, name: string, bytes: Uint8Array): E | undefined {
  return rule.checkNameAndSize(name, bytes.length) ?? rule.checkPiece(name, bytes, 0, bytes.length);
}

/** The resource rule (spec 001 §5): the name and size above, the content by signature. */
export const RESOURCE_RULE = signatureRule(checkNameAndSize, checkContent);

/** Spec 001 §7: companyId/YYYY-MM-DD/coldatatypefile/<generated>.<ext>. */
export const STORAGE_KEY_RE = /^(\d+)\/(\d{4}-\d{2}-\d{2})\/coldatatypefile\/([A-Za-z0-9_-]{8,64})\.([a-z0-9]{1,5})$/;

/** The day in China time (the school's time zone), YYYY-MM-DD. */
export function storageDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export function storageKey(companyId: number | string, now: Date, generated: string, name: string): string {
  const key = `${companyId}/${storageDay(now)}/coldatatypefile/${generated}.${extensionOf(name)}`;
  if (!STORAGE_KEY_RE.test(key)) throw new Error("bad storage key");
  return key;
}
