import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, body, query, resolveSchool, unauthorized, type Auth, type Ctx } from '../context.js';
import { ok } from '../envelope.js';
import { readValues } from '../personal/store.js';
import {
  cancelOrder,
  createOrder,
  expireOrders,
  expiresAtOf,
  findOrder,
  orderItems,
  preview,
  settlePayment,
  type Choices,
  type Seen,
  type Wanted,
} from '../shop/orders.js';
import { cartTypeOf, COMMODITY, COMMODITY_CODE, findCommodity, ORDER_STATUS } from '../shop/store.js';
import { protocolAll } from '../study/agreements.js';
import { isEnrolled } from '../study/enrolments.js';
import { maskOpenid, openidOf } from '../usercentre/store.js';
import { SB, withCompany } from './config.js';

/**
 * Cart, checkout, orders and the payment provider (issue 16; spec 001 section 7 "Shopping cart",
 * "Orders", "Misc"). Chosen paths where the spec shows none: `POST /v1/payOrder/preview` (the price of
 * the choices), `POST /v1/payOrder/pay` (the provider's address for an unpaid order), and the provider's
 * own page `/__pay/{orderNo}` (pay / fail / cancel) whose answer is the notification that sets the order's status.
 */
export const SHOP_CODES = {
  notFound: ['160001', '商品不存在或已下架'],
  bought: ['160003', '您已购买该商品'],
  changed: ['160010', '订单信息已变化，请确认后重新提交'],
  protocol: ['160011', '请先阅读并同意购买协议'],
  completeInfo: ['160012', '购买前请先完善个人信息'],
  closed: ['160013', '暂未开放在线购买'],
  balance: ['160014', '账户余额不足'],
  points: ['160015', '积分不足'],
  coupon: ['160016', '优惠券不可用'],
  card: ['160017', '学习卡不可用'],
  orderNotFound: ['160018', '订单不存在'],
  orderState: ['160019', '订单状态已变化'],
  empty: ['160020', '请选择要购买的商品'],
  badRequest: ['160021', '参数错误'],
  orderExpired: ['160022', '订单已超时关闭，请重新下单'],
  wxOpenid: ['160023', '请先完成微信授权再使用微信支付'],
} as const;
const shopFail = (key: keyof typeof SHOP_CODES, data: unknown = null) => ({ code: SHOP_CODES[key][0], message: SHOP_CODES[key][1], data });

type Handler = (auth: Auth, req: FastifyRequest, reply: FastifyReply, cid: number) => Promise<unknown>;

const int = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return undefined;
};
const ids = (v: unknown): number[] => {
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list.flatMap((x) => {
    const n = int(typeof x === 'object' && x !== null ? (x as { id?: unknown }).id : x);
    return n !== undefined && n > 0 ? [n] : [];
  });
};

/** The buy-check function's status per company (spec 001 section 1: COMPANY_BUY_CHECK, 1 to 5; decision 028). */
export async function buyCheckStatus(ctx: Ctx, cid: number): Promise<number> {
  const row = await ctx.db.get<{ status: number }>("SELECT status FROM shop_functions WHERE company_id = ? AND code = 'COMPANY_BUY_CHECK'", [cid]);
  return row?.status ?? 1;
}

/** Whether the student's information is complete enough to buy (name and ID number filled in). */
async function infoComplete(ctx: Ctx, userId: number): Promise<boolean> {
  const base = await readValues(ctx, userId, 'base');
  const filled = (code: string) => (base.get(code) ?? []).some((v) => String(v ?? '').trim() !== '');
  return filled('name') && filled('identity_id');
}

