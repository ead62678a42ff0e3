import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { UploadHandler } from "@remix-run/node";
import busboy from "busboy";

/**
 * THE multipart reader of the portal (issue 21 §7): every multipart body (the streamed uploads of
 * upload.server.ts, the sign-up fill form, the small multipart forms of `readCappedForm`) is parsed here,
 * part by part, in order, each part handed to an upload handler with Remix's `UploadHandler` contract.
 *
 * Why not Remix's `unstable_parseMultipartFormData`: its Content-Disposition parser splits the header at
 * every `;` and `=`, so a file a student named `成绩=90分.pdf`, `a;b.png` or `我的 "报告".pdf` (sent as
 * `%22` by browsers, as `\"` by other clients) made it throw; the reader then answered an empty form,
 * whose missing CSRF token was refused as a cross-site post (403). busboy parses parameters properly
 * (quoted strings with escapes, RFC 5987 `filename*`), and the three characters HTML form submission
 * percent-encodes in a file name (`"` CR LF) are decoded here, as browsers and undici do.
 *
 * A body this cannot read (no boundary, broken framing) rejects with `MalformedMultipart`: the caller
 * answers 400, never the CSRF refusal.
 */
export class MalformedMultipart extends Error {
  constructor(cause?: unknown) {
    super("malformed multipart body", { cause });
  }
}

/** HTML's form submission encodes `"`, CR and LF in a file name as %22, %0D and %0A: decoded back. */
export function decodeFileName(name: string): string {
  return name.replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

type Part = Parameters<UploadHandler>[0];

/**
 * Reads `request`'s multipart body, calling `handler` for each part in the order they come (the next part
 * is read only after the handler is done with this one, so a handler that throws stops the read there).
 * Parts the handler answers with `undefined`/`null` are left out of the form.
 */
export async function parseMultipartFormData(request: Request, handler: UploadHandler): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body) throw new MalformedMultipart();
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { fieldSize: 16 * 1024 * 1024 } });
  } catch (error) {
    throw new MalformedMultipart(error); // not multipart, or no boundary
  }
  const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
  const formData = new FormData();
  const entries: Array<Promise<void>> = [];
  let chain: Promise<void> = Promise.resolve();

  return new Promise<FormData>((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners("file");
      parser.removeAllListeners("field");
      reject(error);
    };
    const run = (part: Part, drain?: () => void) => {
      // parts are handled one after another, in the body's order (csrf before the file)
      chain = chain.then(async () => {
        if (failed) return drain?.();
        const value = await handler(part);
        if (value !== undefined && value !== null) formData.append(part.name, value as string | Blob);
        drain?.();
      });
      const entry = chain.catch(fail);
      entries.push(entry);
    };

    parser.on("field", (name, value) => {
      run({ name, filename: undefined, contentType: "text/plain", data: oneChunk(value) });
    });
    parser.on("file", (name, stream, info) => {
      run(
        { name, filename: decodeFileName(info.filename ?? ""), contentType: info.mimeType, data: stream as unknown as AsyncIterable<Uint8Array> },
        // a handler that did not read its part: the rest is skipped so the next parts can come
        () => stream.resume(),
      );
    });
    parser.on("error", (error) => fail(new MalformedMultipart(error)));
    parser.on("close", () => {
      Promise.all(entries)
        .then(() => chain)
        .then(() => (failed ? undefined : resolve(formData)), fail);
    });
    source.on("error", (error) => fail(request.signal.aborted ? error : new MalformedMultipart(error)));
    source.pipe(parser);
  });
}

async function* oneChunk(value: string): AsyncIterable<Uint8Array> {
  yield new TextEncoder().encode(value);
}
