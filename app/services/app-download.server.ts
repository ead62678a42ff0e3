import QRCode from "qrcode";

/** Spec 000 section 2.2: the school QR code is 112 pixels; the app QR is drawn larger on its own page. */
export const SCHOOL_QR_SIZE = 112;
export const APP_QR_SIZE = 180;

/** A QR code as an SVG `data:` URL, made on the server (no QR library reaches the browser, no innerHTML). */
export async function qrSvgDataUrl(text: string, size: number): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", width: size, margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
