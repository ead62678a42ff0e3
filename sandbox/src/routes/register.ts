import { failMsg } from '../messages.js';
import type { FastifyInstance } from 'fastify';
import { captchaGate, captchaPeek } from '../auth-state.js';
import { area, body, query, type Ctx } from '../context.js';
import { hashPassword, type UserRow } from '../db.js';
import { fail, ok } from '../envelope.js';
import { SB, withCompany } from './config.js';
import { consumeSmsCode } from './login.js';
import { MOBILE_RE } from './session.js';

const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;

/** Province → city → county list served as a static JSON (the spec's "static file host"). */
export const CITIES = [
  { name: '北京市', cities: [{ name: '北京市', counties: ['东城区', '西城区', '朝阳区', '海淀区'] }] },
  { name: '上海市', cities: [{ name: '上海市', counties: ['黄浦区', '徐汇区', '浦东新区'] }] },
  {
    name: '广东省',
    cities: [
      { name: '广州市', counties: ['越秀区', '天河区', '海珠区'] },
      { name: '深圳市', counties: ['福田区', '南山区', '宝安区'] },
    ],
  },
  {
    name: '浙江省',
    cities: [
      { name: '杭州市', counties: ['上城区', '西湖区', '滨江区'] },
      { name: '宁波市', counties: ['海曙区', '鄞州区'] },
    ],
  },
];

async function taken(ctx: Ctx, cid: number, field: 'username' | 'mobile' | 'email', value: string): Promise<boolean> {
  const row = await ctx.db.get<{ id: number }>(`SELECT id FROM users WHERE ${field} = ? AND company_id = ?`, [value, cid]);
  return Boolean(row);
}

const BOUND = { username: 'usernameBound', mobile: 'phoneBound', email: 'emailBound' } as const;

export function registerRegisterRoutes(app: FastifyInstance, ctx: Ctx): void {
  const C = (h: Parameters<typeof withCompany>[1]) => withCompany(ctx, h);
  const R = `${SB}/v1/front/register`;

  app.get('/__static/cities.json', async () => CITIES);

  // duplicate check: each of mobile, username, email given must be unused in the company; while the captcha
  // is required, with a valid slider ticket and randstr (spec 000 §5), not used up (the send that follows takes it)
  app.get(
    `${R}/checkAccount`,
    C(async (cid, req) => {
      const q = query(req);
      const gate = captchaPeek(ctx, q.ticket, q.randstr);
      if (gate) return fail(gate, 'captcha required');
      for (const field of ['username', 'mobile', 'email'] as const) {
        const value = (q[field] ?? '').trim();
        if (value && (await taken(ctx, cid, field, value))) return failMsg(BOUND[field]);
      }
      return ok(null);
    }),
  );

  app.get(
    `${R}/getProvCityCountyFlag`,
    C(async (cid) => {
      const r = await area(ctx, cid, 'registerConfig');
      return ok(Number(r.provCityCountyFlag ?? 0));
    }),
  );

  app.post(
    `${R}/register`,
    C(async (cid, req) => {
      const b = body(req);
      const gate = captchaGate(ctx, b.ticket, b.randstr);
      if (gate) return fail(gate, 'captcha required');
      const config = await area(ctx, cid, 'registerConfig');
      if (config.closeFlag) return failMsg('registrationClosed');
      const str = (k: string) => (typeof b[k] === 'string' ? (b[k] as string).trim() : '');
      const username = str('username');
      const mobile = str('mobile');
      const password = typeof b.password === 'string' ? b.password : '';
      if (config.usernameFlag) {
        if (!username) return failMsg('usernameRequired');
        if (!USERNAME_RE.test(username)) return failMsg('usernameFormat');
      }
      if (config.mobileFlag && !mobile) return failMsg('mobileRequired');
      if (mobile && !MOBILE_RE.test(mobile)) return failMsg('mobileFormat');
      if (!password) return failMsg('passwordEmpty');
      if (config.provCityCountyFlag && (!str('province') || !str('city'))) return failMsg('regionRequired');
      if (username && (await taken(ctx, cid, 'username', username))) return failMsg(BOUND.username);
      if (mobile && (await taken(ctx, cid, 'mobile', mobile))) return failMsg(BOUND.mobile);
      if (mobile) {
        if (!str('smsCode')) return failMsg('smsCodeEmpty');
        if (!(await consumeSmsCode(ctx, mobile, str('smsCode')))) return failMsg('phoneVerificationFailed');
      }
      const school = await ctx.db.defaultSchool(cid);
      const max = await ctx.db.get<{ id: number }>('SELECT MAX(id) AS id FROM users');
      const id = Math.max(5000, (max?.id ?? 0) + 1);
      await ctx.db.run(`INSERT INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash) VALUES (?,?,?,?,?,?,?,?)`, [
        id,
        cid,
        school?.id ?? 1,
        username || null,
        mobile || null,
        null,
        username || mobile,
        hashPassword(password),
      ]);
      const user = (await ctx.db.user(id)) as UserRow;
      return ok({ userId: user.id });
    }),
  );
}
