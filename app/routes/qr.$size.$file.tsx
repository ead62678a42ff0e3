import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseQrFile, qrSvg } from "~/services/qr.server";

/**
 * A QR code image of the shell (app download, school), addressed by `qrImageUrl` in qr.server.ts. The
 * address holds the text and its signature: it never changes for the same text, so the browser keeps it.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const qr = parseQrFile(params.size, params.file);
  if (!qr) return new Response("Not Found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(await qrSvg(qr.text, qr.size), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
