import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, body, query, unauthorized, type Auth, type Ctx } from '../context.js';
import { fail, ok } from '../envelope.js';
import { yuanTextToCents } from '../account/store.js';
import { createRechargeOrder } from '../shop/orders.js';
import { pointsOf } from '../shop/store.js';
import {
  exchangeGoods,
  exchangeList,
  maskOpenid,
  newWxState,
  openidOf,
  pointGoods,
  settleWxState,
  upgradeCategory,
  userCategories,
  wxState,
} from '../usercentre/store.js';
import { SB, withCompany } from './config.js';

/**
 * Issue 16's remaining calls (decision 038), under `/saas-business/v1/account` beside decision 032's:
 * the points exchange (chosen paths: the spec names exchanging points but shows no call for it):
 * `get/point/goods`, `exchange/point/goods (goodsId, idemKey)`, `get/point/exchange/list`; and
 * `check/openid` (spec 001 section 7), the check before a WeChat payment: bound → the masked openid;
 * not bound → the address of WeChat's authorisation (the sandbox's `/__wx/authorize`), which brings the
 * browser back to `redirectUrl`. The user-centre categories live in `/v1/user-center/category/...`.
 */
export const UC_CODES = {
  badRequest: ['170002', '参数错误'],
  goodsNotFound: ['170024', '兑换商品不存在'],
  goodsSoldOut: ['170025', '该商品已兑完'],
  goodsLimit: ['170026', '已达到该商品的兑换上限'],
  pointsShort: ['170027', '积分不足，无法兑换'],
  goodsOwned: ['170028', '您已拥有该课程'],
  redirectUrl: ['170029', '授权回跳地址不正确'],
  categoryNotFound: ['170030', '类目不存在'],
  categoryNotUsed: ['170031', '您还没有该类目的课程，暂不能升级'],
  categoryUpToDate: ['170032', '该类目已是最新，无需升级'],
  rechargeRange: ['170033', '充值金额须在1元到50000元之间'],
  rechargeAmount: ['170034', '请输入正确的充值金额'],
} as const;
const ucFail = (key: keyof typeof UC_CODES) => fail(UC_CODES[key][0], UC_CODES[key][1]);

type Handler = (auth: Auth, req: FastifyRequest, reply: FastifyReply, cid: number) => Promise<unknown>;
const int = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return undefined;
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const httpUrl = (v: unknown): string | undefined => {
  if (typeof v !== 'string' || v.length > 2000) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
};

