import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";

import * as z from "zod/v4";
import { isLoggedIn, requireValidPost } from "~/lib/portal.server";
import { savePosition } from "~/services/video.server";

/**
 * `POST /class/type/video/position`: a position report of the video page (pause, every 15 s, leaving; sent with
 * `navigator.sendBeacon` or `fetch` keepalive). CSRF-checked like every POST; students only; 204 when passed on.
 * A report the upstream refuses or misses is dropped: the next one repeats the position. A background request
 * (decision 071): a refused token answers a bare 401 and leaves the session as it is (its answer may land after
 * the page is gone, in another session's cookie jar); the next page request signs out by spec 000 §8.
 */
const whole = z.coerce.number().int().positive().max(1e12);
const seconds = z.coerce.number().min(0).max(1e6);
export const PositionSchema = z.object({ commodityId: whole, courseId: whole, lessonId: whole, positionS: seconds, durationS: seconds });

export async function action(args: ActionFunctionArgs) {
  const { portal, formData } = await requireValidPost(args, { background: true });
  if (!isLoggedIn(portal)) return Response.json({ ok: false, error: "login" }, { status: 401 });
  const parsed = parseWithZod(formData, { schema: PositionSchema });
  if (parsed.status !== "success") return Response.json({ ok: false, error: "invalid" }, { status: 400 });
  try {
    await savePosition(portal.upstream, parsed.value);
  } catch (error) {
    if (error instanceof Response) throw error;
    return Response.json({ ok: false, error: "upstream" }, { status: 502 });
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
