import { failMsg } from '../messages.js';
import { constants, privateDecrypt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authState, captchaGate, randomId } from '../auth-state.js';
import { body, hostOf, query, resolveSchool, type Ctx } from '../context.js';
import { getKeyPair, verifyPassword, type UserRow } from '../db.js';
import { fail, ok } from '../envelope.js';
import { SB, withCompany } from './config.js';
import { MOBILE_RE } from './session.js';

/** Spec 000 section 9: the resend countdown; the sandbox refuses an earlier resend too. */
export const SMS_RESEND_S = 60;
export const SMS_PER_MOBILE_PER_DAY = 10;
export const SMS_CODE_TTL_MS = 10 * 60_000;
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const FACE_CODE = '120030002';

/**
 * The password the portal sent: base64 RSA-OAEP (SHA-1) ciphertext made with loginConfig.publicKey,
 * or, when it does not decrypt, the password as typed (older clients).
 */
export function passwordOf(raw: unknown): string {
  const value = typeof raw === 'string' ? raw : '';
  if (value.length >= 160 && /^[A-Za-z0-9+/=]+$/.test(value)) {
    try {
      return privateDecrypt({ key: getKeyPair().privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING }, Buffer.from(value, 'base64')).toString('utf8');
    } catch {
      // not ciphertext: fall through
    }
  }
  return value;
}

/** The login answer of spec 000 section 3. */
export async function loginAnswer(ctx: Ctx, user: UserRow, schoolId: number) {
  const session = await ctx.db.createSession(user, schoolId, ctx.tokenTtlS);
  return ok({
    flag: 1,
    user: { id: user.id, schoolId },
    token: { token: session.token, code: session.backCode },
    redirectConfig: null,
    companyMessageReach: 'ok',
    changePasswordConfig: user.changePasswordConfig,
  });
}

async function schoolOf(ctx: Ctx, req: FastifyRequest, cid: number, user: UserRow): Promise<number> {
  const q = query(req).schoolId ?? body(req).schoolId;
  if (q !== undefined && q !== null && q !== '') {
    const school = await resolveSchool(ctx, req, cid);
    return school.id;
  }
  return user.schoolId;
}

/** Wrong checks a code survives: the 5th wrong one burns it, as a real upstream should (portal issue 10 §2). */
export const SMS_CODE_MAX_WRONG = 5;

/**
 * The latest unused SMS code of a mobile, if it matches and is fresh; it is used up on success. A wrong
 * code counts against the latest code; after SMS_CODE_MAX_WRONG wrong checks it is burned (used), so
 * even the right code fails until a new one is sent.
 */
export async function consumeSmsCode(ctx: Ctx, mobile: string, code: string): Promise<boolean> {
  const row = await ctx.db.get<{ id: number; code: string; sentAt: number; used: number; wrong: number }>(
    'SELECT id, code, sent_at, used, wrong FROM sms_codes WHERE mobile = ? ORDER BY id DESC LIMIT 1',
    [mobile],
  );
  if (!row || row.used || row.sentAt + SMS_CODE_TTL_MS < Date.now()) return false;
  if (row.code !== code) {
    await ctx.db.run('UPDATE sms_codes SET wrong = wrong + 1, used = CASE WHEN wrong + 1 >= ? THEN 1 ELSE used END WHERE id = ?', [SMS_CODE_MAX_WRONG, row.id]);
    return false;
  }
  await ctx.db.run('UPDATE sms_codes SET used = 1 WHERE id = ?', [row.id]);
  return true;
}