function choicesOf(b: Record<string, unknown>, items: Wanted[]): Choices | undefined {
  const userCouponId = b.userCouponId === undefined || b.userCouponId === null || b.userCouponId === '' ? null : int(b.userCouponId);
  const points = b.points === undefined || b.points === null || b.points === '' ? 0 : int(b.points);
  if (userCouponId === undefined || points === undefined || points < 0) return undefined;
  const seenRaw = Array.isArray(b.seen) ? b.seen : [];
  const seen: Seen[] = [];
  for (const s of seenRaw) {
    if (typeof s !== 'object' || s === null) return undefined;
    const o = s as Record<string, unknown>;
    const t = int(o.commodityType),
      id = int(o.commodityId),
      p = int(o.priceCents);
    if (t === undefined || id === undefined || p === undefined || p < 0) return undefined;
    seen.push({ commodityType: t, commodityId: id, priceCents: p });
  }
  const cardCode = typeof b.cardCode === 'string' && b.cardCode.trim() ? b.cardCode.trim().slice(0, 40) : null;
  return { items, userCouponId, points, useBalance: b.useBalance === true || b.useBalance === 1 || b.useBalance === '1', cardCode, seen };
}

function itemsOf(v: unknown): Wanted[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: Wanted[] = [];
  for (const x of v) {
    if (typeof x !== 'object' || x === null) return undefined;
    const o = x as Record<string, unknown>;
    const t = int(o.commodityType),
      id = int(o.commodityId);
    if (t === undefined || id === undefined) return undefined;
    out.push({ commodityType: t, commodityId: id });
  }
  return out;
}

async function cartRows(ctx: Ctx, userId: number, schoolId: number) {
  return ctx.db.all<{ id: number; commodityId: number; commodityName: string; price: number }>(
    'SELECT id, commodity_id, commodity_name, price FROM cart_items WHERE user_id = ? AND school_id = ? ORDER BY id',
    [userId, schoolId],
  );
}

