import { Transform } from "node:stream";

/** The most a page's body holds back before passing it on (a page is ~70-90 KB: one chunk). */
export const COALESCE_MAX_BYTES = 128 * 1024;

/**
 * The page's body between React's renderer and the response (entry.server.tsx). Two jobs:
 *
 * - **No NUL bytes.** React 18.3's Node renderer (react-dom/server, `writeStringChunk`) flushes its whole
 *   2 048-byte view when the next string's last character does not fit in it, 0x00 padding included: a page
 *   with Chinese text got NUL bytes wherever a three-byte character met the end of a view (inside scripts
 *   and attributes too, where a browser reads U+FFFD). React 19 writes `subarray(0, writtenBytes)`. UTF-8
 *   never uses 0x00 inside a character and the renderer escapes none into the page, so every 0x00 byte of
 *   the stream is padding: drop it.
 * - **One chunk per burst** (decision 083). React writes a page as ~40 views of 2 KB in one go; each went on
 *   alone through the web stream Remix hands back, `res.write` and the gzip stream, where every write is a
 *   round trip to zlib's thread pool: an 84 KB page gzipped in 2 KB writes cost ~3× the CPU of one write
 *   (bench/README.md, "Decision 083 figures"). What React writes in one turn of the event loop is passed on
 *   as one chunk at the next (`setImmediate`), or as soon as it reaches COALESCE_MAX_BYTES; the end passes
 *   on the rest first. A part that streams in later (a deferred loader) is its own burst: still sent at once.
 */
export function nulFree(): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  let scheduled: NodeJS.Immediate | null = null;
  const release = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (size === 0) return;
    const out = pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    stream.push(out);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const clean = withoutNul(chunk);
      if (clean.length > 0) {
        pending.push(clean);
        size += clean.length;
      }
      if (size >= COALESCE_MAX_BYTES) release();
      else scheduled ??= setImmediate(release);
      done();
    },
    flush(done) {
      release();
      done();
    },
    destroy(error, done) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      pending = [];
      size = 0;
      done(error);
    },
  });
  return stream;
}

/**
 * `chunk` without its 0x00 bytes: the runs between them copied natively (a per-byte callback,
 * `Uint8Array.filter`, cost about 2 % of a home page view's CPU, decision 023).
 */
export function withoutNul(chunk: Buffer): Buffer {
  let at = chunk.indexOf(0);
  if (at === -1) return chunk;
  const out = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  let from = 0;
  while (at !== -1) {
    length += chunk.copy(out, length, from, at);
    from = at + 1;
    while (from < chunk.length && chunk[from] === 0) from++; // the padding comes in runs
    at = from < chunk.length ? chunk.indexOf(0, from) : -1;
  }
  length += chunk.copy(out, length, from);
  return out.subarray(0, length);
}
