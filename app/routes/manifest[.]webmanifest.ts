import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPortal } from "~/lib/portal.server";
import { loadSite } from "~/services/shell.server";
import { webManifest } from "~/services/web-manifest";

/** Five minutes in the browser: a changed configuration reaches an installed app at its next start. */
export const MANIFEST_CACHE_CONTROL = "public, max-age=300";

/**
 * `GET /manifest.webmanifest` (issue 37 §1): the school's web app manifest, from the site view the root
 * loads (the configuration cached per domain: no call of its own once a page of the domain was served).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  const { site } = await loadSite(portal);
  return new Response(JSON.stringify(webManifest(site)), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": MANIFEST_CACHE_CONTROL },
  });
}
