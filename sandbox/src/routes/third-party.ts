import { failMsg } from '../messages.js';
import type { FastifyInstance } from 'fastify';
import { authState, randomId } from '../auth-state.js';
import { area, body, hostOf, query, type Ctx } from '../context.js';
import { ok } from '../envelope.js';
import { SB, withCompany } from './config.js';

export const THIRD_TYPES = ['weixin', 'qq', 'weibo', 'weixinwork'] as const;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Third-party login: the sandbox plays the provider. `thirdLoginUrl` (chosen path) answers the provider's
 * authorise page; its buttons redirect to `redirectUri` with `code` and `state`; `getThirdUserBy/{code}`
 * answers the identity and, when bound to a user, a one-time `cacheCode` for `loginByCacheCode`.
 */
export function registerThirdPartyRoutes(app: FastifyInstance, ctx: Ctx): void {
  const C = (h: Parameters<typeof withCompany>[1]) => withCompany(ctx, h);

  app.get(
    `${SB}/v1/front/register/openThirdlogin`,
    C(async (cid) => {
      const l = await area(ctx, cid, 'loginConfig');
      return ok({
        thirdLoginFlag: l.thirdLoginFlag ?? 0,
        wechatLogin: l.wechatLogin ?? 0,
        qqLogin: l.qqLogin ?? 0,
        weiboLogin: l.weiboLogin ?? 0,
        wechatWorkLogin: l.wechatWorkLogin ?? 0,
        wechatWorkRegLogin: l.wechatWorkRegLogin ?? 0,
        ddLoginFlag: l.ddLoginFlag ?? 0,
      });
    }),
  );

  app.get(
    `${SB}/v1/front/register/getDdLoginQrCode`,
    C(async (cid, req) => {
      const state = randomId(8);
      return ok({ url: `http://${hostOf(req)}/oauth/authorize?type=dingtalk&company=${cid}&state=${state}` });
    }),
  );

  app.get(
    `${SB}/v1/front/register/thirdLoginUrl`,
    C(async (cid, req) => {
      const q = query(req);
      const type = q.type ?? '';
      if (!(THIRD_TYPES as readonly string[]).includes(type)) return failMsg('unknownThirdType');
      if (!q.redirectUri) return failMsg('missingParameters');
      const url = new URL(`http://${hostOf(req)}/oauth/authorize`);
      url.searchParams.set('type', type);
      url.searchParams.set('company', String(cid));
      // what a social login frame needs (spec 000 section 5): client id, redirect address, response type, scope
      url.searchParams.set('client_id', `sandbox-${type}-${cid}`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', type === 'weixin' ? 'snsapi_login' : 'login');
      url.searchParams.set('redirect_uri', q.redirectUri);
      url.searchParams.set('state', q.state ?? '');
      return ok({ url: url.toString() });
    }),
  );

  app.get('/oauth/authorize', async (req, reply) => {
    const q = query(req);
    reply.type('text/html; charset=utf-8');
    const hidden = ['type', 'company', 'redirect_uri', 'state'].map((k) => `<input type="hidden" name="${k}" value="${esc(q[k] ?? '')}">`).join('');
    return `<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>授权登录 Authorise</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto"><h1>${esc(q.type ?? '')} 授权登录 / Authorise</h1>
<form method="post" action="/oauth/authorize">${hidden}<input type="hidden" name="as" value="13800000001"><button type="submit">授权 张同学 / Authorise as 张同学</button></form>
<form method="post" action="/oauth/authorize">${hidden}<input type="hidden" name="as" value=""><button type="submit">新用户授权 / Authorise as a new user</button></form>
</body></html>`;
  });

  app.post('/oauth/authorize', async (req, reply) => {
    const b = body(req);
    const company = Number(b.company ?? 1);
    const user = b.as ? await ctx.db.userByAccount(String(b.as), company) : undefined;
    const code = randomId(10);
    authState(ctx).thirdCodes.set(code, { type: String(b.type ?? ''), userId: user?.id ?? null });
    let target: URL;
    try {
      target = new URL(String(b.redirect_uri ?? ''));
    } catch {
      return reply.code(400).send({ error: 'Missing parameters' });
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return reply.code(400).send({ error: 'bad redirect_uri' });
    target.searchParams.set('code', code);
    target.searchParams.set('state', String(b.state ?? ''));
    return reply.redirect(target.toString(), 303);
  });

  app.get<{ Params: { id: string } }>(`${SB}/api/third/login/getThirdUserBy/:id`, async (req) => {
    const state = authState(ctx);
    const entry = state.thirdCodes.get(req.params.id);
    if (!entry) return failMsg('invalidAuthorisation');
    state.thirdCodes.delete(req.params.id);
    const cacheCode = randomId(12);
    if (entry.userId !== null) state.cacheCodes.set(cacheCode, { userId: entry.userId, type: entry.type });
    return ok({ type: entry.type, bound: entry.userId !== null, cacheCode, nickName: `${entry.type}-user` });
  });

  if (ctx.control) {
    // POST /__sandbox/exercise/unlogin { clientId }: an unfinished anonymous exercise record → { recordId }
    app.post('/__sandbox/exercise/unlogin', async (req) => {
      const s = authState(ctx);
      const clientId = String(body(req).clientId ?? '');
      const id = s.nextRecordId++;
      s.anonymousRecords.set(clientId, [...(s.anonymousRecords.get(clientId) ?? []), id]);
      return { recordId: id };
    });
  }
}
