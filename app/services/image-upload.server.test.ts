import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/fields.json";
import { IMAGE_MAX_BYTES, imageKindOf, readImageUpload } from "~/services/image-upload.server";

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG_HEAD = [0xff, 0xd8, 0xff, 0xe0];

function bytes(head: number[], size: number): Uint8Array {
  const b = new Uint8Array(size);
  b.set(head);
  for (let i = head.length; i < size; i++) b[i] = i % 251;
  return b;
}

const BOUNDARY = "----portaltest";

/** A multipart body streamed in 64 KB chunks; `pulled()` tells how much the server read. */
function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; data: Uint8Array }>,
  headers: Record<string, string> = {},
) {
  const enc = new TextEncoder();
  const pieces: Uint8Array[] = [];
  for (const part of parts) {
    if ("filename" in part) {
      pieces.push(
        enc.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`),
      );
      pieces.push(part.data);
      pieces.push(enc.encode("\r\n"));
    } else {
      pieces.push(enc.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  pieces.push(enc.encode(`--${BOUNDARY}--\r\n`));
  const all = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of pieces) {
    all.set(p, offset);
    offset += p.length;
  }
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= all.length) return controller.close();
        const chunk = all.slice(pulled, pulled + 64 * 1024);
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://localhost/personal/setting/avatar", {
    method: "POST",
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled, total: all.length };
}

async function uploadDirs() {
  return (await readdir(tmpdir())).filter((d) => d.startsWith("portal-upload-"));
}

describe("image upload (spec 001 §5 Uploads)", () => {
  it.each([
    ["png", PNG_HEAD, "png"],
    ["jpg", JPG_HEAD, "jpg"],
    ["gif", [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0], undefined],
    ["empty", [], undefined],
  ])("magic bytes: %s", (_n, head, kind) => {
    expect(imageKindOf(new Uint8Array([...head, 0, 0, 0, 0, 0, 0, 0, 0].slice(0, Math.max(head.length, 8))))).toBe(kind);
  });

  it("accepts a 200 KB PNG, keeps the other fields and stores the bytes on disk until removed", async () => {
    const data = bytes(PNG_HEAD, 200 * 1024);
    const before = await uploadDirs();
    const { request } = multipart([
      { name: "csrf", value: "tok" },
      { name: "avatar", filename: "me.png", type: "image/png", data },
      { name: "intent", value: "save" },
    ]);
    const result = await readImageUpload(request);
    expect(result.error).toBeUndefined();
    expect(result.formData.get("csrf")).toBe("tok");
    expect(result.formData.get("intent")).toBe("save");
    expect(result.formData.get("avatar")).toBeNull();
    expect(result.image).toMatchObject({ kind: "png", contentType: "image/png", size: data.length });
    expect(Buffer.from(await result.image!.read()).equals(Buffer.from(data))).toBe(true);
    await result.image!.remove();
    expect(await uploadDirs()).toEqual(before);
  });

  it("accepts a JPG whatever its declared type; refuses a GIF named .png", async () => {
    const jpg = await readImageUpload(
      multipart([{ name: "avatar", filename: "a.bin", type: "application/octet-stream", data: bytes(JPG_HEAD, 1000) }]).request,
    );
    expect(jpg.image?.kind).toBe("jpg");
    await jpg.image?.remove();
    const gif = await readImageUpload(
      multipart([{ name: "avatar", filename: "a.png", type: "image/png", data: bytes([0x47, 0x49, 0x46, 0x38], 1000) }]).request,
    );
    expect(gif).toMatchObject({ error: "imageType" });
    expect(en.errors.imageType).toBe("image can only be uploaded in JPG/PNG format");
  });

  it("refuses 6 MB, stopping soon after 5 MB without reading the rest", async () => {
    const before = await uploadDirs();
    const upload = multipart([
      { name: "avatar", filename: "big.png", type: "image/png", data: bytes(PNG_HEAD, 6 * 1024 * 1024) },
      { name: "csrf", value: "tok" },
    ]);
    const result = await readImageUpload(upload.request);
    expect(result).toMatchObject({ error: "imageSize" });
    expect(result.image).toBeUndefined();
    expect(upload.pulled()).toBeLessThan(IMAGE_MAX_BYTES + 512 * 1024);
    expect(upload.pulled()).toBeLessThan(upload.total);
    expect(await uploadDirs()).toEqual(before);
    expect(en.errors.imageSize).toBe("image size cannot exceed 5MB!");
  });

  it("accepts exactly 5 MB (5242880 bytes)", async () => {
    const result = await readImageUpload(
      multipart([{ name: "avatar", filename: "max.png", type: "image/png", data: bytes(PNG_HEAD, IMAGE_MAX_BYTES) }]).request,
    );
    expect(result.image?.size).toBe(5_242_880);
    await result.image?.remove();
  });

  it("refuses a declared Content-Length over the limit at the file's header: the csrf part before it is kept (decision 037)", async () => {
    const upload = multipart(
      [
        { name: "csrf", value: "t" },
        { name: "avatar", filename: "a.png", type: "image/png", data: bytes(PNG_HEAD, 100) },
      ],
      { "Content-Length": String(20 * 1024 * 1024) },
    );
    const answer = await readImageUpload(upload.request);
    expect(answer).toMatchObject({ error: "imageSize" });
    expect(answer.image).toBeUndefined();
    expect(answer.formData.get("csrf")).toBe("t"); // the page answers with the message, not a 403
  });

  it("a body declared over the limit reads no more than the form's allowance of text parts", async () => {
    const parts = Array.from({ length: 20 }, (_, i) => ({ name: `t${i}`, value: "x".repeat(8 * 1024) }));
    const answer = await readImageUpload(multipart(parts, { "Content-Length": String(20 * 1024 * 1024) }).request);
    expect(answer.error).toBe("imageSize");
  });

  it.each([
    [
      "no file chosen",
      [
        { name: "csrf", value: "t" },
        { name: "avatar", filename: "", type: "application/octet-stream", data: new Uint8Array(0) },
      ],
      "required",
    ],
    ["a huge text part", [{ name: "csrf", value: "x".repeat(100_000) }], "malformed"],
    [
      "two files",
      [
        { name: "avatar", filename: "a.png", type: "image/png", data: bytes(PNG_HEAD, 100) },
        { name: "avatar", filename: "b.png", type: "image/png", data: bytes(PNG_HEAD, 100) },
      ],
      "malformed",
    ],
  ] as const)("%s → %s", async (_n, parts, error) => {
    expect(await readImageUpload(multipart([...parts]).request)).toMatchObject({ error });
  });

  it("a body that is not multipart is malformed", async () => {
    const request = new Request("http://localhost/x", { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await readImageUpload(request)).toMatchObject({ error: "malformed" });
  });
});
