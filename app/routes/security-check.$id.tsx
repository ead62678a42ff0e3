import type { LoaderFunctionArgs } from "@remix-run/node";
import { readInterceptPage } from "~/lib/http/upstream.server";

/**
 * The page an upstream firewall (HTTP 403 with action cc or waf) returned, shown as its own document
 * in a sandbox: it may run its challenge script, but it cannot touch the portal's origin or cookies.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const html = await readInterceptPage(params.id ?? "");
  if (html === undefined) throw new Response("Not found", { status: 404 });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "sandbox allow-scripts allow-forms allow-popups",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
