import type { FastifyInstance } from 'fastify';
import { authOf, body, unauthorized, type Ctx } from '../context.js';
import { ok } from '../envelope.js';
import { SB, withCompany } from './config.js';
import { MENU_CODES } from '../menu-codes.js';

async function permissionsOf(ctx: Ctx, userId: number): Promise<Record<string, string[]>> {
  const row = await ctx.db.get<{ codes: string }>('SELECT codes FROM menu_permissions WHERE user_id = ?', [userId]);
  return row ? (JSON.parse(row.codes) as Record<string, string[]>) : MENU_CODES;
}

export function registerMenuPermissionRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(
    `${SB}/v1/student/menu/permission`,
    withCompany(ctx, async (cid, req, reply) => {
      const auth = await authOf(ctx, req, cid);
      if (!auth) return unauthorized(reply);
      return ok(await permissionsOf(ctx, auth.user.id));
    }),
  );
}

/** `POST /__sandbox/permissions { account, companyId?, permissions: { section: codes[] } | null }` (null: every code). */
export function registerMenuPermissionControlRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post('/__sandbox/permissions', async (req, reply) => {
    const b = body(req);
    const account = String(b.account ?? '').trim();
    const user = account ? await ctx.db.userByAccount(account, b.companyId === undefined ? undefined : Number(b.companyId)) : undefined;
    if (!user) return reply.code(404).send({ error: 'user not found' });
    const p = b.permissions;
    if (p === null) {
      await ctx.db.run('DELETE FROM menu_permissions WHERE user_id = ?', [user.id]);
      return { userId: user.id, permissions: MENU_CODES };
    }
    const valid =
      typeof p === 'object' &&
      p !== null &&
      !Array.isArray(p) &&
      Object.values(p).every((codes) => Array.isArray(codes) && codes.every((c) => typeof c === 'string'));
    if (!valid) return reply.code(400).send({ error: 'permissions must be an object of string arrays, or null' });
    await ctx.db.run('INSERT OR REPLACE INTO menu_permissions (user_id, codes) VALUES (?, ?)', [user.id, JSON.stringify(p)]);
    return { userId: user.id, permissions: p };
  });
}
