import type { Ctx } from './context.js';

/**
 * One area of the sandbox's data (its tables and seed rows), registered once in `AREAS` (`src/areas.ts`).
 * At start every area's tables are created and seeded, in the list's order, into a template database;
 * `POST /__sandbox/reset` restores that template (`src/template.ts`), so no area creates or seeds anything
 * lazily on a call.
 */
export interface Area {
  /** for errors and the README */
  name: string;
  /** the area's `CREATE TABLE` (and index) statements */
  schema?: string;
  /** writes the area's seed rows (every area's tables exist; the areas above it are seeded); `now` is the seed time */
  seed?(ctx: Ctx, now: number): Promise<void>;
}
