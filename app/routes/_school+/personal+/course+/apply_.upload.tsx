import type { ActionFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/lib/guards/guards.server";
import { relayInsteadChunk } from "~/services/instead-upload.server";
import { requireValidUpload } from "~/lib/portal.server";
import { chunkFileOptions, relayResponse } from "~/services/resource-upload.server";
import { readFileUpload } from "~/lib/http/upload.server";

/**
 * `/personal/course/apply/upload`: the relay of the sign-up form's chunked annex uploads with JavaScript
 * (spec 001 §4 "Upload", §9; decision 036): one 4 MB chunk per multipart post, streamed to a temporary file,
 * then sent to the store with the upload token that stays on the server. JSON answers for `uploader.client.ts`.
 */
export async function action(args: ActionFunctionArgs) {
  const { upload } = await requireValidUpload(args, (request) => readFileUpload(request, chunkFileOptions));
  try {
    const portal = await requireStudent(args, "course.apply");
    return relayResponse(await relayInsteadChunk(portal, upload));
  } finally {
    await upload.file?.remove();
  }
}
