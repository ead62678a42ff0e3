import type { FastifyInstance, FastifyReply } from 'fastify';
import { authState, randomId } from '../auth-state.js';
import { body, query, type Ctx } from '../context.js';
import { ok } from '../envelope.js';
import { SB, withCompany } from './config.js';

/** How long a login QR code can be scanned (seconds). */
export const QR_TTL_S = 120;

type QrCode = { companyId: number; createdAt: number; status: 'waiting' | 'scanned' | 'confirmed'; userId?: number; cacheCode?: string };

const codes = new WeakMap<Ctx, Map<string, QrCode>>();
function qrCodes(ctx: Ctx): Map<string, QrCode> {
  let map = codes.get(ctx);
  if (!map) codes.set(ctx, (map = new Map()));
  return map;
}
export function resetQrCodes(ctx: Ctx): void {
  qrCodes(ctx).clear();
}

/**
 * The generic QR-code login of spec 000 section 2.6 ("other login modes seen in calls: QR code"), chosen
 * paths: `create` gives a code to show; the school's app scans and confirms it (played by the control
 * call `POST /__sandbox/qrcode/scan`); `status` then answers `confirmed` once with a one-time cache code
 * for `loginByCacheCode`, the same finish as a third-party login.
 */
export function registerQrCodeRoutes(app: FastifyInstance, ctx: Ctx): void {
  const C = (h: Parameters<typeof withCompany>[1]) => withCompany(ctx, h);
  const Q = `${SB}/v1/front/login/qrcode`;

  app.get(
    `${Q}/create`,
    C(async (cid) => {
      const qrId = randomId(12);
      qrCodes(ctx).set(qrId, { companyId: cid, createdAt: Date.now(), status: 'waiting' });
      return ok({ qrId, content: `yunduo://qrlogin?id=${qrId}`, expireS: QR_TTL_S });
    }),
  );

  app.get(
    `${Q}/status`,
    C(async (cid, req) => {
      const qrId = (query(req).qrId ?? '').trim();
      const code = qrCodes(ctx).get(qrId);
      if (!code || code.companyId !== cid || Date.now() - code.createdAt > QR_TTL_S * 1000) return ok({ status: 'expired' });
      if (code.status !== 'confirmed') return ok({ status: code.status });
      // confirmed: the cache code is handed out once
      qrCodes(ctx).delete(qrId);
      return ok({ status: 'confirmed', cacheCode: code.cacheCode });
    }),
  );
}

/** Control: the app scans (and, unless `confirm` is false, confirms) a QR code: `qrId` or the newest one. */
export function registerQrCodeControl(app: FastifyInstance, ctx: Ctx): void {
  const bad = (reply: FastifyReply, error: string) => reply.code(400).send({ error });
  app.post('/__sandbox/qrcode/scan', async (req, reply) => {
    const b = body(req);
    const map = qrCodes(ctx);
    const qrId = typeof b.qrId === 'string' && b.qrId ? b.qrId : [...map.keys()].at(-1);
    const code = qrId ? map.get(qrId) : undefined;
    if (!qrId || !code) return reply.code(404).send({ error: 'no such QR code' });
    const account = String(b.account ?? '').trim();
    if (!account) return bad(reply, 'account required');
    const user = await ctx.db.userByAccount(account, code.companyId);
    if (!user) return reply.code(404).send({ error: "user not found in the QR code's company" });
    code.userId = user.id;
    if (b.confirm === false) {
      code.status = 'scanned';
    } else {
      code.status = 'confirmed';
      code.cacheCode = randomId(16);
      authState(ctx).cacheCodes.set(code.cacheCode, { userId: user.id, type: 'qrcode' });
    }
    return { qrId, status: code.status };
  });
}
