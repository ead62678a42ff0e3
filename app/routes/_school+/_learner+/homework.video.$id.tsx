import type { ActionFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/lib/guards/guards.server";
import { relayVideoChunk } from "~/services/homework-video.server";
import { requireValidUpload } from "~/lib/portal.server";
import { chunkFileOptions, relayResponse } from "~/services/resource-upload.server";
import { readFileUpload } from "~/lib/http/upload.server";

/**
 * `/homework/video/<id>`: the relay of a homework video's chunks (spec 001 §7 "Homework", §9; decision
 * 037): 4 MB per post, the storage check (`judgeVideoStorage`) before the first, `homeworkUpload` once
 * sealed. JSON answers for `uploader.client.ts`, like `/resource/upload`.
 */
export async function action(args: ActionFunctionArgs) {
  const id = /^\d{1,9}$/.test(args.params.id ?? "") ? Number(args.params.id) : undefined;
  if (id === undefined) return Response.json({ error: "malformed" }, { status: 400 });
  const { upload } = await requireValidUpload(args, (request) => readFileUpload(request, chunkFileOptions));
  try {
    const portal = await requireStudent(args);
    return relayResponse(await relayVideoChunk(portal, id, upload));
  } finally {
    await upload.file?.remove();
  }
}
