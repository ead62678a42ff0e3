import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, body, query, unauthorized, type Auth, type Ctx } from '../context.js';
import { fail, ok } from '../envelope.js';
import { VIP_LEVELS } from '../catalog/seed.js';
import {
  activeMembership,
  buyPoints,
  requestInvoice,
  type InvoiceFields,
  inviteCodeOf,
  rechargeCard,
  withdraw,
  yuanTextToCents,
  cardReturnInfo,
  checkCard,
  redeemCard,
  couponCounts,
  couponCourses,
  couponStatus,
  deleteExpiredCoupon,
  exchangeCoupon,
  memberships,
  POINT_PRICE_CENTS,
  POINTS_BUY_MAX,
  POINTS_BUY_MIN,
  refreshMemberStatus,
} from '../account/store.js';
import { createOrder } from '../shop/orders.js';
import { balanceOf, COMMODITY, findCommodity, pointsOf, userCoupons } from '../shop/store.js';
import { yuanToCents } from '../shop/pricing.js';
import { listEnrolments } from '../study/enrolments.js';
import { SB, withCompany } from './config.js';
import { readValues } from '../personal/store.js';
import { buyCheckStatus, SHOP_CODES } from './shop.js';

/**
 * The account centre (issue 16 part B; spec 001 section 7 "Account: membership, points, coupons"):
 * `/v1/account/...` under saas-business. The spec shows the paths, not the payloads; these are the
 * sandbox's (decision 032). A membership is bought as an order of the shop (commodity type 4) paid at
 * the provider; the paid order writes the membership record (account/store.ts `grantMembership`).
 */
export const ACCOUNT_CODES = {
  levelNotFound: ['170001', '会员等级不存在'],
  badRequest: ['170002', '参数错误'],
  orderFailed: ['170003', '下单失败，请稍后重试'],
  pointsRange: ['170004', `购买积分数量须在${POINTS_BUY_MIN}到${POINTS_BUY_MAX}之间`],
  balance: ['170005', '账户余额不足'],
  couponCode: ['170006', '兑换码不存在'],
  couponAlready: ['170007', '该兑换码已兑换过'],
  couponNotFound: ['170008', '优惠券不存在'],
  couponNotExpired: ['170009', '只能删除已过期的优惠券'],
  cardUnknown: ['170010', '学习卡卡号不存在'],
  cardUsed: ['170011', '该学习卡已被使用'],
  cardExpired: ['170012', '该学习卡已过期'],
  cardBought: ['170013', '您已拥有该学习卡的全部课程'],
  cardOrderNotFound: ['170014', '兑换记录不存在'],
  rechargeUnknown: ['170015', '充值卡卡号不存在'],
  rechargeUsed: ['170016', '该充值卡已被使用'],
  withdrawMin: ['170017', '提现金额不能少于1元'],
  withdrawAmount: ['170018', '请输入正确的提现金额'],
  invoiceOrder: ['170019', '订单不存在'],
  invoiceNotPaid: ['170020', '只有已支付的订单可以申请发票'],
  invoiceAlready: ['170021', '该订单已申请过发票'],
  invoiceOff: ['170022', '暂未开放发票申请'],
  invoiceFields: ['170023', '发票信息不完整'],
} as const;
const accountFail = (key: keyof typeof ACCOUNT_CODES) => fail(ACCOUNT_CODES[key][0], ACCOUNT_CODES[key][1]);

type Handler = (auth: Auth, req: FastifyRequest, reply: FastifyReply, cid: number) => Promise<unknown>;

const int = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return undefined;
};

const POINT_DESC = [
  '积分可在购买课程时抵扣，1积分抵扣0.01元，最多抵扣到应付金额为0。',
  `积分可用账户余额购买，1积分0.01元，每次${POINTS_BUY_MIN}到${POINTS_BUY_MAX}积分。`,
  '取消未支付的订单时，订单使用的积分退回账户。',
];

