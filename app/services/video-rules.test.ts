import { describe, expect, it } from "vitest";
import { checkVideoContent, checkVideoNameAndSize, VIDEO_MAX_BYTES } from "./video-rules";

describe("homework video rules (spec 001 §7, §9; decision 037)", () => {
  it("mp4/mov/m4v up to the uploader's 1024 MB", () => {
    expect(VIDEO_MAX_BYTES).toBe(1024 * 1024 * 1024);
    expect(checkVideoNameAndSize("a.MP4", VIDEO_MAX_BYTES)).toBeUndefined();
    expect(checkVideoNameAndSize("a.mov", 10)).toBeUndefined();
    expect(checkVideoNameAndSize("a.mp4", VIDEO_MAX_BYTES + 1)).toBe("videoSize");
    expect(checkVideoNameAndSize("a.avi", 10)).toBe("videoType");
    expect(checkVideoNameAndSize("a.mp4", 0)).toBe("required");
  });
  it("the content must be an ISO media file (ftyp box), whatever the name", () => {
    const mp4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]);
    expect(checkVideoContent("a.mp4", mp4)).toBeUndefined();
    expect(checkVideoContent("a.mp4", new Uint8Array([0x4d, 0x5a, 0, 0, 0, 0, 0, 0]))).toBe("contentMismatch");
    expect(checkVideoContent("a.mp4", mp4.slice(0, 6))).toBe("contentMismatch");
  });
});
