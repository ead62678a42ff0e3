import { describe, expect, it } from "vitest";
import { resourceFileOptions } from "~/services/resource-upload.server";
import { readFileUpload } from "~/lib/http/upload.server";

const BOUNDARY = "----filestest";
const PDF = Array.from("%PDF-1.7\n", (c) => c.charCodeAt(0));

function file(head: number[], size: number): Uint8Array {
  const b = new Uint8Array(size);
  b.set(head);
  for (let i = head.length; i < size; i++) b[i] = (i * 7) % 251;
  return b;
}

/** A multipart body (csrf first, then the file) pulled in 64 KB pieces; `pulled()` is what the reader read. */
function post(filename: string, data: Uint8Array, withLength = false) {
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\ntok\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${BOUNDARY}--\r\n`);
  const all = new Uint8Array(head.length + data.length + tail.length);
  all.set(head);
  all.set(data, head.length);
  all.set(tail, head.length + data.length);
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= all.length) return controller.close();
        const piece = all.slice(pulled, pulled + 64 * 1024);
        pulled += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
  if (withLength) headers["Content-Length"] = String(all.length);
  const request = new Request("http://localhost/resource/list", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled, total: all.length };
}

describe("the streamed no-JS resource upload (spec 001 §5)", () => {
  it("keeps a 4.5 MB pdf on disk, byte-exact, with the csrf part", async () => {
    const data = file(PDF, 4.5 * 1024 * 1024);
    const { request } = post("讲义.pdf", data);
    const upload = await readFileUpload(request, resourceFileOptions);
    try {
      expect(upload.error).toBeUndefined();
      expect(upload.formData.get("csrf")).toBe("tok");
      expect(upload.file?.name).toBe("讲义.pdf");
      expect(Buffer.from(await upload.file!.read()).equals(Buffer.from(data))).toBe(true);
    } finally {
      await upload.file?.remove();
    }
  });

  it("stops reading as soon as the file passes 5 MB (the rest of a 12 MB body is never read)", async () => {
    const { request, pulled, total } = post("big.pdf", file(PDF, 12 * 1024 * 1024));
    const upload = await readFileUpload(request, resourceFileOptions);
    expect(upload.error).toBe("attachmentSize");
    expect(upload.formData.get("csrf")).toBe("tok"); // the route can still check the token and answer with the message
    expect(pulled()).toBeLessThan(5 * 1024 * 1024 + 256 * 1024);
    expect(pulled()).toBeLessThan(total);
  });

  it("a declared Content-Length over the limit: the csrf part is read, the file refused at its header (decision 037)", async () => {
    const { request, pulled } = post("big.pdf", file(PDF, 6 * 1024 * 1024), true);
    const upload = await readFileUpload(request, resourceFileOptions);
    expect(upload.error).toBe("attachmentSize");
    expect(upload.formData.get("csrf")).toBe("tok"); // so the page answers with the message, not a 403
    expect(pulled()).toBe(64 * 1024); // the first piece only (it holds the csrf part and the file's header)
  });

  it("a file of exactly 5 MB (5242880 bytes, spec 001 §9) is accepted with its declared length", async () => {
    const data = file(PDF, 5 * 1024 * 1024);
    const { request, total } = post("exact.pdf", data, true);
    expect(total).toBeGreaterThan(5 * 1024 * 1024); // the form's framing comes on top of the file
    const upload = await readFileUpload(request, resourceFileOptions);
    try {
      expect(upload.error).toBeUndefined();
      expect(upload.file?.size).toBe(5 * 1024 * 1024);
    } finally {
      await upload.file?.remove();
    }
    const over = await readFileUpload(post("over.pdf", file(PDF, 5 * 1024 * 1024 + 1), true).request, resourceFileOptions);
    expect(over.error).toBe("attachmentSize");
  });

  it("checks the type by content: an executable named .pdf is refused after its first bytes", async () => {
    const { request, pulled } = post("report.pdf", file([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0], 3 * 1024 * 1024));
    const upload = await readFileUpload(request, resourceFileOptions);
    expect(upload.error).toBe("contentMismatch");
    expect(pulled()).toBeLessThan(256 * 1024);
    const exe = await readFileUpload(post("tool.exe", file([0x4d, 0x5a], 1000)).request, resourceFileOptions);
    expect(exe.error).toBe("attachmentType");
  });
});
