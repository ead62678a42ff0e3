import { extensionOf, signatureRule } from "./upload-rules";

/**
 * Homework video rules (spec 001 §7 "Homework": video with the storage check; §9: the uploader's default
 * maximum of 1024 MB, 4 MB chunks, 3 retries; decision 037). Shared by the browser and the server.
 * Without JavaScript a video is a plain multipart post, so the multipart cap (5 MB and its form) applies.
 */
export const VIDEO_EXTENSIONS = ["mp4", "mov", "m4v"] as const;
/** Spec 001 §9: the uploader's default maximum file size, 1024 MB. */
export const VIDEO_MAX_BYTES = 1024 * 1024 * 1024;

export type VideoRuleError = "videoType" | "videoSize" | "contentMismatch" | "required";

export function checkVideoNameAndSize(name: string, size: number): VideoRuleError | undefined {
  if (!name || size <= 0) return "required";
  if (!(VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(name))) return "videoType";
  return size > VIDEO_MAX_BYTES ? "videoSize" : undefined;
}

/** MP4 / QuickTime (ISO base media): a box whose type, at bytes 4-7, is `ftyp` (checked by content, not name). */
export function checkVideoContent(_name: string, head: Uint8Array): VideoRuleError | undefined {
  const ftyp = head.length >= 8 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70;
  return ftyp ? undefined : "contentMismatch";
}

/** The video rule as the relay asks it (name and size, then the first piece's `ftyp`). */
export const VIDEO_RULE = signatureRule(checkVideoNameAndSize, checkVideoContent);
