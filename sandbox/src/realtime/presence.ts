import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { hashOf, type Ctx } from '../context.js';

export const PRESENCE_PATH = '/socket.io/';
/** Spec 000 section 4: the two events the node server pushes to a user. */
export const PRESENCE_EVENTS = ['out_online', 'front_logout'] as const;
export type PresenceEvent = (typeof PRESENCE_EVENTS)[number];

const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
};

/**
 * The presence server (`online_school_nodejs_domain`): socket.io on the sandbox's HTTP server. A client
 * identifies with `auth: { userId, companyId, sessionId }`, where sessionId is the `_sessionId` that
 * `nodeOnline/getConfig` answered for one of the user's valid tokens; others are refused.
 */
export function attachPresence(server: HttpServer, ctx: Ctx) {
  const io = new Server(server, {
    path: PRESENCE_PATH,
    cors: { origin: true },
    // the exam socket shares the HTTP server: other upgrade paths are not socket.io's to destroy
    destroyUpgrade: false,
    serveClient: false,
  });
  const events: Array<{ userId: number; event: 'logOn' | 'logOff' }> = [];

  io.use(async (socket, next) => {
    const a = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    const userId = num(a.userId);
    const companyId = num(a.companyId);
    const sessionId = typeof a.sessionId === 'string' ? a.sessionId : '';
    if (userId === undefined || companyId === undefined || !sessionId) return next(new Error('unauthorized'));
    const tokens = await ctx.db.all<{ token: string }>('SELECT token FROM tokens WHERE user_id = ? AND company_id = ? AND revoked = 0 AND expires_at > ?', [
      userId,
      companyId,
      Date.now(),
    ]);
    if (!tokens.some((t) => hashOf(t.token).slice(0, 16) === sessionId)) return next(new Error('unauthorized'));
    socket.data.userId = userId;
    next();
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    void socket.join(`user:${userId}`);
    for (const event of ['logOn', 'logOff'] as const) {
      socket.on(event, () => {
        if (events.length >= 500) events.shift();
        events.push({ userId, event });
      });
    }
  });

  return {
    /** Sends an event to every connection of a user; answers how many received it. */
    async push(userId: number, event: PresenceEvent): Promise<number> {
      const sockets = await io.in(`user:${userId}`).fetchSockets();
      io.to(`user:${userId}`).emit(event, { userId });
      return sockets.length;
    },
    async status() {
      const sockets = await io.fetchSockets();
      return { connected: sockets.map((s) => s.data.userId as number), events: [...events] };
    },
    clearLog() {
      events.length = 0;
    },
    async close() {
      io.disconnectSockets(true);
      // io.close() would also close the shared HTTP server: only the engine is stopped here
      io.engine.close();
    },
  };
}
