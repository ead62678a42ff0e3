import { Transform } from "node:stream";

/**
 * React 18.3's Node renderer (react-dom/server, `writeStringChunk`) flushes its whole 2 048-byte view
 * when the next string's last character does not fit in it, 0x00 padding included: a page with
 * Chinese text got NUL bytes wherever a three-byte character met the end of a view (inside scripts
 * and attributes too, where a browser reads U+FFFD). React 19 writes `subarray(0, writtenBytes)`.
 * UTF-8 never uses 0x00 inside a character and the renderer escapes none into the page, so every
 * 0x00 byte of the stream is padding: drop it. Chunks without one pass untouched.
 */
export function nulFree(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.indexOf(0) === -1 ? chunk : chunk.filter((byte) => byte !== 0));
    },
  });
}
