import type { FastifyInstance } from 'fastify';
import { authState, randomId } from '../auth-state.js';
import { body, query, type Ctx } from '../context.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only http(s) return addresses; the ticket goes back as query parameters. */
function returnTo(raw: unknown, params: Record<string, string>): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * The sandbox's slider-captcha stand-in: a page that works without JavaScript. The visitor types the
 * digits shown; success redirects to `return` with `ticket` and `randstr`, failure with `captchaFailed=1`.
 * Always on (it plays the cloud provider, not a test control).
 */
export function registerCaptchaRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/captcha/challenge', async (req, reply) => {
    const back = query(req).return ?? '';
    if (!returnTo(back, {})) return reply.code(400).send({ error: 'return must be an http(s) URL' });
    const id = randomId(8);
    const answer = String(1000 + Math.floor(Math.random() * 9000));
    authState(ctx).challenges.set(id, answer);
    reply.type('text/html; charset=utf-8');
    return `<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>安全验证 Security check</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>安全验证 / Security check</h1>
<p>请输入数字 / Type the digits: <strong data-testid="captcha-answer">${answer}</strong></p>
<form method="post" action="/captcha/challenge">
<input type="hidden" name="id" value="${id}"><input type="hidden" name="return" value="${esc(back)}">
<label>验证码 / Digits <input name="answer" autocomplete="off" required></label>
<button type="submit">验证 / Verify</button>
</form></body></html>`;
  });

  app.post('/captcha/challenge', async (req, reply) => {
    const b = body(req);
    const state = authState(ctx);
    const id = String(b.id ?? '');
    const expected = state.challenges.get(id);
    state.challenges.delete(id);
    if (expected !== undefined && String(b.answer ?? '').trim() === expected) {
      const ticket = randomId(16);
      const randstr = randomId(4);
      state.tickets.set(ticket, randstr);
      const target = returnTo(b.return, { ticket, randstr });
      if (target) return reply.redirect(target, 303);
    } else {
      const target = returnTo(b.return, { captchaFailed: '1' });
      if (target) return reply.redirect(target, 303);
    }
    return reply.code(400).send({ error: 'bad return address' });
  });

  // checks a ticket without using it up (the cloud provider's verify call, for a server that wants it)
  app.get('/captcha/verify', async (req) => {
    const q = query(req);
    return { ok: authState(ctx).tickets.get(q.ticket ?? '') === q.randstr };
  });

  if (ctx.control) {
    // PUT /__sandbox/captcha { required: boolean }: login, SMS send and register need a ticket from now on
    app.put('/__sandbox/captcha', async (req) => {
      authState(ctx).captchaRequired = Boolean(body(req).required);
      return { required: authState(ctx).captchaRequired };
    });
  }
}
