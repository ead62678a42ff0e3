import type { ActionFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidUpload } from "~/lib/portal.server";
import { chunkFileOptions, relayChunk, relayResponse } from "~/services/resource-upload.server";
import { readFileUpload } from "~/lib/http/upload.server";

/**
 * `/resource/upload`: the relay of the browser's chunked upload (spec 001 §5, decision 029): one 4 MB
 * chunk per multipart post, streamed to a temporary file (never more than a chunk), checked, then sent to
 * the store with the upload token that stays on the server. JSON answers for `uploader.client.ts`.
 */
export async function action(args: ActionFunctionArgs) {
  const { upload } = await requireValidUpload(args, (request) => readFileUpload(request, chunkFileOptions));
  try {
    const portal = await requireStudent(args);
    return relayResponse(await relayChunk(portal, upload));
  } finally {
    await upload.file?.remove();
  }
}
