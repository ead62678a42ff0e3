import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { applyConfigPatch, ConfigPatchError, isObject } from '../config.js';
import { body, query, schoolJson, type Ctx } from '../context.js';
import type { JsonObject, UserRow } from '../db.js';
import { FaultError, validateFault } from '../faults.js';
import { BRANCHES } from '../seed.js';
import { seedCodes } from '../seed-codes.js';
import { objectStore } from '../storage/objects.js';
import type { Template } from '../template.js';
import { resetAuthState } from '../auth-state.js';
import { resetQrCodes } from './qrcode.js';

const SSO_CODE_TTL_MS = 5 * 60 * 1000;

const bad = (reply: FastifyReply, error: string) => reply.code(400).send({ error });
const notFound = (reply: FastifyReply, error = 'not found') => reply.code(404).send({ error });

export function registerHealthRoute(app: FastifyInstance): void {
  app.get('/__sandbox/health', async () => ({ ok: true }));
}

export function registerControlRoutes(app: FastifyInstance, ctx: Ctx, template: Template): void {
  const P = '/__sandbox';

  async function findUser(b: Record<string, unknown>): Promise<UserRow | undefined> {
    const account = String(b.account ?? '').trim();
    if (!account) return undefined;
    const cid = b.companyId === undefined ? undefined : Number(b.companyId);
    return ctx.db.userByAccount(account, cid);
  }

  async function schoolFor(user: UserRow, b: Record<string, unknown>): Promise<number> {
    if (b.schoolId !== undefined) {
      const s = await ctx.db.school(Number(b.schoolId));
      if (s && s.companyId === user.companyId) return s.id;
    }
    return user.schoolId;
  }

  // the seed back (src/template.ts), then every in-memory state as at start, so no test depends on the one before
  app.post(`${P}/reset`, async () => {
    await template.restore();
    ctx.faults.clear();
    ctx.requests.length = 0;
    resetAuthState(ctx);
    resetQrCodes(ctx);
    const store = objectStore(ctx);
    store.failNext = 0;
    store.chunkWrites = 0;
    store.failedWrites = 0;
    store.lastCompleted = null;
    for (const reset of ctx.onReset) reset();
    return { ok: true };
  });

  // the seed's codes that give money or a coupon (issue 36 §1): random-looking, so a test reads them here
  app.get(`${P}/seed/codes`, async () => seedCodes());

  app.get(`${P}/sms`, async (req, reply) => {
    const mobile = (query(req).mobile ?? '').trim();
    const row = await ctx.db.get<{ mobile: string; code: string; sentAt: number; type: string; companyId: number | null }>(
      'SELECT mobile, code, sent_at, type, company_id FROM sms_codes WHERE mobile = ? ORDER BY id DESC LIMIT 1',
      [mobile],
    );
    if (!row) return notFound(reply, 'no code sent to this mobile');
    return { mobile: row.mobile, code: row.code, sentAt: new Date(row.sentAt).toISOString(), type: row.type, companyId: row.companyId };
  });

  // the header badge's numbers: make a user's cart in a school hold exactly `count` items
  app.post(`${P}/cart`, async (req, reply) => {
    const b = body(req);
    const user = await findUser(b);
    if (!user) return notFound(reply, 'user not found');
    const count = Number(b.count);
    if (!Number.isInteger(count) || count < 0 || count > 1000) return bad(reply, 'count must be a whole number 0-1000');
    const schoolId = await schoolFor(user, b);
    const stmts: { sql: string; args: (number | string)[] }[] = [
      { sql: 'DELETE FROM cart_items WHERE user_id = ? AND school_id = ?', args: [user.id, schoolId] },
    ];
    for (let i = 1; i <= count; i++) {
      stmts.push({
        sql: 'INSERT INTO cart_items (user_id, school_id, commodity_id, commodity_name, price) VALUES (?,?,?,?,?)',
        args: [user.id, schoolId, 9000 + i, `sandbox item ${i}`, 1],
      });
    }
    await ctx.db.batch(stmts);
    return { userId: user.id, schoolId, count };
  });

  app.get<{ Params: { id: string } }>(`${P}/companies/:id/config`, async (req, reply) => {
    const config = await ctx.db.getConfig(Number(req.params.id));
    return config ?? notFound(reply, 'company not found');
  });

  app.patch<{ Params: { id: string } }>(`${P}/companies/:id/config`, async (req, reply) => {
    const id = Number(req.params.id);
    const config = await ctx.db.getConfig(id);
    if (!config) return notFound(reply, 'company not found');
    if (!isObject(req.body)) return bad(reply, 'body must be a JSON object');
    try {
      const merged = applyConfigPatch(config, req.body as JsonObject, ctx.fieldMap);
      await ctx.db.setConfig(id, merged);
      return merged;
    } catch (e) {
      if (e instanceof ConfigPatchError) return bad(reply, e.message);
      throw e;
    }
  });

  app.post<{ Params: { id: string } }>(`${P}/companies/:id/schools`, async (req, reply) => {
    const cid = Number(req.params.id);
    if (!(await ctx.db.companyExists(cid))) return notFound(reply, 'company not found');
    const count = Number(body(req).count);
    if (!Number.isInteger(count) || count < 1 || count > 500) return bad(reply, 'count must be an integer 1..500');
    let schools = await ctx.db.schools(cid);
    if (schools.length > count) {
      const drop = schools
        .filter((s) => !s.defaultFlag)
        .sort((a, b) => b.id - a.id)
        .slice(0, schools.length - count);
      await ctx.db.batch(drop.map((s) => ({ sql: 'DELETE FROM schools WHERE id = ?', args: [s.id] })));
    } else if (schools.length < count) {
      const used = new Set((await ctx.db.all<{ suffix: string }>('SELECT suffix FROM schools')).map((r) => r.suffix));
      const names = BRANCHES.filter(([, suffix]) => !used.has(suffix));
      const stmts = [];
      for (let i = schools.length, n = 0; i < count; i++, n++) {
        let [name, suffix] = names[n] ?? [`第${i}分校`, `branch${i}`];
        if (used.has(suffix)) suffix = `${suffix}${cid}x${i}`;
        used.add(suffix);
        stmts.push({ sql: 'INSERT INTO schools (company_id, school_name, suffix, default_flag) VALUES (?,?,?,0)', args: [cid, name, suffix] });
      }
      await ctx.db.batch(stmts);
    }
    schools = await ctx.db.schools(cid);
    return { count: schools.length, schools: schools.map(schoolJson) };
  });

  app.post(`${P}/faults`, async (req, reply) => {
    try {
      return ctx.faults.add(validateFault(req.body));
    } catch (e) {
      if (e instanceof FaultError) return bad(reply, e.message);
      throw e;
    }
  });
  app.get(`${P}/faults`, async () => ctx.faults.list());
  app.delete(`${P}/faults`, async () => {
    ctx.faults.clear();
    return { ok: true };
  });
  app.delete<{ Params: { id: string } }>(`${P}/faults/:id`, async (req, reply) =>
    ctx.faults.remove(Number(req.params.id)) ? { ok: true } : notFound(reply, 'fault not found'),
  );

  app.get(`${P}/requests`, async (req, reply) => {
    const q = query(req);
    let list = ctx.requests;
    if (q.path) {
      let re: RegExp;
      try {
        re = new RegExp(q.path);
      } catch {
        return bad(reply, 'invalid path regex');
      }
      list = list.filter((r) => re.test(r.path));
    }
    if (q.method) list = list.filter((r) => r.method === q.method!.toUpperCase());
    return list;
  });
  app.delete(`${P}/requests`, async () => {
    ctx.requests.length = 0;
    return { ok: true };
  });

  app.post(`${P}/sso/code`, async (req, reply) => {
    const b = body(req);
    const user = await findUser(b);
    if (!user) return notFound(reply, 'user not found');
    const code = randomBytes(12).toString('hex');
    await ctx.db.run('INSERT INTO sso_codes (code, user_id, school_id, expires_at) VALUES (?,?,?,?)', [
      code,
      user.id,
      await schoolFor(user, b),
      Date.now() + SSO_CODE_TTL_MS,
    ]);
    return { code };
  });

  app.post(`${P}/tokens`, async (req, reply) => {
    const b = body(req);
    const user = await findUser(b);
    if (!user) return notFound(reply, 'user not found');
    const t = await ctx.db.createSession(user, await schoolFor(user, b), ctx.tokenTtlS);
    return { token: t.token, code: t.backCode, userId: t.userId, companyId: t.companyId, schoolId: t.schoolId };
  });

  app.post(`${P}/tokens/expire`, async (req, reply) => {
    const b = body(req);
    const past = Date.now() - 1;
    if (typeof b.token === 'string' && b.token) {
      const r = await ctx.db.run('UPDATE tokens SET expires_at = ? WHERE token = ?', [past, b.token]);
      return { expired: r.changes };
    }
    const user = await findUser(b);
    if (!user) return bad(reply, 'give { token } or { account } of a known user');
    const r = await ctx.db.run('UPDATE tokens SET expires_at = ? WHERE user_id = ? AND expires_at > ?', [past, user.id, past]);
    // `backCodes: true`: the back-login codes die too, so /upgrade/token cannot renew and the user must log in
    if (b.backCodes === true) await ctx.db.run('UPDATE back_codes SET revoked = 1 WHERE user_id = ?', [user.id]);
    return { expired: r.changes };
  });

  // the "management centre" the admin link points to
  app.get(`${P}/admin`, async (req, reply) => {
    const company = (query(req).company ?? '').replace(/[^0-9]/g, '');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>管理中心 (sandbox)</title></head>` +
          `<body><h1>管理中心</h1><p>sandbox management centre, company ${company}</p></body></html>`,
      );
  });
}
