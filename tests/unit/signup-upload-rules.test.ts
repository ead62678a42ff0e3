import { describe, expect, it } from "vitest";
import { checkSignUpContent, checkSignUpNameAndSize, isUtf8Text, SIGNUP_MAX_BYTES } from "~/services/signup-upload-rules";

// Spec 001 §5 "Sign-up file upload allowed extensions", §9 "Sign-up uploader: default max file size 1024 MB".
const MB = 1024 * 1024;
const bytes = (...b: number[]) => new Uint8Array([...b, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20]);
const HEADS: Record<string, Uint8Array> = {
  pdf: bytes(0x25, 0x50, 0x44, 0x46, 0x2d),
  doc: bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1),
  ppt: bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1),
  docx: bytes(0x50, 0x4b, 0x03, 0x04),
  xlsx: bytes(0x50, 0x4b, 0x03, 0x04),
  pptx: bytes(0x50, 0x4b, 0x03, 0x04),
  zip: bytes(0x50, 0x4b, 0x03, 0x04),
  rar: bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07),
  jpg: bytes(0xff, 0xd8, 0xff),
  jpeg: bytes(0xff, 0xd8, 0xff),
  png: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  gif: bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61),
  txt: new TextEncoder().encode("报名说明 notes\n"),
};

describe("the sign-up uploader's rule", () => {
  it("takes the spec's thirteen types, each by its content; a renamed file is refused", () => {
    expect(Object.keys(HEADS).sort()).toEqual(["doc", "docx", "gif", "jpeg", "jpg", "pdf", "png", "ppt", "pptx", "rar", "txt", "xlsx", "zip"]);
    for (const [ext, head] of Object.entries(HEADS)) {
      expect(checkSignUpNameAndSize(`file.${ext.toUpperCase()}`, 10), ext).toBeUndefined();
      expect(checkSignUpContent(`file.${ext}`, head, 0, head.length + 100), ext).toBeUndefined();
    }
    expect(checkSignUpContent("scan.pdf", HEADS.png!, 0, 100)).toBe("contentMismatch");
    expect(checkSignUpContent("scan.doc", HEADS.zip!, 0, 100)).toBe("contentMismatch");
    expect(checkSignUpContent("photo.gif", HEADS.jpg!, 0, 100)).toBe("contentMismatch");
    expect(checkSignUpContent("tool.exe", bytes(0x4d, 0x5a), 0, 100)).toBe("annexType");
    for (const name of ["tool.exe", "video.mp4", "noext", "data.xls", "a.txt.bat"]) expect(checkSignUpNameAndSize(name, 10), name).toBe("annexType");
    // a later piece of a file with a signature is not sniffed again
    expect(checkSignUpContent("scan.pdf", new Uint8Array([1, 2, 3]), 4 * MB, 5 * MB)).toBeUndefined();
  });

  it("allows up to 1024 MB by the declared size, never 0 or more", () => {
    expect(SIGNUP_MAX_BYTES).toBe(1024 * MB);
    expect(checkSignUpNameAndSize("scan.pdf", 6 * MB)).toBeUndefined();
    expect(checkSignUpNameAndSize("scan.pdf", 1024 * MB)).toBeUndefined();
    expect(checkSignUpNameAndSize("scan.pdf", 1024 * MB + 1)).toBe("annexSize");
    expect(checkSignUpNameAndSize("scan.pdf", 0)).toBe("annexSize");
    expect(checkSignUpNameAndSize("scan.pdf", Number.NaN)).toBe("annexSize");
  });

  it("takes a txt file only when it is UTF-8 text without NUL, piece by piece", () => {
    const text = new TextEncoder().encode("第一行\nsecond line\t✓ 😀\r\n");
    expect(checkSignUpContent("notes.txt", text, 0, text.length)).toBeUndefined();
    expect(checkSignUpContent("notes.txt", new Uint8Array(0), 0, 0)).toBeUndefined();
    expect(checkSignUpContent("notes.txt", new Uint8Array([0x61, 0x00, 0x62]), 0, 3)).toBe("contentMismatch"); // NUL
    expect(
      checkSignUpContent(
        "notes.txt",
        HEADS.pdf!.map((b, i) => (i === 6 ? 0 : b)),
        0,
        13,
      ),
    ).toBe("contentMismatch");
    expect(checkSignUpContent("notes.txt", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), 0, 4)).toBe("contentMismatch"); // OLE
    expect(checkSignUpContent("notes.txt", new Uint8Array([0xff, 0xfe, 0x61]), 0, 3)).toBe("contentMismatch"); // UTF-16
    expect(isUtf8Text(new Uint8Array([0xc0, 0xaf]))).toBe(false); // overlong
    expect(isUtf8Text(new Uint8Array([0xed, 0xa0, 0x80]))).toBe(false); // surrogate
    expect(isUtf8Text(new Uint8Array([0xf4, 0x90, 0x80, 0x80]))).toBe(false); // past U+10FFFF
    // "报" (e6 8a a5) split between two 4 MB pieces: each piece is fine, the whole file too
    const cut = [0x61, 0xe6, 0x8a];
    expect(checkSignUpContent("notes.txt", new Uint8Array(cut), 0, 6)).toBeUndefined();
    expect(checkSignUpContent("notes.txt", new Uint8Array([0xa5, 0x62, 0x63]), 3, 6)).toBeUndefined();
    // ... but the file may not end inside a character, nor a piece start with more than 3 continuation bytes
    expect(checkSignUpContent("notes.txt", new Uint8Array(cut), 0, 3)).toBe("contentMismatch");
    expect(checkSignUpContent("notes.txt", new Uint8Array([0x80, 0x80, 0x80, 0x80]), 3, 10)).toBe("contentMismatch");
    expect(checkSignUpContent("notes.txt", new Uint8Array([0x80, 0x61]), 0, 2)).toBe("contentMismatch");
  });
});
