import type { FastifyInstance } from 'fastify';
import { authState } from '../auth-state.js';
import { authOf, query, type Ctx } from '../context.js';
import { ok, UNAUTHORIZED } from '../envelope.js';
import { withCompany } from './config.js';
import { QbankStore } from '../qbank/store.js';

/**
 * Anonymous exercise merge (spec 001): `POST /question/v1/exercise/unlogin/sync?schoolId&currentId`, with the
 * new user's token; `currentId` is the visitor's client id. Answers `[{ oldRecordId, recordId }]`.
 */
export function registerExerciseSyncRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post(
    '/s/api/question/v1/exercise/unlogin/sync',
    withCompany(ctx, async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return reply.code(401).send(UNAUTHORIZED);
      const s = authState(ctx);
      const clientId = query(req).currentId ?? '';
      const records = s.anonymousRecords.get(clientId) ?? [];
      s.anonymousRecords.delete(clientId);
      // the question bank's own records of this visitor (sandbox/src/qbank/store.ts) move to the user under new ids
      const merged = await new QbankStore(ctx).mergeAnonymous(clientId, auth.user.id);
      return ok([...records.map((oldRecordId) => ({ oldRecordId, recordId: oldRecordId + 100000 })), ...merged]);
    }),
  );
}
