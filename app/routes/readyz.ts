import type { LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod/v4";
import { getPortal } from "~/lib/portal.server";
import { storeHealth } from "~/lib/state/store.server";
import { ALL_FAILURES, UpstreamError } from "~/lib/http/upstream.server";

/**
 * Readiness: the upstream answers (through the one request function, with a short timeout), and the
 * shared store when `REDIS_URL` is set (`redis`: `memory`, `up` or `down`; decision 020). Redis down
 * answers 503: the instance still serves pages, but a load balancer should prefer one that shares state.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  let ready = true;
  let reason = "ok";
  try {
    await portal.upstream.call({
      path: "/external/api/v1/domains",
      schema: z.unknown(),
      auth: "none",
      timeoutMs: 2_000,
      expect: ALL_FAILURES,
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Any answer from the upstream, even a refusal, means it is reachable.
    if (error.kind === "timeout" || error.kind === "unavailable") {
      ready = false;
      reason = error.kind;
    }
  }
  const redis = await storeHealth();
  if (redis === "down") ready = false;
  return new Response(JSON.stringify({ ready, upstream: reason, redis }), {
    status: ready ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
