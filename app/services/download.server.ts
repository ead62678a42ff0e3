import * as z from "zod/v4";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/**
 * Downloads (spec 001 §5 "Uploads and downloads", §7 "Download", §8): the permission check (type
 * 'xiazai') comes first and its message is shown on refusal; images (jpg, jpeg, png, gif) open directly,
 * other files through the student download route with `ids`.
 */
export const PERMISSION_PATH = "/saas-business/v1/student/checkPermission";
export const DIRECT_EXTENSIONS = ["jpg", "jpeg", "png", "gif"];

export function opensDirectly(ext: string): boolean {
  return DIRECT_EXTENSIONS.includes(ext.toLowerCase());
}

/** undefined when allowed, else the upstream's message (or "" when it gave none). */
export async function checkDownloadPermission(upstream: Upstream): Promise<string | undefined> {
  try {
    await upstream.call({ path: PERMISSION_PATH, query: { type: "xiazai" }, schema: z.unknown(), expect: ["business"] });
    return undefined;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return error.upstreamMessage ?? "";
    throw error;
  }
}