export function registerAccountRoutes(app: FastifyInstance, ctx: Ctx): void {
  const U = (h: Handler) =>
    withCompany(ctx, async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      return h(auth, req, reply, cid);
    });
  const A = `${SB}/v1/account`;

  // ---- membership ----
  app.get(
    `${A}/member/list`,
    U(async (auth) => {
      const active = await activeMembership(ctx, auth.user.id);
      return ok({
        memberFlag: auth.user.memberFlag === 1 ? 1 : 0,
        active: active ? { levelId: active.levelId, levelName: active.levelName, startsAt: active.startsAt, expiresAt: active.expiresAt } : null,
        levels: VIP_LEVELS.map((v) => ({
          id: v.id,
          levelName: v.levelName,
          priceCents: yuanToCents(v.price),
          durationDays: v.durationDays,
          discount: v.discount,
          benefits: v.benefits,
        })),
      });
    }),
  );
  app.get(
    `${A}/charge/history/list`,
    U(async (auth) => ok({ list: await memberships(ctx, auth.user.id) })),
  );
  app.get(
    `${A}/refresh/member/status`,
    U(async (auth) => {
      const r = await refreshMemberStatus(ctx, auth.user.id);
      return ok({ memberFlag: r.memberFlag, expiresAt: r.active?.expiresAt ?? null, levelName: r.active?.levelName ?? null });
    }),
  );
  // make/member/order (mem_id, mem_type 1 open, 2 renew): an unpaid order of the shop, paid at the provider
  app.post(
    `${A}/make/member/order`,
    U(async (auth, req, _reply, cid) => {
      const b = body(req);
      const memId = int(b.mem_id),
        memType = int(b.mem_type ?? 1);
      const idemKey = typeof b.idemKey === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(b.idemKey) ? b.idemKey : null;
      if (memId === undefined || (memType !== 1 && memType !== 2) || !idemKey) return accountFail('badRequest');
      const c = await findCommodity(ctx, COMMODITY.MEMBER, memId);
      if (!c) return accountFail('levelNotFound');
      // COMPANY_BUY_CHECK as the checkout applies it (decision 028): 4 closed; 2 and 5 need name and ID number
      const status = await buyCheckStatus(ctx, cid);
      if (status === 4) return fail(SHOP_CODES.closed[0], SHOP_CODES.closed[1]);
      if (status === 2 || status === 5) {
        const base = await readValues(ctx, auth.user.id, 'base');
        const filled = (code: string) => (base.get(code) ?? []).some((v) => String(v ?? '').trim() !== '');
        if (!filled('name') || !filled('identity_id')) return fail(SHOP_CODES.completeInfo[0], SHOP_CODES.completeInfo[1]);
      }
      const item = { commodityType: COMMODITY.MEMBER, commodityId: memId };
      const r = await createOrder(
        ctx,
        auth.user.id,
        auth.user.schoolId ?? cid,
        { items: [item], userCouponId: null, points: 0, useBalance: false, cardCode: null, seen: [] },
        { expectedPayCents: null, idemKey, agreeProtocol: false, cartIds: [] },
      );
      if (!r.ok) return accountFail('orderFailed');
      return ok({ orderNo: r.orderNo, status: r.status, payCents: r.payCents, duplicate: r.duplicate });
    }),
  );

  // ---- points (1 point = 1 cent, decision 028) ----
  app.get(
    `${A}/get/point/info`,
    U(async (auth) =>
      ok({
        points: await pointsOf(ctx, auth.user.id),
        balanceCents: await balanceOf(ctx, auth.user.id),
        pointPriceCents: POINT_PRICE_CENTS,
        buyMin: POINTS_BUY_MIN,
        buyMax: POINTS_BUY_MAX,
      }),
    ),
  );
  app.get(
    `${A}/get/point/list`,
    U(async (auth, req) => {
      const pageNum = Math.min(1000, Math.max(1, int(query(req).pageNum) ?? 1));
      const pageSize = 10;
      const [rows, count] = await Promise.all([
        ctx.db.all<{ id: number; delta: number; reason: string; orderNo: string | null; createdAt: number }>(
          "SELECT id, delta, reason, order_no, created_at FROM shop_ledger WHERE user_id = ? AND kind = 'points' ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
          [auth.user.id, pageSize, (pageNum - 1) * pageSize],
        ),
        ctx.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM shop_ledger WHERE user_id = ? AND kind = 'points'", [auth.user.id]),
      ]);
      return ok({ total: count?.n ?? 0, pageNum, pageSize, list: rows });
    }),
  );
  app.get(
    `${A}/get/point/desc`,
    U(async () => ok({ desc: POINT_DESC })),
  );
  app.post(
    `${A}/make/point/order`,
    U(async (auth, req) => {
      const point = int(body(req).point);
      if (point === undefined) return accountFail('badRequest');
      const r = await buyPoints(ctx, auth.user.id, point);
      if (!r.ok) return accountFail(r.reason === 'range' ? 'pointsRange' : 'balance');
      return ok({ points: r.points, costCents: r.costCents, remaining: await pointsOf(ctx, auth.user.id) });
    }),
  );

  // ---- coupons (the shop's user coupons, decision 028) ----
  app.get(
    `${A}/get/coupons/count`,
    U(async (auth) => ok(await couponCounts(ctx, auth.user.id))),
  );
  app.get(
    `${A}/get/coupons/list`,
    U(async (auth, req) => {
      const status = String(query(req).status ?? 'usable');
      if (status !== 'usable' && status !== 'used' && status !== 'expired') return accountFail('badRequest');
      const now = Date.now();
      const list = (await userCoupons(ctx, auth.user.id))
        .filter((c) => couponStatus(c, now) === status)
        .map((c) => ({
          userFrontCouponsId: c.id,
          couponId: c.couponId,
          couponName: c.couponName,
          amountCents: c.amountCents,
          minCents: c.minCents,
          expiresAt: c.expiresAt,
          usedOrderNo: c.usedOrderNo,
          status,
        }));
      return ok({ list });
    }),
  );
  app.post(
    `${A}/exchange/coupons`,
    U(async (auth, req) => {
      const code = body(req).code;
      if (typeof code !== 'string' || !/^[A-Za-z0-9]{1,32}$/.test(code.trim())) return accountFail('couponCode');
      const r = await exchangeCoupon(ctx, auth.user.id, code);
      if (!r.ok) return accountFail(r.reason === 'unknown' ? 'couponCode' : 'couponAlready');
      return ok(r);
    }),
  );
  app.delete(
    `${A}/delete/expire/coupon`,
    U(async (auth, req) => {
      const id = int(query(req).user_front_coupons_id ?? body(req).user_front_coupons_id);
      if (id === undefined) return accountFail('badRequest');
      const r = await deleteExpiredCoupon(ctx, auth.user.id, id);
      if (r === 'notFound') return accountFail('couponNotFound');
      if (r === 'notExpired') return accountFail('couponNotExpired');
      return ok(null);
    }),
  );
  app.get<{ Params: { id: string } }>(
    `${A}/couponCourseAjax/:id`,
    U(async (auth, req) => {
      const id = int((req.params as { id: string }).id);
      if (id === undefined) return accountFail('badRequest');
      const courses = await couponCourses(ctx, auth.user.id, id);
      if (!courses) return accountFail('couponNotFound');
      return ok({ list: courses });
    }),
  );

  // ---- balance: recharge card, withdraw, invite code and record ----
  app.get(
    `${A}/get/charge`,
    U(async (auth) => {
      const [balanceCents, list, withdrawals] = await Promise.all([
        balanceOf(ctx, auth.user.id),
        ctx.db.all<{ id: number; delta: number; reason: string; orderNo: string | null; createdAt: number }>(
          "SELECT id, delta, reason, order_no, created_at FROM shop_ledger WHERE user_id = ? AND kind = 'balance' ORDER BY created_at DESC, id DESC LIMIT 20",
          [auth.user.id],
        ),
        ctx.db.all<{ id: number; amountCents: number; status: string; createdAt: number }>(
          'SELECT id, amount_cents, status, created_at FROM acct_withdrawals WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 20',
          [auth.user.id],
        ),
      ]);
      return ok({ balanceCents, list, withdrawals });
    }),
  );
  app.post(
    `${A}/recharge/charge/card`,
    U(async (auth, req) => {
      const code = body(req).code;
      if (typeof code !== 'string' || !/^[A-Za-z0-9]{1,32}$/.test(code.trim())) return accountFail('rechargeUnknown');
      const r = await rechargeCard(ctx, auth.user.id, code);
      if (!r.ok) return accountFail(r.reason === 'unknown' ? 'rechargeUnknown' : 'rechargeUsed');
      return ok({ valueCents: r.valueCents, balanceCents: await balanceOf(ctx, auth.user.id) });
    }),
  );
  app.post(
    `${A}/cash/withdraw`,
    U(async (auth, req) => {
      const raw = body(req).withdrawAmount;
      const cents = typeof raw === 'string' || typeof raw === 'number' ? yuanTextToCents(String(raw)) : undefined;
      if (cents === undefined) return accountFail('withdrawAmount');
      const r = await withdraw(ctx, auth.user.id, cents);
      if (!r.ok) return accountFail(r.reason === 'min' ? 'withdrawMin' : 'balance');
      return ok({ balanceCents: await balanceOf(ctx, auth.user.id) });
    }),
  );
  app.get(
    `${A}/get/personal/invite/code`,
    U(async (auth) => ok({ inviteCode: inviteCodeOf(auth.user.id) })),
  );
  app.get(
    `${A}/get/personal/record`,
    U(async (auth) =>
      ok({
        list: await ctx.db.all<{ id: number; inviteeName: string; rewardPoints: number; createdAt: number }>(
          'SELECT id, invitee_name, reward_points, created_at FROM acct_invites WHERE inviter_id = ? ORDER BY created_at DESC, id DESC',
          [auth.user.id],
        ),
      }),
    ),
  );

  // ---- invoices (spec 001 section 7 "Invoices"; /v1/invoice/...) ----
  const I = `${SB}/v1/invoice`;
  const invoiceOn = async (cid: number) =>
    (await ctx.db.get<{ status: number }>("SELECT status FROM shop_functions WHERE company_id = ? AND code = 'INVOICE'", [cid]))?.status !== 0;
  app.get(
    `${I}/getInvoiceFunction`,
    U(async (_auth, _req, _reply, cid) => ok({ enabled: await invoiceOn(cid), titleTypes: ['personal', 'company'] })),
  );
  app.get(
    `${I}/template`,
    U(async (auth) => ok((await ctx.db.get('SELECT title_type, title, tax_no, email FROM acct_invoice_templates WHERE user_id = ?', [auth.user.id])) ?? null)),
  );
  const fieldsOf = (b: Record<string, unknown>): InvoiceFields | undefined => {
    const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim().length > 0 && v.trim().length <= max ? v.trim() : undefined);
    const titleType = b.titleType === 'company' ? 'company' : b.titleType === 'personal' ? 'personal' : undefined;
    const title = str(b.title, 100),
      email = str(b.email, 100);
    const taxNo = titleType === 'company' ? str(b.taxNo, 20) : null;
    if (!titleType || !title || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || taxNo === undefined) return undefined;
    if (taxNo !== null && !/^[0-9A-Z]{15,20}$/.test(taxNo)) return undefined;
    return { titleType, title, taxNo, email };
  };
  app.post(
    `${I}/saveOrUpdateTemplate`,
    U(async (auth, req) => {
      const f = fieldsOf(body(req));
      if (!f) return accountFail('invoiceFields');
      await ctx.db.run(
        `INSERT INTO acct_invoice_templates (user_id, title_type, title, tax_no, email) VALUES (?,?,?,?,?)
      ON CONFLICT (user_id) DO UPDATE SET title_type = excluded.title_type, title = excluded.title, tax_no = excluded.tax_no, email = excluded.email`,
        [auth.user.id, f.titleType, f.title, f.taxNo, f.email],
      );
      return ok(null);
    }),
  );
  app.get(
    `${I}/companyInvoice`,
    U(async (auth, req) => {
      const orderNo = String(query(req).orderNo ?? '');
      return ok(
        (await ctx.db.get(
          'SELECT order_no, title_type, title, tax_no, email, amount_cents, status, created_at FROM acct_invoices WHERE order_no = ? AND user_id = ?',
          [orderNo, auth.user.id],
        )) ?? null,
      );
    }),
  );
  app.post(
    `${I}/saveCompanyInvoice`,
    U(async (auth, req, _reply, cid) => {
      if (!(await invoiceOn(cid))) return accountFail('invoiceOff');
      const b = body(req);
      const f = fieldsOf(b);
      if (!f) return accountFail('invoiceFields');
      const r = await requestInvoice(ctx, auth.user.id, String(b.orderNo ?? ''), f);
      if (r === 'notFound') return accountFail('invoiceOrder');
      if (r === 'notPaid') return accountFail('invoiceNotPaid');
      if (r === 'already') return accountFail('invoiceAlready');
      return ok(null);
    }),
  );

  // ---- study cards (spec 001 section 7 "Study cards") ----
  const C = `${SB}/v1/study/card`;
  const cardFail = (reason: 'unknown' | 'used' | 'expired' | 'bought') =>
    accountFail(reason === 'unknown' ? 'cardUnknown' : reason === 'used' ? 'cardUsed' : reason === 'expired' ? 'cardExpired' : 'cardBought');
  const codeOf = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9]{1,32}$/.test(v.trim()) ? v.trim() : undefined);
  app.post(
    `${C}/check/code`,
    U(async (auth, req) => {
      const code = codeOf(body(req).code);
      if (!code) return cardFail('unknown');
      const r = await checkCard(ctx, auth.user.id, code);
      return r.ok ? ok(r.card) : cardFail(r.reason);
    }),
  );
  app.get(
    `${C}/get/class/package/info`,
    U(async (auth, req) => {
      const code = codeOf(query(req).code);
      if (!code) return cardFail('unknown');
      const r = await checkCard(ctx, auth.user.id, code);
      return r.ok ? ok(r.card) : cardFail(r.reason);
    }),
  );
  app.post(
    `${C}/create/order`,
    U(async (auth, req, _reply, cid) => {
      const code = codeOf(body(req).code);
      if (!code) return cardFail('unknown');
      const r = await redeemCard(ctx, auth.user.id, auth.user.schoolId ?? cid, code);
      return r.ok ? ok({ orderNo: r.orderNo }) : cardFail(r.reason);
    }),
  );
  app.get(
    `${C}/get/return/info`,
    U(async (auth, req) => {
      const info = await cardReturnInfo(ctx, auth.user.id, String(query(req).orderNo ?? ''));
      return info ? ok(info) : accountFail('cardOrderNotFound');
    }),
  );

  if (!ctx.control) return;
  app.get('/__sandbox/account/memberships', async (req, reply) => {
    const userId = int(query(req).userId);
    if (userId === undefined) return reply.code(400).send({ error: 'userId must be an integer' });
    const u = await ctx.db.get<{ memberFlag: number }>('SELECT member_flag FROM users WHERE id = ?', [userId]);
    return { userId, memberFlag: u?.memberFlag ?? 0, list: await memberships(ctx, userId) };
  });
  // the company's invoice function (getInvoiceFunction): on unless switched off here
  app.post('/__sandbox/account/invoice-function', async (req, reply) => {
    const b = body(req);
    const cid = int(b.companyId) ?? 1;
    if (typeof b.enabled !== 'boolean') return reply.code(400).send({ error: 'enabled must be a boolean' });
    await ctx.db.run(
      `INSERT INTO shop_functions (company_id, code, status) VALUES (?, 'INVOICE', ?)
      ON CONFLICT (company_id, code) DO UPDATE SET status = excluded.status`,
      [cid, b.enabled ? 1 : 0],
    );
    return { companyId: cid, enabled: b.enabled };
  });
  app.get('/__sandbox/account/enrolments', async (req, reply) => {
    const userId = int(query(req).userId);
    if (userId === undefined) return reply.code(400).send({ error: 'userId must be an integer' });
    return { userId, list: await listEnrolments(ctx, userId) };
  });
}
