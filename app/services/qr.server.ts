import QRCode from "qrcode";

const cache = new Map<string, string>();
const MAX_ENTRIES = 200;

/**
 * A QR code as an SVG data URL, drawn on the server (no client JS): level L, the given pixel size
 * (default QR 128, school QR 112, spec 000 sections 2.2 and 9). Cached: the inputs are config URLs.
 */
export async function qrDataUrl(text: string, size: number): Promise<string> {
  if (!text) return "";
  const key = `${size}|${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "L", width: size, margin: 1 });
  const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, url);
  return url;
}
