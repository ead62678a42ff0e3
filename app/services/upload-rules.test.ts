import { describe, expect, it } from "vitest";
import { checkContent, checkNameAndSize, sniff, STORAGE_KEY_RE, storageKey } from "./upload-rules";

const bytes = (...b: number[]) => Uint8Array.from([...b, 0, 0, 0, 0, 0, 0, 0, 0]);
const ascii = (s: string) => bytes(...Array.from(s, (c) => c.charCodeAt(0)));

describe("upload rules (spec 001 §5, §7, §9)", () => {
  it("sniffs the content families by magic bytes", () => {
    expect(sniff(ascii("%PDF-1.7"))).toBe("pdf");
    expect(sniff(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe("ole");
    expect(sniff(bytes(0x50, 0x4b, 0x03, 0x04))).toBe("zip");
    expect(sniff(ascii("Rar!\x1a\x07\x00"))).toBe("rar");
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpg");
    expect(sniff(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(sniff(ascii("MZ\x90\x00"))).toBeUndefined();
  });

  it("checks the type by content, not only by the name", () => {
    expect(checkContent("notes.pdf", ascii("%PDF-1.4"))).toBeUndefined();
    expect(checkContent("notes.docx", bytes(0x50, 0x4b, 0x03, 0x04))).toBeUndefined();
    expect(checkContent("notes.doc", bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBeUndefined();
    expect(checkContent("virus.pdf", ascii("MZ\x90\x00"))).toBe("contentMismatch");
    expect(checkContent("zip-as.pdf", bytes(0x50, 0x4b, 0x03, 0x04))).toBe("contentMismatch");
    expect(checkContent("photo.png", bytes(0xff, 0xd8, 0xff))).toBe("imageType");
  });

  it("limits attachments to the listed extensions and 5 MB", () => {
    expect(checkNameAndSize("a.pdf", 5 * 1024 * 1024)).toBeUndefined();
    expect(checkNameAndSize("a.pdf", 5 * 1024 * 1024 + 1)).toBe("attachmentSize");
    expect(checkNameAndSize("a.exe", 10)).toBe("attachmentType");
    expect(checkNameAndSize("a.txt", 10)).toBe("attachmentType");
    expect(checkNameAndSize("a.jpg", 6 * 1024 * 1024)).toBe("imageSize");
    expect(checkNameAndSize("a.pdf", 0)).toBe("required");
  });

  it("builds companyId/YYYY-MM-DD/coldatatypefile/<generated>.<ext> in China time", () => {
    const key = storageKey(1, new Date("2026-11-23T17:30:00Z"), "AbCdEf012345", "讲义.PDF");
    expect(key).toBe("1/2026-11-24/coldatatypefile/AbCdEf012345.pdf");
    expect(STORAGE_KEY_RE.test(key)).toBe(true);
    expect(() => storageKey(1, new Date(), "../../etc", "a.pdf")).toThrow();
    expect(STORAGE_KEY_RE.test("1/2026-11-24/coldatatypefile/../x.pdf")).toBe(false);
  });
});