export function registerUserCentreRoutes(app: FastifyInstance, ctx: Ctx): void {
  const U = (h: Handler) =>
    withCompany(ctx, async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      return h(auth, req, reply, cid);
    });
  const A = `${SB}/v1/account`;

  // ---- points exchange ----
  app.get(
    `${A}/get/point/goods`,
    U(async (auth) => ok({ points: await pointsOf(ctx, auth.user.id), list: await pointGoods(ctx, auth.user.id) })),
  );
  app.get(
    `${A}/get/point/exchange/list`,
    U(async (auth) => ok({ list: await exchangeList(ctx, auth.user.id) })),
  );
  app.post(
    `${A}/exchange/point/goods`,
    U(async (auth, req) => {
      const b = body(req);
      const goodsId = int(b.goodsId);
      const idemKey = typeof b.idemKey === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(b.idemKey) ? b.idemKey : null;
      if (goodsId === undefined || !idemKey) return ucFail('badRequest');
      const r = await exchangeGoods(ctx, auth.user.id, goodsId, idemKey);
      if (!r.ok) {
        const key = ({ notFound: 'goodsNotFound', soldOut: 'goodsSoldOut', limit: 'goodsLimit', points: 'pointsShort', owned: 'goodsOwned' } as const)[
          r.reason
        ];
        return ucFail(key);
      }
      return ok({ exchangeId: r.exchangeId, goodsName: r.goodsName, points: r.points, duplicate: r.duplicate, remaining: await pointsOf(ctx, auth.user.id) });
    }),
  );

  // ---- make/order (balance): an online recharge, an order paid at the provider that credits the balance ----
  app.post(
    `${A}/make/order`,
    U(async (auth, req, _reply, cid) => {
      const b = body(req);
      const raw = b.balance;
      const cents = typeof raw === 'string' || typeof raw === 'number' ? yuanTextToCents(String(raw)) : undefined;
      const idemKey = typeof b.idemKey === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(b.idemKey) ? b.idemKey : null;
      if (!idemKey) return ucFail('badRequest');
      if (cents === undefined) return ucFail('rechargeAmount');
      const r = await createRechargeOrder(ctx, auth.user.id, auth.user.schoolId ?? cid, cents, idemKey);
      if (!r.ok) return ucFail('rechargeRange');
      return ok({ orderNo: r.orderNo, payCents: r.payCents, duplicate: r.duplicate });
    }),
  );

  // ---- check/openid: what a WeChat payment needs first ----
  app.get(
    `${A}/check/openid`,
    U(async (auth, req) => {
      const openid = await openidOf(ctx, auth.user.id);
      if (openid) return ok({ bound: true, openid: maskOpenid(openid), authorizeUrl: null });
      const redirectUrl = httpUrl(query(req).redirectUrl);
      if (!redirectUrl) return ucFail('redirectUrl');
      const state = await newWxState(ctx, auth.user.id, redirectUrl);
      return ok({ bound: false, openid: null, authorizeUrl: `http://${req.headers.host ?? '127.0.0.1'}/__wx/authorize?state=${state}` });
    }),
  );

  // ---- WeChat's authorisation page (played by the sandbox): allow binds an openid, then back ----
  app.get('/__wx/authorize', async (req, reply) => {
    const state = String(query(req).state ?? '');
    const row = /^[0-9a-f]{32}$/.test(state) ? await wxState(ctx, state) : undefined;
    reply.type('text/html; charset=utf-8');
    if (!row)
      return reply
        .code(404)
        .send('<!doctype html><html lang="zh-CN"><title>微信授权</title><main><h1>授权已失效</h1><p>请回到网站重新发起支付。</p></main></html>');
    const button = (action: string, label: string) => `<button name="action" value="${action}" type="submit">${label}</button>`;
    return reply.send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>微信授权</title></head>
<body><main><h1>微信授权</h1><p>网校申请获取你的微信身份（openid），用于微信支付。</p>
<form method="post" action="/__wx/authorize?state=${escapeHtml(state)}">${button('allow', '允许')} ${button('deny', '拒绝')}</form></main></body></html>`);
  });
  app.post('/__wx/authorize', async (req, reply) => {
    const state = String(query(req).state ?? '');
    const action = String(body(req).action ?? '');
    if (!/^[0-9a-f]{32}$/.test(state) || (action !== 'allow' && action !== 'deny'))
      return reply.code(400).send({ error: 'state and action (allow or deny) are required' });
    const settled = await settleWxState(ctx, state, action === 'allow');
    if (!settled) return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><title>微信授权</title><p>授权已失效</p>');
    const back = new URL(settled.redirectUrl);
    back.searchParams.set('wx', action === 'allow' ? 'ok' : 'denied');
    return reply.redirect(back.toString(), 303);
  });

  // ---- user-centre categories (spec 001 section 7: used/already, used/can, exam, handle/upgrade, count) ----
  const CAT = `${SB}/v1/user-center/category`;
  app.get(
    `${CAT}/used/already`,
    U(async (auth) => ok({ list: (await userCategories(ctx, auth.user.id)).filter((c) => c.used).map(({ exams: _e, ...c }) => c) })),
  );
  app.get(
    `${CAT}/used/can`,
    U(async (auth) =>
      ok({
        list: (await userCategories(ctx, auth.user.id))
          .filter((c) => !c.used && c.onSale > 0)
          .map(({ categoryId, categoryName, onSale, freeCount }) => ({ categoryId, categoryName, onSale, freeCount })),
      }),
    ),
  );
  app.get(
    `${CAT}/exam`,
    U(async (auth) =>
      ok({
        list: (await userCategories(ctx, auth.user.id))
          .filter((c) => c.exams.length > 0)
          .map(({ categoryId, categoryName, used, exams }) => ({ categoryId, categoryName, used, exams })),
      }),
    ),
  );
  app.get(
    `${CAT}/count`,
    U(async (auth) => {
      const all = await userCategories(ctx, auth.user.id);
      return ok({
        already: all.filter((c) => c.used).length,
        can: all.filter((c) => !c.used && c.onSale > 0).length,
        exam: all.filter((c) => c.exams.length > 0).length,
        upgradable: all.filter((c) => c.upgrade.length > 0).length,
      });
    }),
  );
  // a GET as the spec lists it, though it changes state: the portal calls it only from a CSRF-checked post
  app.get(
    `${CAT}/handle/upgrade`,
    U(async (auth, req) => {
      const categoryId = int(query(req).categoryId);
      if (categoryId === undefined) return ucFail('badRequest');
      const r = await upgradeCategory(ctx, auth.user.id, categoryId);
      if (!r.ok) return ucFail(r.reason === 'notFound' ? 'categoryNotFound' : r.reason === 'notUsed' ? 'categoryNotUsed' : 'categoryUpToDate');
      return ok({ categoryId, added: r.added });
    }),
  );

  if (!ctx.control) return;
  app.get('/__sandbox/usercentre/openid', async (req, reply) => {
    const userId = int(query(req).userId);
    if (userId === undefined) return reply.code(400).send({ error: 'userId must be an integer' });
    return { userId, openid: await openidOf(ctx, userId) };
  });
  app.get('/__sandbox/usercentre/goods', async () => ({ list: await ctx.db.all('SELECT id, goods_name, stock FROM uc_point_goods ORDER BY sort') }));
}
