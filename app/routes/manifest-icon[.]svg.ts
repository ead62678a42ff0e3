import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPortal } from "~/lib/portal.server";
import { loadSite } from "~/services/shell.server";
import { generatedIconSvg } from "~/services/web-manifest";

/** `GET /manifest-icon.svg`: the app icon of a school without a configured one (its initial on its theme colour). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  const { site } = await loadSite(portal);
  return new Response(generatedIconSvg(site), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
