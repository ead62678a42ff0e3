#!/usr/bin/env node
// After `remix build`: a brotli (quality 11) and a gzip copy beside every script and style sheet in
// public/build, which serve.mjs sends to a browser that accepts them (decisions 023 and 040). The gzip
// copy is zopfli's (@gfx/zopfli, 15 iterations: a valid gzip stream about 3 % smaller than zlib's
// level 9; the smaller of the two is kept), for the clients that do not offer brotli. A copy is kept
// only when it is smaller than the file itself (a 200-byte chunk gains little, a 100-byte one nothing),
// so no encoding ever costs bytes. Files with up-to-date copies are skipped: a rebuild compresses only
// the new chunks.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(process.argv[2] ?? path.join(root, "public/build"));
const COMPRESSIBLE = /\.(js|css|json|svg|map)$/;
// source maps are not sent to browsers: zlib's gzip is enough for them
const ZOPFLI = /\.(js|css|svg)$/;

function* files(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (COMPRESSIBLE.test(e.name)) yield p;
  }
}

const fresh = (copy, source) => fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= fs.statSync(source).mtimeMs;
/** Writes `copy` when it is smaller than the file; removes a stale copy otherwise. */
function keep(copyPath, copy, body) {
  if (copy.length < body.length) {
    fs.writeFileSync(copyPath, copy);
    return 1;
  }
  fs.rmSync(copyPath, { force: true });
  return 0;
}

/** The brotli copy: quality 11, the size as a hint. */
export function brotli(body) {
  return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

export async function gzipSmallest(body, file = "") {
  const level9 = zlib.gzipSync(body, { level: 9 });
  if (!ZOPFLI.test(file)) return level9;
  const zopfli = Buffer.from(await gzipAsync(body, { numiterations: 15 }));
  return zopfli.length < level9.length ? zopfli : level9;
}

export async function precompress(directory) {
  let written = 0;
  if (!fs.existsSync(directory)) return written;
  for (const file of files(directory)) {
    const body = fs.readFileSync(file);
    if (!fresh(`${file}.br`, file)) {
      written += keep(`${file}.br`, brotli(body), body);
    }
    if (!fresh(`${file}.gz`, file)) written += keep(`${file}.gz`, await gzipSmallest(body, file), body);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const written = await precompress(dir);
  process.stdout.write(`precompress: ${written} files written in ${path.relative(root, dir) || "."} (${Date.now() - started} ms)\n`);
}
