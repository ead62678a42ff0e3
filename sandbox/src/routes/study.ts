import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, unauthorized, type Auth, type Ctx } from '../context.js';
import { ok } from '../envelope.js';
import { latelyLearned } from '../study/progress.js';
import { withCompany } from './config.js';

/** The studying calls of spec 001 §7 'Timetable and courses', 'Notes', 'Collections' (the personal course section). */
export const COURSE_USER = '/s/api/course/v1/user';

type Handler = (auth: Auth, req: FastifyRequest, reply: FastifyReply, cid: number) => Promise<unknown>;

/** A call of a logged-in user of the company (401 otherwise). */
function withUser(ctx: Ctx, h: Handler) {
  return withCompany(ctx, async (cid, req, reply) => {
    const auth = await authOf(ctx, req, cid);
    if (!auth) return unauthorized(reply);
    return h(auth, req, reply, cid);
  });
}

export function registerStudyRoutes(app: FastifyInstance, ctx: Ctx): void {
  const U = (h: Handler) => withUser(ctx, h);

  // §7: the lesson the student studied last (continue learning), null when none
  app.get(`${COURSE_USER}/lately/learn/course`, U(async (auth) => ok(await latelyLearned(ctx, auth.user.id))));
}
