import type { FastifyInstance } from 'fastify';
import { body, type Ctx } from '../context.js';
import { attachExamSocket } from './exam-socket.js';
import { ExamStore } from './exam-store.js';
import { attachPresence, PRESENCE_EVENTS, type PresenceEvent } from './presence.js';

/**
 * The sandbox's two real-time servers on Fastify's HTTP server: the exam/live `ws` socket on
 * `/websocket` and the presence socket.io server on `/socket.io/`, plus their control routes.
 * Call before `listen` (routes cannot be added later).
 */
export async function attachRealtime(app: FastifyInstance, ctx: Ctx) {
  const store = new ExamStore(ctx.db);
  const exam = attachExamSocket(app.server, ctx, store);
  const presence = attachPresence(app.server, ctx);

  // /__sandbox/reset restores the exam answers with the seed; the logs and the refusal are emptied with it
  ctx.onReset.push(() => {
    exam.reset();
    presence.clearLog();
  });

  if (ctx.control) {
    app.post('/__sandbox/push', async (req, reply) => {
      const b = body(req);
      const userId = Number(b.userId);
      const event = b.event as PresenceEvent;
      if (!Number.isInteger(userId) || !PRESENCE_EVENTS.includes(event)) {
        return reply.code(400).send({ error: `give { userId, event } with event one of ${PRESENCE_EVENTS.join(', ')}` });
      }
      return { delivered: await presence.push(userId, event) };
    });
    app.get('/__sandbox/realtime', async () => ({ exam: exam.status(), presence: await presence.status() }));
    // { refuseMs }: new connections are refused for that long (a network failure that lasts)
    app.post('/__sandbox/realtime/drop', async (req) => {
      exam.dropAll(1012, Math.min(Number(body(req).refuseMs) || 0, 600_000));
      return { ok: true };
    });
  }

  return {
    async close() {
      await Promise.all([exam.close(), presence.close()]);
    },
  };
}