function orderJson(o: NonNullable<Awaited<ReturnType<typeof findOrder>>>, items: Awaited<ReturnType<typeof orderItems>>) {
  const { returnUrl: _r, userId: _u, ...rest } = o;
  return {
    ...rest,
    expiresAt: expiresAtOf(o.createdAt),
    items: items.filter((i) => i.orderNo === o.orderNo).map(({ orderNo: _o, ...i }) => ({ ...i, commodityCode: COMMODITY_CODE[i.commodityType] ?? null })),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function registerShopRoutes(app: FastifyInstance, ctx: Ctx): void {
  const U = (h: Handler) =>
    withCompany(ctx, async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      return h(auth, req, reply, cid);
    });

  // ---- cart (query schoolId) ----
  app.get(
    `${SB}/definePayOrderCart/list`,
    U(async (auth, req, _reply, cid) => {
      const school = await resolveSchool(ctx, req, cid);
      const rows = await cartRows(ctx, auth.user.id, school.id);
      const items = await Promise.all(
        rows.map(async (r) => {
          const type = cartTypeOf(r.commodityId);
          const c = await findCommodity(ctx, type, r.commodityId);
          const bought = c ? (type === COMMODITY.COURSE ? await isEnrolled(ctx, auth.user.id, r.commodityId) : false) : false;
          return {
            id: r.id,
            commodityId: r.commodityId,
            commodityType: type,
            commodityCode: COMMODITY_CODE[type],
            commodityName: c?.commodityName ?? r.commodityName,
            cover: c?.cover ?? null,
            price: c ? c.priceCents / 100 : r.price,
            priceCents: c?.priceCents ?? null,
            memberPriceCents: c?.memberPriceCents ?? null,
            buySource: c?.buySource ?? null,
            status: !c ? 'notFound' : c.soldOut ? 'soldOut' : bought ? 'bought' : 'ok',
            protocolId: c?.protocolId ?? null,
          };
        }),
      );
      return ok(items);
    }),
  );

  app.post(
    `${SB}/definePayOrderCart/add`,
    U(async (auth, req, _reply, cid) => {
      const b = body(req);
      const commodityId = int(b.commodityId);
      const type = int(b.commodityType) ?? (commodityId !== undefined ? cartTypeOf(commodityId) : undefined);
      if (commodityId === undefined || type === undefined) return shopFail('badRequest');
      if (type !== COMMODITY.COURSE && type !== COMMODITY.PACKAGE) return shopFail('notFound');
      const c = await findCommodity(ctx, type, commodityId);
      if (!c || c.soldOut) return shopFail('notFound');
      if (type === COMMODITY.COURSE && (await isEnrolled(ctx, auth.user.id, commodityId))) return shopFail('bought');
      const school = await resolveSchool(ctx, req, cid);
      // one statement: the same add twice (a double click, two tabs) keeps one row
      await ctx.db.run(
        `INSERT INTO cart_items (user_id, school_id, commodity_id, commodity_name, price)
      SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM cart_items WHERE user_id = ? AND school_id = ? AND commodity_id = ?)`,
        [auth.user.id, school.id, commodityId, c.commodityName, c.priceCents / 100, auth.user.id, school.id, commodityId],
      );
      const count = (await cartRows(ctx, auth.user.id, school.id)).length;
      return ok({ count });
    }),
  );

  app.post(
    `${SB}/definePayOrderCart/delete`,
    U(async (auth, req, _reply, cid) => {
      const b = body(req);
      const list = ids(Array.isArray(req.body) ? req.body : (b.ids ?? b.id));
      if (!list.length) return shopFail('badRequest');
      const school = await resolveSchool(ctx, req, cid);
      await ctx.db.run(`DELETE FROM cart_items WHERE user_id = ? AND school_id = ? AND id IN (${list.map(() => '?').join(',')})`, [
        auth.user.id,
        school.id,
        ...list,
      ]);
      return ok({ count: (await cartRows(ctx, auth.user.id, school.id)).length });
    }),
  );

  const guardBuy = async (auth: Auth, cid: number) => {
    const status = await buyCheckStatus(ctx, cid);
    if (status === 4) return shopFail('closed');
    if ((status === 2 || status === 5) && !(await infoComplete(ctx, auth.user.id))) return shopFail('completeInfo');
    return undefined;
  };

  app.post(
    `${SB}/definePayOrderCart/createOrder`,
    U(async (auth, req, _reply, cid) => {
      const b = body(req);
      const school = await resolveSchool(ctx, req, cid);
      const cartIds = ids(b.cartIds);
      let items = itemsOf(b.items ?? []);
      if (!items) return shopFail('badRequest');
      if (cartIds.length) {
        const rows = (await cartRows(ctx, auth.user.id, school.id)).filter((r) => cartIds.includes(r.id));
        items = [...items, ...rows.map((r) => ({ commodityType: cartTypeOf(r.commodityId), commodityId: r.commodityId }))];
      }
      if (!items.length) return shopFail('empty');
      const choices = choicesOf(b, items);
      const idemKey = typeof b.idempotencyKey === 'string' ? b.idempotencyKey.trim() : '';
      const expected = b.expectedPayCents === undefined || b.expectedPayCents === null ? null : int(b.expectedPayCents);
      if (!choices || !/^[A-Za-z0-9_-]{8,64}$/.test(idemKey) || expected === undefined) return shopFail('badRequest');
      const refused = await guardBuy(auth, cid);
      if (refused) return refused;
      const r = await createOrder(ctx, auth.user.id, school.id, choices, {
        expectedPayCents: expected,
        idemKey,
        agreeProtocol: b.agreeProtocol === true || b.agreeProtocol === 1 || b.agreeProtocol === '1',
        cartIds,
      });
      if (!r.ok) return shopFail(r.reason, r.preview ?? null);
      return ok({ orderNo: r.orderNo, status: r.status, payCents: r.payCents, duplicate: r.duplicate });
    }),
  );

  // ---- checkout price (chosen path) ----
  app.post(
    `${SB}/v1/payOrder/preview`,
    U(async (auth, req) => {
      const b = body(req);
      const items = itemsOf(b.items);
      const choices = items ? choicesOf(b, items) : undefined;
      if (!choices) return shopFail('badRequest');
      return ok(await preview(ctx, auth.user.id, choices));
    }),
  );

  // ---- orders (spec 001 section 7) ----
  app.post(
    `${SB}/v1/payOrder/findOrderList`,
    U(async (auth, req) => {
      await expireOrders(ctx, { userId: auth.user.id });
      const b = { ...query(req), ...body(req) } as Record<string, unknown>;
      const status = int(b.status);
      const pageNum = Math.max(1, int(b.pageNum) ?? 1);
      const pageSize = Math.min(50, Math.max(1, int(b.pageSize) ?? 10));
      const where = status ? 'WHERE user_id = ? AND status = ?' : 'WHERE user_id = ?';
      const args = status ? [auth.user.id, status] : [auth.user.id];
      const total = (await ctx.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM shop_orders ${where}`, args))!.n;
      const rows = await ctx.db.all<NonNullable<Awaited<ReturnType<typeof findOrder>>>>(
        `SELECT * FROM shop_orders ${where} ORDER BY created_at DESC, order_no DESC LIMIT ? OFFSET ?`,
        [...args, pageSize, (pageNum - 1) * pageSize],
      );
      const items = await orderItems(
        ctx,
        rows.map((r) => r.orderNo),
      );
      return ok({ total, pageNum, pageSize, list: rows.map((r) => orderJson(r, items)) });
    }),
  );

  app.get(
    `${SB}/v1/payOrder/countUserOrderStatus`,
    U(async (auth) => {
      await expireOrders(ctx, { userId: auth.user.id });
      const rows = await ctx.db.all<{ status: number; n: number }>('SELECT status, COUNT(*) AS n FROM shop_orders WHERE user_id = ? GROUP BY status', [
        auth.user.id,
      ]);
      const of = (s: number) => rows.find((r) => r.status === s)?.n ?? 0;
      return ok({
        all: rows.reduce((n, r) => n + r.n, 0),
        unpaid: of(ORDER_STATUS.UNPAID),
        paid: of(ORDER_STATUS.PAID),
        cancelled: of(ORDER_STATUS.CANCELLED),
        expired: of(ORDER_STATUS.EXPIRED),
      });
    }),
  );

  app.get(
    `${SB}/v1/payOrder/findOrderById`,
    U(async (auth, req) => {
      const orderNo = String(query(req).orderNo ?? query(req).id ?? '');
      await expireOrders(ctx, { orderNo });
      const o = await findOrder(ctx, orderNo);
      if (!o || o.userId !== auth.user.id) return shopFail('orderNotFound');
      return ok(orderJson(o, await orderItems(ctx, [o.orderNo])));
    }),
  );

  app.get(
    `${SB}/v1/payOrder/abolishOrder`,
    U(async (auth, req) => {
      const r = await cancelOrder(ctx, auth.user.id, String(query(req).orderNo ?? query(req).id ?? ''));
      if (r === 'notFound') return shopFail('orderNotFound');
      if (r === 'notUnpaid') return shopFail('orderState');
      return ok(null);
    }),
  );

  app.post(
    `${SB}/v1/payOrder/pay`,
    U(async (auth, req) => {
      const b = body(req);
      await expireOrders(ctx, { orderNo: String(b.orderNo ?? '') });
      const o = await findOrder(ctx, String(b.orderNo ?? ''));
      if (!o || o.userId !== auth.user.id) return shopFail('orderNotFound');
      if (o.status === ORDER_STATUS.EXPIRED) return shopFail('orderExpired');
      if (o.status !== ORDER_STATUS.UNPAID) return shopFail('orderState');
      const returnUrl = typeof b.returnUrl === 'string' && /^https?:\/\//.test(b.returnUrl) ? b.returnUrl : null;
      // a WeChat payment needs the student's openid first (check/openid, decision 038)
      const wechat = b.payType === 'wechat';
      if (b.payType !== undefined && b.payType !== null && b.payType !== 'wechat' && b.payType !== 'online') return shopFail('badRequest');
      if (wechat && !(await openidOf(ctx, auth.user.id))) return shopFail('wxOpenid');
      await ctx.db.run('UPDATE shop_orders SET return_url = ?, pay_result = NULL WHERE order_no = ?', [returnUrl, o.orderNo]);
      const host = req.headers.host ?? '127.0.0.1';
      return ok({ payUrl: `http://${host}/__pay/${o.orderNo}${wechat ? '?method=wechat' : ''}` });
    }),
  );

  // ---- company functions (spec 001 section 7 "Misc", "Agreements and profile completion") ----
  // one answer shape for every function code: { functionCode, status } (STUDENT_PROTOCOL_TYPE: 1 = all agreements)
  app.get(
    `${SB}/company/checkCompanyFunctionSet`,
    withCompany(ctx, async (cid, req) => {
      const code = String(query(req).functionCode ?? '');
      if (code === 'STUDENT_PROTOCOL_TYPE') {
        return ok({ functionCode: code, status: (await protocolAll(ctx, cid)) ? 1 : 0 });
      }
      if (code !== 'COMPANY_BUY_CHECK') return ok({ functionCode: code, status: 0 });
      return ok({ functionCode: code, status: await buyCheckStatus(ctx, cid) });
    }),
  );

  app.get(
    `${SB}/v1/sys/config/verifyFunctionCodeStatus`,
    U(async (auth, req, _reply, cid) => {
      const code = String(query(req).functionCode ?? '');
      if (code !== 'COMPANY_BUY_CHECK') return ok({ functionCode: code, status: 0, pass: true });
      const status = await buyCheckStatus(ctx, cid);
      const complete = await infoComplete(ctx, auth.user.id);
      return ok({ functionCode: code, status, infoComplete: complete, pass: status === 1 || (status !== 4 && complete) });
    }),
  );

  // ---- the payment provider's page (the browser comes here; its buttons are the notification) ----
  app.get<{ Params: { orderNo: string } }>('/__pay/:orderNo', async (req, reply) => {
    await expireOrders(ctx, { orderNo: req.params.orderNo });
    const o = await findOrder(ctx, req.params.orderNo);
    if (!o) return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><title>订单不存在</title><p>订单不存在</p>');
    const amount = (o.payCents / 100).toFixed(2);
    const openid = (query(req) as Record<string, unknown>).method === 'wechat' ? await openidOf(ctx, o.userId) : null;
    const method = openid ? `<p>支付方式：<span data-testid="pay-method">微信支付（${escapeHtml(maskOpenid(openid))}）</span></p>` : '';
    const button = (action: string, label: string) => `<button name="action" value="${action}" type="submit">${label}</button>`;
    const stateName = o.status === ORDER_STATUS.PAID ? '已支付' : o.status === ORDER_STATUS.EXPIRED ? '已过期' : '已取消';
    const state = o.status === ORDER_STATUS.UNPAID ? '' : `<p role="status">订单状态：${stateName}</p>`;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>沙箱支付</title></head>
<body><main><h1>沙箱支付</h1><p>订单号：<span data-testid="pay-order">${escapeHtml(o.orderNo)}</span></p><p>应付金额：¥<span data-testid="pay-amount">${amount}</span></p>${method}${state}
<form method="post" action="/__pay/${encodeURIComponent(o.orderNo)}">${button('pay', '确认支付')} ${button('fail', '支付失败')} ${button('cancel', '取消支付')}</form></main></body></html>`);
  });

  app.post<{ Params: { orderNo: string } }>('/__pay/:orderNo', async (req, reply) => {
    const action = String(body(req).action ?? '');
    if (action !== 'pay' && action !== 'fail' && action !== 'cancel') return reply.code(400).send({ error: 'action must be pay, fail or cancel' });
    const result = await settlePayment(ctx, req.params.orderNo, action);
    if (result === 'notFound') return reply.code(404).send({ error: 'order not found' });
    const o = await findOrder(ctx, req.params.orderNo);
    if (!o?.returnUrl) return reply.type('text/html; charset=utf-8').send(`<!doctype html><title>沙箱支付</title><p>${escapeHtml(result)}</p>`);
    const back = new URL(o.returnUrl);
    back.searchParams.set('orderNo', o.orderNo);
    return reply.redirect(back.toString(), 303);
  });

  if (!ctx.control) return;
  const P = '/__sandbox/shop';
  // a price change or sold-out between cart and payment
  app.post(`${P}/commodity`, async (req, reply) => {
    const b = body(req);
    const type = int(b.commodityType),
      id = int(b.commodityId);
    const priceCents = b.priceCents === undefined || b.priceCents === null ? null : int(b.priceCents);
    if (type === undefined || id === undefined || priceCents === undefined)
      return reply.code(400).send({ error: 'commodityType, commodityId (and priceCents) must be integers' });
    await ctx.db.run(
      `INSERT INTO shop_overrides (commodity_type, commodity_id, price_cents, sold_out) VALUES (?,?,?,?)
      ON CONFLICT (commodity_type, commodity_id) DO UPDATE SET price_cents = excluded.price_cents, sold_out = excluded.sold_out`,
      [type, id, priceCents, b.soldOut ? 1 : 0],
    );
    return { ok: true };
  });
  // a coupon that expires between choosing and paying
  app.post(`${P}/coupon/expire`, async (req, reply) => {
    const b = body(req);
    const userId = int(b.userId),
      couponId = int(b.couponId);
    if (userId === undefined || couponId === undefined) return reply.code(400).send({ error: 'userId and couponId must be integers' });
    const r = await ctx.db.run('UPDATE shop_user_coupons SET expires_at = ? WHERE user_id = ? AND coupon_id = ?', [Date.now() - 1000, userId, couponId]);
    return { expired: r.changes };
  });
  app.post(`${P}/function`, async (req, reply) => {
    const b = body(req);
    const cid = int(b.companyId) ?? 1,
      status = int(b.status);
    if (status === undefined || status < 1 || status > 5) return reply.code(400).send({ error: 'status must be 1-5' });
    await ctx.db.run(
      `INSERT INTO shop_functions (company_id, code, status) VALUES (?, 'COMPANY_BUY_CHECK', ?)
      ON CONFLICT (company_id, code) DO UPDATE SET status = excluded.status`,
      [cid, status],
    );
    return { companyId: cid, status };
  });
  // an order placed `minutes` earlier than it was: its expiry (ORDER_TTL_MS) comes without waiting; or placed
  // exactly `minutesOld` minutes before now (a seeded order's own time is the template's, up to 5 minutes old)
  app.post(`${P}/order/age`, async (req, reply) => {
    const b = body(req);
    const minutes = int(b.minutes);
    const minutesOld = int(b.minutesOld);
    if (typeof b.orderNo !== 'string' || (minutes === undefined) === (minutesOld === undefined) || (minutes ?? minutesOld ?? 0) < 0)
      return reply.code(400).send({ error: 'orderNo and one of minutes or minutesOld (>= 0) are required' });
    const r =
      minutesOld !== undefined
        ? await ctx.db.run('UPDATE shop_orders SET created_at = ? WHERE order_no = ?', [Date.now() - minutesOld * 60_000, b.orderNo])
        : await ctx.db.run('UPDATE shop_orders SET created_at = created_at - ? WHERE order_no = ?', [(minutes ?? 0) * 60_000, b.orderNo]);
    return { aged: r.changes };
  });
  app.get(`${P}/wallet`, async (req, reply) => {
    const userId = int(query(req).userId);
    if (userId === undefined) return reply.code(400).send({ error: 'userId must be an integer' });
    const w = await ctx.db.get<{ balanceCents: number }>('SELECT balance_cents FROM shop_wallets WHERE user_id = ?', [userId]);
    const u = await ctx.db.get<{ integralRemaining: number }>('SELECT integral_remaining FROM users WHERE id = ?', [userId]);
    return { userId, balanceCents: w?.balanceCents ?? 0, points: u?.integralRemaining ?? 0 };
  });
}
