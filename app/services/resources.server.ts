import * as z from "zod/v4";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/** Resources (spec 001 §3 "Uploaded resource", §7 "Resources", "Download"). */
const RES = "/saas-business/v1/resource";
import { RESOURCE_PAGE_SIZE } from "~/services/resource-paging";
export { RESOURCE_PAGE_SIZE };

export const Resource = z.looseObject({
  id: z.number().int(),
  fileName: z.string(),
  fileType: z.string(),
  sourcePath: z.string(),
  sourceSize: z.number().nonnegative(),
  fileCategory: z.string().nullish(),
  createTime: z.number().nullish(),
});
export type Resource = z.infer<typeof Resource>;

const Page = z.object({ list: z.array(Resource).catch([]), total: z.number().int().nonnegative().catch(0) });
const Space = z.object({ usedSpace: z.number().nonnegative(), totalSpace: z.number().nonnegative(), deductionSpaceFlag: z.coerce.number().catch(0) });
export type Space = z.infer<typeof Space>;

export function listResources(upstream: Upstream, page: number) {
  return upstream.call({ method: "POST", path: `${RES}/selectAll`, body: { pageNum: page, pageSize: RESOURCE_PAGE_SIZE }, schema: Page });
}

export function getSpace(upstream: Upstream) {
  return upstream.call({ method: "POST", path: `${RES}/getSpaceSize`, body: {}, schema: Space });
}

/** Spec 001 §5: blocked with the storage-space message when space is exhausted and deduction applies. */
export function spaceBlocks(space: Space, adding: number): boolean {
  return space.deductionSpaceFlag === 1 && space.usedSpace + adding > space.totalSpace;
}

export function fileCategoryOf(ext: string): "image" | "pdf" | "docs" {
  return ["jpg", "jpeg", "png", "gif"].includes(ext) ? "image" : ext === "pdf" ? "pdf" : "docs";
}

/** Saves an uploaded file as a resource (the §3 fields, uploadType 0). Business refusals reach the caller. */
export function saveResource(upstream: Upstream, file: { fileName: string; ext: string; key: string; size: number; deduction: number }) {
  return upstream.call({
    method: "POST",
    path: `${RES}/save`,
    body: {
      fileName: file.fileName,
      fileType: file.ext,
      sourcePath: file.key,
      sourceSize: file.size,
      fileCategory: fileCategoryOf(file.ext),
      uploadType: 0,
      deductionSpaceFlag: file.deduction,
    },
    schema: z.object({ id: z.number().int() }),
    expect: ["business"],
  });
}

export function deleteResources(upstream: Upstream, ids: number[]) {
  return upstream.call({ method: "POST", path: `${RES}/delResource`, body: { ids: ids.join(",") }, schema: z.unknown() });
}

/**
 * Deletes one resource of the student: false, and nothing sent, when the upstream does not know it as
 * theirs (another student's, or gone). The upstream's delete answers alike either way, so the portal asks
 * first and says what really happened (issue 21).
 */
export async function deleteOwnResource(upstream: Upstream, id: number): Promise<boolean> {
  try {
    await resourceDetail(upstream, id);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return false;
    throw error;
  }
  await deleteResources(upstream, [id]);
  return true;
}

export function resourceUrl(upstream: Upstream, id: number, kind: "view" | "download") {
  return upstream.call({ path: `${RES}/${kind}/${id}`, schema: z.object({ url: z.url({ protocol: /^https?$/ }) }), expect: ["business"] });
}

/** `GET detail/{id}`: one resource of the student (a business refusal: not theirs or gone). */
export function resourceDetail(upstream: Upstream, id: number) {
  return upstream.call({ path: `${RES}/detail/${id}`, schema: Resource, expect: ["business"] });
}

/** The resources that are videos (homework videos kept as resources): `fileCategory` video. */
export const isVideo = (r: Pick<Resource, "fileCategory" | "fileType">) =>
  r.fileCategory === "video" || ["mp4", "mov", "m4v"].includes(r.fileType.toLowerCase());

/** `POST /v1/resource/batchDelVideo`: deletes the given videos at once (other ids are left alone upstream). */
export function batchDeleteVideos(upstream: Upstream, ids: number[]) {
  return upstream.call({
    method: "POST",
    path: `${RES}/batchDelVideo`,
    body: { ids: ids.join(",") },
    schema: z.looseObject({ deleted: z.number().int().nonnegative().catch(0) }).nullish(),
    expect: ["business"],
  });
}

/**
 * `GET getVipFlag` (decision 037): 1 when sharing resources is a members' (VIP) feature; a student who is
 * not a member then sees the membership notice instead of the upload form (and the upstream refuses
 * a save anyway). Anything unreadable counts as 0: the upload stays offered, the upstream decides.
 */
export function resourceVipFlag(upstream: Upstream) {
  return upstream.call({ path: `${RES}/getVipFlag`, schema: z.coerce.number().catch(0) });
}
