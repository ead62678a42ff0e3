import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, body, query, tokenOf, type Auth, type Ctx } from '../context.js';
import { fail, ok, UNAUTHORIZED } from '../envelope.js';
import { QbankError } from '../qbank/store.js';
import { ExamsError, ExamsStore } from '../exams/store.js';
import { QUESTION, withCompany } from './config.js';

/**
 * My exams (spec 001 §7 "Question bank and exams", decision 034). Paths the spec shows, kept exactly:
 * `GET /api/v1/front/exam/queryMyExamList` (examType, examState, pageIndex, pageSize, examName),
 * `queryDetail/{id}`, `queryUserExamCount/{examType}/{examState}`, `queryExamRecord/{examId}`,
 * `handInPaper/{recordId}`, `pay/{examId}`, `POST /api/v1/front/question/makePayOrder/{exerciseId}` (query domain),
 * `POST /api/v1/front/exam/joinExam` (body `{ examId }`), `GET /api/v1/examUser/queryPayInfo/{examId}`,
 * `GET /student/exercise/exam/record` (query recordId: the exam of an attempt). All need a signed-in user.
 */
const int = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d{1,12}$/.test(v.trim())) return Number(v.trim());
  return undefined;
};

type Handler = (auth: Auth, req: FastifyRequest, store: ExamsStore) => Promise<unknown>;

export function registerExamRoutes(app: FastifyInstance, ctx: Ctx): void {
  const store = new ExamsStore(ctx);
  const EXAM = `${QUESTION}/api/v1/front/exam`;

  const H = (h: Handler) =>
    withCompany(ctx, async (cid, req, reply: FastifyReply) => {
      if (!tokenOf(req)) return reply.code(401).send(UNAUTHORIZED);
      const auth = await authOf(ctx, req, cid);
      if (!auth) return reply.code(401).send(UNAUTHORIZED);
      try {
        return ok(await h(auth, req, store));
      } catch (e) {
        if (e instanceof ExamsError || e instanceof QbankError) return fail(e.code, e.message);
        throw e;
      }
    });
  const need = (v: unknown): number => {
    const n = int(v);
    if (n === undefined) throw new ExamsError('notFound');
    return n;
  };
  const P = (req: FastifyRequest) => req.params as Record<string, string>;
  const schoolOf = (auth: Auth, req: FastifyRequest) => int(query(req).schoolId) ?? auth.token.schoolId;

  app.get(
    `${EXAM}/queryMyExamList`,
    H(async ({ user }, req, s) => {
      const q = query(req);
      return s.list(user.id, {
        examType: int(q.examType),
        examState: int(q.examState),
        examName: q.examName?.slice(0, 50),
        pageIndex: int(q.pageIndex) ?? 1,
        pageSize: int(q.pageSize) ?? 10,
      });
    }),
  );
  app.get(
    `${EXAM}/queryDetail/:id`,
    H(async ({ user }, req, s) => s.detail(user.id, need(P(req).id))),
  );
  app.get(
    `${EXAM}/queryUserExamCount/:a/:b`,
    H(async ({ user }, req, s) => s.count(user.id, int(P(req).a) ?? 0, int(P(req).b) ?? 0)),
  );
  app.get(
    `${EXAM}/queryExamRecord/:id`,
    H(async ({ user }, req, s) => s.attempts(user.id, need(P(req).id))),
  );
  app.get(
    `${EXAM}/handInPaper/:id`,
    H(async ({ user }, req, s) => s.handIn(user.id, need(P(req).id))),
  );
  app.get(
    `${EXAM}/pay/:id`,
    H(async ({ user }, req, s) => s.payState(user.id, need(P(req).id))),
  );
  app.post(
    `${EXAM}/joinExam`,
    H(async (auth, req, s) => s.join(auth.user.id, schoolOf(auth, req), need(body(req).examId ?? query(req).examId))),
  );
  app.post(
    `${QUESTION}/api/v1/front/question/makePayOrder/:exerciseId`,
    H(async (auth, req, s) => s.makePayOrder(auth.user.id, schoolOf(auth, req), need(P(req).exerciseId))),
  );
  app.get(
    `${QUESTION}/api/v1/examUser/queryPayInfo/:id`,
    H(async ({ user }, req, s) => s.payInfo(user.id, need(P(req).id))),
  );
  app.get(
    `${QUESTION}/student/exercise/exam/record`,
    H(async ({ user }, req, s) => s.examOfRecord(user.id, need(query(req).recordId))),
  );

  if (!ctx.control) return;
  // test control: the right answers of an attempt; move its deadline
  app.get<{ Params: { recordId: string } }>('/__sandbox/exams/key/:recordId', async (req, reply) => {
    const id = int(req.params.recordId);
    if (id === undefined) return reply.code(400).send({ error: 'recordId' });
    try {
      return await store.key(id);
    } catch {
      return reply.code(404).send({ error: 'not found' });
    }
  });
  app.post('/__sandbox/exams/deadline', async (req, reply) => {
    const b = body(req);
    const id = int(b.recordId),
      inS = Number(b.inS);
    if (id === undefined || !Number.isFinite(inS)) return reply.code(400).send({ error: 'recordId and inS' });
    await store.setDeadline(id, inS);
    return { ok: true };
  });
}
