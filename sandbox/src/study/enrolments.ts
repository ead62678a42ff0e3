import type { Area } from '../area.js';
import type { Ctx } from '../context.js';
import { COURSES, PACKAGES } from '../catalog/seed.js';

/**
 * Which courses a student may study (their "enrolments"): the one place the studying pages (issue 14), the
 * lesson entry chain and the checkout (issue 16: a paid order enrols) and study cards read and write. Its
 * table lives beside the main schema like the personal centre's (`personal/store.ts`):
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`).
 *
 * One row per (user, course commodity). A package enrols each of its courses with `package_id` set.
 */
export const STUDY_SEED_VERSION = '1';

export type EnrolmentSource = 'seed' | 'order' | 'card' | 'free' | 'member' | 'points';

export interface Enrolment {
  userId: number;
  commodityId: number;
  courseId: number;
  packageId: number | null;
  source: EnrolmentSource;
  orderNo: string | null;
  createdAt: number;
  expiresAt: number;
}

const SCHEMA = `
CREATE TABLE study_enrolments (
  user_id INTEGER NOT NULL, commodity_id INTEGER NOT NULL, course_id INTEGER NOT NULL, package_id INTEGER,
  source TEXT NOT NULL, order_no TEXT, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, commodity_id));
`;

const DAY_MS = 86_400_000;

/** Seeded enrolments: student01 (1001) studies three courses (one with a live lesson) and one package; member01 one. */
const SEED: Array<{ userId: number; commodityId: number; packageId?: number; daysAgo: number }> = [
  { userId: 1001, commodityId: 5001, daysAgo: 40 },
  { userId: 1001, commodityId: 5003, daysAgo: 30 },
  { userId: 1001, commodityId: 5005, daysAgo: 10 },
  ...(PACKAGES[1]?.commodityIds ?? []).map((commodityId) => ({ userId: 1001, commodityId, packageId: PACKAGES[1]!.id, daysAgo: 20 })),
  { userId: 1003, commodityId: 5002, daysAgo: 5 },
];

/** Registered in `AREAS` (src/areas.ts): the enrolments and their seed. */
export const studyArea: Area = {
  name: 'study',
  schema: SCHEMA,
  async seed(ctx, now) {
    await ctx.db.batch([
      ...SEED.map((s) => {
        const course = COURSES.find((c) => c.commodityId === s.commodityId)!;
        const created = now - s.daysAgo * DAY_MS;
        return {
          sql: 'INSERT OR IGNORE INTO study_enrolments (user_id, commodity_id, course_id, package_id, source, order_no, created_at, expires_at) VALUES (?,?,?,?,?,?,?,?)',
          args: [s.userId, s.commodityId, course.courseId, s.packageId ?? null, 'seed', null, created, created + course.validDays * DAY_MS],
        };
      }),
      { sql: "INSERT INTO meta (key, value) VALUES ('study_seed', ?)", args: [STUDY_SEED_VERSION] },
    ]);
  },
};

/**
 * Enrols a user in a course commodity (or each course of a package when `packageId` is given). Idempotent:
 * enrolling twice keeps the first row (a repeated payment notification must not duplicate anything).
 */
export async function enrol(
  ctx: Ctx,
  e: { userId: number; commodityId?: number; packageId?: number; source: EnrolmentSource; orderNo?: string | null },
): Promise<void> {
  const commodityIds =
    e.packageId !== undefined ? (PACKAGES.find((p) => p.id === e.packageId)?.commodityIds ?? []) : e.commodityId !== undefined ? [e.commodityId] : [];
  const now = Date.now();
  await ctx.db.batch(
    commodityIds.flatMap((commodityId) => {
      const course = COURSES.find((c) => c.commodityId === commodityId);
      if (!course) return [];
      return [
        {
          sql: 'INSERT OR IGNORE INTO study_enrolments (user_id, commodity_id, course_id, package_id, source, order_no, created_at, expires_at) VALUES (?,?,?,?,?,?,?,?)',
          args: [e.userId, commodityId, course.courseId, e.packageId ?? null, e.source, e.orderNo ?? null, now, now + course.validDays * DAY_MS],
        },
      ];
    }),
  );
}

export async function listEnrolments(ctx: Ctx, userId: number): Promise<Enrolment[]> {
  return ctx.db.all<Enrolment>(
    'SELECT user_id, commodity_id, course_id, package_id, source, order_no, created_at, expires_at FROM study_enrolments WHERE user_id = ? ORDER BY created_at DESC, commodity_id',
    [userId],
  );
}

/** Whether the user may study the course now (enrolled and not expired). */
export async function isEnrolled(ctx: Ctx, userId: number, commodityId: number, now = Date.now()): Promise<boolean> {
  const row = await ctx.db.get<{ expiresAt: number }>('SELECT expires_at FROM study_enrolments WHERE user_id = ? AND commodity_id = ?', [userId, commodityId]);
  return !!row && row.expiresAt > now;
}
