import QRCode from "qrcode";

const cache = new Map<string, string>();
const MAX_ENTRIES = 200;

/**
 * A QR code as a PNG data URL, drawn on the server (no client JS): level L, the given pixel size
 * (default QR 128, school QR 112, spec 000 sections 2.2 and 9). Cached: the inputs are config URLs.
 */
export async function qrDataUrl(text: string, size: number): Promise<string> {
  if (!text) return "";
  const key = `${size}|${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  // PNG: about a tenth of the SVG's bytes in the page for the same code.
  const url = await QRCode.toDataURL(text, { type: "image/png", errorCorrectionLevel: "L", width: size, margin: 1 });
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, url);
  return url;
}
