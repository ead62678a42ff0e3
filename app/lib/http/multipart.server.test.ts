import { unstable_createMemoryUploadHandler } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { decodeFileName, MalformedMultipart, parseMultipartFormData } from "~/lib/http/multipart.server";

const BOUNDARY = "----portalTestBoundary";

/** A multipart body written by hand: `disposition` is the file part's Content-Disposition parameters. */
function request(disposition: string, framing: "good" | "broken" = "good"): Request {
  const parts = [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nt0k3n\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 body\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"\r\n\r\n六大会计要素。\r\n`,
    framing === "good" ? `--${BOUNDARY}--\r\n` : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end`,
  ];
  return new Request("http://127.0.0.1/homework/8201", {
    method: "POST",
    body: parts.join(""),
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
  });
}
const memory = unstable_createMemoryUploadHandler({ maxPartSize: 1024 * 1024 });

describe("THE multipart reader (issue 21 §7: file names with quotes were answered as cross-site posts)", () => {
  it.each([
    ["a browser's %22 for a quote", 'filename="我的 %22报告%22.pdf"', '我的 "报告".pdf'],
    ["a quoted-string's \\\" escapes (curl, other clients)", 'filename="成绩 \\"终稿\\".pdf"', '成绩 "终稿".pdf'],
    ["a `;` inside the name", 'filename="a;b.pdf"', "a;b.pdf"],
    ["a `=` inside the name", 'filename="成绩=90分.pdf"', "成绩=90分.pdf"],
    ["`name=` inside the name", 'filename="my name=%22csrf%22.pdf"', 'my name="csrf".pdf'],
    ["RFC 5987 filename*", "filename*=UTF-8''%E6%8A%A5%E5%91%8A%20v2.pdf", "报告 v2.pdf"],
    ["a browser's %0A for a new line", 'filename="a%0Ab.pdf"', "a\nb.pdf"],
  ])("reads %s: every part, in order, the file named as chosen", async (_, disposition, name) => {
    const form = await parseMultipartFormData(request(disposition), memory);
    expect([...form.keys()]).toEqual(["csrf", "file", "content"]);
    expect(form.get("csrf")).toBe("t0k3n");
    expect(form.get("content")).toBe("六大会计要素。");
    const file = form.get("file") as File;
    expect(file.name).toBe(name);
    expect(await file.text()).toBe("%PDF-1.7 body");
  });

  it("a body with broken framing or no boundary is MalformedMultipart (the caller's 400), not an empty form", async () => {
    await expect(parseMultipartFormData(request('filename="a.pdf"', "broken"), memory)).rejects.toBeInstanceOf(MalformedMultipart);
    const noBoundary = new Request("http://127.0.0.1/x", { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data" } });
    await expect(parseMultipartFormData(noBoundary, memory)).rejects.toBeInstanceOf(MalformedMultipart);
  });

  it("a handler that refuses a part stops the read there: the parts before it were handled, none after", async () => {
    const seen: string[] = [];
    const refusal = new Error("refused");
    const reading = parseMultipartFormData(request('filename="a.pdf"'), async (part) => {
      seen.push(part.name);
      if (part.filename !== undefined) throw refusal;
      return memory(part);
    });
    await expect(reading).rejects.toBe(refusal);
    expect(seen).toEqual(["csrf", "file"]);
  });

  it("decodes only the three characters HTML's form submission encodes", () => {
    expect(decodeFileName("a%22b%0d%0Ac%20d%25.pdf")).toBe('a"b\r\nc%20d%25.pdf');
  });
});
