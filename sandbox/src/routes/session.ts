import { failMsg } from '../messages.js';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authOf, body, companyNotFound, currentUserJson, domainOf, hostOf, query, resolveCompany, unauthorized, type Ctx } from '../context.js';
import type { TokenRow } from '../db.js';
import { captchaGate } from '../auth-state.js';
import { fail, ok } from '../envelope.js';
import { EXT, SB, withCompany } from './config.js';
import { latelyLearned } from '../study/progress.js';

export const MOBILE_RE = /^1[3-9]\d{9}$/;

function sessionJson(t: TokenRow) {
  return { token: t.token, code: t.backCode, userId: t.userId, companyId: t.companyId, schoolId: t.schoolId };
}

export function registerSessionRoutes(app: FastifyInstance, ctx: Ctx): void {
  const C = (h: Parameters<typeof withCompany>[1]) => withCompany(ctx, h);

  // code (from /__sandbox/sso/code) -> token + back-login code; the code is single use, 5 minutes
  app.get(`${SB}/sso/onlischool/sign/token`, async (req) => {
    const code = (query(req).code ?? '').trim();
    const row = code
      ? await ctx.db.get<{ userId: number; schoolId: number; expiresAt: number; used: number }>('SELECT * FROM sso_codes WHERE code = ?', [code])
      : undefined;
    if (!row || row.used || row.expiresAt <= Date.now()) return failMsg('invalidCode');
    const user = await ctx.db.user(row.userId);
    if (!user) return failMsg('invalidCode');
    if (domainOf(req) !== undefined) {
      const cid = await resolveCompany(ctx, req);
      if (cid !== user.companyId) return failMsg('invalidCode');
    }
    const { changes } = await ctx.db.run('UPDATE sso_codes SET used = 1 WHERE code = ? AND used = 0', [code]);
    if (!changes) return failMsg('invalidCode');
    return ok(sessionJson(await ctx.db.createSession(user, row.schoolId, ctx.tokenTtlS)));
  });

  app.get(`${SB}/sso/user`, async (req, reply) => {
    const auth = await authOf(ctx, req, undefined, (query(req).access_token ?? '').trim());
    if (!auth) return unauthorized(reply);
    return ok(currentUserJson(auth.user, auth.token.schoolId));
  });

  app.get(`${EXT}/usersfront/getCurrentUser`, async (req, reply) => {
    const cid = domainOf(req) !== undefined ? await resolveCompany(ctx, req) : undefined;
    if (domainOf(req) !== undefined && cid === undefined) return companyNotFound(reply);
    const auth = await authOf(ctx, req, cid);
    if (!auth) return unauthorized(reply);
    return ok(currentUserJson(auth.user, auth.token.schoolId));
  });

  app.post(`${EXT}/usersfront/getTokenBackLogin`, async (req) => {
    const code = String(body(req).code ?? query(req).code ?? '').trim();
    const row = code ? await ctx.db.get<{ userId: number; schoolId: number; revoked: number }>('SELECT * FROM back_codes WHERE code = ?', [code]) : undefined;
    if (!row || row.revoked) return failMsg('invalidCode');
    const user = await ctx.db.user(row.userId);
    if (!user) return failMsg('invalidCode');
    return ok(sessionJson(await ctx.db.createSession(user, row.schoolId, ctx.tokenTtlS, code)));
  });

  // logout: revokes the token and its back-login code; answers where to go (lenient without a valid token)
  app.post(`${SB}/v1/front/login/loginoutNew`, async (req) => {
    const auth = await authOf(ctx, req);
    let loginSchoolPath = '/home/index';
    if (auth) {
      await ctx.db.batch([
        { sql: 'UPDATE tokens SET revoked = 1 WHERE token = ?', args: [auth.token.token] },
        { sql: 'UPDATE back_codes SET revoked = 1 WHERE code = ?', args: [auth.token.backCode] },
      ]);
      const school = await ctx.db.school(auth.token.schoolId);
      if (school && !school.defaultFlag && school.suffix) loginSchoolPath = `/home/index/${school.suffix}`;
    }
    return ok({ loginSchoolPath });
  });

  app.get(
    `${SB}/v1/front/admin/link`,
    C(async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      if (!auth.user.staffFlag) return failMsg('noPermission');
      return ok(`http://${hostOf(req)}/__sandbox/admin?company=${cid}`);
    }),
  );

  app.get(
    `${SB}/v1/front/learn/lastLearn`,
    C(async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      // the lesson of lately/learn/course (study/progress.ts) in this call's shape; the last_learn table is no longer read
      const l = await latelyLearned(ctx, auth.user.id);
      return ok(l && { courseId: l.courseId, courseName: l.courseName, lessonId: l.lessonId, lessonName: l.lessonName });
    }),
  );

  // the cart list: routes/shop.ts (issue 16)

  // minimal SMS sender (chosen path); the code is readable from GET /__sandbox/sms?mobile=
  app.post(
    `${SB}/v1/front/login/sendSmsCode`,
    C(async (cid, req) => {
      const b = body(req);
      if (captchaGate(ctx, b.ticket, b.randstr)) return fail('600', 'captcha required');
      const mobile = String(b.mobile ?? query(req).mobile ?? '').trim();
      if (!MOBILE_RE.test(mobile)) return failMsg('mobileInvalid');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const type = typeof b.type === 'string' ? b.type : 'login';
      await ctx.db.run('INSERT INTO sms_codes (mobile, company_id, code, type, sent_at) VALUES (?,?,?,?,?)', [mobile, cid, code, type, Date.now()]);
      return ok(null);
    }),
  );
}
