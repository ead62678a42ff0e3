import type { FastifyInstance } from 'fastify';
import { authState } from '../auth-state.js';
import { body, query, type Ctx } from '../context.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The face-verification page the login answer 120030002 points to (`data.url`). Pass or fail marks the
 * order and returns to `return` (the portal adds it) with `loginToken` and `orderNo`; the portal then
 * calls `loginByFace`.
 */
export function registerFaceRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/face/verify', async (req, reply) => {
    const q = query(req);
    const order = authState(ctx).faceOrders.get(q.orderNo ?? '');
    if (!order) return reply.code(404).type('text/html; charset=utf-8').send('<p>unknown order</p>');
    reply.type('text/html; charset=utf-8');
    const hidden = `<input type="hidden" name="orderNo" value="${esc(q.orderNo ?? '')}"><input type="hidden" name="return" value="${esc(q.return ?? '')}">`;
    return `<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>人脸识别 Face verification</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto"><h1>人脸识别 / Face verification</h1>
<form method="post" action="/face/verify">${hidden}<input type="hidden" name="result" value="pass"><button type="submit">通过 / Pass</button></form>
<form method="post" action="/face/verify">${hidden}<input type="hidden" name="result" value="fail"><button type="submit">失败 / Fail</button></form>
</body></html>`;
  });

  app.post('/face/verify', async (req, reply) => {
    const b = body(req);
    const orderNo = String(b.orderNo ?? '');
    const order = authState(ctx).faceOrders.get(orderNo);
    if (!order) return reply.code(404).send({ error: 'unknown order' });
    order.result = b.result === 'pass' ? 'pass' : 'fail';
    let target: URL;
    try {
      target = new URL(String(b.return ?? ''));
    } catch {
      return reply.code(400).send({ error: 'bad return address' });
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return reply.code(400).send({ error: 'bad return address' });
    target.searchParams.set('loginToken', order.loginToken);
    target.searchParams.set('orderNo', orderNo);
    return reply.redirect(target.toString(), 303);
  });
}