export function registerLoginRoutes(app: FastifyInstance, ctx: Ctx): void {
  const C = (h: Parameters<typeof withCompany>[1]) => withCompany(ctx, h);
  const L = `${SB}/v1/front/login`;

  // account (username, mobile or email) + password; optional thirdCacheCode binds a third-party identity
  app.post(
    `${L}/`,
    C(async (cid, req) => {
      const b = body(req);
      const gate = captchaGate(ctx, b.ticket ?? query(req).ticket, b.randstr ?? query(req).randstr);
      if (gate) return fail(gate, 'captcha required');
      const account = String(b.account ?? b.username ?? '').trim();
      const password = passwordOf(b.password);
      if (!account) return failMsg('accountRequired');
      if (!password) return failMsg('passwordRequired');
      const state = authState(ctx);
      const key = `${cid}:${account.toLowerCase()}`;
      const failures = state.loginFailures.get(key);
      const now = Date.now();
      if (failures && failures.first + LOGIN_FAILURE_WINDOW_MS > now && failures.count >= LOGIN_FAILURE_LIMIT) {
        const minutes = Math.ceil((failures.first + LOGIN_FAILURE_WINDOW_MS - now) / 60_000);
        return failMsg('tooManyLogins', minutes);
      }
      let user = await ctx.db.userByAccount(account, cid);
      if (!user && account.includes('@')) {
        user = await ctx.db.get<UserRow>('SELECT * FROM users WHERE email = ? AND company_id = ?', [account, cid]);
      }
      if (!user || !verifyPassword(password, user.passwordHash)) {
        const next =
          failures && failures.first + LOGIN_FAILURE_WINDOW_MS > now ? { first: failures.first, count: failures.count + 1 } : { first: now, count: 1 };
        state.loginFailures.set(key, next);
        return failMsg('wrongAccountOrPassword');
      }
      state.loginFailures.delete(key);
      const thirdCacheCode = query(req).thirdCacheCode;
      if (thirdCacheCode) state.cacheCodes.delete(thirdCacheCode);
      const schoolId = await schoolOf(ctx, req, cid, user);
      if (state.faceUsers.has(user.id)) {
        const orderNo = randomId(8);
        const loginToken = randomId(16);
        state.faceOrders.set(orderNo, { loginToken, userId: user.id, schoolId });
        const url = `http://${hostOf(req)}/face/verify?orderNo=${orderNo}`;
        return { code: FACE_CODE, message: 'face verification required', data: { url, loginToken, orderNo } };
      }
      return loginAnswer(ctx, user, schoolId);
    }),
  );

  // mobile + SMS code
  app.post(
    `${L}/mobileSmsLogin`,
    C(async (cid, req) => {
      const b = body(req);
      const gate = captchaGate(ctx, b.ticket, b.randstr);
      if (gate) return fail(gate, 'captcha required');
      const mobile = String(b.mobile ?? '').trim();
      const smsCode = String(b.smsCode ?? '').trim();
      if (!MOBILE_RE.test(mobile)) return failMsg('mobileInvalid');
      if (!smsCode) return failMsg('smsCodeRequired');
      const user = await ctx.db.get<UserRow>('SELECT * FROM users WHERE mobile = ? AND company_id = ?', [mobile, cid]);
      if (!(await consumeSmsCode(ctx, mobile, smsCode))) return failMsg('smsCodeWrong');
      if (!user) return failMsg('mobileNotRegistered');
      return loginAnswer(ctx, user, await schoolOf(ctx, req, cid, user));
    }),
  );

  // before an SMS send: the mobile's format and the sandbox's own send limits
  app.post(
    `${L}/checkLimitAndMobile`,
    C(async (cid, req) => {
      const b = body(req);
      const mobile = String(b.mobile ?? query(req).mobile ?? '').trim();
      if (!MOBILE_RE.test(mobile)) return failMsg('mobileInvalid');
      const last = await ctx.db.get<{ sentAt: number }>('SELECT sent_at FROM sms_codes WHERE mobile = ? ORDER BY id DESC LIMIT 1', [mobile]);
      const now = Date.now();
      if (last && last.sentAt + SMS_RESEND_S * 1000 > now) {
        return failMsg('smsRetryLater', Math.ceil((last.sentAt + SMS_RESEND_S * 1000 - now) / 1000));
      }
      const day = await ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM sms_codes WHERE mobile = ? AND sent_at > ?', [mobile, now - 86_400_000]);
      if ((day?.n ?? 0) >= SMS_PER_MOBILE_PER_DAY) return failMsg('smsDailyLimit');
      if (b.type === 'login' || b.type === 'forget') {
        const user = await ctx.db.get<{ id: number }>('SELECT id FROM users WHERE mobile = ? AND company_id = ?', [mobile, cid]);
        if (!user) return failMsg('mobileNotRegistered');
      }
      return ok(null);
    }),
  );

  // a one-time cache code from getThirdUserBy becomes a session
  app.get(
    `${L}/loginByCacheCode`,
    C(async (cid, req) => {
      const cacheCode = (query(req).cacheCode ?? '').trim();
      const entry = authState(ctx).cacheCodes.get(cacheCode);
      if (!entry) return failMsg('invalidCacheCode');
      authState(ctx).cacheCodes.delete(cacheCode);
      const user = await ctx.db.user(entry.userId);
      if (!user || user.companyId !== cid) return failMsg('invalidCacheCode');
      return loginAnswer(ctx, user, await schoolOf(ctx, req, cid, user));
    }),
  );

  // after the face page: the order must have passed and the login token must match
  app.post(
    `${L}/loginByFace`,
    C(async (cid, req) => {
      const q = query(req);
      const order = authState(ctx).faceOrders.get(q.orderNo ?? '');
      if (!order || order.loginToken !== q.loginToken) return failMsg('invalidFaceOrder');
      if (order.result !== 'pass') return failMsg('faceFailed');
      authState(ctx).faceOrders.delete(q.orderNo ?? '');
      const user = await ctx.db.user(order.userId);
      if (!user || user.companyId !== cid) return failMsg('invalidFaceOrder');
      return loginAnswer(ctx, user, order.schoolId);
    }),
  );
}
