import * as z from "zod/v4";
import { id, text } from "~/lib/http/schemas.server";
import type { Upstream } from "~/lib/http/upstream.server";

/** Favourites (spec 001 §7 'Collections'): classify, search, package search, remove. Payloads: decision 024. */
const COLLECT = "/saas-business/v1/user-center/collect";
/** Removing a favourite course or package (the favourites page's form). */
export const CollectRemoveSchema = z.object({
  intent: z.literal("remove"),
  kind: z.enum(["course", "package"]),
  collectId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

const Classify = z.looseObject({
  courseCount: z.coerce.number().catch(0),
  packageCount: z.coerce.number().catch(0),
  categories: list(z.looseObject({ categoryId: id, categoryName: text, count: z.coerce.number().catch(0) })),
});
export const CollectedCourse = z.looseObject({
  collectId: id,
  commodityId: id,
  courseId: id,
  courseName: text,
  cover: text,
  price: z.coerce.number().catch(0),
  categoryName: text,
  lessonCount: z.coerce.number().catch(0),
  collectTime: text,
});
export const CollectedPackage = z.looseObject({
  collectId: id,
  packageId: id,
  packageName: text,
  cover: text,
  price: z.coerce.number().catch(0),
  courseCount: z.coerce.number().catch(0),
  collectTime: text,
});

export function collectClassify(upstream: Upstream) {
  return upstream.call({ path: `${COLLECT}/classify`, schema: Classify });
}

export function collectedCourses(upstream: Upstream, options: { keyword?: string; categoryId?: number }) {
  return upstream.call({
    path: `${COLLECT}/search`,
    query: { keyword: options.keyword || undefined, categoryId: options.categoryId },
    schema: list(CollectedCourse),
  });
}

export function collectedPackages(upstream: Upstream, options: { keyword?: string }) {
  return upstream.call({ path: `${COLLECT}/package/search`, query: { keyword: options.keyword || undefined }, schema: list(CollectedPackage) });
}

export function removeCollect(upstream: Upstream, kind: "course" | "package", collectId: number) {
  const path = kind === "course" ? `${COLLECT}/remove/${collectId}` : `${COLLECT}/package/remove/${collectId}`;
  return upstream.call({ method: "DELETE", path, schema: z.unknown(), expect: ["business"] });
}
