import { ANNEX_EXTENSIONS } from "~/forms/dynamic-fields/files";
import { extensionOf, sniff, type Sniffed, type UploadRule } from "~/services/upload-rules";

/**
 * The sign-up uploader's rule (spec 001 §5 "Sign-up file upload allowed extensions", §9 "Sign-up uploader:
 * default max file size 1024 MB"): the instead sign-up's annex files uploaded with JavaScript through the
 * relay. The type is checked by content (the magic bytes of `upload-rules.ts`); a txt file has no magic, so
 * it must be text: valid UTF-8 without a NUL byte. Without JavaScript the form's multipart post keeps the
 * server's multipart limit (decision 037: 5 MB), whatever this rule allows.
 */
export const SIGNUP_MAX_BYTES = 1024 * 1024 * 1024;
export const SIGNUP_EXTENSIONS = ANNEX_EXTENSIONS;

/** The content family each sign-up extension must have (`text`: UTF-8 without NUL). */
const FAMILY: Record<(typeof SIGNUP_EXTENSIONS)[number], Sniffed | "text"> = {
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
  txt: "text",
};

export type SignUpRuleError = "annexType" | "annexSize" | "contentMismatch";

/** The name and declared size (checked before any byte is sent). */
export function checkSignUpNameAndSize(name: string, size: number): SignUpRuleError | undefined {
  if (!name.includes(".") || !(SIGNUP_EXTENSIONS as readonly string[]).includes(extensionOf(name))) return "annexType";
  if (!Number.isSafeInteger(size) || size <= 0 || size > SIGNUP_MAX_BYTES) return "annexSize";
  return undefined;
}

/**
 * The content of one piece of the file: `bytes` starts at `offset` of a file of `size` bytes. Files with a
 * signature are checked on their first piece; a txt file on every piece (a character may be split between
 * two pieces: up to 3 continuation bytes at a piece's start, an unfinished sequence at its end, are allowed).
 */
export function checkSignUpContent(name: string, bytes: Uint8Array, offset: number, size: number): SignUpRuleError | undefined {
  const want = FAMILY[extensionOf(name) as keyof typeof FAMILY];
  if (!want) return "annexType";
  if (want === "text") return isUtf8Text(bytes, { startsInside: offset > 0, endsInside: offset + bytes.length < size }) ? undefined : "contentMismatch";
  if (offset > 0) return undefined;
  return sniff(bytes) === want ? undefined : "contentMismatch";
}

/**
 * The sign-up rule as one block: the relay with JavaScript asks it chunk by chunk (`instead-upload.server.ts`),
 * the no-JS post's annex check asks it of the whole file (`checkWholeFile`).
 */
export const SIGNUP_RULE: UploadRule<SignUpRuleError> = { checkNameAndSize: checkSignUpNameAndSize, checkPiece: checkSignUpContent };

/** Whether `bytes` is UTF-8 text without NUL (a piece of a larger file: see `checkSignUpContent`). */
export function isUtf8Text(bytes: Uint8Array, piece: { startsInside?: boolean; endsInside?: boolean } = {}): boolean {
  let i = 0;
  if (piece.startsInside) while (i < 3 && i < bytes.length && (bytes[i]! & 0xc0) === 0x80) i++;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0) return false;
    if (b < 0x80) {
      i++;
      continue;
    }
    // the sequence's length and the range of its second byte (no overlongs, no surrogates, ≤ U+10FFFF)
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) n = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      n = 3;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      n = 4;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return false;
    for (let k = 1; k < n; k++) {
      if (i + k >= bytes.length) return !!piece.endsInside; // cut at the piece's end
      const c = bytes[i + k]!;
      if (k === 1 ? c < lo || c > hi : (c & 0xc0) !== 0x80) return false;
    }
    i += n;
  }
  return true;
}
