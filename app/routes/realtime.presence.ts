import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPortal } from "~/lib/portal.server";
import { presenceBootstrap } from "~/services/realtime.server";
import { UpstreamError } from "~/lib/http/upstream.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * The presence socket's settings for the logged-in visitor, fetched by components/realtime/Presence.tsx
 * after hydration (so pages do not wait for it and visitors never ask). 204 when there is nothing to
 * connect: a visitor, no node host configured, or an upstream failure (presence is best effort).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  let settings = null;
  try {
    settings = await presenceBootstrap(portal);
  } catch (error) {
    // presence is best effort: an upstream failure here is logged by the request layer and means "none"
    if (!(error instanceof UpstreamError)) throw error;
  }
  if (!settings) return new Response(null, { status: 204, headers: NO_STORE });
  return Response.json(settings, { headers: NO_STORE });
}
