import { createHmac, timingSafeEqual } from "node:crypto";
import QRCode from "qrcode";
import { env } from "~/env.server";

const cache = new Map<string, string>();
const MAX_ENTRIES = 200;
/** Where the QR images are served (app/routes/qr.$size.$file.tsx). */
export const QR_PATH = "/qr";

function signature(size: number, text: string): string {
  return createHmac("sha256", env().SESSION_SECRET[0]!).update(`qr|${size}|${text}`).digest("base64url").slice(0, 22);
}

/**
 * The address of a QR code image of `text` (level L, `size` pixels; default QR 128, school QR 112, spec
 * 000 sections 2.2 and 9), drawn on the server (no client JS). An address, not a data URL: a data URL
 * travelled twice in every page (the markup and the hydration data, 2.2 KB each, 4 per page with the
 * app and school QR codes) and was drawn again for every page; the image is now fetched once and cached
 * by the browser (docs/decisions/015-page-weight.md). The address carries the text and a signature with
 * SESSION_SECRET, so the route draws only what the portal itself asked for.
 */
export function qrImageUrl(text: string, size: number): string {
  if (!text) return "";
  return `${QR_PATH}/${size}/${Buffer.from(text).toString("base64url")}.${signature(size, text)}.svg`;
}

/** The text and size of a QR address made by `qrImageUrl`, or null when it is not one (tampered, malformed). */
export function parseQrFile(sizeParam: string | undefined, file: string | undefined): { text: string; size: number } | null {
  const size = Number(sizeParam);
  if (!Number.isInteger(size) || size < 16 || size > 1024 || String(size) !== sizeParam) return null;
  const m = /^([A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{22})\.svg$/.exec(file ?? "");
  if (!m) return null;
  const text = Buffer.from(m[1]!, "base64url").toString("utf8");
  const expected = Buffer.from(signature(size, text));
  const given = Buffer.from(m[2]!);
  if (!text || expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { text, size };
}

/** The SVG of a QR code (cached: the inputs are configuration URLs). */
export async function qrSvg(text: string, size: number): Promise<string> {
  const key = `${size}|${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "L", width: size, margin: 1 });
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, svg);
  return svg;
}
