import { failMsg } from '../messages.js';
import type { FastifyInstance } from 'fastify';
import { body, type Ctx } from '../context.js';
import { hashPassword, type UserRow } from '../db.js';
import { ok } from '../envelope.js';
import { SB, withCompany } from './config.js';
import { consumeSmsCode, passwordOf } from './login.js';
import { MOBILE_RE } from './session.js';

export const NEW_PASSWORD_MIN = 6;
export const NEW_PASSWORD_MAX = 20;

/**
 * Forgot password by phone (chosen path; the spec shows only the page /login/forget?method=phone).
 * The code comes from `sendSmsCode` with type 'forget' after `checkLimitAndMobile` type 'forget' (which,
 * like 'login', needs a registered mobile).
 */
export function registerForgetRoutes(app: FastifyInstance, ctx: Ctx): void {
  const C = (h: Parameters<typeof withCompany>[1]) => withCompany(ctx, h);
  app.post(
    `${SB}/v1/front/login/forget/resetPassword`,
    C(async (cid, req) => {
      const b = body(req);
      const mobile = String(b.mobile ?? '').trim();
      const smsCode = String(b.smsCode ?? '').trim();
      const password = passwordOf(b.password);
      if (!MOBILE_RE.test(mobile)) return failMsg('mobileInvalid');
      if (!smsCode) return failMsg('smsCodeRequired');
      if (password.length < NEW_PASSWORD_MIN || password.length > NEW_PASSWORD_MAX) return failMsg('passwordLength');
      const user = await ctx.db.get<UserRow>('SELECT * FROM users WHERE mobile = ? AND company_id = ?', [mobile, cid]);
      if (!(await consumeSmsCode(ctx, mobile, smsCode))) return failMsg('smsCodeWrong');
      if (!user) return failMsg('mobileNotRegistered');
      await ctx.db.run('UPDATE users SET password_hash = ? WHERE id = ?', [hashPassword(password), user.id]);
      return ok(null);
    }),
  );
}
