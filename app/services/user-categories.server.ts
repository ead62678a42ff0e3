import * as z from "zod/v4";
import { failureOf, type Failure } from "~/services/membership.server";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * The user-centre categories (spec 001 section 7: `/v1/user-center/category/used/already`, `used/can`,
 * `exam`, `handle/upgrade`, `count`; our reading, decision 038): the catalogue's categories from the
 * student's side — in use (a course of mine in it), open to start, with exams (the question bank's
 * subjects) — and the upgrade of a category in use (its free courses joined at once).
 */
const BASE = "/saas-business/v1/user-center/category";

const Course = z.object({ commodityId: z.number().int(), courseName: z.string() });
const Used = z.object({
  list: z.array(z.object({ categoryId: z.number().int(), categoryName: z.string(), courses: z.array(Course), upgrade: z.array(Course) })),
});
const Can = z.object({
  list: z.array(z.object({ categoryId: z.number().int(), categoryName: z.string(), onSale: z.number().int(), freeCount: z.number().int() })),
});
const Exam = z.object({
  list: z.array(
    z.object({
      categoryId: z.number().int(),
      categoryName: z.string(),
      used: z.boolean(),
      exams: z.array(z.object({ subjectId: z.number().int(), subjectName: z.string() })),
    }),
  ),
});
const Count = z.object({ already: z.number().int(), can: z.number().int(), exam: z.number().int(), upgradable: z.number().int() });
const Upgraded = z.object({ categoryId: z.number().int(), added: z.array(Course) });

export type UsedCategory = z.infer<typeof Used>["list"][number];
export type OpenCategory = z.infer<typeof Can>["list"][number];
export type ExamCategory = z.infer<typeof Exam>["list"][number];
export type CategoryCount = z.infer<typeof Count>;

/** The four reads of the page, at once (one upstream round). */
export async function categoryOverview(upstream: Upstream) {
  const [used, can, exam, count] = await Promise.all([
    upstream.call({ path: `${BASE}/used/already`, schema: Used }),
    upstream.call({ path: `${BASE}/used/can`, schema: Can }),
    upstream.call({ path: `${BASE}/exam`, schema: Exam }),
    upstream.call({ path: `${BASE}/count`, schema: Count }),
  ]);
  return { used: used.list, can: can.list, exam: exam.list, count };
}

/** handle/upgrade (categoryId): a GET upstream, called only from the page's CSRF-checked post. */
export async function upgradeCategory(upstream: Upstream, categoryId: number): Promise<({ ok: true } & z.infer<typeof Upgraded>) | Failure> {
  try {
    return { ok: true, ...(await upstream.call({ path: `${BASE}/handle/upgrade`, query: { categoryId }, schema: Upgraded, expect: ["business"] })) };
  } catch (error) {
    return failureOf(error);
  }
}
