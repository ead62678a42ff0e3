import { data, unstable_createMemoryUploadHandler } from "@remix-run/node";
import { MalformedMultipart, parseMultipartFormData } from "~/lib/http/multipart.server";

/**
 * Request body limits (issue 10 §4, docs/decisions/012). `scripts/serve.mjs` refuses over-large form
 * bodies before Remix runs; these helpers hold the same limits inside the app (also under a bare
 * `remix-serve`) and cap uploads per form.
 */

/** Spec 001 §9: the upload limit of the forms to come (5 MB). */
export const DEFAULT_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Room for a file form's other parts (csrf, intent, a homework text of 5000 characters) and the multipart
 * framing: the cap of a multipart body is the FILE's limit plus this, so a file of exactly 5 MB passes.
 */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The most a multipart body may carry to an action: the largest file (5 MB) and its form. */
export const MULTIPART_MAX_BYTES = DEFAULT_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;

/**
 * A multipart body over MULTIPART_MAX_BYTES but at most this reaches the app anyway (which reads its
 * csrf part and refuses the file at its limit, with the spec's size message on the re-rendered page);
 * the server then reads and discards the rest, so the browser, still sending, gets that page rather
 * than a reset connection. A larger declared body gets the bare 413 unread (decision 037).
 */
export const UPLOAD_DRAIN_BYTES = 32 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** Whether the declared Content-Length is over the limit (the body is then refused unread). */
export function declaredTooLarge(headers: Headers, maxBytes: number): boolean {
  const length = headers.get("Content-Length");
  return length !== null && /^\d+$/.test(length.trim()) && Number(length) > maxBytes;
}

/** The body, counted while it streams: it errors with BodyTooLargeError as soon as it passes `maxBytes`. */
export function capStream(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new BodyTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** The answer to an over-large body: HTTP 413, the connection closed so the rest is not read. */
export function payloadTooLarge(maxBytes: number) {
  return data({ kind: "tooLarge" as const, limit: maxBytes }, { status: 413, headers: { Connection: "close" } });
}

/**
 * Reads a form body (url-encoded or multipart) of at most `maxBytes`: refused with a thrown 413 before
 * reading when the declared length is larger, and aborted while streaming when it grows past it. For an
 * upload form pass its own limit (default: spec 001 §9's 5 MB).
 */
export async function readCappedForm(request: Request, maxBytes = DEFAULT_UPLOAD_BYTES): Promise<FormData> {
  if (declaredTooLarge(request.headers, maxBytes)) throw payloadTooLarge(maxBytes);
  if (!request.body) return new FormData();
  const capped = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: capStream(request.body, maxBytes),
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  try {
    // multipart through THE multipart reader (file names with quotes, `;` or `=`: issue 21 §7)
    if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
      return await parseMultipartFormData(capped, unstable_createMemoryUploadHandler({ maxPartSize: maxBytes }));
    }
    return await capped.formData();
  } catch (error) {
    if (isTooLarge(error)) throw payloadTooLarge(maxBytes);
    throw malformedBody();
  }
}

function isTooLarge(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof BodyTooLargeError) return true;
  }
  return false;
}

/**
 * A body the portal cannot read as the form it claims to be (broken multipart framing, no boundary): a
 * clean 400 that says nothing was saved; never an empty form (whose missing CSRF token would be answered
 * as a cross-site post: issue 21 §7), never a 500.
 */
export function malformedBody() {
  return data({ kind: "malformedBody" as const }, { status: 400 });
}
export { MalformedMultipart };
